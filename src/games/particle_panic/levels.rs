//! Difficulty levels: the game as read is near-unwinnable (RULES.md,
//! "Difficulty levels"), so a level is a named set of switches, each a
//! reading of the text or a house rule that changes one thing. The switches
//! chosen for each level and player count are data here, beside the win
//! rates measured for them; `cargo run --release --example pp_levels`
//! searches the switches again and prints these tables.

use std::fmt;

use crate::error::Result;

/// The switches a game is played with. `AS_WRITTEN` is the text as read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Switches {
    /// Reading `per-round`: particles emerge once per round, after the last
    /// player's turn, instead of after every turn.
    pub per_round: bool,
    /// Reading `collect-as-action`: collecting is a basic action, the turn's last.
    pub collect_as_action: bool,
    /// House rule: hand limits start at 5, 7 or 8 (the text: "normally 6").
    pub hand_limit: u8,
    /// House rule: half a die of particles emerge (rounded up: 1 to 3).
    pub half_die: bool,
    /// House rule: a neutralisation succeeds on 3-6 for every player count
    /// (the text's rule for one or two players).
    pub easy_neutralise: bool,
    /// House rule: two cards per collection for every player count (the
    /// text's rule for one or two players).
    pub two_cards: bool,
    /// House rule: every code but one wins (3 of 4; the mirror of the text's
    /// "five codes for a harder game").
    pub spare_code: bool,
    /// House rule: a code takes four cards of its suit instead of five.
    pub four_card_codes: bool,
    /// House rule: a stack gives cards once a round at most (after a
    /// collection there, nobody collects from it again until the round
    /// ends), so the team plays the whole board instead of drawing one
    /// stack dry (RULES.md, "the whole board is played").
    pub one_a_round: bool,
}

/// Hand limits a level may start at.
pub const HAND_LIMITS: [u8; 4] = [5, 6, 7, 8];

impl Default for Switches {
    fn default() -> Switches {
        Switches::AS_WRITTEN
    }
}

/// A switch as the sheets name it: a key of the templates' `house_*` labels.
pub const SWITCH_KEYS: [&str; 9] = [
    "per_round",
    "collect_as_action",
    "hand_limit",
    "half_die",
    "easy_neutralise",
    "two_cards",
    "spare_code",
    "four_card_codes",
    "one_a_round",
];

impl Switches {
    pub const AS_WRITTEN: Switches = Switches {
        per_round: false,
        collect_as_action: false,
        hand_limit: 6,
        half_die: false,
        easy_neutralise: false,
        two_cards: false,
        spare_code: false,
        four_card_codes: false,
        one_a_round: false,
    };

    /// The same game without switches that change nothing at this player
    /// count: one player's turn is a round, and one or two players already
    /// neutralise on 3-6 and collect two cards.
    pub fn effective(mut self, players: u8) -> Switches {
        if players <= 1 {
            self.per_round = false;
            self.one_a_round = false;
        }
        if players <= 2 {
            self.easy_neutralise = false;
            self.two_cards = false;
        }
        self
    }

