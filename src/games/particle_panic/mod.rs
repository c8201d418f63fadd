//! Particle Panic, the cooperative card game (rules text: seeds/003, RULES.md
//! "Particle Panic"). A deal is three cards per player and six face-up stacks;
//! `engine` plays the whole game so that a deal can be rated by simulation.

pub mod declare;
pub mod engine;
pub mod levels;
pub mod policy;
pub mod sheets;

pub use levels::{Calibration, Level, Switches};

use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};
use std::fmt;

use crate::error::{Error, Result};
use crate::games::Violation;
use crate::seed::{Seed, SheetCode};

pub const GAME: &str = "particle-panic";

/// The game's messages: its refusals, verdicts and reports, in every language.
pub static MESSAGES: crate::message::Book = game_messages!();
/// Generator version: the dealing algorithm a code names. It changes only
/// when a seed would give a different deal; sheets (and ratings) always print
/// in the current design. Versions 1 to 4 deal alike (2 to 4 once marked
/// changes to the engine's ratings and to the sheets).
pub const VERSION: u32 = 4;
/// "1-4 players".
pub const PLAYER_RANGE: (u8, u8) = (1, 4);
/// "Shuffle the deck and deal three cards to each player."
pub const HAND_SIZE: usize = 3;
/// "Cut the remaining deck into six roughly equal stacks."
pub const SPACES: usize = 6;
/// Simulated games per rating unless `--simulations` says otherwise.
pub const DEFAULT_SIMULATIONS: u32 = 2000;
pub const MAX_SIMULATIONS: u32 = 1_000_000;

/// A suit. The fifth, `Magic`, is the variant's "Magic land cards" (letter X).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    Clubs,
    Diamonds,
    Hearts,
    Spades,
    Magic,
}

impl Suit {
    pub const ALL: [Suit; 5] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades, Suit::Magic];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn letter(self) -> char {
        ['C', 'D', 'H', 'S', 'X'][self.index()]
    }

    /// The printed symbol: the card suits, and a star for the fifth suit.
    pub fn symbol(self) -> char {
        ['♣', '♦', '♥', '♠', '★'][self.index()]
    }

    pub(crate) fn from_letter(c: char) -> Option<Suit> {
        Suit::ALL.into_iter().find(|s| s.letter() == c.to_ascii_uppercase())
    }

    /// The template key of the suit's name.
    pub fn key(self) -> &'static str {
        ["clubs", "diamonds", "hearts", "spades", "magic"][self.index()]
    }
}

/// A playing card: rank 1 (ace) to 13 (king) and a suit. Written rank then
/// suit: `A 2..10 J Q K` and `C D H S X`, e.g. `10H`, `QS`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card {
    pub suit: Suit,
    pub rank: u8,
}

impl Card {
    pub(crate) fn rank_text(self) -> &'static str {
        ["?", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"][self.rank as usize]
    }

    pub fn parse(text: &str) -> Result<Card> {
        let bad = || Error::msg(crate::msg!(MESSAGES, "particle-panic.card", card = crate::error::quote(text)));
        let text = text.trim();
        let last = text.chars().last().ok_or_else(bad)?;
        let suit = Suit::from_letter(last).ok_or_else(bad)?;
        let rank_text = &text[..text.len() - last.len_utf8()];
        let rank = match rank_text.to_ascii_uppercase().as_str() {
            "A" | "1" => 1,
            "J" => 11,
            "Q" => 12,
            "K" => 13,
            n => n.parse::<u8>().ok().filter(|r| (2..=10).contains(r)).ok_or_else(bad)?,
        };
        Ok(Card { suit, rank })
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank_text(), self.suit.letter())
    }
}

impl Serialize for Card {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Card, D::Error> {
        let text = String::deserialize(d)?;
        Card::parse(&text).map_err(|e| serde::de::Error::custom(e.message))
    }
}

/// Settings that shape a deal and its rating.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Params {
    pub players: u8,
    /// The `five-codes` variant: a fifth suit of 26 cards and a fifth code.
    pub five_codes: bool,
    /// The `collect-as-action` variant: collecting is a basic action, as the
    /// list of actions in the text reads literally.
    pub collect_as_action: bool,
    /// The difficulty level, and the switches it stood for when the code was
    /// made (a code carries them, so it makes the same game in every later
    /// version even if the levels are calibrated anew).
    pub level: Level,
    pub switches: Switches,
    pub simulations: u32,
}

/// The readings a deal can be played under, as `--variant` names them.
pub const VARIANTS: &[&str] = &["standard", "five-codes", "collect-as-action"];

/// Variants from `--variant` or a deal file: `standard`, or `five-codes`
/// and/or `collect-as-action`, joined by ','. Returns (five codes, collect as action).
pub(crate) fn parse_variant(text: &str) -> Result<(bool, bool)> {
    let mut out = (false, false);
    for name in text.split(',').map(str::trim) {
        match name {
            "standard" => {}
            "five-codes" => out.0 = true,
            "collect-as-action" => out.1 = true,
            other => {
                return Err(crate::game::unknown_name("variant", other, VARIANTS));
            }
        }
    }
    Ok(out)
}

