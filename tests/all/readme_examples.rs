//! Every command line in the `sh` blocks of README.md, GUIDE.md and
//! ARCHITECTURE.md runs as
//! written, in a fresh folder holding the project's `examples/` (one folder a
//! document, the commands in the order they appear), with `panicpress` on the
//! PATH as `cargo install` puts it (lines that run cargo itself are left to CI).

use crate::common;
use common::Scratch;
use std::path::Path;

fn sh_commands(doc: &str) -> Vec<String> {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(doc)).unwrap();
    let mut out = Vec::new();
    let mut in_sh = false;
    for line in text.lines() {
        let t = line.trim();
        if t.starts_with("```") {
            in_sh = t == "```sh";
            continue;
        }
        // `serve` runs until stopped: tests/serve_http.rs drives it.
        let long_running = t.starts_with("panicpress serve");
        if in_sh && !t.is_empty() && !t.starts_with('#') && !long_running && !t.split_whitespace().any(|w| w == "cargo")
        {
            out.push(t.to_string());
        }
    }
    out
}

/// Runs every `sh` command of `doc`; `at_least` guards against a document
/// whose blocks stopped being found (a changed fence, a renamed file).
fn every_command_runs_as_written(doc: &str, at_least: usize) {
    let s = Scratch::new(&format!("docs-{}", doc.to_lowercase().replace('.', "-")));
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    std::fs::create_dir_all(s.path("examples")).unwrap();
    for e in std::fs::read_dir(&examples).unwrap() {
        let e = e.unwrap();
        std::fs::copy(e.path(), s.path("examples").join(e.file_name())).unwrap();
    }
    std::fs::create_dir_all(s.path("bin")).unwrap();
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_panicpress"), s.path("bin/panicpress")).unwrap();
    let path = format!(
        "{}:{}",
        s.path("bin").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let commands = sh_commands(doc);
    assert!(commands.len() >= at_least, "{doc}: {} commands found", commands.len());
    let mut failed = Vec::new();
    for line in &commands {
        let out = std::process::Command::new("sh")
            .args(["-c", line])
            .current_dir(&s.0)
            .env("PATH", &path)
            .env("HOME", &s.0)
            .output()
            .unwrap();
        if !out.status.success() {
            failed.push(format!("{line}\n  -> {}", String::from_utf8_lossy(&out.stderr).trim()));
        }
    }
    assert!(failed.is_empty(), "{doc} commands that fail:\n{}", failed.join("\n"));
}

#[test]
fn every_readme_command_runs_as_written() {
    // One example a game, a reprint and a class pack.
    every_command_runs_as_written("README.md", 6);
}

#[test]
fn every_guide_command_runs_as_written() {
    every_command_runs_as_written("GUIDE.md", 40);
}

/// The contributor's guide's commands run on the null game, which builds
/// with the tests.
#[test]
fn every_architecture_command_runs_as_written() {
    every_command_runs_as_written("ARCHITECTURE.md", 7);
}