    /// The keys of the switches that are on (`SWITCH_KEYS`), in that order.
    pub fn on(&self) -> Vec<&'static str> {
        let flags = [
            self.per_round,
            self.collect_as_action,
            self.hand_limit != 6,
            self.half_die,
            self.easy_neutralise,
            self.two_cards,
            self.spare_code,
            self.four_card_codes,
            self.one_a_round,
        ];
        SWITCH_KEYS
            .iter()
            .zip(flags)
            .filter(|(_, on)| *on)
            .map(|(k, _)| *k)
            .collect()
    }

    /// How far the game is from the text, to compare switch sets: house
    /// rules first, then readings, then how many hand-limit steps were added
    /// (a level prefers the smallest).
    pub fn departures(&self) -> (usize, usize, u8) {
        let readings = usize::from(self.per_round) + usize::from(self.collect_as_action);
        (self.on().len() - readings, readings, self.hand_limit.abs_diff(6))
    }

    /// The switches as the sheet code writes them: a letter each (`r`
    /// per-round, `a` collect-as-action, `h` half a die, `n` neutralise on
    /// 3-6, `t` two cards, `s` a spare code, `f` four-card codes, `o` a
    /// stack once a round) and the
    /// hand limit's digit when it is not 6; e.g. `rh8`.
    pub fn letters(&self) -> String {
        let mut out = String::new();
        for (on, letter) in [
            (self.per_round, 'r'),
            (self.collect_as_action, 'a'),
            (self.half_die, 'h'),
            (self.easy_neutralise, 'n'),
            (self.two_cards, 't'),
            (self.spare_code, 's'),
            (self.four_card_codes, 'f'),
            (self.one_a_round, 'o'),
        ] {
            if on {
                out.push(letter);
            }
        }
        if self.hand_limit != 6 {
            out.push(char::from(b'0' + self.hand_limit));
        }
        out
    }

    /// Reads `letters`; None for anything else.
    pub fn parse_letters(text: &str) -> Option<Switches> {
        let mut s = Switches::AS_WRITTEN;
        let mut seen = String::new();
        for c in text.chars() {
            if seen.contains(c) {
                return None;
            }
            seen.push(c);
            match c {
                'r' => s.per_round = true,
                'a' => s.collect_as_action = true,
                'h' => s.half_die = true,
                'n' => s.easy_neutralise = true,
                't' => s.two_cards = true,
                's' => s.spare_code = true,
                'f' => s.four_card_codes = true,
                'o' => s.one_a_round = true,
                '5' | '7' | '8' if s.hand_limit == 6 => s.hand_limit = c as u8 - b'0',
                _ => return None,
            }
        }
        Some(s)
    }
}

impl fmt::Display for Switches {
    /// The switches in the words of RULES.md, joined by '+'; `as-written` for none.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut names: Vec<String> = Vec::new();
        for key in self.on() {
            names.push(match key {
                "hand_limit" => format!("hand-limit-{}", self.hand_limit),
                other => other.replace('_', "-"),
            });
        }
        if names.is_empty() {
            f.write_str("as-written")
        } else {
            f.write_str(&names.join("+"))
        }
    }
}

/// A named difficulty level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// No switch: the text as read.
    AsWritten,
    Easy,
    Normal,
    Hard,
}

impl Level {
    pub const ALL: [Level; 4] = [Level::Easy, Level::Normal, Level::Hard, Level::AsWritten];
    pub const NAMES: &'static [&'static str] = &["easy", "normal", "hard", "as-written"];
    /// What strong honest play should win at each calibrated level.
    pub const TARGETS: [(Level, f64); 3] = [(Level::Easy, 0.65), (Level::Normal, 0.40), (Level::Hard, 0.20)];

    pub fn name(self) -> &'static str {
        match self {
            Level::AsWritten => "as-written",
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }

    pub fn parse(text: &str) -> Result<Level> {
        Level::ALL.into_iter().find(|l| l.name() == text).ok_or_else(|| {
            crate::game::unknown_name("level", text, Level::NAMES)
        })
    }

    /// The switches of this level for this player count and deck, as calibrated.
    pub fn switches(self, players: u8, five_codes: bool) -> Switches {
        match self {
            Level::AsWritten => Switches::AS_WRITTEN,
            // Five codes without levels of their own play the four codes' switches.
            _ => LevelRow::of(players, five_codes, self)
                .or_else(|| LevelRow::of(players, false, self))
                .map(LevelRow::switches)
                .unwrap_or_default(),
        }
    }
}