/// The level a request gets when none is named.
pub const DEFAULT_LEVEL: Level = Level::Normal;

impl Default for Params {
    /// Two players, the game as written (the command line's default level
    /// is `DEFAULT_LEVEL`: see `Params::at_level`).
    fn default() -> Params {
        Params {
            players: 2,
            five_codes: false,
            collect_as_action: false,
            level: Level::AsWritten,
            switches: Switches::AS_WRITTEN,
            simulations: DEFAULT_SIMULATIONS,
        }
    }
}

impl Params {
    /// Settings for a player count at a level, with that level's switches.
    pub(crate) fn at_level(players: u8, level: Level) -> Params {
        Params::at_level_deck(players, false, level)
    }

    /// Settings from a level name or a switch set as codes write it
    /// (`rah8`), with either deck: how the measuring examples name what
    /// they play. None for neither.
    pub fn at_level_or_letters(players: u8, five_codes: bool, which: &str) -> Option<Params> {
        match Level::parse(which) {
            Ok(level) => Some(Params::at_level_deck(players, five_codes, level)),
            Err(_) => Some(Params {
                players,
                five_codes,
                level: Level::Normal,
                switches: Switches::parse_letters(which)?,
                ..Params::default()
            }),
        }
    }

    /// The same with either deck: five codes have levels of their own.
    pub fn at_level_deck(players: u8, five_codes: bool, level: Level) -> Params {
        Params {
            players,
            five_codes,
            level,
            switches: level.switches(players, five_codes),
            ..Params::default()
        }
    }

    /// The switches the game is played with: the level's, with
    /// collect-as-action when the variant asks for it, without any that
    /// change nothing at this player count.
    pub fn rules(&self) -> Switches {
        let mut s = self.switches;
        s.collect_as_action |= self.collect_as_action;
        s.effective(self.players)
    }

    pub fn suits(&self) -> &'static [Suit] {
        if self.five_codes { &Suit::ALL } else { &Suit::ALL[..4] }
    }

    pub fn check(&self) -> Result<()> {
        let (lo, hi) = PLAYER_RANGE;
        if !(lo..=hi).contains(&self.players) {
            return Err(Error::setting_msg(
                "players",
                crate::game::players_range(self.players, "Particle Panic", lo, hi),
            ));
        }
        if !(1..=MAX_SIMULATIONS).contains(&self.simulations) {
            let range = crate::game::out_of_range(self.simulations, 1, MAX_SIMULATIONS);
            return Err(Error::msg(range).within("simulations"));
        }
        Ok(())
    }

    /// The settings part of the sheet code, e.g. `p2-c4-n2000` as written
    /// (`-a` with collect-as-action), `p2-c4-n2000-normal-rh8` at a level:
    /// its name, then its switches (`Switches::letters`).
    pub fn code(&self) -> String {
        let a = if self.collect_as_action { "-a" } else { "" };
        let level = match self.level {
            Level::AsWritten => String::new(),
            level => format!("-{}-{}", level.name(), self.switches.letters()),
        };
        format!(
            "p{}-c{}-n{}{a}{level}",
            self.players,
            self.suits().len(),
            self.simulations
        )
    }

    /// The variant name written in deal files.
    pub fn variant(&self) -> String {
        match (self.five_codes, self.collect_as_action) {
            (false, false) => "standard".into(),
            (true, false) => "five-codes".into(),
            (false, true) => "collect-as-action".into(),
            (true, true) => "five-codes,collect-as-action".into(),
        }
    }

    /// Settings from a code. A code without a level (every code printed
    /// before levels existed) is the game as written, with its variants.
    pub fn from_code(code: &str) -> Result<Params> {
        let bad = || crate::seed::settings_not_in_form("Particle Panic", code, "p2-c4-n2000, p2-c4-n2000-normal-rh8");
        let parts: Vec<&str> = code.split('-').collect();
        let [p, c, n, rest @ ..] = parts.as_slice() else {
            return Err(bad());
        };
        let (collect_as_action, rest) = match rest {
            ["a", rest @ ..] => (true, rest),
            rest => (false, rest),
        };
        let (level, switches) = match rest {
            [] => (Level::AsWritten, Switches::AS_WRITTEN),
            [name, letters] => {
                let level = Level::parse(name)
                    .ok()
                    .filter(|l| *l != Level::AsWritten)
                    .ok_or_else(bad)?;
                (level, Switches::parse_letters(letters).ok_or_else(bad)?)
            }
            _ => return Err(bad()),
        };
        let num = |s: &str, prefix: char| {
            s.strip_prefix(prefix)
                .and_then(|v| v.parse::<u32>().ok())
                .ok_or_else(bad)
        };
        let codes = num(c, 'c')?;
        if codes != 4 && codes != 5 {
            return Err(bad());
        }
        let params = Params {
            players: u8::try_from(num(p, 'p')?).map_err(|_| bad())?,
            five_codes: codes == 5,
            collect_as_action,
            level,
            switches,
            simulations: num(n, 'n')?,
        };
        params.check()?;
        Ok(params)
    }

    /// The full deck in a fixed order: two copies of every card.
    pub fn deck(&self) -> Vec<Card> {
        let mut deck = Vec::with_capacity(26 * self.suits().len());
        for _copy in 0..2 {
            for &suit in self.suits() {
                for rank in 1..=13 {
                    deck.push(Card { suit, rank });
                }
            }
        }
        deck
    }
}

