//! A web request's fields made into what a job takes: each field given to
//! the one input step ([`crate::jobs::DocumentInput`]) that the command line
//! fills from its flags, so both check alike. No command line is built or
//! parsed, so a value starting with `-` is a value, and every refusal names
//! the field.

use super::refusal::Refusal;
use super::work::{Made, check_games, lower_sheets};
use crate::error::Result;
use crate::game::Game;
use crate::jobs::DocumentInput;
use crate::text::Texts;
use std::cell::RefCell;
use std::rc::Rc;

/// Fields of a request that are not settings: which page to show, how sharp.
pub const VIEW_FIELDS: &[&str] = &["page", "dpi"];

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
    check_games(spec.request.simulated_games(), lower_sheets())?;
    spec.request.check(&texts)?;
    Ok(Made {
        request: spec.request,
        texts,
        per_page: spec.per_page,
        asked: Some(input.clone()),
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
            "tp-hunt:6-tmzv1:g12-s12-a10-d7-p3:letter:default:7"
        );
        let m = made("panic-buy", &[("seed", "9"), ("rule-off", "tp-loop,first-fair")]).unwrap();
        assert!(
            m.request.code().unwrap().contains("-xtp-loop"),
            "{}",
            m.request.code().unwrap()
        );
    }

    #[test]
    fn simulated_games_over_the_budget_are_refused_before_a_layout_is_rated() {
        let e = made(
            "particle-panic",
            &[("seed", "1"), ("simulations", "1000000"), ("count", "2")],
        )
        .err()
        .expect("2,000,000 simulated games are refused");
        assert_eq!(e.status, 422);
        assert!(e.message.contains("2,000,000 simulated games"), "{}", e.message);
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