/// One calibrated level: its switches and the win rates measured for them.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LevelRow {
    pub players: u8,
    /// Levels of their own for the `five-codes` variant.
    pub five_codes: bool,
    pub level: Level,
    /// The switches as codes write them (`Switches::letters`).
    pub letters: &'static str,
    /// The rating policy's mean win rate over `deals` deals (seeds 0 on) of
    /// `games` games each, and its standard error over the deals.
    pub rating: f64,
    pub rating_error: f64,
    /// The search player's mean win rate over `search_deals` deals of
    /// `search_games` games each, and its standard error.
    pub search: f64,
    pub search_error: f64,
}

impl LevelRow {
    pub fn of(players: u8, five_codes: bool, level: Level) -> Option<&'static LevelRow> {
        LEVELS
            .iter()
            .find(|r| r.players == players && r.five_codes == five_codes && r.level == level)
    }

    /// The mean of the two players' win rates: what a level is set by.
    pub fn mean(&self) -> f64 {
        (self.rating + self.search) / 2.0
    }

    pub fn switches(&self) -> Switches {
        Switches::parse_letters(self.letters).expect("the table's letters are switches")
    }
}

/// One row of `LEVELS`, short enough to read as a table.
#[allow(clippy::too_many_arguments)]
const fn row(
    players: u8,
    five_codes: bool,
    level: Level,
    letters: &'static str,
    rating: f64,
    rating_error: f64,
    search: f64,
    search_error: f64,
) -> LevelRow {
    LevelRow {
        players,
        five_codes,
        level,
        letters,
        rating,
        rating_error,
        search,
        search_error,
    }
}

/// Sizes behind `LEVELS`: deals and games per deal for each player.
pub const LEVEL_DEALS: u32 = 500;
pub const LEVEL_GAMES: u32 = 200;
pub const LEVEL_SEARCH_DEALS: u32 = 600;
pub const LEVEL_SEARCH_GAMES: u32 = 1;

/// Made by `cargo run --release --example pp_levels -- mean PLAYERS [five]`:
/// players, five codes, level, switches, the rating policy's mean win rate
/// and its error, the search player's and its error. The rating policy
/// does not reach 85% of the search player's win rate at every level of any
/// player count, so a level is set by the mean of the two (65%, 40%, 20%)
/// and the sheets print both figures; the rating policy rates and sorts
/// each deal. Rows for five codes are that variant's own levels.
///
/// Since 2026-11-27 the whole board is played (RULES.md): at 2 and 4 players
/// strong play won by drawing every card from one stack (4 players `aht7`,
/// `aht`, `aht5`: 60-74% of its wins; 2 players `f7`, `f`: 25-29%), so those
/// levels were set again with `pp_levels camp` (strong play's one-stack
/// share at most 20%): 4 players `ro7`, `ro`, `ro5` (a stack gives cards
/// once a round), 2 players `rs5` and `rao`. Their search columns are deals
/// 0-599 x 1 game, rating deals 0-499 x 200 games; 1 and 3 players and 2
/// players hard stand (BENCHMARKS.md, "The whole board is played"). Five
/// codes at 4 players hard: `aht8` (42.6% one-stack) became `ro7`, and at
/// 3 players normal `rs` (34.7%) became `rh5` (a mean of 31%, under the 40%
/// aimed at: no set near 40% kept strong play off one stack); rating deals
/// 0-499 x 200 games, search deals 0-599 x 1 game.
// A measured rate near 1/π is not the constant.
#[allow(clippy::approx_constant)]
#[rustfmt::skip]
pub const LEVELS: &[LevelRow] = &[
    row(1, false, Level::Easy, "hf", 0.5811, 0.0048, 0.6667, 0.0193),
    row(1, false, Level::Normal, "hs", 0.3781, 0.0055, 0.4217, 0.0202),
    row(1, false, Level::Hard, "ah", 0.2010, 0.0059, 0.2267, 0.0171),
    row(2, false, Level::Easy, "rs5", 0.5587, 0.0090, 0.7467, 0.0178),
    row(2, false, Level::Normal, "rao", 0.2380, 0.0070, 0.4700, 0.0204),
    row(2, false, Level::Hard, "a", 0.1549, 0.0065, 0.2267, 0.0171),
    row(3, false, Level::Easy, "r", 0.5177, 0.0085, 0.7150, 0.0184),
    row(3, false, Level::Normal, "r5", 0.2841, 0.0072, 0.4750, 0.0204),
    row(3, false, Level::Hard, "nt8", 0.1615, 0.0056, 0.2750, 0.0182),
    row(4, false, Level::Easy, "ro7", 0.4421, 0.0050, 0.8283, 0.0154),
    row(4, false, Level::Normal, "ro", 0.2279, 0.0050, 0.6617, 0.0193),
    row(4, false, Level::Hard, "ro5", 0.0582, 0.0020, 0.3317, 0.0192),
    row(4, true, Level::Easy, "r", 0.5771, 0.0092, 0.7967, 0.0164),
    row(4, true, Level::Normal, "ra5", 0.2498, 0.0092, 0.5783, 0.0202),
    row(4, true, Level::Hard, "ro7", 0.0689, 0.0018, 0.3183, 0.0190),
    row(3, true, Level::Easy, "rh", 0.4861, 0.0093, 0.7600, 0.0175),
    row(3, true, Level::Normal, "rh5", 0.2046, 0.0071, 0.4150, 0.0201),
    row(3, true, Level::Hard, "ra", 0.1213, 0.0047, 0.1933, 0.0161),
    row(2, true, Level::Easy, "rf", 0.6522, 0.0069, 0.7450, 0.0178),
    row(2, true, Level::Normal, "ra", 0.3448, 0.0085, 0.4450, 0.0203),
    row(2, true, Level::Hard, "h7", 0.1855, 0.0067, 0.2900, 0.0185),
    row(1, true, Level::Easy, "ahsf", 0.6694, 0.0072, 0.7017, 0.0187),
    row(1, true, Level::Normal, "hs8", 0.3385, 0.0049, 0.4000, 0.0200),
    row(1, true, Level::Hard, "ah8", 0.1472, 0.0049, 0.1817, 0.0158),
];