/// A deal: each player's hand, and the six stacks, top card first.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Deal {
    pub hands: Vec<Vec<Card>>,
    pub stacks: Vec<Vec<Card>>,
}

/// Sizes of six stacks cut from `n` cards: the first `n % 6` get one more.
pub(crate) fn stack_sizes(n: usize) -> [usize; SPACES] {
    std::array::from_fn(|i| n / SPACES + usize::from(i < n % SPACES))
}

/// Shuffles (Fisher–Yates on the seeded stream), deals three cards to each
/// player one at a time, and cuts the rest into six stacks in order.
pub fn generate(p: &Params, seed: &Seed) -> Deal {
    let mut deck = p.deck();
    deck.shuffle(&mut seed.stream("deal", 0));
    let players = p.players as usize;
    let hands = (0..players)
        .map(|pl| (0..HAND_SIZE).map(|round| deck[round * players + pl]).collect())
        .collect();
    let mut rest = deck[players * HAND_SIZE..].iter().copied();
    let stacks = stack_sizes(deck.len() - players * HAND_SIZE)
        .iter()
        .map(|&n| rest.by_ref().take(n).collect())
        .collect();
    Deal { hands, stacks }
}

/// The rules `validate` checks, by name.
pub const RULES: [(&str, &str); 3] = [
    ("deck", "particle-panic.check.deck"),
    ("hands", "particle-panic.check.hands"),
    ("stacks", "particle-panic.check.stacks"),
];

/// The rule engine for a deal's composition.
pub fn validate(p: &Params, deal: &Deal) -> Vec<Violation> {
    let mut out = Vec::new();
    use crate::msg;
    let v = Violation::keyed;
    if deal.hands.len() != p.players as usize {
        out.push(v(
            "hands",
            msg!(MESSAGES, "particle-panic.hands", hands = deal.hands.len(), players = p.players),
        ));
    }
    for (i, h) in deal.hands.iter().enumerate() {
        if h.len() != HAND_SIZE {
            out.push(v(
                "hands",
                msg!(MESSAGES, "particle-panic.hand_size", player = i + 1, cards = h.len(), want = HAND_SIZE),
            ));
        }
    }
    if deal.stacks.len() != SPACES {
        out.push(v(
            "stacks",
            msg!(MESSAGES, "particle-panic.stacks", stacks = deal.stacks.len(), want = SPACES),
        ));
    }
    let sizes: Vec<usize> = deal.stacks.iter().map(Vec::len).collect();
    if let (Some(lo), Some(hi)) = (sizes.iter().min(), sizes.iter().max())
        && hi - lo > 1
    {
        out.push(v("stacks", msg!(MESSAGES, "particle-panic.stack_sizes", sizes = sizes.clone())));
    }
    // Every card of the deck exactly twice.
    let mut counts: std::collections::BTreeMap<Card, i32> = p.deck().into_iter().map(|c| (c, 0)).collect();
    let mut foreign = Vec::new();
    for c in deal.hands.iter().chain(deal.stacks.iter()).flatten() {
        match counts.get_mut(c) {
            Some(n) => *n += 1,
            None => foreign.push(c.to_string()),
        }
    }
    for (card, n) in &counts {
        match n {
            2 => {}
            0 | 1 => out.push(v(
                "deck",
                msg!(MESSAGES, "particle-panic.card_missing", card = card.to_string(), n = *n),
            )),
            _ => out.push(v("deck", msg!(MESSAGES, "particle-panic.card_extra", card = card.to_string(), n = *n))),
        }
    }
    if !foreign.is_empty() {
        out.push(v("deck", msg!(MESSAGES, "particle-panic.foreign", cards = foreign)));
    }
    out
}

/// A deal's rating: the policy's win rate over `games` simulated games.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    pub games: u32,
    pub win_rate: f64,
    pub wins: u32,
    pub losses: engine::LossCounts,
    /// Wins in which every collection was made on one space (RULES.md: the
    /// whole board is played); not written to deal files.
    #[serde(default, skip_serializing)]
    pub one_stack_wins: u32,
    /// Collections made off the starting space, over all the games.
    #[serde(default, skip_serializing)]
    pub off_start_collections: u32,
}

