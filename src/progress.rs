//! Progress on long jobs. On a terminal: a bar on standard error. Elsewhere
//! (a script, a log, the web server reading standard error): a plain line
//! every few seconds once a job has run that long, so a long job can be told
//! from a hang; with `--progress`, from the start. Short jobs print nothing.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::cell::RefCell;
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Jobs shorter than this many steps finish before a bar would be read.
const WORTH_SHOWING: u64 = 50;
/// How often a plain progress line is printed, and how long a job runs
/// before its first line when `--progress` was not asked for.
const LINE_EVERY: Duration = Duration::from_secs(3);

static ASKED: AtomicBool = AtomicBool::new(false);

/// `--progress`: plain progress lines from the start of every job.
pub fn ask_for_lines() {
    ASKED.store(true, Ordering::Relaxed);
}

/// Progress of one job: a bar, plain lines, or nothing.
pub struct Progress {
    bar: Option<ProgressBar>,
    lines: Option<RefCell<Lines>>,
}

struct Lines {
    what: String,
    len: Option<u64>,
    done: u64,
    started: Instant,
    next: Instant,
}

impl Progress {
    fn new(len: Option<u64>, what: &str, long: bool) -> Progress {
        let asked = ASKED.load(Ordering::Relaxed);
        if std::io::stderr().is_terminal() && !asked {
            if !long {
                return Progress { bar: None, lines: None };
            }
            let bar = ProgressBar::with_draw_target(len, ProgressDrawTarget::stderr());
            let style = match len {
                Some(_) => ProgressStyle::with_template("{bar:30} {pos}/{len} {msg} ({eta} left)")
                    .unwrap_or_else(|_| ProgressStyle::default_bar()),
                None => ProgressStyle::with_template("{spinner} {pos} {msg}")
                    .unwrap_or_else(|_| ProgressStyle::default_spinner()),
            };
            bar.set_style(style);
            bar.set_message(what.to_string());
            return Progress {
                bar: Some(bar),
                lines: None,
            };
        }
        let now = Instant::now();
        let first = if asked { now } else { now + LINE_EVERY };
        Progress {
            bar: None,
            lines: Some(RefCell::new(Lines {
                what: what.to_string(),
                len,
                done: 0,
                started: now,
                next: first,
            })),
        }
    }

    /// One step done.
    pub fn inc(&self, n: u64) {
        if let Some(bar) = &self.bar {
            bar.inc(n);
        }
        if let Some(l) = &self.lines {
            let mut l = l.borrow_mut();
            l.done += n;
            let now = Instant::now();
            if now >= l.next {
                l.next = now + LINE_EVERY;
                eprintln!("{}", l.line());
            }
        }
    }

    /// The job is over: the bar goes; a job that printed lines says so.
    pub fn finish_and_clear(self) {
        if let Some(bar) = self.bar {
            bar.finish_and_clear();
        }
        if let Some(l) = self.lines.map(RefCell::into_inner)
            && (ASKED.load(Ordering::Relaxed) || l.started.elapsed() >= LINE_EVERY)
        {
            eprintln!("{} (done)", l.line());
        }
    }
}

impl Lines {
    fn line(&self) -> String {
        let secs = self.started.elapsed().as_secs();
        match self.len {
            Some(len) => format!(
                "progress: {}/{len} {} ({}%, {secs} s)",
                self.done,
                self.what,
                self.done * 100 / len.max(1)
            ),
            None => format!("progress: {} {} ({secs} s)", self.done, self.what),
        }
    }
}

/// Progress over `len` steps of `what` (e.g. "deals").
pub fn bar(len: u64, what: &str) -> Progress {
    Progress::new(Some(len), what, len >= WORTH_SHOWING)
}

/// Pages written when their number is not known in advance; a bar on a
/// terminal only for documents expected to be long.
pub fn pages(expected_long: bool) -> Progress {
    Progress::new(None, "pages written", expected_long)
}
