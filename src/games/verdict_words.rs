//! The words of every game's rule check in German: a layout of each game
//! of the registry, broken in every small way one change can break it,
//! through the game's own `validate`, and each verdict and error it gives
//! worded by keys German has, with no English left but the names and input
//! it quotes (a file's own values read by the parser included).

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;

use crate::game::{Common, Values};
use crate::message::Msg;
use crate::seed::Seed;

/// Words of English sentences that German ones do not use.
const ENGLISH: [&str; 10] = [
    " is ", " the ", " not ", " and ", " has ", " at ", "cannot", "must", "found", " are ",
];

/// Every layout one change away from `layout`: a list item dropped, doubled
/// or swapped with the next, a list emptied, a field left out, a text
/// replaced by another text of the layout or one of its characters by
/// another, a number moved by one or set to 0.
fn broken(layout: &Value) -> Vec<Value> {
    let mut texts = BTreeSet::new();
    let mut letters = BTreeSet::new();
    leaves(layout, &mut |v| {
        if let Value::String(s) = v {
            texts.insert(s.clone());
            letters.extend(s.chars());
        }
    });
    let mut pointers = Vec::new();
    walk(layout, String::new(), &mut pointers);
    let mut out = Vec::new();
    let mut changed = |pointer: &str, change: &dyn Fn(&mut Value)| {
        let mut copy = layout.clone();
        if let Some(v) = copy.pointer_mut(pointer) {
            change(v);
            out.push(copy);
        }
    };
    for pointer in &pointers {
        match layout.pointer(pointer).expect("walked") {
            Value::Array(items) => {
                for i in 0..items.len() {
                    changed(pointer, &|v| drop(v.as_array_mut().unwrap().remove(i)));
                    changed(pointer, &|v| {
                        let list = v.as_array_mut().unwrap();
                        list.insert(i, list[i].clone());
                    });
                    if i + 1 < items.len() {
                        changed(pointer, &|v| v.as_array_mut().unwrap().swap(i, i + 1));
                    }
                }
                changed(pointer, &|v| v.as_array_mut().unwrap().clear());
            }
            Value::Object(fields) => {
                for key in fields.keys() {
                    changed(pointer, &|v| drop(v.as_object_mut().unwrap().remove(key)));
                }
            }
            Value::String(s) => {
                for other in texts.iter().filter(|t| *t != s) {
                    changed(pointer, &|v| *v = Value::String(other.clone()));
                }
                let chars: Vec<char> = s.chars().collect();
                // Every character of a short text (a row, a card), three of a long one (a code).
                let places: BTreeSet<usize> = match chars.len() {
                    0..=8 => (0..chars.len()).collect(),
                    n => [0, n / 2, n - 1].into(),
                };
                for i in places {
                    for c in letters.iter().filter(|c| **c != chars[i]) {
                        let mut new = chars.clone();
                        new[i] = *c;
                        changed(pointer, &|v| *v = Value::String(new.iter().collect()));
                    }
                }
            }
            Value::Number(n) => {
                let n = n.as_i64().unwrap_or(0);
                for m in [n - 1, n + 1, 0] {
                    changed(pointer, &|v| *v = Value::from(m));
                }
            }
            _ => {}
        }
    }
    out
}

/// The JSON pointer of every value in `v`, `v`'s own first.
fn walk(v: &Value, here: String, out: &mut Vec<String>) {
    out.push(here.clone());
    match v {
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                walk(item, format!("{here}/{i}"), out);
            }
        }
        Value::Object(fields) => {
            for (key, item) in fields {
                walk(
                    item,
                    format!("{here}/{}", key.replace('~', "~0").replace('/', "~1")),
                    out,
                );
            }
        }
        _ => {}
    }
}

fn leaves(v: &Value, f: &mut dyn FnMut(&Value)) {
    match v {
        Value::Array(items) => items.iter().for_each(|i| leaves(i, f)),
        Value::Object(fields) => fields.values().for_each(|i| leaves(i, f)),
        other => f(other),
    }
}

/// What a message says once the names it carries are taken out: the text
/// between quotes (input as given) and, for a verdict, its rule's name.
fn words(message: &str) -> String {
    message.split('\'').step_by(2).collect::<String>().to_lowercase()
}

