//! A web request's fields made into what a job takes: each field given to
//! the one input step ([`crate::jobs::DocumentInput`]) that the command line
//! fills from its flags, so both check alike. No command line is built or
//! parsed, so a value starting with `-` is a value, and every refusal names
//! the field.

use crate::error::{Error, Result};
use crate::game::Game;
use crate::games::request::GameRequest;
use crate::jobs::DocumentInput;
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

/// A game's request with everything the checks need to make its sheets.
pub struct Made {
    pub request: GameRequest,
    pub texts: Rc<Texts>,
    pub per_page: usize,
}

/// The fields of one game's form, given to the input step: an empty field
/// is a setting left at its default, an unknown field is refused.
pub fn read(game: &'static dyn Game, fields: &[(String, String)]) -> std::result::Result<DocumentInput, Refusal> {
    let mut input = DocumentInput::new(game);
    let known = input.field_names();
    for (name, text) in fields {
        let text = text.trim();
        if VIEW_FIELDS.contains(&name.as_str()) || (text.is_empty() && known.contains(&name.as_str())) {
            continue;
        }
        input.field(name, text)?;
    }
    Ok(input)
}

/// The request the fields stand for, checked as the command line checks
/// it, with the texts to print it in.
pub fn make(input: &DocumentInput) -> std::result::Result<Made, Refusal> {
    let spec = input.build()?;
    let texts = texts(&spec.lang).map_err(|e| Refusal::from(e.at("lang")))?;
    // The simulated games first: checking the texts may rate the layout.
    super::work::check_games(spec.request.simulated_games(), super::work::lower_sheets())?;
    spec.request.check(&texts)?;
    Ok(Made {
        request: spec.request,
        texts,
        per_page: spec.per_page,
    })
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

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    fn made(game: &str, pairs: &[(&str, &str)]) -> std::result::Result<Made, Refusal> {
        let game = crate::games::find(game).unwrap();
        make(&read(game, &fields(pairs))?)
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