/// A deal as JSON: what `--format json` writes and `validate` reads.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct DealJson {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    pub players: u8,
    #[serde(default)]
    pub variant: Option<String>,
    pub hands: Vec<Vec<Card>>,
    pub stacks: Vec<Vec<Card>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<LevelledRating>,
}

/// A rating as a deal file writes it: the level and the switches it was
/// played at (the level is a setting of the game the code makes, not of its
/// deal), then the rating.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct LevelledRating {
    #[serde(default)]
    pub level: String,
    /// The switches as played, in RULES.md's words (`as-written` for none).
    #[serde(default)]
    pub rules: String,
    #[serde(flatten)]
    pub rating: Rating,
}

impl DealJson {
    pub fn params(&self) -> Result<Params> {
        let (named_five, collect_as_action) = parse_variant(self.variant.as_deref().unwrap_or("standard"))?;
        // A deal with fifth-suit cards is a five-codes deal, named or not.
        let five_codes = named_five
            || self
                .hands
                .iter()
                .chain(&self.stacks)
                .flatten()
                .any(|c| c.suit == Suit::Magic);
        let p = Params {
            players: self.players,
            five_codes,
            collect_as_action,
            ..Params::default()
        };
        p.check()?;
        Ok(p)
    }

    pub fn deal(&self) -> Deal {
        Deal {
            hands: self.hands.clone(),
            stacks: self.stacks.clone(),
        }
    }
}

pub(crate) fn parse_json(text: &str) -> Result<DealJson> {
    let not_a_deal = |why: crate::message::Msg| Error::msg(crate::msg!(MESSAGES, "particle-panic.not_a_deal", why = why));
    crate::json::from_str(text).map_err(|why| {
        // A card serde could not read is said in the deal's own words: the
        // first such card, found again among the file's values.
        let cards = serde_json::from_str::<serde_json::Value>(text).ok();
        let bad_card = cards.iter().flat_map(|v| [&v["hands"], &v["stacks"]]).find_map(|list| {
            let texts = list.as_array()?.iter().filter_map(|l| l.as_array()).flatten();
            texts.filter_map(|c| c.as_str()).find_map(|c| Card::parse(c).err())
        });
        not_a_deal(bad_card.map_or(why, |bad| bad.msg))
    })
}

/// A win-rate band `[lo, hi)` in words: "from 25% to below 50%".
fn band_words(lo: f64, hi: f64) -> crate::message::Msg {
    // As few decimals as the share has, at most two.
    let percent = |share: f64| {
        let x = share * 100.0;
        let places = (0..2).find(|&p| (x * 10f64.powi(p)).fract().abs() < 1e-9).unwrap_or(2);
        crate::message::dec(x, places as usize)
    };
    if hi > 1.0 {
        crate::msg!(MESSAGES, "particle-panic.band.from", lo = percent(lo))
    } else if hi < 1e-9 {
        crate::msg!(MESSAGES, "particle-panic.band.none")
    } else {
        crate::msg!(MESSAGES, "particle-panic.band.between", lo = percent(lo), hi = percent(hi))
    }
}

/// Deal difficulty within a level, by the rating policy's simulated win rate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Difficulty {
    Easy,
    Normal,
    Hard,
    /// A class pack's band, in tenths of a percent: every table dealt a
    /// deal the steady player wins `low` to below `high` of.
    Within { low: u16, high: u16 },
}

impl Calibration {
    /// Below this mean win rate, deals are not sorted into bands: almost
    /// none can be won, and the quartiles would sort deals by noise.
    pub const NEAR_UNWINNABLE: f64 = 0.02;

    /// The calibration for these settings, if they were calibrated: every
    /// level with either deck, as written with either reading of collecting.
    pub fn of(params: &Params) -> Option<Calibration> {
        let rules = params.rules();
        levels::CALIBRATION
            .iter()
            .find(|c| c.players == params.players && c.five_codes == params.five_codes && c.letters == rules.letters())
            .copied()
    }

    pub(crate) fn near_unwinnable(&self) -> bool {
        self.mean < Self::NEAR_UNWINNABLE
    }

    /// Where hard deals end: the bottom quartile, or, where a quarter of
    /// the deals or more are never won by the rating player, just above 0
    /// (those deals are the hard ones).
    pub(crate) fn hard_below(&self) -> f64 {
        if self.q1 > 0.0 { self.q1 } else { f64::MIN_POSITIVE }
    }
}

impl Difficulty {
    pub fn parse(s: &str) -> Result<Difficulty> {
        match s {
            "easy" => Ok(Difficulty::Easy),
            "normal" => Ok(Difficulty::Normal),
            "hard" => Ok(Difficulty::Hard),
            _ => Err(crate::game::unknown_name("difficulty", s, &["easy", "normal", "hard"])),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Normal => "normal",
            Difficulty::Hard => "hard",
            Difficulty::Within { .. } => "within",
        }
    }

