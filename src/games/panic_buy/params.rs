//! A board's settings: players, mode, length band and the good-board rules.

use super::*;

/// Race or hoard (RULES: "1. Game Objectives").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Race,
    Hoard,
}

impl Mode {
    pub fn name(self) -> &'static str {
        match self {
            Mode::Race => "race",
            Mode::Hoard => "hoard",
        }
    }

    pub fn parse(s: &str) -> Result<Mode> {
        match s {
            "race" => Ok(Mode::Race),
            "hoard" => Ok(Mode::Hoard),
            _ => Err(crate::game::unknown_name("mode", s, &["race", "hoard"])),
        }
    }
}

/// Settings that shape a board and its components.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Params {
    pub players: u8,
    pub mode: Mode,
    /// Fair path lengths from each arrow to the TP square, in steps.
    pub band: (u32, u32),
    /// Good-board rules switched off by name (`--rule-off`).
    pub off_rules: Vec<GoodRule>,
    /// How long a game the board should give (`--length`).
    pub length: Length,
    /// The generator version the board is made by: version 1 boards came
    /// before the good-board rules, and their codes still make them.
    pub version: u32,
}

/// The generator's rules for good boards (RULES.md, Panic Buy: good boards),
/// each switchable by name. `validate` checks them too, unless switched off.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum GoodRule {
    /// The TP square has at least two open neighbours.
    TpOpen,
    /// The TP square lies on a loop of at most 8 squares ("pass over it again", text §7).
    TpLoop,
    /// The squares outside the bathroom and the back door are 3 or more steps from the TP square.
    DoorsFar,
    /// At least one unit lengthens some arrow's path: units are obstacles, not decoration.
    UnitsMatter,
    /// No wall runs between two squares of one unit: a unit is one piece of furniture.
    UnitsWhole,
    /// Simulated games last a usual time for the players and mode (or the `--length` asked for).
    LengthBand,
    /// The first player wins about an equal share of simulated games.
    FirstFair,
    /// Both arrows take a share of the simulated deliveries.
    ArrowBalance,
}

impl GoodRule {
    pub const ALL: [GoodRule; 8] = [
        GoodRule::TpOpen,
        GoodRule::TpLoop,
        GoodRule::DoorsFar,
        GoodRule::UnitsMatter,
        GoodRule::UnitsWhole,
        GoodRule::LengthBand,
        GoodRule::FirstFair,
        GoodRule::ArrowBalance,
    ];

    /// The generator version that brought the rule in.
    pub(crate) fn since(self) -> u32 {
        match self {
            GoodRule::LengthBand | GoodRule::FirstFair => 3,
            GoodRule::ArrowBalance => 5,
            GoodRule::UnitsWhole => 8,
            _ => 2,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            GoodRule::TpOpen => "tp-open",
            GoodRule::TpLoop => "tp-loop",
            GoodRule::DoorsFar => "doors-far",
            GoodRule::UnitsMatter => "units-matter",
            GoodRule::UnitsWhole => "units-whole",
            GoodRule::LengthBand => "length-band",
            GoodRule::FirstFair => "first-fair",
            GoodRule::ArrowBalance => "arrow-balance",
        }
    }

    /// What the rule asks, as `rules` lists it.
    pub fn describe(self) -> crate::message::Msg {
        match self {
            GoodRule::TpOpen => crate::msg!(MESSAGES, "panic-buy.check.tp-open"),
            GoodRule::TpLoop => crate::msg!(MESSAGES, "panic-buy.check.tp-loop"),
            GoodRule::DoorsFar => crate::msg!(MESSAGES, "panic-buy.check.doors-far"),
            GoodRule::UnitsMatter => crate::msg!(MESSAGES, "panic-buy.check.units-matter"),
            GoodRule::UnitsWhole => crate::msg!(MESSAGES, "panic-buy.check.units-whole"),
            GoodRule::LengthBand => crate::msg!(MESSAGES, "panic-buy.check.length-band"),
            GoodRule::FirstFair => crate::msg!(MESSAGES, "panic-buy.check.first-fair"),
            GoodRule::ArrowBalance => crate::msg!(MESSAGES, "panic-buy.check.arrow-balance"),
        }
    }


    pub(crate) fn by_name(name: &str) -> Result<GoodRule> {
        GoodRule::ALL.into_iter().find(|r| r.name() == name).ok_or_else(|| {
            let names: Vec<&str> = GoodRule::ALL.iter().map(|r| r.name()).collect();
            let unknown = crate::msg!("rule.unknown", name = crate::error::quote(name), choices = names.join(", "));
            Error::setting_msg("rule-off", unknown)
        })
    }
}

