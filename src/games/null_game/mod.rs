//! The null game: the smallest game the registry takes, built only for tests
//! (`cfg(test)`, and the `test-game` feature that `cargo test` turns on) so
//! that every registry-driven test also runs on a game the others never
//! named; and the template a new game starts from (ARCHITECTURE.md), as
//! sgt-puzzles' `nullgame.c` is.
//!
//! The game: a row of numbers from 1 to 6 is dealt from the seed. In turn
//! each player rolls a die and, where the row has that number and they have
//! not yet written it, writes it in their column of the pad; the first to
//! have written the whole row wins.
//!
//! Here: the settings, the generator, the rule engine, the request and the
//! sheets; `declare.rs`: what the registry sees; `texts/`: every word, in
//! English and German.

pub mod declare;

use rand::Rng;
use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};
use crate::fonts::FontRole::{Bold, Regular};
use crate::games::Violation;
use crate::kit::Kit;
use crate::seed::{Seed, SheetCode};
use crate::sheet::{DocumentInfo, MARGIN_MM, Page, Paper, Role, Stroke, Style};
use crate::text::{GameTexts, Texts};

pub const GAME: &str = "null-game";

/// The game's messages: its refusals, verdicts and reports, in every language.
pub static MESSAGES: crate::message::Book = game_messages!();
/// Generator version: what a code's version names. Raise it only when a
/// seed would deal another row; codes of earlier versions keep theirs.
pub const VERSION: u32 = 1;
pub const PLAYER_RANGE: (u32, u32) = (1, 6);
/// Numbers in the row.
pub const LENGTH_RANGE: (u32, u32) = (1, 12);

sheet_kinds! {
    /// The row to cross off.
    Card => "card",
    /// One column a player, a line a round.
    Pad => "pad",
    Rules => "rules";
    default: [Card, Pad, Rules]
}

/// The settings that shape a game.
#[derive(Debug, Clone, PartialEq)]
pub struct Params {
    pub players: u32,
    pub length: u32,
}

impl Default for Params {
    fn default() -> Params {
        Params { players: 2, length: 6 }
    }
}

impl Params {
    pub fn check(&self) -> Result<()> {
        for (name, value, (lo, hi)) in [
            ("players", self.players, PLAYER_RANGE),
            ("length", self.length, LENGTH_RANGE),
        ] {
            if !(lo..=hi).contains(&value) {
                return Err(Error::setting_msg(name, crate::game::out_of_range(value, lo, hi)));
            }
        }
        Ok(())
    }

    /// The settings part of a sheet code: `p2-l6`.
    pub fn code(&self) -> String {
        format!("p{}-l{}", self.players, self.length)
    }

    pub fn from_code(text: &str) -> Result<Params> {
        let bad = || crate::seed::settings_not_in_form("Null Game", text, "pN-lN");
        let (p, l) = text.split_once('-').ok_or_else(bad)?;
        let number = |part: &str, prefix: char| part.strip_prefix(prefix).and_then(|n| n.parse().ok());
        let params = Params {
            players: number(p, 'p').ok_or_else(bad)?,
            length: number(l, 'l').ok_or_else(bad)?,
        };
        params.check()?;
        Ok(params)
    }
}

/// The generator: `length` numbers from 1 to 6, from the seed alone.
pub fn generate(params: &Params, seed: &Seed) -> Vec<u8> {
    let mut rng = seed.stream("row", 0);
    (0..params.length).map(|_| rng.gen_range(1..=6)).collect()
}

/// The rules the engine checks: (name, what).
pub const RULES: &[(&str, &str)] = &[
    ("length", "null-game.check.length"),
    ("faces", "null-game.check.faces"),
];

/// The rule engine: every rule a row breaks for these settings.
pub fn validate(params: &Params, row: &[u8]) -> Vec<Violation> {
    let mut broken = Vec::new();
    if row.len() != params.length as usize {
        let found = crate::msg!(MESSAGES, "null-game.length", found = row.len(), n = params.length);
        broken.push(Violation::keyed("length", found));
    }
    for (i, n) in row.iter().enumerate().filter(|(_, n)| !(1..=6).contains(*n)) {
        let face = crate::msg!(MESSAGES, "null-game.face", i = i + 1, n = *n);
        broken.push(Violation::keyed("faces", face));
    }
    broken
}

/// A row as `--format json` writes it and `validate` reads it.
#[derive(Debug, Serialize, Deserialize)]
pub struct RowJson {
    pub seed: String,
    pub code: String,
    pub row: Vec<u8>,
}

/// One request for the null game's sheets.
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    pub params: Params,
    pub seed: Seed,
    pub paper: Paper,
    pub style: Style,
    pub sheets: Vec<SheetKind>,
    /// The sheets the code names when fewer of them print.
    pub code_sheets: Option<Vec<SheetKind>>,
}

impl Request {
    pub fn from_code(code: &SheetCode) -> Result<Request> {
        code.check_version("the null game", VERSION)?;
        Ok(Request {
            params: Params::from_code(&code.params)?,
            seed: code.seed.clone(),
            paper: code.paper()?,
            style: Style::Standard,
            sheets: SheetKind::parse_list(&code.sheets)?,
            code_sheets: None,
        })
    }

    /// The sheets of the set the code names.
    fn set(&self) -> &[SheetKind] {
        self.code_sheets.as_deref().unwrap_or(&self.sheets)
    }

    pub fn code(&self) -> SheetCode {
        let sheets = SheetKind::code_list(self.set());
        SheetCode::new(GAME, VERSION, self.params.code(), self.paper, &sheets, &self.seed)
    }