    /// The win-rate band [low, high) for these settings: the quartiles of
    /// the calibration (hard the bottom quarter, easy the top). Where the
    /// settings have no calibration, or the game is near-unwinnable as
    /// read, there are no bands, and the error says so at once.
    pub fn band(self, params: &Params) -> Result<(f64, f64)> {
        if let Difficulty::Within { low, high } = self {
            return Ok((f64::from(low) / 1000.0, f64::from(high) / 1000.0));
        }
        let Some(c) = Calibration::of(params) else {
            return Err(Error::setting_msg(
                "difficulty",
                crate::msg!(
                    MESSAGES, "particle-panic.difficulty.uncalibrated",
                    players = params.players,
                    level = params.level.name(),
                    rules = params.rules().to_string(),
                ),
            ));
        };
        if c.near_unwinnable() {
            let note = if params.five_codes {
                crate::msg!(MESSAGES, "particle-panic.difficulty.five_codes_harder")
            } else {
                levels::LevelRow::of(params.players, false, DEFAULT_LEVEL)
                    .map(|r| {
                        crate::msg!(
                            MESSAGES, "particle-panic.difficulty.normal_wins",
                            share = crate::message::dec(r.search * 100.0, 0)
                        )
                    })
                    .unwrap_or_else(|| crate::msg!("empty"))
            };
            return Err(Error::setting_msg(
                "difficulty",
                crate::msg!(
                    MESSAGES, "particle-panic.difficulty.near_unwinnable",
                    players = params.players,
                    variant = params.variant(),
                    level = params.level.name(),
                    share = crate::message::dec(c.mean * 100.0, 2),
                    deals = levels::CALIBRATION_DEALS,
                    note = note,
                ),
            ));
        }
        Ok(match self {
            Difficulty::Easy => (c.q3, 1.01),
            Difficulty::Normal => (c.hard_below(), c.q3),
            Difficulty::Hard => (0.0, c.hard_below()),
            Difficulty::Within { .. } => unreachable!("answered above"),
        })
    }

    /// The band a rated deal falls in, if the settings have bands.
    pub fn of(params: &Params, win_rate: f64) -> Option<Difficulty> {
        let c = Calibration::of(params).filter(|c| !c.near_unwinnable())?;
        Some(if win_rate >= c.q3 {
            Difficulty::Easy
        } else if win_rate >= c.hard_below() {
            Difficulty::Normal
        } else {
            Difficulty::Hard
        })
    }
}

impl Rating {
    /// The standard error of the win rate.
    pub fn error(&self) -> f64 {
        let n = self.games.max(1) as f64;
        (self.win_rate * (1.0 - self.win_rate) / n).sqrt().max(1.0 / n)
    }
}

/// Most candidate deals looked at for a difficulty before giving up.
pub const MAX_CANDIDATES: usize = 200;
/// Most simulated games one difficulty search may play in all (200 deals at
/// the default 2,000 games each): more games per deal means fewer deals tried,
/// so a search that cannot succeed stops within about a second.
pub const MAX_SEARCH_GAMES: u64 = 400_000;

/// One request for Particle Panic output.
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    pub params: Params,
    pub seed: Seed,
    pub difficulty: Option<Difficulty>,
    pub paper: crate::sheet::Paper,
    /// Standard or large print: how the sheets are drawn, never the game.
    pub style: crate::sheet::Style,
    pub sheets: Vec<sheets::SheetKind>,
    /// The generator version that deals (codes name it).
    pub version: u32,
    /// The players' names for the pencil board's rows (class packs); not
    /// part of the code.
    pub seats: crate::game::Seats,
    /// The sheets the code names when fewer of them print (a sheet of a
    /// set printed again alone): every page carries the set's code.
    pub code_sheets: Option<Vec<sheets::SheetKind>>,
}

/// A deal chosen for a request, with its seed and rating.
pub struct RatedDeal {
    pub seed: Seed,
    pub deal: Deal,
    pub rating: Rating,
}

impl Request {
    /// The sheets of the set the code names: every page of it carries
    /// the set's code, also when it prints alone.
    pub fn set(&self) -> &[sheets::SheetKind] {
        self.code_sheets.as_deref().unwrap_or(&self.sheets)
    }

    pub fn code(&self, seed: &Seed, sheets: &str) -> SheetCode {
        SheetCode::new(GAME, self.version, self.params.code(), self.paper, sheets, seed)
    }

    pub fn from_code(code: &SheetCode) -> Result<Request> {
        if !(1..VERSION).contains(&code.version) {
            code.check_version("Particle Panic", VERSION)?;
        }
        let paper = code.paper()?;
        Ok(Request {
            params: Params::from_code(&code.params)?,
            seed: code.seed.clone(),
            difficulty: None,
            paper,
            style: crate::sheet::Style::Standard,
            sheets: sheets::SheetKind::parse_list(&code.sheets)?,
            version: code.version,
            seats: Default::default(),
            code_sheets: None,
        })
    }

