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
//! `PANICPRESS_UPDATE_PDF_HASHES=1 cargo test --test code_corpus` writes them
//! anew (layout hashes are never rewritten).

use crate::common;
use common::Scratch;
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

#[test]
fn every_printed_code_makes_the_same_layout() {
    let s = Scratch::new("code-corpus");
    let corpus = include_str!("../fixtures/code_corpus.txt");
    let mut checked = 0;
    let mut versions = std::collections::BTreeSet::new();
    // Prints the corpus as this build makes it, to pin the layouts of new
    // codes (run with the binary that printed them).
    let print = std::env::var_os("PANICPRESS_PRINT_LAYOUTS").is_some();
    for line in corpus.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')) {
        let (hash, code) = line.split_once(' ').unwrap();
        if print {
            println!("{} {code}", layout_hash(&s, &["regen", code]));
            continue;
        }
        assert_eq!(
            layout_hash(&s, &["regen", code]),
            hash,
            "regen {code} made another layout"
        );
        // Its sheets print too, in the current design.
        let r = s.run(&["regen", code, "-o", "r.pdf"]);
        assert_eq!(r.code(), 0, "regen {code}: {}", r.stderr());
        let mut parts = code.split(':');
        versions.insert((parts.next().unwrap().to_string(), parts.next().unwrap().to_string()));
        checked += 1;
    }
    if print {
        return;
    }
    assert!(checked >= 29, "corpus read");
    // Every version of every game is in the corpus.
    for (game, newest) in [("tp-hunt", 5), ("particle-panic", 4), ("panic-buy", 7), ("ppe", 2)] {
        for v in 1..=newest {
            assert!(
                versions.contains(&(game.to_string(), v.to_string())),
                "no {game} version {v} code"
            );
        }
    }
}

#[test]
fn every_corpus_command_line_makes_the_same_layout_and_bytes() {
    let s = Scratch::new("cli-corpus");
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/cli_corpus.tsv");
    let corpus = std::fs::read_to_string(&path).unwrap();
    let update = std::env::var_os("PANICPRESS_UPDATE_PDF_HASHES").is_some();
    let print = std::env::var_os("PANICPRESS_PRINT_LAYOUTS").is_some();
    let mut rewritten = String::new();
    let mut checked = 0;
    for line in corpus.lines().filter(|l| !l.trim().is_empty()) {
        let mut fields = line.split('\t');
        let layout = fields.next().unwrap();
        let pdf = fields.next().unwrap();
        let args: Vec<&str> = fields.collect();
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
    assert!(checked >= 19, "corpus read");
}