/// A strategy tip for the rules card, measured at one player count: the
/// rating policy's mean win rate over that count's three levels with the
/// tip followed and without (`PP_W`, weights 22-24), and the standard error
/// of the paired difference over the deals.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TipRow {
    pub players: u8,
    /// The tip's key: `tip_<key>` in the rules card's texts.
    pub tip: &'static str,
    pub with: f64,
    pub without: f64,
    pub error: f64,
}

/// Deals and games per deal behind `TIPS`, at each of a count's levels.
pub const TIP_DEALS: u32 = 400;
pub const TIP_GAMES: u32 = 200;

/// Made with `bench/pp_tips.py` (`pp_levels measure` with `RATES=1`).
#[rustfmt::skip]
pub const TIPS: &[TipRow] = &[
    TipRow { players: 1, tip: "together", with: 0.3850, without: 0.3850, error: 0.0000 },
    TipRow { players: 1, tip: "exact", with: 0.3850, without: 0.3850, error: 0.0000 },
    TipRow { players: 1, tip: "last_card", with: 0.3850, without: 0.0920, error: 0.0039 },
    // 2 players measured again with its levels of 2026-11-27 (`rs5`, `rao`,
    // `a`), deals 0-199 x 100 games.
    TipRow { players: 2, tip: "together", with: 0.3248, without: 0.3279, error: 0.0016 },
    TipRow { players: 2, tip: "exact", with: 0.3248, without: 0.3000, error: 0.0030 },
    TipRow { players: 2, tip: "last_card", with: 0.3248, without: 0.0187, error: 0.0099 },
    TipRow { players: 3, tip: "together", with: 0.3178, without: 0.3002, error: 0.0014 },
    TipRow { players: 3, tip: "exact", with: 0.3178, without: 0.3097, error: 0.0009 },
    TipRow { players: 3, tip: "last_card", with: 0.3178, without: 0.0168, error: 0.0059 },
    // 4 players measured again with its levels of 2026-11-27 (`ro7`, `ro`,
    // `ro5`), deals 0-199 x 100 games: one card a collection, a stack once
    // a round, so keeping together and sparing a stack's last card no
    // longer pay.
    TipRow { players: 4, tip: "together", with: 0.2445, without: 0.2440, error: 0.0023 },
    TipRow { players: 4, tip: "exact", with: 0.2445, without: 0.1960, error: 0.0025 },
    TipRow { players: 4, tip: "last_card", with: 0.2445, without: 0.2430, error: 0.0009 },
];