    /// The deal: the seed's own, or with a difficulty the first candidate
    /// (`SEED`, `SEED~2`, `SEED~3`, ...) whose rating falls in its band.
    /// The chosen deal's seed goes into the sheet code, so it regenerates alone.
    pub fn deal(&self) -> Result<RatedDeal> {
        self.params.check()?;
        // Ratings kept by settings and seed (see [`crate::games::kept`]).
        static RATED: crate::games::kept::Store<Rating> = crate::games::kept::Store::new();
        let rate = |seed: Seed| {
            let deal = generate(&self.params, &seed);
            let text = format!("{:?}\n{seed}", self.params);
            let rating = RATED.get_or_make(&text, || policy::rate(&self.params, &deal, &seed));
            RatedDeal { seed, deal, rating }
        };
        let Some(difficulty) = self.difficulty else {
            return Ok(rate(self.seed.clone()));
        };
        let (lo, hi) = difficulty.band(&self.params)?;
        // A rating is wins / games: when no such fraction lies in the band,
        // no deal can ever be rated into it.
        let games = u64::from(self.params.simulations);
        let fewest = (lo * games as f64).ceil() as u64;
        if fewest as f64 >= hi * games as f64 {
            return Err(Error::setting_msg(
                "difficulty",
                crate::msg!(
                    MESSAGES,
                    "particle-panic.band_too_narrow",
                    games = games,
                    step = crate::message::dec(100.0 / games as f64, 3),
                    band = band_words(lo, hi)
                ),
            ));
        }
        let candidates = (MAX_SEARCH_GAMES / games).clamp(1, MAX_CANDIDATES as u64) as usize;
        for k in 1..=candidates {
            let seed = if k == 1 {
                self.seed.clone()
            } else {
                Seed::new(&format!("{}~{k}", self.seed))?
            };
            let rated = rate(seed);
            if (lo..hi).contains(&rated.rating.win_rate) {
                return Ok(rated);
            }
        }
        Err(Error::setting_msg(
            "difficulty",
            crate::msg!(
                MESSAGES,
                "particle-panic.no_deal_in_band",
                tried = candidates,
                games = MAX_SEARCH_GAMES,
                band = band_words(lo, hi),
                players = self.params.players
            ),
        ))
    }

    pub fn json(&self, rated: &RatedDeal) -> String {
        let list = sheets::SheetKind::code_list(self.set());
        let j = DealJson {
            seed: Some(rated.seed.text().to_string()),
            code: Some(self.code(&rated.seed, &list).to_string()),
            players: self.params.players,
            variant: Some(self.params.variant()),
            hands: rated.deal.hands.clone(),
            stacks: rated.deal.stacks.clone(),
            rating: Some(LevelledRating {
                level: self.params.level.name().to_string(),
                rules: self.params.rules().to_string(),
                rating: rated.rating.clone(),
            }),
        };
        crate::games::readable_json(&j)
    }
}

/// A terminal deal record: hands, then each stack top to bottom.
pub fn describe(deal: &Deal, rating: Option<&Rating>) -> String {
    let cards = |cs: &[Card]| cs.iter().map(Card::to_string).collect::<Vec<_>>().join(" ");
    let mut s = String::new();
    for (i, h) in deal.hands.iter().enumerate() {
        s.push_str(&format!("player {}: {}\n", i + 1, cards(h)));
    }
    for (i, st) in deal.stacks.iter().enumerate() {
        s.push_str(&format!("stack {} (top first): {}\n", i + 1, cards(st)));
    }
    if let Some(r) = rating {
        s.push_str(&format!(
            "rating: {:.1}% won over {} simulated games\n",
            r.win_rate * 100.0,
            r.games
        ));
    }
    s
}

#[cfg(test)]
mod tests;

/// A win rate as "about k games in n": tenths from 15% up, "1 in n" below
/// that; (10, 10) for almost every game and (0, 0) for almost never. Read
/// from the rate as printed to a tenth of a percent, so "75%" beside it
/// reads "8 in 10", never "7 in 10".
pub(crate) fn chance_in_words(share: f64) -> (u32, u32) {
    let per_mille = (share * 1000.0).round() as u32;
    let share = per_mille as f64 / 1000.0;
    if share >= 0.95 {
        (10, 10)
    } else if share >= 0.15 {
        ((per_mille + 50) / 100, 10)
    } else if share >= 0.015 {
        (1, (1.0 / share).round() as u32)
    } else {
        (0, 0)
    }
}

/// A share as the sheets print it, a whole percent (as `Labels::number`
/// rounds it), back as a share.
fn as_printed(share: f64) -> f64 {
    format!("{:.0}", share * 100.0).parse::<f64>().unwrap_or(0.0) / 100.0
}