impl Default for Params {
    fn default() -> Params {
        Params {
            players: 3,
            mode: Mode::Race,
            band: (6, 12),
            off_rules: Vec::new(),
            length: Length::Any,
            version: VERSION,
        }
    }
}

/// How long a game a board gives, by the median of its simulated games.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Length {
    Any,
    Short,
    Normal,
    Long,
}

impl Length {
    pub const ALL: [Length; 4] = [Length::Any, Length::Short, Length::Normal, Length::Long];

    pub fn name(self) -> &'static str {
        match self {
            Length::Any => "any",
            Length::Short => "short",
            Length::Normal => "normal",
            Length::Long => "long",
        }
    }

    pub fn parse(s: &str) -> Result<Length> {
        Length::ALL.into_iter().find(|l| l.name() == s).ok_or_else(|| {
            crate::game::unknown_name("length", s, &["any", "short", "normal", "long"])
        })
    }
}

/// Cuts in the simulated median game length, in rounds, of boards made with
/// every other rule on (BENCHMARKS.md, "Panic Buy: whole games and board
/// ratings"): the 5th percentile, the last short and the first long length
/// (near the terciles, so that each third holds some boards), and the 95th
/// percentile. Boards outside the outer cuts are the odd ones out.
/// Each version's boards are measured by the games of its own rulings:
/// version 5's run shorter than those of versions 3 and 4, version 6's (no
/// step straight back in the whole turn) a round longer than version 5's.
/// Older versions keep the cuts they were made with.
fn length_cuts(mode: Mode, players: u8, version: u32) -> [u32; 4] {
    let era = match version {
        ..=4 => 0,
        5 => 1,
        _ => 2,
    };
    match (era, mode, players) {
        (0, Mode::Race, 2) => [16, 20, 22, 28],
        (0, Mode::Race, 3) => [12, 14, 16, 19],
        (0, Mode::Race, _) => [11, 13, 15, 17],
        (0, Mode::Hoard, 4) => [17, 20, 22, 26],
        (0, Mode::Hoard, _) => [18, 21, 23, 27],
        (1, Mode::Race, 2) => [14, 17, 20, 22],
        (1, Mode::Race, 3) => [11, 12, 14, 16],
        (1, Mode::Race, _) => [10, 11, 14, 15],
        (1, Mode::Hoard, 4) => [15, 16, 19, 20],
        (1, Mode::Hoard, _) => [16, 18, 21, 22],
        (_, Mode::Race, 2) => [15, 18, 21, 25],
        (_, Mode::Race, 3) => [11, 13, 15, 17],
        (_, Mode::Race, _) => [11, 12, 14, 16],
        (_, Mode::Hoard, 4) => [16, 17, 19, 22],
        (_, Mode::Hoard, _) => [18, 19, 21, 24],
    }
}

/// FirstFair: how far the first player's share of wins may be from an equal share.
pub const FIRST_FAIR_SLACK: f64 = 0.08;
/// ArrowBalance: the most of the simulated deliveries the busier arrow may
/// take. It keeps about 6 boards in 10; most of the others have one arrow a
/// step nearer the TP square (BENCHMARKS.md, "arrow balance").
pub const BUSIER_ARROW_SHARE: f64 = 0.75;
/// Simulated games behind a board's rating: enough for its median length
/// within one round in 19 ratings out of 20 (BENCHMARKS.md). Two-player
/// games run longer and spread wider, so they take twice as many.
pub const RATING_GAMES: u32 = 300;

/// Most games `panic-buy simulate` plays in one run.
pub const MAX_SIMULATED_GAMES: u32 = 1_000_000;

/// Sneeze cards in the stockpile beside the one each player starts with.
pub const SNEEZE_STOCKPILE: u32 = 8;
/// Spare toilet-paper counters for draws ("an extra roll is added").
pub const SPARE_TP: u32 = 3;

impl Params {
    pub fn check(&self) -> Result<()> {
        match self.mode {
            Mode::Race if !(2..=4).contains(&self.players) => Err(Error::setting_msg(
                "players",
                crate::msg!(super::MESSAGES, "panic-buy.players.race", n = self.players),
            )),
            Mode::Hoard if self.players != 4 && self.players != 6 => Err(Error::setting_msg(
                "players",
                crate::msg!(super::MESSAGES, "panic-buy.players.hoard", n = self.players),
            )),
            _ if self.band.0 > self.band.1 || self.band.1 > 40 => {
                let band = format!("{}-{}", self.band.0, self.band.1);
                Err(Error::msg(crate::msg!(super::MESSAGES, "panic-buy.band", band = band)).within("band"))
            }
            _ => Ok(()),
        }
    }

