//! A web request's fields made into a game's settings: the common options
//! ([`Common`]) and the game's own values ([`Values`]), checked by the same
//! library calls as the command line. No command line is built or parsed, so
//! a value starting with `-` is a value, and every refusal names the field.

use crate::error::{Error, Result};
use crate::game::{COMMON, Common, Game, Kind, Value, Values};
use crate::games::request::GameRequest;
use crate::seed::Seed;
use crate::text::Texts;
use std::cell::RefCell;
use std::rc::Rc;

/// Fields of a request that are not settings: which page to show, how sharp.
pub const VIEW_FIELDS: &[&str] = &["page", "dpi"];

/// A refusal: the line to show, and the field it is about when there is one
/// (a setting's name, or `GAME.SETTING` in a pack of several games).
#[derive(Debug, Clone, PartialEq)]
pub struct Refusal {
    pub status: u16,
    pub message: String,
    pub field: Option<String>,
    /// The message as data, worded in the page's language when sent.
    pub keyed: Option<crate::error::Keyed>,
}

impl Refusal {
    pub fn new(status: u16, message: impl Into<String>) -> Refusal {
        Refusal {
            status,
            message: crate::error::tidy(&message.into()),
            field: None,
            keyed: None,
        }
    }

    /// A refusal said as a message of the catalogues.
    pub fn msg(status: u16, msg: crate::message::Msg) -> Refusal {
        Refusal {
            keyed: Some(crate::error::Keyed {
                prefix: String::new(),
                msg: msg.clone(),
            }),
            ..Refusal::new(status, msg.words("en"))
        }
    }

    pub fn at(mut self, field: &str) -> Refusal {
        self.field = Some(field.to_string());
        self
    }

    /// A library error, at the field it names.
    pub fn from_error(e: Error) -> Refusal {
        let line = e.message.lines().next().unwrap_or("").to_string();
        Refusal {
            status: 400,
            message: crate::error::tidy(&line),
            field: e.field,
            keyed: e.keyed,
        }
    }

    /// The refusal as the page reads it: `{"error", "field"}`.
    pub fn json(&self) -> String {
        let mut j = serde_json::json!({ "error": self.message });
        if let Some(f) = &self.field {
            j["field"] = serde_json::Value::String(f.clone());
        }
        j.to_string()
    }
}

impl From<Error> for Refusal {
    fn from(e: Error) -> Refusal {
        Refusal::from_error(e)
    }
}

/// Every field name a game's form has: the common ones and its settings.
pub fn field_names(game: &dyn Game) -> Vec<&'static str> {
    COMMON
        .iter()
        .copied()
        .chain(game.settings().iter().map(|s| s.name))
        .collect()
}

/// What one game's form asks for, read but not yet made into a request.
#[derive(Clone)]
pub struct Asked {
    pub game: &'static dyn Game,
    pub seed: String,
    pub count: Option<String>,
    pub paper: Option<String>,
    pub sheets: Option<String>,
    pub lang: Option<String>,
    pub per_page: Option<String>,
    /// Large print, from its checkbox.
    pub large_print: bool,
    pub values: Values,
}

/// A game's settings with everything the checks need to make its sheets.
pub struct Made {
    pub request: GameRequest,
    /// The options every game takes, as checked.
    pub common: Common,
    pub texts: Rc<Texts>,
    pub per_page: usize,
}

impl Asked {
    /// Reads the fields of one game's form; an unknown field is refused. An
    /// empty field is a setting left at its default.
    pub fn read(game: &'static dyn Game, fields: &[(String, String)]) -> std::result::Result<Asked, Refusal> {
        let mut asked = Asked {
            game,
            seed: String::new(),
            count: None,
            paper: None,
            sheets: None,
            lang: None,
            per_page: None,
            large_print: false,
            values: Values::default(),
        };
        for (name, text) in fields {
            if VIEW_FIELDS.contains(&name.as_str()) {
                continue;
            }
            asked.set(name, text)?;
        }
        Ok(asked)
    }

    /// Sets one field: a common option or one of the game's settings.
    pub fn set(&mut self, name: &str, text: &str) -> std::result::Result<(), Refusal> {
        let given = (!text.trim().is_empty()).then(|| text.trim().to_string());
        match name {
            "seed" => self.seed = text.trim().to_string(),
            "count" => self.count = given,
            "paper" => self.paper = given,
            "sheets" => self.sheets = given,
            "lang" => self.lang = given,
            "per-page" => self.per_page = given,
            "large-print" => {
                self.large_print = match given.as_deref() {
                    None | Some("false") => false,
                    Some("true" | "on") => true,
                    Some(_) => return Err(Refusal::new(400, "large-print: on or off (true or false)").at(name)),
                }
            }
            _ => {
                let Some(setting) = self.game.settings().iter().find(|s| s.name == name) else {
                    let names: Vec<&str> = field_names(self.game);
                    return Err(Refusal::new(
                        400,
                        format!(
                            "{} is not a {} setting (its settings: {})",
                            crate::error::quote(name),
                            self.game.title(),
                            names.join(", ")
                        ),
                    ));
                };
                let Some(text) = given else { return Ok(()) };
                let value = match setting.kind {
                    Kind::Names { .. } => Value::Many(
                        text.split(',')
                            .map(|s| s.trim().to_string())
                            .filter(|s| !s.is_empty())
                            .chain(self.values.names_of(name))
                            .collect(),
                    ),
                    // A file setting comes as the file's text.
                    Kind::File => Value::Table(
                        toml::from_str(&text)
                            .map_err(|e| Refusal::new(400, format!("{name}: {}", e.message().trim())).at(name))?,
                    ),
                    _ => Value::One(text),
                };
                self.values.set(name, value);
            }
        }
        Ok(())
    }