    fn texts(&self, texts: &Texts) -> Result<std::rc::Rc<GameTexts>> {
        let mut ctx = tera::Context::new();
        ctx.insert("players", &self.params.players);
        ctx.insert("length", &self.params.length);
        Ok(texts.game(GAME, &ctx)?)
    }

    pub fn json(&self) -> Result<String> {
        self.params.check()?;
        Ok(crate::games::readable_json(&RowJson {
            seed: self.seed.text().to_string(),
            code: self.code().to_string(),
            row: generate(&self.params, &self.seed),
        }))
    }

    pub fn preview(&self, texts: &Texts) -> Result<String> {
        self.params.check()?;
        let row: Vec<String> = generate(&self.params, &self.seed).iter().map(u8::to_string).collect();
        let label = self.texts(texts)?.common.get("code_label");
        Ok(format!("{label}: {}\n{}\n", self.code(), row.join(" ")))
    }

    pub fn pages(&self, texts: &Texts, emit: &mut dyn FnMut(Page) -> Result<()>) -> Result<DocumentInfo> {
        self.params.check()?;
        let gt = self.texts(texts)?;
        let kit = Kit::new(self.paper, self.style, &gt);
        let code = self.code();
        for kind in &self.sheets {
            match kind {
                SheetKind::Card => emit(self.card(&kit, &gt, &code))?,
                SheetKind::Pad => emit(self.pad(&kit, &gt, &code))?,
                SheetKind::Rules => {
                    for page in kit.prose_pages(&gt.game.get("rules_title"), &gt.rules, &code) {
                        emit(page)?;
                    }
                }
            }
        }
        let codes = crate::sheet::Codes::one(&code.to_string());
        Ok(DocumentInfo::for_codes(&gt.game.get("game"), codes, ""))
    }

    /// The row, a box a number, under the title.
    fn card(&self, kit: &Kit, gt: &GameTexts, code: &SheetCode) -> Page {
        let mut page = kit.page();
        kit.title(&mut page, &gt.game.get("card_title"));
        kit.subtitle(&mut page, &gt.game.get("card_intro"), 10.0);
        let row = generate(&self.params, &self.seed);
        let room = page.width - 2.0 * MARGIN_MM - 4.0;
        let side = (room / row.len() as f32).min(18.0);
        let left = (page.width - side * row.len() as f32) / 2.0;
        let top = MARGIN_MM + 26.0;
        let numbers: Vec<String> = row.iter().map(u8::to_string).collect();
        let alt = format!("{} {}", gt.game.get("row_alt"), numbers.join(", "));
        let size = kit.style.text_pt(20.0);
        page.figure(alt, |page| {
            for (i, n) in numbers.iter().enumerate() {
                let x = left + side * i as f32;
                page.rect(x, top, side, side, Some(kit.style.stroke(Stroke::solid(1.0))), None);
                page.centred_text(x + side / 2.0, top + side / 2.0, size, Bold, n);
            }
        });
        kit.code(&mut page, code);
        page
    }

    /// A line a round, a column a player, boxes tall enough to write in.
    fn pad(&self, kit: &Kit, gt: &GameTexts, code: &SheetCode) -> Page {
        let mut page = kit.page();
        kit.title(&mut page, &gt.game.get("pad_title"));
        let row_h = kit.style.min_writing_mm() + 1.0;
        let (left, top) = (MARGIN_MM + 2.0, MARGIN_MM + 20.0);
        let width = page.width - 2.0 * left;
        let first = 22.0;
        let players = self.params.players as usize;
        let col = (width - first) / players as f32;
        let rows = (((kit.content_bottom(&page) - top) / row_h) as usize).saturating_sub(1).min(15);
        let mut widths = vec![first];
        widths.extend(std::iter::repeat_n(col, players));
        let short = gt.game.get("player_short");
        let heads: Vec<String> = std::iter::once(gt.game.get("round"))
            .chain((1..=players).map(|p| format!("{short}{p}")))
            .collect();
        let heads: Vec<&str> = heads.iter().map(String::as_str).collect();
        page.role(Role::Table, |page| {
            page.table((left, top), &widths, row_h, &heads, rows);
            for r in 1..=rows {
                let y = top + row_h * r as f32;
                page.role(Role::Row, |page| {
                    page.role(Role::RowHeader, |page| {
                        let size = kit.style.text_pt(9.0);
                        page.centred_text(left + first / 2.0, y + row_h / 2.0, size, Regular, &r.to_string())
                    });
                });
                for p in 0..players {
                    page.writing_cell(left + first + col * p as f32, y, col, row_h);
                }
            }
        });
        kit.code(&mut page, code);
        page
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_is_dealt_from_the_seed_alone_and_passes_its_rules() {
        let p = Params::default();
        let seed = Seed::new("7").unwrap();
        let row = generate(&p, &seed);
        assert_eq!(row, generate(&p, &seed));
        assert_eq!(row.len(), 6);
        assert!(validate(&p, &row).is_empty());
    }

    #[test]
    fn the_engine_names_each_broken_rule() {
        let broken = validate(&Params::default(), &[1, 7, 3]);
        let rules: Vec<&str> = broken.iter().map(|v| v.rule).collect();
        assert_eq!(rules, ["length", "faces"]);
    }

    #[test]
    fn settings_read_back_from_their_code_and_bad_ones_are_named() {
        let p = Params { players: 3, length: 9 };
        assert_eq!(Params::from_code(&p.code()).unwrap(), p);
        assert!(Params::from_code("p9-l6").unwrap_err().message.starts_with("players:"));
        assert!(Params::from_code("p2").is_err());
    }
}
