//! Property tests that feed every parser arbitrary and mutated input.
//!
//! For each parser: whatever the input, no panic, and a refusal is an `Error`
//! whose message is one printable line; input that is accepted goes on
//! through the rule engine and the sheets without a panic.
//!
//! `cargo test` runs a few hundred cases per parser. A long campaign:
//!
//!     PANICPRESS_FUZZ_CASES=120000 cargo test --release --test all fuzz
//!
//! runs that many per parser (eight parsers, every game's layout files
//! one of them: about a million executions).

use std::path::Path;

use crate::common;
use panicpress::game::Values;
use panicpress::games::request::GameRequest;
use panicpress::games::{particle_panic, ppe};
use panicpress::jobs::{EntryInput, PackInput};
use panicpress::seed::SheetCode;
use panicpress::{Error, config, pack};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

fn config_for_run() -> ProptestConfig {
    let cases = std::env::var("PANICPRESS_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300);
    ProptestConfig {
        cases,
        failure_persistence: None,
        max_shrink_iters: 2000,
        ..ProptestConfig::default()
    }
}

/// Characters that break parsers: separators, quotes, brackets, digits,
/// multi-byte letters, control characters.
const SPICE: &[char] = &[
    '0', '1', '7', '9', '-', ':', '.', ',', '"', '\'', '[', ']', '{', '}', '(', ')', '=', '#', '~', '/', '\\', ' ',
    'x', 'p', 'n', 'é', '字', 'ß', '\u{202e}', '\u{0}', '\u{1b}', '\r', '\n', '\t', '%', '{', '}',
];

fn edit() -> impl Strategy<Value = (u8, usize, char)> {
    (
        0u8..4,
        any::<usize>(),
        prop_oneof![3 => proptest::sample::select(SPICE), 1 => any::<char>()],
    )
}

/// Inserts, deletes, replaces or duplicates characters of a valid sample.
fn mutate(sample: &str, edits: &[(u8, usize, char)]) -> String {
    let mut v: Vec<char> = sample.chars().collect();
    for &(op, pos, c) in edits {
        let i = pos % (v.len() + 1);
        match op {
            0 => v.insert(i, c),
            1 if i < v.len() => {
                v.remove(i);
            }
            2 if i < v.len() => v[i] = c,
            3 => {
                // Repeat a stretch: long numbers, doubled separators.
                let end = (i + 1 + pos % 7).min(v.len());
                let piece: Vec<char> = v[i..end].to_vec();
                v.splice(i..i, piece);
            }
            _ => v.push(c),
        }
    }
    v.into_iter().collect()
}

/// Arbitrary text, or a valid sample with a few edits (most cases).
fn input(samples: Vec<String>) -> impl Strategy<Value = String> {
    prop_oneof![
        1 => "\\PC{0,120}",
        1 => proptest::sample::select(samples.clone()),
        6 => (proptest::sample::select(samples), proptest::collection::vec(edit(), 1..8))
            .prop_map(|(s, e)| mutate(&s, &e)),
    ]
}

thread_local! {
    /// The input of the case being run, to see how much of it a message repeats.
    static INPUT: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
}

/// Sets the input that the case's refusals are checked against.
fn given(text: &str) {
    INPUT.with(|i| *i.borrow_mut() = text.to_string());
}

/// The longest piece of `a` that stands in `b` as it is, in characters.
fn longest_common_run(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut best = 0;
    let mut row = vec![0usize; b.len() + 1];
    for ca in &a {
        let mut diagonal = 0;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = if ca == cb { diagonal + 1 } else { 0 };
            best = best.max(row[j + 1]);
            diagonal = above;
        }
    }
    best
}

/// A refusal must be one printable line as the command prints it: at most
/// 400 characters, at most 60 of them repeated from the input, no control,
/// bidi or other invisible format characters, no temporary file's name.
fn one_line(e: &Error) -> Result<(), TestCaseError> {
    let line = panicpress::error::line(e);
    prop_assert!(!e.message.trim().is_empty(), "empty message");
    prop_assert!(!line.chars().any(char::is_control), "control character in {line:?}");
    prop_assert!(
        !line.chars().any(panicpress::error::is_invisible_format),
        "format character in {line:?}"
    );
    prop_assert!(
        line.chars().count() <= 400,
        "long line ({}): {line}",
        line.chars().count()
    );
    prop_assert!(!line.contains(".panicpress-"), "temporary name in {line}");
    let input = INPUT.with(|i| i.borrow().clone());
    let quoted = longest_common_run(&input, &line);
    prop_assert!(quoted <= 60, "{quoted} characters of input repeated: {line}");
    Ok(())
}

fn outcome<T>(r: panicpress::Result<T>) -> Result<Option<T>, TestCaseError> {
    match r {
        Ok(v) => Ok(Some(v)),
        Err(e) => one_line(&e).map(|_| None),
    }
}

