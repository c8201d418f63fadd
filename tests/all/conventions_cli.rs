//! What users expect of a command-line tool: completions, a manual page,
//! and a quiet end when the reader of standard output goes away.

use crate::common;
use common::Scratch;
use std::io::Read;
use std::process::{Command, Stdio};

#[test]
fn completions_for_every_shell_and_a_manual_page() {
    let s = Scratch::new("conventions");
    for (shell, marker) in [
        ("bash", "_panicpress()"),
        ("zsh", "#compdef panicpress"),
        ("fish", "complete -c panicpress"),
        ("powershell", "Register-ArgumentCompleter"),
    ] {
        let r = s.run(&["completions", shell]);
        assert_eq!(r.code(), 0, "{}", r.stderr());
        assert!(r.stdout().contains(marker), "{shell}");
        assert!(r.stdout().contains("tp-hunt"), "{shell} completes the games");
    }
    let line = s.run(&["completions", "tcsh"]).one_error_line(2);
    assert!(line.contains("tcsh"), "{line}");
    let r = s.run(&["man"]);
    assert_eq!(r.code(), 0);
    assert!(r.stdout().contains(".TH panicpress 1") && r.stdout().contains("tp\\-hunt"));
}

/// `-o - | head` printed "Broken pipe" as an error.
#[test]
fn a_closed_pipe_ends_the_run_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_panicpress"))
        .args(["tp-hunt", "--seed", "1", "--count", "300", "-o", "-"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 64];
    child.stdout.as_mut().unwrap().read_exact(&mut first).unwrap();
    drop(child.stdout.take());
    let mut err = String::new();
    child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
    let status = child.wait().unwrap();
    assert!(first.starts_with(b"%PDF"));
    assert!(!status.success(), "ended by the closed pipe, as other tools are");
    assert!(!err.contains("Broken pipe") && !err.contains("panicked"), "{err}");
}

