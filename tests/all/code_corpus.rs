//! Printed codes are a promise: every code in the corpus (codes of every
//! generator version of every game) makes the same game, the layout it made
//! when it was printed. The fixtures pin each layout as the SHA-256 of its
//! `--format json` text, without ratings and without the code itself (a
//! rating may improve, a code may be printed in a newer form), never PDF
//! bytes: sheets always print in the current design.
//!
//! The command lines of the CLI corpus pin their layouts the same way, and
//! also the PDF bytes of the current build ("same inputs, same bytes on any
//! machine"). Those PDF hashes change when a sheet changes on purpose:
//! `PANICPRESS_UPDATE_PDF_HASHES=1 cargo test --test all code_corpus` writes
//! them anew (layout hashes are never rewritten).
//!
//! Every code's layout is checked in this process; the command line runs a
//! process a code, so by default it runs one code and one command line of
//! each game, and all of them under `--include-ignored`.

use crate::common;
use common::Scratch;
use panicpress::games::request::GameRequest;
use panicpress::seed::SheetCode;
use sha2::{Digest, Sha256};

fn sha256(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// What a layout is, from its JSON: everything but ratings and codes, at
/// any depth, written compactly with keys in a fixed order.
fn layout_of(json: &str) -> String {
    fn strip(v: &mut serde_json::Value) {
        match v {
            serde_json::Value::Object(map) => {
                map.retain(|k, _| k != "rating" && k != "code");
                map.values_mut().for_each(strip);
            }
            serde_json::Value::Array(items) => items.iter_mut().for_each(strip),
            _ => {}
        }
    }
    let mut value: serde_json::Value = serde_json::from_str(json).expect("layout JSON parses");
    strip(&mut value);
    let sorted: std::collections::BTreeMap<String, serde_json::Value> = match value {
        serde_json::Value::Object(map) => map.into_iter().collect(),
        other => [("items".to_string(), other)].into_iter().collect(),
    };
    serde_json::to_string(&sorted).unwrap()
}

/// The layout hash of the JSON a command line writes to standard output.
fn layout_hash(s: &Scratch, args: &[&str]) -> String {
    let mut args = args.to_vec();
    args.extend(["--format", "json", "-o", "-"]);
    let r = s.run(&args);
    assert_eq!(r.code(), 0, "{args:?}: {}", r.stderr());
    sha256(layout_of(&r.stdout()).as_bytes())
}

/// The corpus: (layout hash, code) a line.
fn corpus() -> Vec<(&'static str, &'static str)> {
    include_str!("../fixtures/code_corpus.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.split_once(' ').unwrap())
        .collect()
}

/// Every generator version of every game of the registry (its
/// declaration's `version`) has codes in the corpus.
#[test]
fn the_corpus_has_codes_of_every_version_of_every_game() {
    let versions: std::collections::BTreeSet<(String, u32)> = corpus()
        .iter()
        .map(|(_, code)| {
            let code = SheetCode::parse(code).unwrap();
            (code.game, code.version)
        })
        .collect();
    assert!(corpus().len() >= 29, "corpus read");
    for game in panicpress::games::all() {
        for v in 1..=game.version() {
            assert!(
                versions.contains(&(game.name().to_string(), v)),
                "no {} version {v} code in tests/fixtures/code_corpus.txt",
                game.name()
            );
        }
    }
}

/// Every code of the corpus makes its layout, read in this process as
/// `regen CODE --format json` reads it. With `PANICPRESS_PRINT_LAYOUTS`
/// set, prints the corpus as this build makes it instead, to pin the
/// layouts of new codes (run with the build that printed them).
#[test]
fn every_printed_code_makes_the_same_layout() {
    let print = std::env::var_os("PANICPRESS_PRINT_LAYOUTS").is_some();
    for (hash, code) in corpus() {
        let request = GameRequest::from_code(&SheetCode::parse(code).unwrap()).unwrap();
        let made = sha256(layout_of(&request.json().unwrap()).as_bytes());
        if print {
            println!("{made} {code}");
        } else {
            assert_eq!(made, hash, "regen {code} made another layout");
        }
    }
}

/// The command line makes the corpus's layouts and prints their sheets (in
/// the current design): `regen CODE`, a process a code, so the default run
/// takes the first code of each game; the whole corpus under
/// `--include-ignored`.
fn regen_prints(whole: bool) {
    let s = Scratch::new(if whole { "code-corpus-all" } else { "code-corpus" });
    let mut games_seen = std::collections::BTreeSet::new();
    for (hash, code) in corpus() {
        let game = code.split(':').next().unwrap();
        if !games_seen.insert(game) && !whole {
            continue;
        }
        assert_eq!(
            layout_hash(&s, &["regen", code]),
            hash,
            "regen {code} made another layout"
        );
        let r = s.run(&["regen", code, "-o", "r.pdf"]);
        assert_eq!(r.code(), 0, "regen {code}: {}", r.stderr());
    }
}

#[test]
fn regen_of_a_code_of_each_game_makes_its_layout_and_prints() {
    regen_prints(false);
}

#[test]
#[ignore = "a process per code (a minute); the layouts are checked in-process by default"]
fn regen_of_every_printed_code_makes_its_layout_and_prints() {
    regen_prints(true);
}

/// The command lines of the CLI corpus make their layouts and the same
/// bytes, run after run; a process each, so the default run takes the
/// first line of each game, the whole corpus under `--include-ignored` (and
/// whenever the hashes are printed or written anew).
fn cli_corpus(whole: bool) {
    let s = Scratch::new(if whole { "cli-corpus-all" } else { "cli-corpus" });
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/cli_corpus.tsv");
    let corpus = std::fs::read_to_string(&path).unwrap();
    let update = std::env::var_os("PANICPRESS_UPDATE_PDF_HASHES").is_some();
    let print = std::env::var_os("PANICPRESS_PRINT_LAYOUTS").is_some();
    let whole = whole || update || print;
    let mut rewritten = String::new();
    let mut checked = 0;
    let mut games_seen = std::collections::BTreeSet::new();
    for line in corpus.lines().filter(|l| !l.trim().is_empty()) {
        let mut fields = line.split('\t');
        let layout = fields.next().unwrap();
        let pdf = fields.next().unwrap();
        let args: Vec<&str> = fields.collect();
        if !games_seen.insert(args[0]) && !whole {
            continue;
        }
        if print {
            println!("{}\t{pdf}\t{}", layout_hash(&s, &args), args.join("\t"));
            continue;
        }
        assert_eq!(layout_hash(&s, &args), layout, "{args:?} made another layout");
        let mut with_output = args.clone();
        with_output.extend(["-o", "c.pdf"]);
        let r = s.run(&with_output);
        assert_eq!(r.code(), 0, "{args:?}: {}", r.stderr());
        let made = sha256(&std::fs::read(s.path("c.pdf")).unwrap());
        // The same inputs give the same bytes, run after run.
        let again = s.run(&with_output);
        assert_eq!(again.code(), 0);
        assert_eq!(
            sha256(&std::fs::read(s.path("c.pdf")).unwrap()),
            made,
            "{args:?}: bytes differ between runs"
        );
        if update {
            rewritten.push_str(&format!("{layout}\t{made}\t{}\n", args.join("\t")));
        } else {
            assert_eq!(
                made, pdf,
                "{args:?} changed its PDF (a sheet changed on purpose? see the module comment)"
            );
        }
        checked += 1;
    }
    if print {
        return;
    }
    if update {
        std::fs::write(&path, rewritten).unwrap();
    }
    assert!(checked >= if whole { 19 } else { 4 }, "corpus read");
}

#[test]
fn a_command_line_of_each_game_makes_the_same_layout_and_bytes() {
    cli_corpus(false);
}

#[test]
#[ignore = "three processes a line; one line of each game runs by default"]
fn every_corpus_command_line_makes_the_same_layout_and_bytes() {
    cli_corpus(true);
}