    /// Simulated games behind a board's rating ([`RATING_GAMES`], twice that at 2 players).
    pub fn rating_games(&self) -> u32 {
        if self.mode == Mode::Race && self.players == 2 {
            2 * RATING_GAMES
        } else {
            RATING_GAMES
        }
    }

    /// Sides that can win: every player in race mode, teams of 2 in hoard mode.
    pub fn teams(&self) -> u32 {
        match self.mode {
            Mode::Race => self.players as u32,
            Mode::Hoard => self.players as u32 / 2,
        }
    }

    /// The side player `player` (from 0, in seating order) plays for. Hoard
    /// mode: partners sit apart (RULES.md), so the teams take turns: with 4
    /// players 1 + 3 and 2 + 4, with 6 players 1 + 4, 2 + 5 and 3 + 6.
    pub fn team(&self, player: u8) -> u8 {
        player % self.teams() as u8
    }

    /// How long the text says a game takes, in minutes: race "about 20-30
    /// minutes", hoard "around 40 minutes" (text section 1).
    pub(crate) fn text_minutes(&self) -> (u32, u32) {
        match self.mode {
            Mode::Race => (20, 30),
            Mode::Hoard => (40, 40),
        }
    }

    /// Player counters on the board: 2 players play two each.
    pub fn counters(&self) -> u32 {
        if self.players == 2 { 4 } else { self.players as u32 }
    }

    /// "Double the number of player counters, minus 1."
    pub(crate) fn toilet_paper(&self) -> u32 {
        2 * self.counters() - 1
    }

    /// The settings part of the sheet code: `p3-race-b6-12`, then `-xRULE`
    /// for each good-board rule switched off.
    pub fn code(&self) -> String {
        let mut s = format!(
            "p{}-{}-b{}-{}",
            self.players,
            self.mode.name(),
            self.band.0,
            self.band.1
        );
        for r in &self.off_rules {
            s.push_str("-x");
            s.push_str(r.name());
        }
        if self.length != Length::Any {
            s.push_str("-l");
            s.push_str(self.length.name());
        }
        s
    }

    /// Settings from a code of generator `version`.
    pub fn from_code(code: &str, version: u32) -> Result<Params> {
        let bad = || crate::seed::settings_not_in_form("Panic Buy", code, "p3-race-b6-12");
        // The length comes last; rule names hold '-', so the switched-off
        // rules are split off next.
        let (code, length) = match Length::ALL
            .iter()
            .find_map(|l| code.strip_suffix(&format!("-l{}", l.name())).map(|rest| (rest, *l)))
        {
            Some((rest, l)) if l != Length::Any && version >= 3 => (rest, l),
            _ => (code, Length::Any),
        };
        let mut rules = code.split("-x");
        let head = rules.next().unwrap_or("");
        let parts: Vec<&str> = head.split('-').collect();
        let [p, mode, lo, hi] = parts.as_slice() else {
            return Err(bad());
        };
        let mut params = Params {
            players: p.strip_prefix('p').and_then(|v| v.parse().ok()).ok_or_else(bad)?,
            mode: Mode::parse(mode)?,
            band: (
                lo.strip_prefix('b').and_then(|v| v.parse().ok()).ok_or_else(bad)?,
                hi.parse().map_err(|_| bad())?,
            ),
            off_rules: rules.map(GoodRule::by_name).collect::<Result<_>>()?,
            length,
            version,
        };
        if version == 1 && !params.off_rules.is_empty() {
            return Err(bad());
        }
        params.off_rules.sort();
        params.off_rules.dedup();
        params.check()?;
        Ok(params)
    }

    /// Whether a good-board rule applies: on unless switched off, and only
    /// for boards of version 2 on.
    pub(crate) fn rule_on(&self, rule: GoodRule) -> bool {
        self.version >= rule.since() && !self.off_rules.contains(&rule)
    }

    /// The band of simulated median game lengths, in rounds, that boards of
    /// these settings are kept in.
    pub fn length_band(&self) -> (u32, u32) {
        let [lowest, short, long, highest] = length_cuts(self.mode, self.players, self.version);
        match self.length {
            Length::Any => (lowest, highest),
            Length::Short => (lowest, short),
            Length::Normal => (short + 1, long - 1),
            Length::Long => (long, highest),
        }
    }
}