/// The tips printed for a player count: those that clearly help there
/// (the gain more than two standard errors).
pub(crate) fn tips(players: u8) -> Vec<&'static str> {
    TIPS.iter()
        .filter(|t| t.players == players && t.with - t.without > 2.0 * t.error)
        .map(|t| t.tip)
        .collect()
}

/// How often the record's band (the steady player's rate against the
/// level's quartiles) named strong play's own quartile band, on fresh deals
/// (seeds 9100 on) at level normal: `pp_search` with `FIRST=9100`, 32
/// search games and 2,000 rating games a deal (BENCHMARKS.md). Where it is
/// under 40 of 48 the record prints the band with this figure.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BandCheck {
    pub players: u8,
    pub deals: u32,
    pub agreed: u32,
}

impl BandCheck {
    pub fn of(players: u8) -> Option<BandCheck> {
        BAND_CHECKS
            .iter()
            .find(|c| c.players == players && c.agreed * 6 < c.deals * 5)
            .copied()
    }
}

pub const BAND_CHECKS: &[BandCheck] = &[
    BandCheck { players: 3, deals: 48, agreed: 33 },
    BandCheck { players: 4, deals: 48, agreed: 20 },
];

/// Deals (seeds 0 on) and games per deal behind `CALIBRATION`.
pub const CALIBRATION_DEALS: u32 = 500;
pub const CALIBRATION_GAMES: u32 = 400;