/// The first pages of a request's sheets and its JSON: enough to run every
/// sheet kind's code without printing a 25,000-page score pad.
fn some_pages(r: &GameRequest) -> Result<(), TestCaseError> {
    let texts = panicpress::games::english();
    if outcome(r.check(&texts))?.is_none() {
        return Ok(());
    }
    outcome(r.json())?;
    let mut n = 0;
    // A page without width fails the case itself: an error returned from
    // here would pass as a well-formed refusal.
    let mut flat = None;
    let stop = "enough pages";
    let res = r.pages(&texts, &mut |page| {
        n += 1;
        if page.width <= 0.0 || page.height <= 0.0 {
            flat = Some((n, page.width, page.height));
        }
        if n >= 3 || flat.is_some() {
            Err(Error::msg(panicpress::msg!("word", word = stop)))
        } else {
            Ok(())
        }
    });
    prop_assert!(flat.is_none(), "page {:?} (number, width, height) has no size", flat);
    match res {
        Ok(_) => Ok(()),
        Err(e) if e.message == stop => Ok(()),
        Err(e) => one_line(&e),
    }
}

/// Rating a deal plays its simulated games: codes asking for more than a few
/// thousand are parsed and checked, not rated, to keep cases fast.
fn cheap(code: &SheetCode) -> bool {
    let sims = code
        .params
        .split('-')
        .find_map(|p| p.strip_prefix('n').and_then(|n| n.parse::<u64>().ok()));
    code.game != particle_panic::GAME || sims.is_some_and(|n| n <= 4000)
}

fn regen(code: &str) -> Result<(), TestCaseError> {
    let Some(code) = outcome(SheetCode::parse(code).map_err(Error::from))? else {
        return Ok(());
    };
    let Some(request) = outcome(GameRequest::from_code(&code))? else {
        return Ok(());
    };
    if cheap(&code) {
        some_pages(&request)?;
    }
    Ok(())
}

/// Codes as printed over the versions, and a code of every sample of every
/// game of the registry as printed now.
fn printed_codes() -> Vec<String> {
    let mut codes: Vec<String> = vec![
        "tp-hunt:1:g12-s12-a10-d7-p4:a4:map:42".into(),
        "tp-hunt:1:g10-s9-a10-d10-p6-xreachable:letter-de:map+tracker+scorepad+rules+dice-tape:room 12".into(),
        "particle-panic:1:p2-c4-n200:a4:record+board+rules:5B".into(),
        "particle-panic:1:p1-c5-n100:letter:record:x".into(),
        "particle-panic:2:p2-c4-n200-a:a4:record+board+rules:5B".into(),
        "panic-buy:1:p3-race-b6-12:a4:board+components:42".into(),
        "panic-buy:1:p6-hoard-b6-12:letter:board+tally:7".into(),
        "ppe:1:p4-t19:a4:nets+scorepad+reference:1".into(),
        "ppe:1:p8-t190-f3.1.3.3.4.4.5.5.4.4:a4-de:scorepad:Zoë".into(),
        // Codes as printed now, with a check.
        "tp-hunt:2-vy8:g12-s12-a10-d7-p4:a4-de:map+rules:5B spring/Zoë".into(),
        "panic-buy:4-04q:p3-race-b6-12:letter:board:7".into(),
    ];
    codes.extend(common::sample_requests("a4").iter().map(|r| r.code().unwrap()));
    codes
}

