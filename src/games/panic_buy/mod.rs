//! Panic Buy, the board game (rules text: seeds/000, RULES.md "Panic Buy"). The
//! text describes a fixed board whose picture is missing; we generate 8 x 8
//! boards and print only those the rule engine proves playable.

mod board;
pub mod declare;
pub mod game;
mod generate;
mod json;
pub mod moves;
mod params;
pub mod policy;
mod rating;
mod rules;
pub mod sheets;

pub use board::*;
pub use generate::*;
pub use json::*;
pub use params::*;
pub use rating::*;
pub use rules::*;

// What the parts share (each takes `use super::*`).
use rand::Rng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeSet, VecDeque};

use crate::error::{Error, Result};
use crate::games::{Violation, generate_valid};
use crate::grid::{Cell, Grid, cell};
use crate::seed::{Seed, SheetCode};

pub const GAME: &str = "panic-buy";

/// The game's messages: its refusals, verdicts and reports, in every language.
pub static MESSAGES: crate::message::Book = game_messages!();
/// Generator version: the board-making algorithm a code names. It changes
/// only when a seed would give a different board; sheets always print in the
/// current design, and every version's codes still make their boards.
/// 2: boards also keep the good-board rules ([`GoodRule`]); codes of version 1
/// still make their boards without them.
/// 3: boards are also kept by their simulated rating (length and fairness).
/// 4: the same boards as 3 (it once marked a sheet change).
/// 5: boards are rated by games played with the rulings of version 5
/// ([`game::Rulings`]) and a policy that chooses between equally good walks
/// at random, kept in length bands measured with them and by the arrows'
/// balance ([`GoodRule::ArrowBalance`]).
/// 6: boards are rated by games played with the rulings of version 6
/// (Sanitiser a choice, no step straight back in the whole turn, walks onto
/// the Virus or the Dog offered where no walk uses the whole roll), kept in
/// length bands measured with them.
/// 7: boards are rated by games in which Social distance moves no basket
/// still on the road (the same length bands; about 1 seed in 20 keeps
/// another board).
/// 8: boards also keep [`GoodRule::UnitsWhole`]: no inside wall cuts a unit
/// in two (it did on about 1 board in 13).
pub const VERSION: u32 = 8;
pub const SIZE: u16 = 8;
const GRID: Grid = Grid { size: SIZE };

/// One request for Panic Buy output.
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    pub params: Params,
    pub seed: Seed,
    pub count: usize,
    pub paper: crate::sheet::Paper,
    /// Standard or large print: how the sheets are drawn, never the game.
    pub style: crate::sheet::Style,
    pub layout: sheets::BoardLayout,
    pub sheets: Vec<sheets::SheetKind>,
    /// The players' names, on their player cards.
    pub seats: crate::game::Seats,
    /// The sheets the code names when fewer of them print (a sheet of a
    /// set printed again alone): every page carries the set's code.
    pub code_sheets: Option<Vec<sheets::SheetKind>>,
}

impl Request {
    pub fn check(&self) -> Result<()> {
        self.params.check()?;
        if !(1..=crate::game::MAX_COUNT).contains(&self.count) {
            let range = crate::game::out_of_range(self.count, 1, crate::game::MAX_COUNT);
            return Err(Error::setting_msg("count", range));
        }
        Ok(())
    }

    /// The sheets as the code prints them.
    pub(crate) fn sheet_list(&self) -> String {
        sheets::SheetKind::code_list(self.set())
    }

    /// The sheets of the set the code names: every page of it carries
    /// the set's code, also when it prints alone.
    pub fn set(&self) -> &[sheets::SheetKind] {
        self.code_sheets.as_deref().unwrap_or(&self.sheets)
    }

    /// Settings in the code include the board layout: `p3-race-b6-12` plus `-tiled`.
    pub fn code(&self, seed: &Seed, sheets: &str) -> SheetCode {
        let mut params = self.params.code();
        if self.layout == sheets::BoardLayout::Tiled {
            params.push_str("-tiled");
        }
        SheetCode::new(GAME, self.params.version, params, self.paper, sheets, seed)
    }