    /// The request these settings stand for, checked as the command line
    /// checks it, with the texts to print it in.
    pub fn make(&self) -> std::result::Result<Made, Refusal> {
        let refuse = Refusal::from_error;
        if self.seed.is_empty() {
            return Err(Refusal::new(400, "seed: give a seed, so the sheets can be made again").at("seed"));
        }
        let seed = Seed::new(&self.seed).map_err(|e| refuse(e.into()))?;
        let count = whole("count", self.count.as_deref(), 1).map_err(refuse)?;
        let per_page = whole("per-page", self.per_page.as_deref(), 1).map_err(refuse)?;
        if ![1, 2, 4].contains(&per_page) {
            return Err(Refusal::new(400, format!("per-page: {per_page} is not 1, 2 or 4")).at("per-page"));
        }
        let paper = crate::config::paper(self.paper.as_deref().unwrap_or("a4")).map_err(refuse)?;
        let lang = self.lang.as_deref().unwrap_or("en");
        let texts = texts(lang).map_err(|e| Refusal::new(400, format!("lang: {e}")).at("lang"))?;
        let common = Common {
            seed,
            random_seed: false,
            count,
            paper,
            sheets: self.sheets.clone(),
            style: crate::sheet::Style::large(self.large_print),
        };
        let request: GameRequest = crate::game::request(self.game, &common, &self.values)
            .map_err(refuse)?
            .into();
        // The simulated games first: checking the texts may rate the layout.
        super::work::check_games(request.simulated_games(), super::work::lower_sheets())?;
        request.check(&texts).map_err(refuse)?;
        Ok(Made {
            request,
            common,
            texts,
            per_page,
        })
    }
}

/// The texts of a language, loaded once on each worker thread: loading
/// compiles every template, which costs more than drawing a map. What they
/// keep (texts rendered for a game and its settings) is the same whatever was
/// made before, so every document's bytes are too.
pub fn texts(lang: &str) -> Result<Rc<Texts>> {
    thread_local! {
        static LOADED: RefCell<Vec<Rc<Texts>>> = const { RefCell::new(Vec::new()) };
    }
    LOADED.with(|loaded| {
        if let Some(t) = loaded.borrow().iter().find(|t| t.lang() == lang) {
            return Ok(t.clone());
        }
        let t = Rc::new(crate::games::texts(lang, None)?);
        loaded.borrow_mut().push(t.clone());
        Ok(t)
    })
}

/// A whole number field, `default` when not given.
pub fn whole(name: &str, text: Option<&str>, default: usize) -> Result<usize> {
    match text {
        None => Ok(default),
        Some(t) => t
            .trim()
            .parse()
            .map_err(|_| Error::setting(name, format!("{} is not a whole number", crate::error::quote(t)))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    fn made(game: &str, pairs: &[(&str, &str)]) -> std::result::Result<Made, Refusal> {
        let game = crate::games::find(game).unwrap();
        Asked::read(game, &fields(pairs))?.make()
    }

    #[test]
    fn fields_become_the_same_request_as_the_flags() {
        let m = made("tp-hunt", &[("seed", "7"), ("players", "3"), ("paper", "letter")]).unwrap();
        assert_eq!(
            m.request.code().unwrap(),
            "tp-hunt:5-ytjyj:g12-s12-a10-d7-p3:letter:default:7"
        );
        let m = made("panic-buy", &[("seed", "9"), ("rule-off", "tp-loop,first-fair")]).unwrap();
        assert!(
            m.request.code().unwrap().contains("-xtp-loop"),
            "{}",
            m.request.code().unwrap()
        );
    }

    #[test]
    fn a_value_starting_with_a_dash_is_a_value_not_a_flag() {
        let m = made("tp-hunt", &[("seed", "--players")]).unwrap();
        assert_eq!(m.request.seed().text(), "--players");
        let e = made("tp-hunt", &[("seed", "1"), ("players", "-3")]).err().unwrap();
        assert_eq!(e.field.as_deref(), Some("players"), "{e:?}");
    }

    #[test]
    fn refusals_name_their_field() {
        for (game, pairs, field, says) in [
            (
                "tp-hunt",
                vec![("seed", "1"), ("players", "9")],
                "players",
                "out of range",
            ),
            ("tp-hunt", vec![("seed", "1"), ("stores", "200")], "stores", "200"),
            ("tp-hunt", vec![("players", "3")], "seed", "give a seed"),
            ("tp-hunt", vec![("seed", "1"), ("count", "x")], "count", "whole number"),
            ("ppe", vec![("seed", "1"), ("faces", "mask = [")], "faces", "faces"),
            ("ppe", vec![("seed", "1"), ("target", "0")], "target", "target"),
            (
                "tp-hunt",
                vec![("seed", "1"), ("per-page", "3")],
                "per-page",
                "1, 2 or 4",
            ),
            ("tp-hunt", vec![("seed", "1"), ("grid", "4")], "stores", "do not fit"),
        ] {
            let e = made(game, &pairs)
                .err()
                .unwrap_or_else(|| panic!("{pairs:?} is refused"));
            assert_eq!(e.field.as_deref(), Some(field), "{pairs:?}: {e:?}");
            assert!(e.message.contains(says), "{pairs:?}: {}", e.message);
            assert!(!e.message.contains("--"), "no flags in {}", e.message);
        }
        let e = made("tp-hunt", &[("seed", "1"), ("output", "/etc/passwd")])
            .err()
            .unwrap();
        assert!(
            e.message.contains("not a TP Hunt setting") && e.field.is_none(),
            "{e:?}"
        );
    }
}