/// Every game's layouts as `--format json` writes them: a sample of each
/// game of the registry, and the rule book's TP Hunt map.
fn layout_files() -> Vec<String> {
    let mut files: Vec<String> = common::sample_requests("a4")
        .iter()
        .map(|r| r.json().unwrap())
        .collect();
    files.push(std::fs::read_to_string("tests/fixtures/tp-hunt-rulebook-sample.json").unwrap());
    files.push(r#"{"seed":"7","grid":4,"stores":[[1,1]],"atms":[],"dangers":[[4,4]]}"#.into());
    files
}

proptest! {
    #![proptest_config(config_for_run())]

    #[test]
    fn sheet_codes(code in input(printed_codes())) {
        given(&code);
        regen(&code)?;
    }

    /// Every game's rule engine reads every game's layouts, mutated: each
    /// refuses in one line or judges them, and a code they carry regenerates.
    #[test]
    fn layout_files_through_every_games_validate(text in input(layout_files())) {
        given(&text);
        for game in panicpress::games::all() {
            if outcome(game.validate("layout.json", &text, &Values::default()))?.is_some() {
                let code = serde_json::from_str::<serde_json::Value>(&text)
                    .ok()
                    .and_then(|v| v.get("code")?.as_str().map(String::from));
                if let Some(code) = code {
                    regen(&code)?;
                }
            }
        }
    }

    #[test]
    fn ppe_rolls(text in input(vec![
        "virus,vaccine,mask,gloves,heroes,mask".into(),
        "long_nosed_man,heroes,virus,virus,ventilator,face_shield".into(),
    ])) {
        given(&text);
        if let Some(roll) = outcome(ppe::parse_roll(&text))? {
            let _ = ppe::score(&roll);
        }
    }

    #[test]
    fn ppe_faces_files(text in input(vec![
        "[faces]\nmask = 6\nsocial_distancing = 4\n".into(),
        "virus = 3\nlong_nosed_man = 1\nvaccine = 3\nventilator = 3\nheroes = 4\n".into(),
    ])) {
        given(&text);
        if let Some(faces) = outcome(ppe::FaceCounts::from_toml(&text))? {
            let _ = ppe::generate(&faces, &panicpress::seed::Seed::new("1").unwrap());
        }
    }

    #[test]
    fn toml_settings(text in input(vec![
        "seed = \"club night\"\npreset = \"harder\"\nplayers = 6\npaper = \"letter\"\nsheets = [\"map\", \"tracker\"]\nrule-off = [\"start-cells\"]\n".into(),
        "seed = 5\nplayers = 3\ntarget = 190\n[faces]\nmask = 6\nsocial_distancing = 4\n".into(),
    ])) {
        given(&text);
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("settings.toml");
        std::fs::write(&file, &text).unwrap();
        for game in ["tp-hunt", "ppe"] {
            let matches = panicpress::cli::command()
                .try_get_matches_from(["panicpress", game, "--config", file.to_str().unwrap()])
                .unwrap();
            let (_, m) = matches.subcommand().unwrap();
            let game = panicpress::games::find(game).unwrap();
            if let Some((r, _)) = outcome(panicpress::cli::game_request(game, m))? {
                some_pages(&r)?;
            }
        }
    }

    #[test]
    fn pack_files(text in input(vec![
        std::fs::read_to_string("examples/class.toml").unwrap(),
        "seed = 3\ncount = 4\n[[entry]]\ngame = \"particle-panic\"\nsimulations = 50\nsheets = [\"record\"]\n".into(),
    ])) {
        given(&text);
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("pack.toml");
        std::fs::write(&file, &text).unwrap();
        if let Some(pack_file) = outcome(config::read_pack_file(&file))? {
            for entry in &pack_file.entry {
                if entry.settings.get("simulations").and_then(|v| v.as_integer()).unwrap_or(0) > 4000 {
                    continue;
                }
                let Some(entry) = outcome(EntryInput::from_pack_file(entry, None))? else {
                    continue;
                };
                let mut input = PackInput::default();
                input.field("seed", "5B").unwrap();
                input.field("count", "2").unwrap();
                if let Some(paper) = &pack_file.paper {
                    input.field("paper", paper).unwrap();
                }
                input.entry(entry);
                if let Some(spec) = outcome(input.build())? {
                    some_pages(&spec.entries[0].request)?;
                }
            }
        }
    }

    #[test]
    fn rosters(text in input(vec![
        std::fs::read_to_string("examples/class.csv").unwrap(),
        "Zoë O'Brien\nAnn\n\nAnn\n李雷\nשרה\n".into(),
        "name,\"quoted, with comma\"\n\"Smith, Jo\",1\n".into(),
    ]), csv in any::<bool>()) {
        given(&text);
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join(if csv { "class.csv" } else { "class.txt" });
        std::fs::write(&file, &text).unwrap();
        if let Some(names) = outcome(pack::read_roster(&file))? {
            prop_assert!(!names.is_empty() && names.len() <= pack::MAX_STUDENTS);
            let _ = pack::undrawable_warning(&names);
        }
    }

    #[test]
    fn templates(text in input(vec![
        include_str!("../../templates/en/common.tera").into(),
        include_str!("../../src/games/tp_hunt/texts/en/tp-hunt.tera").into(),
        "code_label: {{ \"x\" | upper }}{% if players > 2 and not false %}many{% else %}few{% endif %}\n".into(),
        "{% for i in range(end=3) %}{{ i }}{% endfor %}{{ get_env(name=\"HOME\") }}".into(),
    ]), file in proptest::sample::select(vec!["common.tera", "tp-hunt.tera", "tp-hunt-rules.tera"])) {
        given(&text);
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(file), &text).unwrap();
        let loaded = panicpress::games::texts("en", Some(dir.path()));
        if let Some(texts) = outcome(loaded)? {
            let r = GameRequest::from_code(&SheetCode::parse("tp-hunt:1:g12-s12-a10-d7-p4:a4:map+rules:42").unwrap()).unwrap();
            if outcome(r.check(&texts))?.is_some() {
                let res = r.pages(&texts, &mut |_| Ok(()));
                outcome(res)?;
            }
        }
    }
}