    pub fn from_code(code: &SheetCode) -> Result<Request> {
        // Every earlier version's codes still make their boards.
        if !(1..VERSION).contains(&code.version) {
            code.check_version("Panic Buy", VERSION)?;
        }
        let (params, layout) = match code.params.strip_suffix("-tiled") {
            Some(p) => (p, sheets::BoardLayout::Tiled),
            None => (code.params.as_str(), sheets::BoardLayout::Single),
        };
        Ok(Request {
            params: Params::from_code(params, code.version)?,
            seed: code.seed.clone(),
            count: 1,
            paper: code.paper()?,
            style: crate::sheet::Style::Standard,
            layout,
            sheets: sheets::SheetKind::parse_list(&code.sheets)?,
            seats: Default::default(),
            code_sheets: None,
        })
    }

    /// The boards, made one at a time as they are asked for.
    pub fn boards(&self) -> Result<impl Iterator<Item = Result<(Seed, Board)>> + '_> {
        self.check()?;
        Ok((1..=self.count).map(|k| {
            let seed = self.seed.nth(k);
            generate_for_seed(&self.params, &seed).map(|b| (seed, b))
        }))
    }

    pub fn json(&self) -> Result<String> {
        let list = self.sheet_list();
        let boards: Vec<BoardJson> = self
            .boards()?
            .map(|r| r.map(|(s, b)| BoardJson::new(Some(&s), Some(&self.code(&s, &list)), &b)))
            .collect::<Result<_>>()?;
        Ok(crate::games::json_one_or_many(&boards))
    }

    pub fn texts(&self, texts: &crate::text::Texts) -> Result<std::rc::Rc<crate::text::GameTexts>> {
        Ok(texts.game(GAME, &self.text_context(None))?)
    }

    /// A board's rating in player words. Rendered on its own, not kept: a
    /// run of many boards must not hold a set of texts for each.
    pub(crate) fn rating_note(&self, texts: &crate::text::Texts, rating: &BoardRating) -> Result<String> {
        Ok(texts
            .labels(GAME, &self.text_context(Some(&Ratings::of(rating))))?
            .get("rating"))
    }

    /// A board's rating as a teacher key prints it under the board's code:
    /// for a request of one board.
    pub(crate) fn key_rating(&self, texts: &crate::text::Texts) -> Result<Option<String>> {
        if self.count != 1 {
            return Ok(None);
        }
        let Some(made) = self.boards()?.next() else {
            return Ok(None);
        };
        let (_, board) = made?;
        let r = Ratings::of(&printed_rating(&self.params, &board));
        Ok(Some(
            texts.labels(GAME, &self.text_context(Some(&r)))?.get("key_rating"),
        ))
    }

    /// What the texts are rendered with, and the boards' ratings where given.
    fn text_context(&self, ratings: Option<&Ratings>) -> tera::Context {
        let p = &self.params;
        let mut ctx = tera::Context::new();
        ctx.insert("players", &p.players);
        // Player cards that carry names (a class pack) decide the seats.
        ctx.insert("named", &!self.seats.names.is_empty());
        ctx.insert("mode", p.mode.name());
        ctx.insert("tp", &p.toilet_paper());
        ctx.insert("length", p.length.name());
        let r = ratings.copied().unwrap_or_default();
        let one = &r.first;
        ctx.insert("games", &one.games);
        ctx.insert("median", &one.median_rounds);
        ctx.insert("p90", &one.p90_rounds);
        ctx.insert("minutes", &play_minutes(p, one.median_rounds));
        ctx.insert("first", &(100.0 * one.first_player_win_share).round());
        // Its printed ±: one standard error of the share, in whole points.
        let share = one.first_player_win_share;
        let finished = one.games.saturating_sub(one.stalled).max(1) as f64;
        ctx.insert("first_se", &(100.0 * (share * (1.0 - share) / finished).sqrt()).round().max(1.0));
        ctx.insert("equal", &(100.0 / p.teams() as f64).round());
        ctx.insert("boards", &r.boards);
        ctx.insert("median_lo", &r.median.0);
        ctx.insert("median_hi", &r.median.1);
        ctx.insert("minutes_lo", &play_minutes(p, r.median.0));
        ctx.insert("minutes_hi", &play_minutes(p, r.median.1));
        ctx.insert("p90_most", &r.p90_most);
        // The text's own claim of a game's length, and whether ours differs.
        let (claim_lo, claim_hi) = p.text_minutes();
        let outside = |lo: u32, hi: u32| lo < claim_lo || hi > claim_hi;
        ctx.insert("claim_lo", &claim_lo);
        ctx.insert("claim_hi", &claim_hi);
        let one = play_minutes(p, one.median_rounds);
        ctx.insert("claim_differs_one", &outside(one, one));
        ctx.insert(
            "claim_differs",
            &outside(play_minutes(p, r.median.0), play_minutes(p, r.median.1)),
        );
        ctx.insert("tally_rows", &r.tally_rows());
        ctx
    }

    pub fn preview(&self, texts: &crate::text::Texts) -> Result<String> {
        let label = self.texts(texts)?.common.get("code_label");
        let list = self.sheet_list();
        let mut out = String::new();
        for made in self.boards()? {
            let (s, b) = made?;
            out.push_str(&format!("{label}: {}\n{}\n", self.code(&s, &list), describe(&b)));
        }
        Ok(out)
    }

    /// Each board's board sheet in turn, then the components and tally pad once:
    /// they are the same for every board with these settings.
    pub fn pages(
        &self,
        texts: &crate::text::Texts,
        mut emit: impl FnMut(crate::sheet::Page) -> Result<()>,
    ) -> Result<crate::sheet::DocumentInfo> {
        let gt = self.texts(texts)?;
        let ctx = sheets::Context::new(&self.params, self.layout, self.paper, self.style, &gt, &self.seats);
        let list = self.sheet_list();
        let mut codes = crate::sheet::Codes::default();
        let mut first = None;
        // The rules and the tally quote the boards' ratings: made as the
        // boards are, and only when a sheet prints them.
        let rated = [
            sheets::SheetKind::Board,
            sheets::SheetKind::Rules,
            sheets::SheetKind::Tally,
        ];
        let wants_ratings = self.sheets.iter().any(|k| rated.contains(k));
        let mut ratings: Option<Ratings> = None;
        for made in self.boards()? {
            let (seed, board) = made?;
            if wants_ratings {
                let r = printed_rating(&self.params, &board);
                match ratings.as_mut() {
                    Some(all) => all.add(&r),
                    None => ratings = Some(Ratings::of(&r)),
                }
                if self.sheets.contains(&sheets::SheetKind::Board) {
                    let note = self.rating_note(texts, &r)?;
                    for page in ctx.board_pages(&board, &self.code(&seed, &list), Some(&note)) {
                        emit(page)?;
                    }
                }
            }
            codes.push(&self.code(&seed, &list).to_string());
            first.get_or_insert((seed, board));
        }
        let (first_seed, first_board) = &first.expect("a request has at least one board");
        let gt = texts.game(GAME, &self.text_context(ratings.as_ref()))?;
        let ctx = sheets::Context {
            tally_rows: ratings.unwrap_or_default().tally_rows(),
            ..sheets::Context::new(&self.params, self.layout, self.paper, self.style, &gt, &self.seats)
        };
        for kind in self.sheets.iter().filter(|k| **k != sheets::SheetKind::Board) {
            for page in ctx.pages(*kind, first_board, &self.code(first_seed, &list)) {
                emit(page)?;
            }
        }
        Ok(crate::sheet::DocumentInfo::for_codes(
            &gt.game.get("game"),
            codes,
            &gt.game.get("boards"),
        ))
    }

    pub fn document(&self, texts: &crate::text::Texts) -> Result<crate::sheet::Document> {
        crate::sheet::Document::collect(|emit| self.pages(texts, emit))
    }
}

#[cfg(test)]
mod tests;