impl Request {
    pub fn check(&self) -> Result<()> {
        self.params.check()?;
        if !self.params.five_codes && self.sheets == [sheets::SheetKind::Stars] {
            return Err(Error::setting_msg("sheets", crate::msg!(MESSAGES, "particle-panic.no_stars")));
        }
        Ok(())
    }

    /// The document's texts, with this deal's rating in them.
    pub fn texts(&self, texts: &crate::text::Texts, rating: &Rating) -> Result<std::rc::Rc<crate::text::GameTexts>> {
        Ok(texts.game(GAME, &self.text_context(texts, rating)?)?)
    }

    /// The deal's rating as a teacher key prints it under the deal's code.
    pub(crate) fn key_rating(&self, texts: &crate::text::Texts, rating: &Rating) -> Result<String> {
        Ok(texts
            .labels(GAME, &self.text_context(texts, rating)?)?
            .get("key_rating"))
    }

    /// What the texts are rendered with: the settings, the game's switches
    /// and the deal's rating.
    fn text_context(&self, texts: &crate::text::Texts, rating: &Rating) -> Result<tera::Context> {
        let common = texts.labels("common", &tera::Context::new())?;
        let mut ctx = tera::Context::new();
        let p = &self.params;
        let rules = p.rules();
        let state = engine::State::new(p, &Deal::default());
        ctx.insert("players", &p.players);
        ctx.insert("five_codes", &p.five_codes);
        for key in ["chance_k", "chance_n"] {
            ctx.insert(key, &0);
        }
        for key in ["steady_chance", "strong_chance", "deal_chance"] {
            ctx.insert(key, "");
        }
        ctx.insert("level", &p.level.name());
        ctx.insert("house_rules", &rules.on());
        ctx.insert("collect_as_action", &rules.collect_as_action);
        ctx.insert("per_round", &rules.per_round);
        ctx.insert("half_die", &rules.half_die);
        ctx.insert("one_a_round", &rules.one_a_round);
        ctx.insert("hand_limit", &rules.hand_limit);
        ctx.insert("codes", &p.suits().len());
        ctx.insert("codes_needed", &state.codes_needed());
        ctx.insert("code_cards", &state.code_cards());
        ctx.insert("target", &state.neutralise_target());
        ctx.insert("collect_count", &state.collect_count());
        ctx.insert("games", &common.number(rating.games as f64, 0));
        ctx.insert("win_percent", &common.number(rating.win_rate * 100.0, 1));
        ctx.insert("error_percent", &common.number(rating.error() * 100.0, 1));
        // A class pack's tables were matched to one window: no band words
        // that would set one table's deal apart as easier or harder.
        let band = match self.difficulty {
            Some(Difficulty::Within { .. }) => None,
            _ => Difficulty::of(p, rating.win_rate),
        };
        ctx.insert("band", &band.map(Difficulty::name).unwrap_or(""));
        // The middle half of the level's deals, so a band reads against them.
        let calibration = Calibration::of(p);
        let quartile =
            |q: fn(&Calibration) -> f64| calibration.map(|c| common.number(q(&c) * 100.0, 0)).unwrap_or_default();
        ctx.insert("band_low", &quartile(|c| c.q1));
        ctx.insert("band_high", &quartile(|c| c.q3));
        // How often the band agreed with strong play's own on fresh deals:
        // the band's uncertainty, said with it (BENCHMARKS.md).
        let check = levels::BandCheck::of(p.players).filter(|_| !p.five_codes);
        ctx.insert("band_checked", &check.map(|c| c.deals).unwrap_or(0));
        ctx.insert("band_agreed", &check.map(|c| c.agreed).unwrap_or(0));
        let near_unwinnable = calibration.is_some_and(|c| c.near_unwinnable());
        ctx.insert("near_unwinnable", &near_unwinnable);
        // What strong play (the search player) wins at this level, and at
        // the default level for a near-unwinnable game's record.
        let row = |level| levels::LevelRow::of(p.players, p.five_codes, level);
        let strong = |level| row(level).map(|r| common.number(r.search * 100.0, 0));
        // A code from before a calibration keeps its switches: the level's
        // figures are only printed for the switches they were measured with.
        let measured = row(p.level).is_some_and(|r| r.switches().effective(p.players) == rules);
        ctx.insert(
            "level_percent",
            &strong(p.level).filter(|_| measured).unwrap_or_default(),
        );
        // What a sensible player (the rating policy) wins at the level.
        ctx.insert(
            "level_rating_percent",
            &row(p.level)
                .filter(|_| measured)
                .map(|r| common.number(r.rating * 100.0, 0))
                .unwrap_or_default(),
        );
        ctx.insert("normal_percent", &strong(DEFAULT_LEVEL).unwrap_or_default());
        // Where the steady player wins under one game in seven, a family
        // should know it will lose most games.
        ctx.insert(
            "level_mostly_lost",
            &row(p.level).is_some_and(|r| measured && r.rating < 0.15),
        );
        // Strategy tips, where they measurably help at this player count.
        let tips = levels::tips(p.players);
        for key in ["together", "exact", "last_card"] {
            ctx.insert(format!("tip_{key}"), &tips.contains(&key));
        }
        ctx.insert("tips", &!tips.is_empty());
        // Each way of losing, counted and as a share of the games.
        let losses = &rating.losses;
        for (key, lost) in [
            ("no_room", losses.no_room),
            ("hand_limit_zero", losses.hand_limit_zero),
            ("empty_stack", losses.empty_stack),
        ] {
            ctx.insert(key, &common.number(lost as f64, 0));
            let share = 100.0 * lost as f64 / rating.games.max(1) as f64;
            // 1,992 of 2,000 is 99.6%, not "100%" beside the games won.
            let whole = share.round();
            let places = if whole != share && (whole == 0.0 || whole == 100.0) { 1 } else { 0 };
            ctx.insert(format!("{key}_percent"), &common.number(share, places));
        }
        ctx.insert("turn_limit", &rating.losses.turn_limit);
        let (slips_page, slips_next) = self.slips_page();
        // In a class pack the set's pages are not the document's first.
        let slips_page = slips_page.filter(|_| !self.seats.in_pack);
        ctx.insert("slips_page", &slips_page.unwrap_or(0));
        ctx.insert("slips_next", &slips_next);
        ctx.insert("slips_printed", &self.sheets.contains(&sheets::SheetKind::Stacks));
        // Large print lists the stacks on the record's next pages.
        ctx.insert("stacks_overleaf", &self.style.is_large());
        // The house rules in player words, one phrase per switch, for the
        // record and the rules card alike.
        let on = rules.on();
        ctx.insert("house_count", &on.len());
        ctx.insert("house_rules_sentence", "");
        // The rules card's figures in a family's words ("about 3 games in 10").
        let level_row = row(p.level).filter(|_| measured);
        for (key, share) in [
            // Read from the whole percent the record prints beside them.
            ("steady_chance", level_row.map_or(0.0, |r| as_printed(r.rating))),
            ("strong_chance", level_row.map_or(0.0, |r| as_printed(r.search))),
            ("deal_chance", rating.win_rate),
        ] {
            let (k, n) = chance_in_words(share);
            ctx.insert("chance_k", &k);
            ctx.insert("chance_n", &n);
            let words = texts.labels(GAME, &ctx)?.get("chance");
            ctx.insert(key, &words);
        }
        let labels = texts.labels(GAME, &ctx)?;
        let sentence = if on.is_empty() {
            labels.get("house_rules_none")
        } else {
            let phrases: Vec<String> = on.iter().map(|k| labels.get(&format!("house_{k}"))).collect();
            format!("{} {}.", labels.get("house_rules_intro"), phrases.join("; "))
        };
        ctx.insert("house_rules_sentence", &sentence);
        Ok(ctx)
    }