/// JSON a person can type: a cell is `[3, 7]` on one line.
#[test]
fn json_keeps_small_arrays_on_one_line() {
    let s = Scratch::new("json-lines");
    let r = s.run(&["tp-hunt", "--seed", "42", "--format", "json", "-o", "-"]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    let out = r.stdout();
    assert!(out.contains("\n    [5, 2],\n"), "{out}");
    assert!(
        out.starts_with("{\n  \"seed\": \"42\",\n  \"code\""),
        "fields keep their order: {out}"
    );
}

/// `pack --help` offered `--format text` and then refused it, and named the
/// default output wrongly.
#[test]
fn pack_help_offers_only_what_packs_do() {
    let s = Scratch::new("pack-help");
    let help = s.run(&["pack", "--help"]).stdout();
    assert!(help.contains("output/pack-SEED.pdf"), "{help}");
    assert!(!help.contains("terminal preview"), "{help}");
    let line = s
        .run(&[
            "pack", "--per", "student", "--game", "tp-hunt", "--count", "2", "--seed", "x", "--format", "text",
        ])
        .one_error_line(2);
    assert!(line.contains("'text'"), "{line}");
}

/// Six TP Hunt examples all wrote output/tp-hunt-42.pdf whatever their
/// settings: default names now say what differs from the defaults.
#[test]
fn default_file_names_say_what_differs_from_the_defaults() {
    let s = Scratch::new("names");
    for (args, file) in [
        (&["tp-hunt", "--seed", "42"][..], "output/tp-hunt-42.pdf"),
        (
            &["tp-hunt", "--seed", "42", "--players", "6", "--paper", "letter"][..],
            "output/tp-hunt-42-p6-letter.pdf",
        ),
        (
            &["tp-hunt", "--seed", "42", "--sheets", "map,dice-tape"][..],
            "output/tp-hunt-42-map+dice-tape.pdf",
        ),
        (
            &["tp-hunt", "--seed", "42", "--lang", "de"][..],
            "output/tp-hunt-42-de.pdf",
        ),
        (
            &["ppe", "--seed", "42", "--mode", "long"][..],
            "output/ppe-42-t190-long.pdf",
        ),
    ] {
        let r = s.run(args);
        assert_eq!(r.code(), 0, "{}", r.stderr());
        // What was written is said in the language asked for.
        let wrote = match args.contains(&"de") {
            true => format!("{file} geschrieben ("),
            false => format!("wrote {file} ("),
        };
        assert!(r.stdout().starts_with(&wrote), "{args:?}: {}", r.stdout());
    }
}

/// `regen` of the code on a teacher key said "unknown game 'pack'".
#[test]
fn regen_of_a_pack_code_says_what_is_needed() {
    let s = Scratch::new("regen-pack");
    let r = s.run(&[
        "pack", "--per", "student", "--game", "tp-hunt", "--count", "2", "--seed", "5B", "--sheets", "map", "-o",
        "p.pdf",
    ]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    let code = r
        .stdout()
        .lines()
        .find_map(|l| l.strip_prefix("code: "))
        .unwrap()
        .to_string();
    assert!(code.starts_with("pack:"), "{code}");
    let line = s.run(&["regen", &code]).one_error_line(2);
    assert!(line.contains("--roster") && line.contains("--seed '5B'"), "{line}");
}

/// Off a terminal, no bar: a job that runs past a few seconds says how far
/// it is in plain lines (so a script can tell it from a hang), and nothing
/// else; a short one prints nothing.
#[test]
fn long_jobs_show_plain_progress_lines_when_standard_error_is_not_a_terminal() {
    let s = Scratch::new("progress");
    let r = s.run(&[
        "tp-hunt", "--seed", "1", "--count", "150", "--sheets", "map", "-o", "m.pdf",
    ]);
    assert_eq!(r.code(), 0);
    let err = r.stderr();
    assert!(err.lines().all(|l| l.starts_with("progress: ")), "{err}");
    assert!(!err.contains('\u{1b}') && !err.contains('\r'), "{err:?}");
    let r = s.run(&["tp-hunt", "--seed", "1", "--sheets", "map", "-o", "one.pdf"]);
    assert_eq!(r.code(), 0);
    assert_eq!(r.stderr(), "");
}

/// `man --dir` writes the top page and one for every subcommand that the top
/// page's SEE ALSO names, each with its options and an example.
#[test]
fn manual_pages_exist_for_every_subcommand() {
    let s = Scratch::new("man");
    let r = s.run(&["man", "--dir", "man"]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    let top = std::fs::read_to_string(s.path("man/panicpress.1")).unwrap();
    let mut pages = 0;
    for entry in std::fs::read_dir(s.path("man")).unwrap() {
        let path = entry.unwrap().path();
        let page = std::fs::read_to_string(&path).unwrap();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        assert!(page.contains("Example"), "{name}: no example");
        assert!(page.contains(".SH OPTIONS"), "{name}: no options");
        pages += 1;
    }
    for sub in [
        "tp-hunt",
        "particle-panic",
        "panic-buy",
        "ppe",
        "pack",
        "regen",
        "validate",
        "serve",
        "man",
    ] {
        let named = format!("panicpress\\-{}(1)", sub.replace('-', "\\-"));
        assert!(top.contains(&named), "top page does not name {sub}");
        assert!(s.path(&format!("man/panicpress-{sub}.1")).exists(), "no page for {sub}");
    }
    assert!(s.path("man/panicpress-validate-tp-hunt.1").exists());
    assert!(pages >= 20, "{pages} pages");
    // The top page alone, on standard output, as before.
    let r = s.run(&["man"]);
    assert_eq!(r.code(), 0);
    assert!(r.stdout().starts_with(".ie"), "{}", &r.stdout()[..40]);
}

/// With `--lang de` a refusal is worded in German, whether it comes from a
/// setting, a file, the system or the arguments themselves.
#[test]
fn refusals_speak_german_when_asked() {
    let s = Scratch::new("german-errors");
    std::fs::write(s.path("empty.csv"), "name\n").unwrap();
    std::fs::write(s.path("noname.csv"), "nom\nAnn\n").unwrap();
    std::fs::write(s.path("bogus.toml"), "bogus = 3\n").unwrap();
    std::fs::write(s.path("grid.json"), "{\"grid\": \"zwölf\"}").unwrap();
    std::fs::write(s.path("cut.json"), "{\"grid\": 12,").unwrap();
    let long = "x".repeat(300);
    let cases: &[&[&str]] = &[
        &["tp-hunt", "--seed", "1", "-o", "nowhere/map.pdf"],
        &["tp-hunt", "--seed", "1", "--config", "bogus.toml"],
        &["tp-hunt", "--seed", "1", "--dpi", "5"],
        &["tp-hunt", "--seed", "1", "--dpi", "many"],
        &["tp-hunt", "--seed", &long],
        &["tp-hunt", "--seed", "1", "--sheets", &long],
        &["validate", "tp-hunt", "grid.json"],
        &["validate", "tp-hunt", "cut.json"],
        &["validate", "tp-hunt", "nope.json"],
        &["regen", "tp-hunt:5-xxxxx:g12-s12-a10-d7-p4:a4:default:1"],
        &["regen", "tp-hunt:5:g12"],
        &["ppe", "score", "Virus,Nase"],
        &["pack", "--game", "tp-hunt", "--roster", "noname.csv", "--seed", "a"],
        &["pack", "--seed", "a"],
        &["tp-hunt", "--seed", "1", "--stores", "200"],
        &["tp-hunt", "--seed", "1", "--players", "9"],
        &["tp-hunt", "--seed", "1", "--atms", "0"],
        &["tp-hunt", "--seed", "1", "--config", "nope.toml"],
        &["tp-hunt", "--seed", "1", "--rule-off", "nope"],
        &["tp-hunt", "--seed", "1", "--bogus"],
        &["tp-hunt", "--seed", "1", "--seed", "2"],
        &["tp-hunt", "--seed", "1", "--players"],
        &["tp-hunt", "--seed", "1", "--stores", "x"],
        &["tp-hunt", "--seed", "1", "--per-page", "3"],
        &["tp-hunt", "--seed", "1", "--sheets", "mop"],
        &["tp-hunt", "--seed", "1", "--templates", "nowhere"],
        &["tp-hunt", "--seed", "1", "--font", "nowhere.ttf"],
        &["ppe", "--seed", "1", "--faces", "nope.toml"],
        &["panic-buy", "--seed", "1", "--players", "5"],
        &["particle-panic", "--seed", "1", "--players", "7"],
        &["pack", "--game", "tp-hunt", "--roster", "nope.csv", "--seed", "a"],
        &["pack", "--game", "tp-hunt", "--roster", "empty.csv", "--seed", "a"],
        &["pack", "--game", "tp-hunt", "--count", "0", "--seed", "a"],
        &[
            "pack",
            "--game",
            "tp-hunt",
            "--count",
            "3",
            "--seed",
            "a",
            "--table-size",
            "9",
        ],
    ];
    // Words of English sentences that German ones do not use.
    let english = [
        " is ", " the ", " not ", "cannot", "must", "found", "unknown", "invalid", "expected", "required", " out of ",
    ];
    for args in cases {
        let mut args = args.to_vec();
        args.extend(["--lang", "de"]);
        let r = s.run(&args);
        let line = r.stderr().trim().to_lowercase();
        assert!(r.code() != 0 && line.lines().count() == 1, "{args:?}: {line}");
        // One line a person reads, quoting at most 60 characters of input.
        assert!(line.chars().count() <= 400, "{args:?}: {line}");
        let quoted: Vec<&str> = line.split('\'').skip(1).step_by(2).collect();
        assert!(quoted.iter().all(|q| q.chars().count() <= 60), "{args:?}: {line}");
        // Quoted input and names of settings stay as they were typed.
        let words: String = line.split('\'').step_by(2).collect();
        for word in english {
            assert!(!words.contains(word), "{args:?}: {line}");
        }
    }
}

/// A language the tool lacks is refused by every command in the words the
/// web page uses for it (`tests/all/serve_http.rs` holds the page to the
/// same), not by the argument parser: one line, exit code 2.
#[test]
fn an_unknown_language_is_refused_in_the_web_pages_words() {
    let s = Scratch::new("unknown-language");
    let r = s.run(&["ppe", "--seed", "1", "--format", "json", "-o", "dice.json"]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    let said = "error: lang: language 'xx' is not available (choose from: en, de)";
    for args in [
        &["tp-hunt", "--seed", "1", "--lang", "xx"][..],
        &["tp-hunt", "--seed", "1", "--lang", "XX"][..],
        &["validate", "ppe", "dice.json", "--lang", "xx"][..],
        &["ppe", "score", "virus", "--lang", "xx"][..],
        &["pack", "--game", "ppe", "--count", "2", "--seed", "1", "--lang", "xx"][..],
    ] {
        assert_eq!(s.run(args).one_error_line(2), said, "{args:?}");
    }
}

/// `validate --lang de`: a broken board's verdict and a bad file's refusal
/// worded in German, each verdict line still named by its rule, exit codes
/// as in English.
#[test]
fn validate_speaks_german_when_asked() {
    let s = Scratch::new("german-verdicts");
    let r = s.run(&["panic-buy", "--seed", "5", "--format", "json", "-o", "board.json"]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    let good: serde_json::Value = serde_json::from_slice(&std::fs::read(s.path("board.json")).unwrap()).unwrap();
    let r = s.run(&["validate", "panic-buy", "board.json", "--lang", "de"]);
    assert_eq!(
        (r.code(), r.stdout().trim()),
        (
            0,
            "regelgerecht: board.json verstößt gegen keine der 17 Regeln von Panic Buy"
        )
    );

    // A unit on the bathroom door's square, and the TP square made shop floor.
    let mut bad = good.clone();
    let door = &good["bathroom_door"];
    let (c, row) = (door[0].as_u64().unwrap() as usize, door[1].as_u64().unwrap() as usize);
    let mut line: Vec<char> = bad["cells"][row - 1].as_str().unwrap().chars().collect();
    line[c - 1] = 'U';
    bad["cells"][row - 1] = serde_json::json!(line.into_iter().collect::<String>());
    let cells: Vec<String> = bad["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap().replace('T', "."))
        .collect();
    bad["cells"] = serde_json::json!(cells);
    std::fs::write(s.path("bad.json"), bad.to_string()).unwrap();
    let english = s.run(&["validate", "panic-buy", "bad.json"]);
    let german = s.run(&["validate", "panic-buy", "bad.json", "--lang", "de"]);
    assert_eq!((english.code(), german.code()), (1, 1), "{}", german.stderr());
    let (english, german) = (english.stdout(), german.stdout());
    assert_eq!(english.lines().count(), german.lines().count(), "{german}");
    assert!(german.contains("parts: 0 Klopapierfelder, das Brett hat 1"), "{german}");
    assert!(german.contains("doors: das Feld ("), "{german}");
    assert!(german.contains(") vor der WC-Tür ist U, kein freier Boden"), "{german}");
    for (en, de) in english.lines().zip(german.lines()) {
        let rule = en.split_once(": ").unwrap().0;
        assert!(de.starts_with(&format!("{rule}: ")) && de != en, "{en}\n{de}");
    }

    // A file that is not a board: refused in German, exit 2.
    std::fs::write(
        s.path("cells.json"),
        good.to_string().replacen("\"cells\"", "\"cellz\"", 1),
    )
    .unwrap();
    let line = s
        .run(&["validate", "panic-buy", "cells.json", "--lang", "de"])
        .one_error_line(2);
    assert!(line.starts_with("Fehler: cells.json: kein Panic-Buy-Brett: "), "{line}");
}

/// What the command line says besides refusals, with `--lang de`: the
/// rules a game's engine checks, progress lines and what was written, in
/// German words (rule names stay as the flags take them).
#[test]
fn lists_progress_and_reports_speak_german_when_asked() {
    let s = Scratch::new("german-lines");
    for game in panicpress::games::all() {
        let r = s.run(&["rules", game.name(), "--lang", "de"]);
        assert_eq!(r.code(), 0, "{}", r.stderr());
        let english = s.run(&["rules", game.name()]).stdout();
        assert_eq!(r.stdout().lines().count(), english.lines().count(), "{}", game.name());
        for (de, en) in r.stdout().lines().zip(english.lines()) {
            let name = en.split_whitespace().next().unwrap();
            assert!(de.starts_with(&format!("{name} ")) && de != en, "{de}\n{en}");
            assert!(!de.contains(" the ") && !de.contains("rule of"), "{de}");
        }
    }
    let r = s.run(&[
        "particle-panic",
        "simulate",
        "--deals",
        "0..1",
        "--games",
        "10",
        "--progress",
        "--lang",
        "de",
    ]);
    assert_eq!(r.code(), 0, "{}", r.stderr());
    assert!(
        r.stderr().contains("Fortschritt: 2/2 Verteilungen (100 %"),
        "{}",
        r.stderr()
    );
    let r = s.run(&[
        "pack", "--game", "ppe", "--count", "2", "--seed", "a", "--lang", "de", "-o", "p.pdf",
    ]);
    assert!(
        r.stdout().contains("p.pdf geschrieben") && r.stdout().contains("Code: pack:"),
        "{}",
        r.stdout()
    );
}

/// The code on every page of a set is the set's, the one the command line
/// prints; `regen` of it prints the whole set again, byte for byte, and
/// `--sheets` narrows it to sheets of that set, their pages still carrying it.
#[test]
fn the_code_on_every_sheet_gives_back_the_whole_set() {
    let s = Scratch::new("set-codes");
    for game in panicpress::games::all() {
        let r = s.run(&[game.name(), "--seed", "42", "-o", "set.pdf"]);
        assert_eq!(r.code(), 0, "{}", r.stderr());
        let printed = r
            .stdout()
            .lines()
            .find_map(|l| l.strip_prefix("code: "))
            .unwrap()
            .to_string();
        let set = std::fs::read(s.path("set.pdf")).unwrap();
        let pages = common::pdf_pages_text(&set);
        for (k, page) in pages.iter().enumerate() {
            assert!(
                page.contains(&format!("Sheet code: {printed}")),
                "{} page {}: {page}",
                game.name(),
                k + 1
            );
        }
        let r = s.run(&["regen", &printed, "-o", "again.pdf"]);
        assert_eq!(r.code(), 0, "{}", r.stderr());
        assert_eq!(std::fs::read(s.path("again.pdf")).unwrap(), set, "{}", game.name());
        let first = game.default_sheets()[0];
        let r = s.run(&["regen", &printed, "--sheets", first, "-o", "one.pdf"]);
        assert_eq!(r.code(), 0, "{}", r.stderr());
        let one = common::pdf_pages_text(&std::fs::read(s.path("one.pdf")).unwrap());
        assert!(!one.is_empty() && one.len() < pages.len(), "{}", game.name());
        assert!(one.iter().all(|p| p.contains(&printed)), "{}", game.name());
        // A sheet the set has not got is refused in one line.
        let narrow = s.run(&[game.name(), "--seed", "42", "--sheets", first, "-o", "n.pdf"]);
        let code = narrow
            .stdout()
            .lines()
            .find_map(|l| l.strip_prefix("code: "))
            .unwrap()
            .to_string();
        let other = game.default_sheets()[1];
        s.run(&["regen", &code, "--sheets", other]).one_error_line(2);
    }
}
