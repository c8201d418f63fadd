//! The messages the code makes, checked against the books that word them:
//! every `msg!` in src/ is read, its key looked up in its book (a game's
//! own, in the game's folder, or the shared one) in every language, and its
//! wording's arguments held to the ones the code gives. Read from the
//! sources, so a message no test happens to make is checked too.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::message::{Book, SHARED, names};

/// One `msg!(...)` of the sources: where it is, whether it names a book
/// (a game's `MESSAGES`), its key and the names of the arguments it gives.
#[derive(Debug)]
struct Use {
    place: String,
    own_book: bool,
    key: String,
    args: BTreeSet<String>,
}

#[test]
fn every_key_the_code_uses_is_worded_in_every_language_with_its_arguments() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let games = super::by_module();
    let mut problems = Vec::new();
    let mut seen = 0;
    for file in rust_files(&root) {
        // The macro itself and its own tests' made-up book; this file.
        if file.ends_with("message.rs") || file.ends_with("message_keys.rs") {
            continue;
        }
        let text = std::fs::read_to_string(&file).unwrap();
        let relative = file.strip_prefix(&root).unwrap().to_string_lossy().to_string();
        // Every message is made by `msg!`, so that its key is read here.
        if text.contains("Msg::new(") {
            problems.push(format!("{relative}: a message made without msg!"));
        }
        // A file in a game's folder names the game's book.
        let game = games
            .iter()
            .find(|(module, _)| relative.starts_with(&format!("games/{module}/")));
        for used in uses(&relative, &text) {
            seen += 1;
            let book: &Book = match (used.own_book, game) {
                (false, _) => &SHARED,
                (true, Some((_, g))) => g.declaration().messages,
                (true, None) => {
                    problems.push(format!("{}: {} names a book outside a game", used.place, used.key));
                    continue;
                }
            };
            for lang in SHARED.languages() {
                let Some(wording) = book.wording(lang, &used.key) else {
                    problems.push(format!("{}: {lang} has no wording for {}", used.place, used.key));
                    continue;
                };
                let wanted: BTreeSet<String> = names(wording).into_iter().map(str::to_string).collect();
                for missing in wanted.difference(&used.args) {
                    problems.push(format!(
                        "{}: {lang} {} uses {{{missing}}}, not given",
                        used.place, used.key
                    ));
                }
                for unused in used.args.difference(&wanted) {
                    problems.push(format!("{}: {lang} {} does not use {unused}", used.place, used.key));
                }
            }
        }
    }
    assert!(seen > 300, "{seen} messages found");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Each game's book words every key in every language with the same
/// arguments, and holds only the game's own keys (`GAME.`); the shared
/// book holds none of a game's.
#[test]
fn every_game_keeps_its_own_messages_in_its_own_book() {
    let mut problems = Vec::new();
    for game in super::all() {
        let book = game.declaration().messages;
        let own = format!("{}.", game.name());
        problems.extend(book.problems().into_iter().map(|p| format!("{}: {p}", game.name())));
        for (key, _) in book.entries("en") {
            if !key.starts_with(&own) {
                problems.push(format!("{}: {key} is not the game's key", game.name()));
            }
        }
        for (key, _) in SHARED.entries("en") {
            if key.starts_with(&own) {
                problems.push(format!("shared: {key} belongs in {}'s folder", game.name()));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// Every `msg!(...)` of a source file.
fn uses(file: &str, text: &str) -> Vec<Use> {
    let mut out = Vec::new();
    for (at, _) in text.match_indices("msg!(") {
        let line = text[..at].lines().count().max(1);
        // A comment that shows how a message is made.
        let line_start = text[..at].rfind('\n').map_or(0, |n| n + 1);
        if text[line_start..at].trim_start().starts_with("//") {
            continue;
        }
        let inside = &text[at + "msg!(".len()..];
        let parts = top_level_parts(inside);
        let place = format!("{file}:{line}");
        let (own_book, rest) = match parts.first().map(|p| p.trim()) {
            Some(first) if first.starts_with('"') => (false, &parts[..]),
            Some(_) if parts.len() > 1 => (true, &parts[1..]),
            _ => continue,
        };
        let key = rest[0].trim().trim_matches('"').to_string();
        let args = rest[1..]
            .iter()
            .filter_map(|p| p.split_once('='))
            .map(|(name, _)| name.trim().to_string())
            .filter(|name| !name.is_empty())
            .collect();
        out.push(Use {
            place,
            own_book,
            key,
            args,
        });
    }
    out
}

/// The comma-separated parts of a macro's arguments, up to its closing
/// bracket: commas inside brackets, strings and character literals are
/// not separators.
fn top_level_parts(text: &str) -> Vec<String> {
    let mut parts = vec![String::new()];
    let mut depth = 0;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => {
                let last = parts.last_mut().unwrap();
                last.push(c);
                while let Some(s) = chars.next() {
                    last.push(s);
                    match s {
                        '\\' => last.extend(chars.next()),
                        '"' => break,
                        _ => {}
                    }
                }
                continue;
            }
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' if depth == 0 => break,
            ')' | ']' | '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(String::new());
                continue;
            }
            _ => {}
        }
        parts.last_mut().unwrap().push(c);
    }
    parts.retain(|p| !p.trim().is_empty());
    parts
}

/// `rules GAME` lists every rule and its kind in every language.
#[test]
fn every_rule_a_game_lists_is_worded_in_every_language() {
    for game in super::all() {
        for rule in game.rules() {
            for lang in SHARED.languages() {
                let missing = [rule.what.unworded_in(lang), rule.kind.unworded_in(lang)].concat();
                assert!(
                    missing.is_empty(),
                    "{} {}: {lang} lacks {missing:?}",
                    game.name(),
                    rule.name
                );
            }
        }
    }
}