/// Command lines as users type them, each run by the tool itself.
const COMMAND_LINES: &[&[&str]] = &[
    &[
        "tp-hunt",
        "--seed",
        "42",
        "--players",
        "3",
        "--sheets",
        "map,tracker",
        "-o",
        "a.pdf",
    ],
    &["regen", "tp-hunt:5-w8jmb:g12-s12-a10-d7-p4:a4:map:42", "-o", "b.pdf"],
    &[
        "particle-panic",
        "--seed",
        "5B",
        "--players",
        "2",
        "--level",
        "easy",
        "--lang",
        "de",
        "-o",
        "c.pdf",
    ],
    &[
        "panic-buy",
        "--seed",
        "7",
        "--players",
        "3",
        "--format",
        "svg",
        "-o",
        "d.svg",
    ],
    &[
        "ppe", "--seed", "x", "--mode", "long", "--target", "190", "--format", "json", "-o", "e.json",
    ],
    &["ppe", "score", "virus,mask,heroes,gloves,vaccine,mask"],
];

/// One argument of a command line, as bytes: most often a few edits of the
/// typed word, sometimes with a byte that is not UTF-8 put in.
fn argument(word: String, edits: Vec<(u8, usize, char)>, raw: Option<(usize, u8)>) -> Vec<u8> {
    let mut bytes = mutate(&word, &edits).into_bytes();
    if let Some((at, byte)) = raw {
        bytes.insert(at % (bytes.len() + 1), byte);
    }
    bytes
}

proptest! {
    // A process a case: a tenth of the other parsers' cases.
    #![proptest_config(ProptestConfig { cases: (config_for_run().cases / 10).max(8), ..config_for_run() })]

    /// Whatever the arguments, non-UTF-8 bytes included: no panic, and a
    /// refusal is one line on standard error.
    #[test]
    fn command_lines(
        line in proptest::sample::select(COMMAND_LINES),
        which in any::<usize>(),
        edits in proptest::collection::vec(edit(), 0..4),
        raw in proptest::option::of((any::<usize>(), prop_oneof![Just(0xffu8), Just(0x80), Just(0xc3), Just(0xfe)])),
    ) {
        use std::os::unix::ffi::OsStrExt;
        let mut args: Vec<Vec<u8>> = line.iter().map(|a| a.as_bytes().to_vec()).collect();
        let i = which % args.len();
        args[i] = argument(line[i].to_string(), edits, raw);
        // Paths stay inside the case's own folder; no argument can hold a NUL.
        prop_assume!(args.iter().all(|a| !a.contains(&b'/') && !a.contains(&0)));
        let dir = tempfile::tempdir().unwrap();
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_panicpress"))
            .args(args.iter().map(|a| std::ffi::OsStr::from_bytes(a)))
            .current_dir(dir.path())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut err = String::new();
        std::io::Read::read_to_string(child.stderr.as_mut().unwrap(), &mut err).unwrap();
        let status = child.wait().unwrap();
        let shown: Vec<String> = args.iter().map(|a| String::from_utf8_lossy(a).into_owned()).collect();
        prop_assert!(status.code().is_some(), "{shown:?}: ended by a signal: {err}");
        prop_assert!(status.code() != Some(101) && !err.contains("panicked"), "{shown:?}: {err}");
        if status.code() != Some(0) {
            let lines: Vec<&str> = err.lines().collect();
            prop_assert_eq!(lines.len(), 1, "{:?}: {}", shown, err);
            prop_assert!(lines[0].chars().count() <= 400, "{shown:?}: {err}");
            let quoted = longest_common_run(&shown.join(" "), lines[0]);
            prop_assert!(quoted <= 60, "{shown:?}: {quoted} characters of input repeated: {err}");
        }
    }
}

/// The samples themselves are accepted: the mutations start from real input.
#[test]
fn fuzz_samples_are_valid_input() {
    for code in printed_codes() {
        GameRequest::from_code(&SheetCode::parse(&code).unwrap()).unwrap();
    }
    // Each game's own layouts pass its rule engine.
    for r in common::sample_requests("a4") {
        let game = panicpress::games::find(r.game()).unwrap();
        let verdict = game
            .validate("layout.json", &r.json().unwrap(), &Values::default())
            .unwrap();
        assert!(
            verdict.broken.is_empty(),
            "{}: {:?}",
            r.code().unwrap(),
            verdict.lines()
        );
    }
    for line in COMMAND_LINES {
        let dir = tempfile::tempdir().unwrap();
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_panicpress"))
            .args(*line)
            .current_dir(dir.path())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{line:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    assert!(Path::new("examples/class.toml").exists());
    assert!(pack::read_roster(Path::new("examples/class.csv")).is_ok());
}
