//! Progress on long jobs, for a person watching a terminal: shown on standard
//! error only when it is a terminal, so scripts, pipes and tests see nothing.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;

/// Jobs shorter than this many steps finish before a bar would be read.
const WORTH_SHOWING: u64 = 50;

/// A bar over `len` steps of `what` (e.g. "deals"), or a hidden one.
pub fn bar(len: u64, what: &str) -> ProgressBar {
    if len < WORTH_SHOWING || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} {msg} ({eta} left)")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar.set_message(what.to_string());
    bar
}

/// A counter of pages written when their number is not known in advance
/// (shown for documents expected to be long), or a hidden one.
pub fn pages(expected_long: bool) -> ProgressBar {
    if !expected_long || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{spinner} {pos} pages written")
            .unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    bar
}
