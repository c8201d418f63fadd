//! Hands the linker the list of functions that writing PDFs runs
//! (link/hot-symbols.txt, made by bench/hot-symbols.sh), so they are placed
//! side by side: peak memory is mostly the pages of code a run touches.
//! Only where the linker is LLD, the default for x86_64 Linux since Rust 1.90.

use std::process::Command;

fn main() {
    let list = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("link/hot-symbols.txt");
    println!("cargo:rerun-if-changed={}", list.display());
    println!("cargo:rerun-if-env-changed=CARGO_ENCODED_RUSTFLAGS");
    let target = std::env::var("TARGET").unwrap_or_default();
    let own_linker = std::env::var("CARGO_ENCODED_RUSTFLAGS").is_ok_and(|f| f.contains("link"));
    if target != "x86_64-unknown-linux-gnu" || own_linker || !list.exists() || !rustc_at_least(1, 90) {
        return;
    }
    println!(
        "cargo:rustc-link-arg-bins=-Wl,--symbol-ordering-file={}",
        list.display()
    );
    // Names missing from this build (the list is from an earlier one) are skipped.
    println!("cargo:rustc-link-arg-bins=-Wl,--no-warn-symbol-ordering");
}

fn rustc_at_least(major: u32, minor: u32) -> bool {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let Ok(out) = Command::new(rustc).arg("--version").output() else {
        return false;
    };
    // "rustc 1.95.0 (59807616e 2026-04-14)"
    let text = String::from_utf8_lossy(&out.stdout);
    let mut version = text.split_whitespace().nth(1).unwrap_or("").split('.');
    let mut next = || version.next().and_then(|v| v.parse::<u32>().ok()).unwrap_or(0);
    (next(), next()) >= (major, minor)
}