    /// The page the stacks to cut out are printed on, when the pages before
    /// it can be counted (every sheet but the rules has a fixed number), and
    /// whether it follows the board.
    fn slips_page(&self) -> (Option<usize>, bool) {
        use sheets::SheetKind;
        let at = self.sheets.iter().position(|k| *k == SheetKind::Stacks);
        // Large print's board takes two pages: its first is not just before.
        let next = !self.style.is_large() && at.is_some_and(|i| i > 0 && self.sheets[i - 1] == SheetKind::Board);
        let page = at.and_then(|i| {
            self.sheets[..i]
                .iter()
                .map(|k| sheets::page_count(*k, &self.params, self.paper, self.style))
                .sum::<Option<usize>>()
                .map(|before| before + 1)
        });
        (page, next)
    }

    /// Draws every page of the chosen sheets and hands each to `emit`.
    pub fn pages(
        &self,
        rated: &RatedDeal,
        texts: &crate::text::Texts,
        mut emit: impl FnMut(crate::sheet::Page) -> Result<()>,
    ) -> Result<crate::sheet::DocumentInfo> {
        let labels = self.texts(texts, &rated.rating)?;
        let ctx = sheets::Context::new(&self.params, self.paper, self.style, &labels, &self.seats);
        let code = self.code(&rated.seed, &sheets::SheetKind::code_list(self.set()));
        for kind in &self.sheets {
            for page in ctx.pages(*kind, rated, &code) {
                emit(page)?;
            }
        }
        let codes = crate::sheet::Codes::one(&code.to_string());
        Ok(crate::sheet::DocumentInfo::for_codes(
            &labels.game.get("game"),
            codes,
            "",
        ))
    }

    pub fn document(&self, texts: &crate::text::Texts) -> Result<crate::sheet::Document> {
        let rated = self.deal()?;
        crate::sheet::Document::collect(|emit| self.pages(&rated, texts, emit))
    }
}
