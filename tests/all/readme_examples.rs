//! Every command line in the README's `sh` blocks runs as written, in a fresh
//! folder holding the project's `examples/`, with `panicpress` on the PATH as
//! `cargo install` puts it (lines that run cargo itself are left to CI).

use crate::common;
use common::Scratch;
use std::path::Path;

fn readme_commands() -> Vec<String> {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
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

#[test]
fn every_readme_command_runs_as_written() {
    let s = Scratch::new("readme");
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
    let commands = readme_commands();
    assert!(commands.len() > 40, "{} commands found", commands.len());
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
    assert!(failed.is_empty(), "README commands that fail:\n{}", failed.join("\n"));
}