/// A message's shape, for the report: numbers as `#`, quoted input as `'…'`.
fn shape(message: &str) -> String {
    let unquoted: String = message
        .split('\'')
        .enumerate()
        .map(|(i, piece)| if i % 2 == 1 { "'…'" } else { piece })
        .collect();
    let mut out = String::new();
    for c in unquoted.chars() {
        match c {
            '0'..='9' if out.ends_with('#') => {}
            '0'..='9' => out.push('#'),
            c => out.push(c),
        }
    }
    out
}

/// Every `step`th broken layout of each game (its messages, that is: most
/// shapes come from many layouts) by default, every one of them with
/// `--include-ignored`.
#[test]
fn the_verdicts_of_every_game_are_worded_in_german() {
    worded_in_german(7);
}

#[test]
#[ignore = "every broken layout, about 30 s: the default run takes every 7th"]
fn every_verdict_of_every_game_is_worded_in_german() {
    worded_in_german(1);
}

fn worded_in_german(step: usize) {
    let name = "layout.json";
    let mut unworded = BTreeSet::new();
    for game in crate::games::all() {
        // Each message by its English line, with its German line.
        let mut verdicts = BTreeMap::new();
        let mut errors = BTreeMap::new();
        let mut rules_broken = BTreeSet::new();
        for seed in ["1", "2"] {
            let request = game
                .request(&Common::for_seed(Seed::new(seed).unwrap()), &Values::default())
                .unwrap();
            let layout: Value = serde_json::from_str(&request.json().unwrap()).unwrap();
            let whole = game.validate(name, &layout.to_string(), &Values::default()).unwrap();
            assert!(whole.broken.is_empty(), "{}: {:?}", game.name(), whole.lines());
            check_keys(&whole.legal, &mut unworded);
            verdicts.insert(whole.legal.words("en"), (whole.legal.words("de"), None));
            for one in broken(&layout).into_iter().step_by(step) {
                match game.validate(name, &one.to_string(), &Values::default()) {
                    Ok(verdict) => {
                        for (place, v) in verdict.broken {
                            rules_broken.insert(v.rule.to_string());
                            check_keys(&v.msg, &mut unworded);
                            let lines = (v.line_in("de", place.as_ref()), Some(v.rule));
                            verdicts.insert(v.line_in("en", place.as_ref()), lines);
                        }
                    }
                    Err(e) => {
                        check_keys(&e.msg, &mut unworded);
                        errors.insert(e.message.clone(), e.words("de"));
                    }
                }
            }
        }
        assert!(!rules_broken.is_empty() && !errors.is_empty(), "{}", game.name());
        // A verdict keeps its rule's name, and a message the names and
        // input it quotes; every other word is German.
        for (english, (german, rule)) in &verdicts {
            let kept = rule.is_none_or(|r| german.contains(&format!("{r}: ")));
            if !kept || ENGLISH.iter().any(|w| words(german).contains(w)) {
                unworded.insert(format!("{}: {} => {german}", game.name(), shape(english)));
            }
        }
        for (english, german) in &errors {
            if ENGLISH.iter().any(|w| words(german).contains(w)) {
                unworded.insert(format!("{}: {} => {german}", game.name(), shape(english)));
            }
        }
        // Each rule of the game broken at least once, where one change can break it.
        let rules: Vec<&str> = game.rules().iter().map(|r| r.name).collect();
        let missed: Vec<&&str> = rules.iter().filter(|r| !rules_broken.contains(**r)).collect();
        eprintln!(
            "{}: {} verdicts, {} errors, rules never broken: {missed:?}",
            game.name(),
            verdicts.len(),
            errors.len()
        );
    }
    assert!(
        unworded.is_empty(),
        "not worded in German:\n{}",
        unworded.into_iter().collect::<Vec<_>>().join("\n")
    );
}

/// Every key of a message, and of the messages among its arguments, has a
/// German wording in its book.
fn check_keys(msg: &Msg, unworded: &mut BTreeSet<String>) {
    for key in msg.unworded_in("de") {
        unworded.insert(format!("no German wording: {key}"));
    }
}
