//! Particle Panic, the cooperative card game (rules text: seeds/003, RULES.md
//! "Particle Panic"). A deal is three cards per player and six face-up stacks;
//! `engine` plays the whole game so that a deal can be rated by simulation.

pub mod engine;
pub mod sheets;

use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};
use std::fmt;

use crate::error::{Error, Result};
use crate::games::Violation;
use crate::seed::{Seed, SheetCode};

pub const GAME: &str = "particle-panic";
/// Generator version: bump it whenever a seed would give a different deal.
pub const VERSION: u32 = 1;
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

    pub fn from_letter(c: char) -> Option<Suit> {
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
    pub fn rank_text(self) -> &'static str {
        ["?", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"][self.rank as usize]
    }

    pub fn parse(text: &str) -> Result<Card> {
        let bad = || {
            Error::input(format!(
                "card '{text}': expected rank A, 2-10, J, Q or K then suit C, D, H, S or X"
            ))
        };
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
    pub simulations: u32,
}

impl Default for Params {
    fn default() -> Params {
        Params {
            players: 2,
            five_codes: false,
            simulations: DEFAULT_SIMULATIONS,
        }
    }
}

impl Params {
    pub fn suits(&self) -> &'static [Suit] {
        if self.five_codes { &Suit::ALL } else { &Suit::ALL[..4] }
    }

    pub fn check(&self) -> Result<()> {
        let (lo, hi) = PLAYER_RANGE;
        if !(lo..=hi).contains(&self.players) {
            return Err(Error::input(format!(
                "players: {} is out of range (Particle Panic is for {lo} to {hi} players)",
                self.players
            )));
        }
        if !(1..=MAX_SIMULATIONS).contains(&self.simulations) {
            return Err(Error::input(format!(
                "simulations: {} is out of range (1 to {MAX_SIMULATIONS})",
                self.simulations
            )));
        }
        Ok(())
    }

    /// The settings part of the sheet code, e.g. `p2-c4-n2000`.
    pub fn code(&self) -> String {
        format!("p{}-c{}-n{}", self.players, self.suits().len(), self.simulations)
    }

    pub fn from_code(code: &str) -> Result<Params> {
        let bad = || {
            Error::input(format!(
                "sheet code: Particle Panic settings '{code}' are not in the form p2-c4-n2000"
            ))
        };
        let parts: Vec<&str> = code.split('-').collect();
        let [p, c, n] = parts.as_slice() else {
            return Err(bad());
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
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deal {
    pub hands: Vec<Vec<Card>>,
    pub stacks: Vec<Vec<Card>>,
}

/// Sizes of six stacks cut from `n` cards: the first `n % 6` get one more.
pub fn stack_sizes(n: usize) -> [usize; SPACES] {
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
    (
        "deck",
        "every card of the double deck exactly twice, none missing or extra",
    ),
    ("hands", "one hand of three cards per player"),
    ("stacks", "six stacks whose sizes differ by at most one"),
];

/// The rule engine for a deal's composition.
pub fn validate(p: &Params, deal: &Deal) -> Vec<Violation> {
    let mut out = Vec::new();
    let v = |rule: &'static str, message: String| Violation { rule, message };
    if deal.hands.len() != p.players as usize {
        out.push(v(
            "hands",
            format!("{} hands for {} players", deal.hands.len(), p.players),
        ));
    }
    for (i, h) in deal.hands.iter().enumerate() {
        if h.len() != HAND_SIZE {
            out.push(v(
                "hands",
                format!("player {} holds {} cards, the deal gives {HAND_SIZE}", i + 1, h.len()),
            ));
        }
    }
    if deal.stacks.len() != SPACES {
        out.push(v(
            "stacks",
            format!("{} stacks, the board has {SPACES}", deal.stacks.len()),
        ));
    }
    let sizes: Vec<usize> = deal.stacks.iter().map(Vec::len).collect();
    if let (Some(lo), Some(hi)) = (sizes.iter().min(), sizes.iter().max())
        && hi - lo > 1
    {
        let list: Vec<String> = sizes.iter().map(usize::to_string).collect();
        out.push(v(
            "stacks",
            format!("stack sizes {} differ by more than one", list.join(", ")),
        ));
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
                format!("{card} appears {n} times, the double deck has it twice (missing)"),
            )),
            _ => out.push(v(
                "deck",
                format!("{card} appears {n} times, the double deck has it twice (extra)"),
            )),
        }
    }
    if !foreign.is_empty() {
        out.push(v(
            "deck",
            format!(
                "not in this deck: {} (the fifth suit X needs the five-codes variant)",
                foreign.join(", ")
            ),
        ));
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
    pub rating: Option<Rating>,
}

impl DealJson {
    pub fn params(&self) -> Result<Params> {
        let five_codes = match self.variant.as_deref() {
            None | Some("standard") => self
                .hands
                .iter()
                .chain(&self.stacks)
                .flatten()
                .any(|c| c.suit == Suit::Magic),
            Some("five-codes") => true,
            Some(other) => {
                return Err(Error::input(format!(
                    "variant: unknown variant '{other}' (standard or five-codes)"
                )));
            }
        };
        let p = Params {
            players: self.players,
            five_codes,
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

pub fn parse_json(text: &str) -> Result<DealJson> {
    serde_json::from_str(text).map_err(|e| Error::input(format!("not a Particle Panic deal: {e}")))
}

/// Deal difficulty, by the policy's simulated win rate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Difficulty {
    Easy,
    Normal,
    Hard,
}

impl Difficulty {
    pub fn parse(s: &str) -> Result<Difficulty> {
        match s {
            "easy" => Ok(Difficulty::Easy),
            "normal" => Ok(Difficulty::Normal),
            "hard" => Ok(Difficulty::Hard),
            _ => Err(Error::input(format!(
                "difficulty: unknown '{s}' (choose from: easy, normal, hard)"
            ))),
        }
    }

    /// The win-rate band [low, high) for these settings. Under the rules as
    /// written the game is hard: with the standard deck the policy's median
    /// deal wins about 2.5% of games with 1-2 players and almost none with 3-4
    /// (one basic action a turn cannot keep up with the particles). The bands
    /// are the quartiles of the ratings of 200 seeded deals (seeds 0-199):
    /// hard is the bottom quarter, easy the top quarter.
    pub fn band(self, params: &Params) -> (f64, f64) {
        let (q1, q3) = match (params.players <= 2, params.five_codes) {
            (true, false) => (0.01, 0.05),
            (true, true) => (0.0005, 0.002),
            (false, _) => (0.0005, 0.002),
        };
        match self {
            Difficulty::Easy => (q3, 1.01),
            Difficulty::Normal => (q1, q3),
            Difficulty::Hard => (0.0, q1),
        }
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
    pub sheets: Vec<sheets::SheetKind>,
}

/// A deal chosen for a request, with its seed and rating.
pub struct RatedDeal {
    pub seed: Seed,
    pub deal: Deal,
    pub rating: Rating,
}

impl Request {
    pub fn code(&self, seed: &Seed, sheets: &str) -> SheetCode {
        SheetCode::new(GAME, VERSION, self.params.code(), self.paper, sheets, seed)
    }

    pub fn from_code(code: &SheetCode) -> Result<Request> {
        code.check_version("Particle Panic", VERSION)?;
        let paper = code.paper()?;
        Ok(Request {
            params: Params::from_code(&code.params)?,
            seed: code.seed.clone(),
            difficulty: None,
            paper,
            sheets: sheets::SheetKind::parse_list(&code.sheets)?,
        })
    }

    /// The deal: the seed's own, or with a difficulty the first candidate
    /// (`SEED`, `SEED~2`, `SEED~3`, ...) whose rating falls in its band.
    /// The chosen deal's seed goes into the sheet code, so it regenerates alone.
    pub fn deal(&self) -> Result<RatedDeal> {
        self.params.check()?;
        let rate = |seed: Seed| {
            let deal = generate(&self.params, &seed);
            let rating = engine::rate(&self.params, &deal, &seed);
            RatedDeal { seed, deal, rating }
        };
        let Some(difficulty) = self.difficulty else {
            return Ok(rate(self.seed.clone()));
        };
        let (lo, hi) = difficulty.band(&self.params);
        // A rating is wins / games: when no such fraction lies in the band,
        // no deal can ever be rated into it.
        let games = u64::from(self.params.simulations);
        let fewest = (lo * games as f64).ceil() as u64;
        if fewest as f64 >= hi * games as f64 {
            return Err(Error::input(format!(
                "difficulty: with {games} simulated games a rating is a multiple of {:.3}%, never in the band \
                 from {}% to below {}%; use more --simulations",
                100.0 / games as f64,
                lo * 100.0,
                hi * 100.0
            )));
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
        let band = if hi > 1.0 {
            format!("of {}% or more", lo * 100.0)
        } else {
            format!("from {}% to below {}%", lo * 100.0, hi * 100.0)
        };
        let hint = if self.params.players > 2 {
            " (with 3-4 players the rules as written are almost never won; try 'hard' or fewer players)"
        } else {
            ""
        };
        Err(Error::input(format!(
            "difficulty: no deal among the {candidates} tried ({MAX_SEARCH_GAMES} simulated games at most) has a win rate {band} for {} players{hint}",
            self.params.players
        )))
    }

    pub fn json(&self, rated: &RatedDeal) -> String {
        let list = sheets::SheetKind::code_list(&self.sheets);
        let j = DealJson {
            seed: Some(rated.seed.text().to_string()),
            code: Some(self.code(&rated.seed, &list).to_string()),
            players: self.params.players,
            variant: Some(
                if self.params.five_codes {
                    "five-codes"
                } else {
                    "standard"
                }
                .into(),
            ),
            hands: rated.deal.hands.clone(),
            stacks: rated.deal.stacks.clone(),
            rating: Some(rated.rating.clone()),
        };
        serde_json::to_string_pretty(&j).expect("deal serialises") + "\n"
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

impl Request {
    pub fn check(&self) -> Result<()> {
        self.params.check()
    }

    /// The document's texts, with this deal's rating in them.
    pub fn texts(&self, texts: &crate::text::Texts, rating: &Rating) -> Result<std::rc::Rc<crate::text::GameTexts>> {
        let common = texts.labels("common", &tera::Context::new())?;
        let mut ctx = tera::Context::new();
        let p = &self.params;
        ctx.insert("players", &p.players);
        ctx.insert("five_codes", &p.five_codes);
        ctx.insert("codes", &p.suits().len());
        ctx.insert("target", &if p.players <= 2 { 3 } else { 4 });
        ctx.insert("games", &common.number(rating.games as f64, 0));
        ctx.insert("win_percent", &common.number(rating.win_rate * 100.0, 1));
        ctx.insert("no_room", &rating.losses.no_room);
        ctx.insert("hand_limit_zero", &rating.losses.hand_limit_zero);
        ctx.insert("empty_stack", &rating.losses.empty_stack);
        ctx.insert("turn_limit", &rating.losses.turn_limit);
        Ok(texts.game(GAME, &ctx)?)
    }

    /// Draws every page of the chosen sheets and hands each to `emit`.
    pub fn pages(
        &self,
        rated: &RatedDeal,
        texts: &crate::text::Texts,
        mut emit: impl FnMut(crate::sheet::Page) -> Result<()>,
    ) -> Result<crate::sheet::DocumentInfo> {
        let labels = self.texts(texts, &rated.rating)?;
        let ctx = sheets::Context::new(&self.params, self.paper, &labels);
        for kind in &self.sheets {
            let code = self.code(&rated.seed, kind.name());
            for page in ctx.pages(*kind, rated, &code) {
                emit(page)?;
            }
        }
        let code = self
            .code(&rated.seed, &sheets::SheetKind::code_list(&self.sheets))
            .to_string();
        Ok(crate::sheet::DocumentInfo::for_codes(
            &labels.game.get("game"),
            &[code],
            "",
        ))
    }

    pub fn document(&self, texts: &crate::text::Texts) -> Result<crate::sheet::Document> {
        let rated = self.deal()?;
        crate::sheet::Document::collect(|emit| self.pages(&rated, texts, emit))
    }
}
