//! Printed codes are a promise: every code in the corpus (printed by earlier
//! versions, and by each game's newest generator version) regenerates exactly
//! the PDF it did, and the command lines in the CLI corpus write exactly the
//! PDFs of the games' current generator versions (a version bump is the one
//! change that updates them). The fixtures hold the SHA-256 of each PDF.

mod common;
use common::Scratch;
use sha2::{Digest, Sha256};

fn sha256(path: &std::path::Path) -> String {
    let bytes = std::fs::read(path).unwrap();
    Sha256::digest(&bytes).iter().map(|b| format!("{b:02x}")).collect()
}

#[test]
fn every_printed_code_regenerates_the_same_bytes() {
    let s = Scratch::new("code-corpus");
    let corpus = include_str!("fixtures/code_corpus.txt");
    let mut checked = 0;
    for line in corpus.lines().filter(|l| !l.trim().is_empty()) {
        let (hash, code) = line.split_once(' ').unwrap();
        let r = s.run(&["regen", code, "-o", "r.pdf"]);
        assert_eq!(r.code(), 0, "regen {code}: {}", r.stderr());
        assert_eq!(sha256(&s.path("r.pdf")), hash, "regen {code} changed its PDF");
        checked += 1;
    }
    assert!(checked >= 20, "corpus read");
}

#[test]
fn every_corpus_command_line_writes_the_same_bytes() {
    let s = Scratch::new("cli-corpus");
    let corpus = include_str!("fixtures/cli_corpus.tsv");
    let mut checked = 0;
    for line in corpus.lines().filter(|l| !l.trim().is_empty()) {
        let mut fields = line.split('\t');
        let hash = fields.next().unwrap();
        let mut args: Vec<&str> = fields.collect();
        args.extend(["-o", "c.pdf"]);
        let r = s.run(&args);
        assert_eq!(r.code(), 0, "{args:?}: {}", r.stderr());
        assert_eq!(sha256(&s.path("c.pdf")), hash, "{args:?} changed its PDF");
        checked += 1;
    }
    assert!(checked >= 19, "corpus read");
}
