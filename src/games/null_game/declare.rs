//! The null game as the registry sees it: its declaration, and its request,
//! validation and rules behind the common game interface.

use super::{GAME, LENGTH_RANGE, PLAYER_RANGE, Params, Request, RowJson, SheetKind, VERSION};
use crate::error::{Error, Result};
use crate::game::{Common, Declaration, Kind, RuleLine, Sample, Setting, Values, Verdict};
use crate::seed::{Seed, SheetCode};
use crate::sheet::{DocumentInfo, Page, Paper};
use crate::text::Texts;

pub struct NullGame;

const SETTINGS: &[Setting] = &[
    Setting {
        name: "players",
        kind: Kind::Number {
            min: PLAYER_RANGE.0 as i64,
            max: PLAYER_RANGE.1 as i64,
        },
        default: "2",
        help: "Players: one column each on the pad.",
        sets: &[],
    },
    Setting {
        name: "length",
        kind: Kind::Number {
            min: LENGTH_RANGE.0 as i64,
            max: LENGTH_RANGE.1 as i64,
        },
        default: "6",
        help: "Numbers in the row to write down.",
        sets: &[],
    },
];

const DECLARATION: Declaration = Declaration {
    name: GAME,
    title: "Null Game",
    version: VERSION,
    about: "Null Game (for tests): a row of numbers to roll, a pad, the rules.",
    example: "null-game --seed 7 --players 3",
    settings: SETTINGS,
    players: Some("players"),
    sheets: SheetKind::NAMES,
    default_sheets: SheetKind::DEFAULT_NAMES,
    small_sheets: &["pad"],
    large_print_sheets: SheetKind::NAMES,
    player_sheets: &[],
    pages_grow_with: &[],
    sheets_need: &[],
    actions: &[],
    texts: game_texts!("null-game"),
    messages: &super::MESSAGES,
    samples: &[
        Sample {
            settings: &[],
            sheets: "all",
        },
        Sample {
            settings: &[("players", "6"), ("length", "12")],
            sheets: "card,pad",
        },
    ],
};

/// The settings given, over the defaults, checked.
fn params(values: &Values) -> Result<Params> {
    let defaults = Params::default();
    let params = Params {
        players: values.number("players")?.unwrap_or(defaults.players),
        length: values.number("length")?.unwrap_or(defaults.length),
    };
    params.check()?;
    Ok(params)
}

impl crate::game::Game for NullGame {
    fn declaration(&self) -> &'static Declaration {
        &DECLARATION
    }

    fn request(&self, common: &Common, values: &Values) -> Result<Box<dyn crate::game::Request>> {
        Ok(Box::new(Request {
            params: params(values)?,
            seed: common.seed.clone(),
            paper: common.paper,
            style: common.style,
            sheets: SheetKind::parse_list(common.sheets.as_deref().unwrap_or("default"))?,
            code_sheets: None,
        }))
    }

    fn request_for_code(&self, code: &SheetCode) -> Result<Box<dyn crate::game::Request>> {
        Ok(Box::new(Request::from_code(code)?))
    }

    /// A row as `--format json` writes it, judged by its own code's settings
    /// (or by the values given).
    fn validate(&self, name: &str, text: &str, values: &Values) -> Result<Verdict> {
        let json: RowJson = crate::json::from_str(text)
            .map_err(|why| Error::msg(crate::msg!(super::MESSAGES, "null-game.not_a_row", why = why)).within(name))?;
        let params = match SheetCode::parse(&json.code) {
            Ok(code) if values.is_empty() && code.game == GAME => Params::from_code(&code.params)?,
            _ => params(values)?,
        };
        Ok(Verdict {
            broken: super::validate(&params, &json.row).into_iter().map(|v| (None, v)).collect(),
            legal: crate::msg!(super::MESSAGES, "null-game.legal", name = name, rules = super::RULES.len()),
        })
    }

    fn rules(&self) -> Vec<RuleLine> {
        super::RULES
            .iter()
            .map(|(name, key)| RuleLine {
                name,
                what: super::MESSAGES.msg(key),
                kind: crate::msg!("rule.kind.game"),
            })
            .collect()
    }
}

impl crate::game::Request for Request {
    request_basics!();
    fn with_seed(&self, seed: Seed) -> Box<dyn crate::game::Request> {
        Box::new(Request { seed, ..self.clone() })
    }
    fn check(&self, texts: &Texts) -> Result<()> {
        self.params.check()?;
        self.texts(texts).map(|_| ())
    }
    fn code(&self) -> Result<String> {
        Ok(Request::code(self).to_string())
    }
}