/// Per player count, deck and switches as played: the rating policy's mean
/// win rate over the deals and its quartiles, the bands of `--difficulty`.
/// Made by `cargo run --release --example pp_levels -- levels`: players,
/// five codes, switches as played, mean, first and third quartile.
#[rustfmt::skip]
pub const CALIBRATION: &[Calibration] = &[
    cal(1, false, "hf", 0.58046, 0.51750, 0.64750),
    cal(1, true, "hf", 0.12982, 0.08500, 0.16750),
    cal(1, false, "hs", 0.37696, 0.28500, 0.45750),
    cal(1, true, "hs", 0.02555, 0.01000, 0.03500),
    cal(1, false, "ah", 0.20010, 0.10250, 0.26750),
    cal(1, true, "ah", 0.00924, 0.00000, 0.01000),
    cal(1, false, "", 0.00064, 0.00000, 0.00000),
    cal(1, true, "", 0.00000, 0.00000, 0.00000),
    cal(1, false, "a", 0.00385, 0.00000, 0.00250),
    cal(1, true, "a", 0.00002, 0.00000, 0.00000),
    cal(2, false, "hs", 0.79635, 0.74000, 0.89000),
    cal(2, true, "hs", 0.29805, 0.14500, 0.42500),
    cal(2, false, "f", 0.38309, 0.22250, 0.53500),
    cal(2, true, "f", 0.04143, 0.00750, 0.06250),
    cal(2, false, "a", 0.15618, 0.04500, 0.23750),
    cal(2, true, "a", 0.00532, 0.00000, 0.00500),
    cal(2, false, "", 0.01871, 0.00000, 0.02000),
    cal(2, true, "", 0.00010, 0.00000, 0.00000),
    cal(3, false, "ra", 0.55882, 0.42000, 0.72000),
    cal(3, true, "ra", 0.12034, 0.05250, 0.15250),
    cal(3, false, "sf", 0.35079, 0.13750, 0.55500),
    cal(3, true, "sf", 0.01628, 0.00000, 0.01500),
    cal(3, false, "tf", 0.22032, 0.03000, 0.37750),
    cal(3, true, "tf", 0.02586, 0.00000, 0.02500),
    cal(3, false, "", 0.00048, 0.00000, 0.00000),
    cal(3, true, "", 0.00000, 0.00000, 0.00000),
    cal(3, false, "a", 0.00007, 0.00000, 0.00000),
    cal(3, true, "a", 0.00000, 0.00000, 0.00000),
    cal(4, false, "hs", 0.70105, 0.62500, 0.88500),
    cal(4, true, "hs", 0.12187, 0.00250, 0.20000),
    cal(4, false, "h7", 0.39259, 0.01250, 0.76750),
    cal(4, true, "h7", 0.04550, 0.00000, 0.00250),
    cal(4, false, "ah", 0.20017, 0.00000, 0.39750),
    cal(4, true, "ah", 0.00171, 0.00000, 0.00000),
    cal(4, false, "", 0.00519, 0.00000, 0.00500),
    cal(4, true, "", 0.00001, 0.00000, 0.00000),
    cal(4, false, "a", 0.00245, 0.00000, 0.00000),
    cal(4, true, "a", 0.00000, 0.00000, 0.00000),
    cal(4, true, "r", 0.57784, 0.49000, 0.73000),
    cal(4, true, "hf7", 0.44378, 0.00000, 0.79000),
    cal(4, true, "ahf", 0.15346, 0.00000, 0.24000),
    cal(3, true, "rf", 0.60432, 0.45250, 0.78000),
    cal(3, true, "rs", 0.29718, 0.15000, 0.39250),
    cal(3, true, "tsf", 0.21459, 0.08500, 0.32250),
    cal(2, true, "rf", 0.65349, 0.57000, 0.77500),
    cal(2, true, "r7", 0.31758, 0.17500, 0.45000),
    cal(2, true, "af", 0.24458, 0.08500, 0.35250),
    cal(1, true, "ahsf", 0.66816, 0.56250, 0.79250),
    cal(1, true, "ahf", 0.30272, 0.18250, 0.41000),
    cal(1, true, "sf7", 0.11526, 0.06500, 0.15250),
    cal(2, false, "as", 0.59302, 0.43500, 0.78500),
    cal(2, true, "as", 0.08633, 0.01750, 0.12000),
    cal(3, false, "r", 0.51959, 0.39750, 0.65750),
    cal(3, true, "r", 0.08621, 0.02250, 0.12750),
    cal(4, false, "sf", 0.56344, 0.36250, 0.78250),
    cal(4, true, "sf", 0.06298, 0.00250, 0.08750),
    cal(3, false, "hts", 0.56150, 0.42250, 0.71250),
    cal(3, true, "hts", 0.11727, 0.03000, 0.16750),
    cal(4, false, "hns", 0.83078, 0.84500, 0.97500),
    cal(4, true, "hns", 0.28585, 0.00750, 0.51750),
    cal(2, false, "h7", 0.63896, 0.52000, 0.78500),
    cal(2, true, "h7", 0.18510, 0.05750, 0.29000),
    cal(3, false, "ht", 0.24634, 0.11750, 0.35750),
    cal(3, true, "ht", 0.02026, 0.00000, 0.02750),
    cal(3, false, "nt8", 0.16144, 0.08000, 0.20000),
    cal(3, true, "nt8", 0.01151, 0.00250, 0.01000),
    cal(3, false, "rh", 0.85571, 0.82250, 0.92250),
    cal(3, true, "rh", 0.48493, 0.34000, 0.64750),
    cal(4, false, "hts", 0.86678, 0.80750, 0.95750),
    cal(4, true, "hts", 0.31973, 0.17750, 0.41000),
    cal(4, false, "aht8", 0.64294, 0.42000, 0.88000),
    cal(4, true, "aht8", 0.19193, 0.04000, 0.24250),
    cal(4, false, "hnt", 0.60264, 0.46500, 0.79500),
    cal(4, true, "hnt", 0.12615, 0.01000, 0.20750),
    cal(4, false, "aht", 0.36509, 0.16000, 0.57750),
    cal(4, true, "aht", 0.02878, 0.00250, 0.03250),
    cal(3, false, "r5", 0.28443, 0.16750, 0.40250),
    cal(3, true, "r5", 0.01696, 0.00000, 0.02500),
    cal(4, false, "ahnt5", 0.15652, 0.04250, 0.22000),
    cal(4, true, "ahnt5", 0.00462, 0.00000, 0.00500),
    cal(2, false, "ra", 0.76594, 0.70250, 0.87250),
    cal(2, true, "ra", 0.34497, 0.19750, 0.48750),
    cal(4, false, "aht5", 0.08695, 0.01250, 0.10750),
    cal(4, true, "aht5", 0.00136, 0.00000, 0.00000),
    cal(4, false, "ahf", 0.63211, 0.24750, 0.93500),
    cal(4, false, "hf7", 0.78389, 0.86250, 0.98000),
    cal(4, false, "r", 0.91007, 0.89750, 0.96000),
    cal(4, false, "hts5", 0.60297, 0.38500, 0.80500),
    cal(4, true, "hts5", 0.07158, 0.01750, 0.08250),
    cal(4, false, "aht7", 0.55693, 0.31500, 0.82250),
    cal(4, true, "aht7", 0.11555, 0.02000, 0.13750),
    cal(4, false, "ra5", 0.69379, 0.59250, 0.88000),
    cal(4, true, "ra5", 0.24952, 0.06500, 0.39000),
    cal(4, false, "t8", 0.12462, 0.01500, 0.20500),
    cal(4, true, "t8", 0.00522, 0.00000, 0.00250),
    cal(2, false, "f7", 0.62640, 0.50750, 0.77250),
    cal(2, true, "f7", 0.15375, 0.06250, 0.20500),
    cal(1, false, "hs8", 0.85488, 0.82250, 0.90000),
    cal(1, true, "hs8", 0.33897, 0.25750, 0.41000),
    cal(1, false, "ah8", 0.64855, 0.55250, 0.77000),
    cal(1, true, "ah8", 0.14640, 0.07000, 0.20750),
    // The levels where the whole board is played (2026-11-27): four codes
    // only (five codes have levels of their own).
    cal(4, false, "ro", 0.22937, 0.15500, 0.30000),
    cal(4, false, "ro7", 0.44388, 0.36750, 0.52500),
    cal(4, true, "ro7", 0.06858, 0.03750, 0.09000),
    cal(3, false, "rh5", 0.65206, 0.58250, 0.77750),
    cal(3, true, "rh5", 0.20622, 0.06250, 0.31750),
    cal(4, false, "ro5", 0.05783, 0.02250, 0.08000),
    cal(2, false, "rs5", 0.55912, 0.40000, 0.73750),
    cal(2, false, "rao", 0.23924, 0.10750, 0.35250),
];

/// One row of `CALIBRATION` (the table is written by the calibration run).
#[allow(dead_code)]
const fn cal(players: u8, five_codes: bool, letters: &'static str, mean: f64, q1: f64, q3: f64) -> Calibration {
    Calibration {
        players,
        five_codes,
        letters,
        mean,
        q1,
        q3,
    }
}

/// The rating policy's win rates over the calibration's deals for one
/// player count, deck and set of switches: the mean and the quartiles.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Calibration {
    pub players: u8,
    pub five_codes: bool,
    /// The switches as played (`Params::rules`), as codes write them.
    pub letters: &'static str,
    pub mean: f64,
    pub q1: f64,
    pub q3: f64,
}
