//! Difficulty levels: the game as read is near-unwinnable (RULES.md,
//! "Difficulty levels"), so a level is a named set of switches, each a
//! reading of the text or a house rule that changes one thing. The switches
//! chosen for each level and player count are data here, beside the win
//! rates measured for them; `cargo run --release --example pp_levels`
//! searches the switches again and prints these tables.

use std::fmt;

use crate::error::{Error, Result};

/// The switches a game is played with. `AS_WRITTEN` is the text as read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Switches {
    /// Reading `per-round`: particles emerge once per round, after the last
    /// player's turn, instead of after every turn.
    pub per_round: bool,
    /// Reading `collect-as-action`: collecting is a basic action, the turn's last.
    pub collect_as_action: bool,
    /// House rule: hand limits start at 7 or 8 (the text: "normally 6").
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
}

/// Hand limits a level may start at.
pub const HAND_LIMITS: [u8; 3] = [6, 7, 8];

impl Default for Switches {
    fn default() -> Switches {
        Switches::AS_WRITTEN
    }
}

/// A switch as the sheets name it: a key of the templates' `house_*` labels.
pub const SWITCH_KEYS: [&str; 8] = [
    "per_round",
    "collect_as_action",
    "hand_limit",
    "half_die",
    "easy_neutralise",
    "two_cards",
    "spare_code",
    "four_card_codes",
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
    };

    /// The same game without switches that change nothing at this player
    /// count: one player's turn is a round, and one or two players already
    /// neutralise on 3-6 and collect two cards.
    pub fn effective(mut self, players: u8) -> Switches {
        if players <= 1 {
            self.per_round = false;
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
        (self.on().len() - readings, readings, self.hand_limit - 6)
    }

    /// The switches as the sheet code writes them: a letter each (`r`
    /// per-round, `a` collect-as-action, `h` half a die, `n` neutralise on
    /// 3-6, `t` two cards, `s` a spare code, `f` four-card codes) and the
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
                '7' | '8' if s.hand_limit == 6 => s.hand_limit = c as u8 - b'0',
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
            Error::setting(
                "level",
                format!(
                    "unknown level {} (choose from: {})",
                    crate::error::quote(text),
                    Level::NAMES.join(", ")
                ),
            )
        })
    }

    /// The switches of this level for this player count, as calibrated.
    pub fn switches(self, players: u8) -> Switches {
        match self {
            Level::AsWritten => Switches::AS_WRITTEN,
            _ => LevelRow::of(players, self).map(LevelRow::switches).unwrap_or_default(),
        }
    }
}

/// One calibrated level: its switches and the win rates measured for them.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LevelRow {
    pub players: u8,
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
    pub fn of(players: u8, level: Level) -> Option<&'static LevelRow> {
        LEVELS.iter().find(|r| r.players == players && r.level == level)
    }

    pub fn switches(&self) -> Switches {
        Switches::parse_letters(self.letters).expect("the table's letters are switches")
    }
}

/// One row of `LEVELS`, short enough to read as a table.
const fn row(
    players: u8,
    level: Level,
    letters: &'static str,
    rating: f64,
    rating_error: f64,
    search: f64,
    search_error: f64,
) -> LevelRow {
    LevelRow {
        players,
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
pub const LEVEL_SEARCH_DEALS: u32 = 2000;
pub const LEVEL_SEARCH_GAMES: u32 = 1;

/// Made by `cargo run --release --example pp_levels -- levels`: players,
/// level, switches, rating policy's mean win rate and its error, search
/// player's and its error. The search player is the strong play a level is
/// set by (65%, 40%, 20%); the rating policy rates and sorts each deal.
#[rustfmt::skip]
pub const LEVELS: &[LevelRow] = &[
    row(1, Level::Easy, "hf", 0.5811, 0.0048, 0.6520, 0.0107),
    row(1, Level::Normal, "hs", 0.3781, 0.0055, 0.4480, 0.0111),
    row(1, Level::Hard, "ah", 0.1951, 0.0057, 0.2210, 0.0093),
    row(2, Level::Easy, "r", 0.4188, 0.0086, 0.6470, 0.0107),
    row(2, Level::Normal, "a7", 0.3438, 0.0078, 0.4180, 0.0110),
    row(2, Level::Hard, "a", 0.1460, 0.0060, 0.2255, 0.0093),
    row(3, Level::Easy, "ra", 0.5030, 0.0082, 0.6535, 0.0106),
    row(3, Level::Normal, "sf", 0.2225, 0.0088, 0.3805, 0.0109),
    row(3, Level::Hard, "ts", 0.0657, 0.0057, 0.2200, 0.0093),
    row(4, Level::Easy, "ht", 0.1966, 0.0077, 0.6510, 0.0107),
    row(4, Level::Normal, "ts", 0.0646, 0.0056, 0.4025, 0.0110),
    row(4, Level::Hard, "f7", 0.1023, 0.0055, 0.2165, 0.0092),
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
    cal(1, false, "ah", 0.19381, 0.09750, 0.25750),
    cal(1, true, "ah", 0.00907, 0.00000, 0.01000),
    cal(1, false, "", 0.00064, 0.00000, 0.00000),
    cal(1, true, "", 0.00000, 0.00000, 0.00000),
    cal(1, false, "a", 0.00369, 0.00000, 0.00250),
    cal(1, true, "a", 0.00002, 0.00000, 0.00000),
    cal(2, false, "r", 0.41858, 0.27250, 0.56750),
    cal(2, true, "r", 0.08766, 0.02250, 0.14000),
    cal(2, false, "a7", 0.34328, 0.20750, 0.46250),
    cal(2, true, "a7", 0.03052, 0.00250, 0.03750),
    cal(2, false, "a", 0.14617, 0.03750, 0.23500),
    cal(2, true, "a", 0.00512, 0.00000, 0.00250),
    cal(2, false, "", 0.01775, 0.00000, 0.01750),
    cal(2, true, "", 0.00012, 0.00000, 0.00000),
    cal(3, false, "ra", 0.50335, 0.36750, 0.63500),
    cal(3, true, "ra", 0.08992, 0.04000, 0.11500),
    cal(3, false, "sf", 0.22325, 0.06000, 0.34000),
    cal(3, true, "sf", 0.00598, 0.00000, 0.00500),
    cal(3, false, "ts", 0.06588, 0.00250, 0.05250),
    cal(3, true, "ts", 0.00128, 0.00000, 0.00000),
    cal(3, false, "", 0.00007, 0.00000, 0.00000),
    cal(3, true, "", 0.00000, 0.00000, 0.00000),
    cal(3, false, "a", 0.00004, 0.00000, 0.00000),
    cal(3, true, "a", 0.00000, 0.00000, 0.00000),
    cal(4, false, "ht", 0.19571, 0.05250, 0.28250),
    cal(4, true, "ht", 0.01127, 0.00000, 0.01000),
    cal(4, false, "ts", 0.06508, 0.00250, 0.05250),
    cal(4, true, "ts", 0.00189, 0.00000, 0.00000),
    cal(4, false, "f7", 0.10323, 0.00750, 0.15500),
    cal(4, true, "f7", 0.00421, 0.00000, 0.00250),
    cal(4, false, "", 0.00090, 0.00000, 0.00000),
    cal(4, true, "", 0.00000, 0.00000, 0.00000),
    cal(4, false, "a", 0.00097, 0.00000, 0.00000),
    cal(4, true, "a", 0.00000, 0.00000, 0.00000),
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
