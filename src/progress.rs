//! Progress on long jobs. On a terminal: a bar on standard error. Elsewhere
//! (a script, a log, the web server reading standard error): a plain line
//! every few seconds once a job has run that long, so a long job can be told
//! from a hang; with `--progress`, from the start. Short jobs print nothing.

use crate::message::Msg;
use crate::msg;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::cell::RefCell;
use std::io::IsTerminal;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Jobs shorter than this many steps finish before a bar would be read.
const WORTH_SHOWING: u64 = 50;
/// How often a plain progress line is printed, and how long a job runs
/// before its first line when `--progress` was not asked for.
const LINE_EVERY: Duration = Duration::from_secs(3);

static ASKED: AtomicBool = AtomicBool::new(false);
static LANGUAGE: OnceLock<String> = OnceLock::new();

/// `--progress`: plain progress lines from the start of every job.
pub(crate) fn ask_for_lines() {
    ASKED.store(true, Ordering::Relaxed);
}

/// The language of the command's `--lang`, for every progress line it prints.
pub fn speak(lang: &str) {
    let _ = LANGUAGE.set(lang.to_string());
}

fn words(m: &Msg) -> String {
    m.words(LANGUAGE.get().map_or("en", String::as_str))
}

/// Progress of one job: a bar, plain lines, or nothing.
pub struct Progress {
    bar: Option<ProgressBar>,
    lines: Option<RefCell<Lines>>,
}

struct Lines {
    what: Msg,
    len: Option<u64>,
    done: u64,
    started: Instant,
    next: Instant,
}

impl Progress {
    fn new(len: Option<u64>, what: Msg, long: bool) -> Progress {
        let asked = ASKED.load(Ordering::Relaxed);
        if std::io::stderr().is_terminal() && !asked {
            if !long {
                return Progress { bar: None, lines: None };
            }
            let bar = ProgressBar::with_draw_target(len, ProgressDrawTarget::stderr());
            let style = match len {
                Some(_) => ProgressStyle::with_template(&format!(
                    "{{bar:30}} {{pos}}/{{len}} {{msg}} ({})",
                    words(&msg!("progress.eta", eta = "{eta}"))
                ))
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
                None => ProgressStyle::with_template("{spinner} {pos} {msg}")
                    .unwrap_or_else(|_| ProgressStyle::default_spinner()),
            };
            bar.set_style(style);
            bar.set_message(words(&what));
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
                what,
                len,
                done: 0,
                started: now,
                next: first,
            })),
        }
    }

    /// One step done.
    pub(crate) fn inc(&self, n: u64) {
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
    pub(crate) fn finish_and_clear(self) {
        if let Some(bar) = self.bar {
            bar.finish_and_clear();
        }
        if let Some(l) = self.lines.map(RefCell::into_inner)
            && (ASKED.load(Ordering::Relaxed) || l.started.elapsed() >= LINE_EVERY)
        {
            eprintln!("{}", words(&msg!("progress.done", line = l.line())));
        }
    }
}

impl Lines {
    fn line(&self) -> String {
        let secs = self.started.elapsed().as_secs();
        let line = match self.len {
            Some(len) => msg!(
                "progress.of",
                done = self.done,
                len = len,
                what = self.what.clone(),
                percent = self.done * 100 / len.max(1),
                secs = secs
            ),
            None => msg!(
                "progress.count",
                done = self.done,
                what = self.what.clone(),
                secs = secs
            ),
        };
        words(&line)
    }
}

/// Progress over `len` steps of `what` (e.g. "deals").
pub fn bar(len: u64, what: Msg) -> Progress {
    Progress::new(Some(len), what, len >= WORTH_SHOWING)
}

/// Pages written when their number is not known in advance; a bar on a
/// terminal only for documents expected to be long.
pub fn pages(expected_long: bool) -> Progress {
    Progress::new(None, msg!("progress.pages"), expected_long)
}
