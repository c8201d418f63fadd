//! What a request costs and what the server keeps: a budget of work per
//! request (pages drawn and simulated games played, not students or
//! layouts), a bounded cache of made documents, and documents streamed to the
//! client as they are written, so memory stays flat whatever is asked.

use std::collections::VecDeque;
use std::io::Write;
use std::rc::Rc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Bytes;
use tokio::sync::mpsc;

use super::refusal::Refusal;
use crate::error::{Error, Result};
use crate::game::Kind;
use crate::games::request::GameRequest;
use crate::jobs::DocumentInput;
use crate::message::{Msg, big};
use crate::msg;
use crate::text::Texts;

/// Most pages one request draws: a pack of 500 students with five pages
/// each fits; PPE's score pad for a target of 1,000,000 (14,625 pages) does not.
pub const MAX_PAGES: usize = 3_000;
/// Most simulated games one request plays (ratings, difficulty searches):
/// about two seconds of one core.
pub const MAX_SIMULATED_GAMES: u64 = 1_000_000;

/// A game's request with everything the checks need to make its sheets.
pub struct Made {
    pub request: GameRequest,
    pub texts: Rc<Texts>,
    pub per_page: usize,
    /// The fields as asked (none for a printed code): a refusal over the
    /// page budget tries other values of the setting that makes a set long.
    pub asked: Option<DocumentInput>,
}

/// The words of a budget refusal: what the request would cost, and what to lower.
fn over_budget(what: Msg, most: Msg, lower: Msg) -> Refusal {
    Refusal::new(422, msg!("work.too_much", what = what, most = most, lower = lower))
}

/// Refuses at once work that would play more simulated games than the budget.
pub(crate) fn check_games(games: u64, lower: Msg) -> std::result::Result<(), Refusal> {
    if games > MAX_SIMULATED_GAMES {
        return Err(over_budget(
            msg!("work.games", n = big(games)),
            msg!("work.games", n = big(MAX_SIMULATED_GAMES)),
            lower,
        ));
    }
    Ok(())
}

/// Counts the pages of one copy that `draw` makes, and refuses once `copies`
/// of them (plus `extra` pages) would pass the budget: drawing stops there,
/// so an oversized request costs no more than the budget to refuse.
pub(crate) fn check_pages(
    copies: usize,
    extra: usize,
    lower: Msg,
    draw: impl FnOnce(&mut dyn FnMut(crate::sheet::Page) -> Result<()>) -> Result<()>,
) -> std::result::Result<usize, Refusal> {
    let room = MAX_PAGES.saturating_sub(extra) / copies.max(1);
    let mut pages = 0;
    let drawn = draw(&mut |_| {
        pages += 1;
        if pages > room {
            return Err(stop());
        }
        Ok(())
    });
    if pages > room {
        let what = match copies {
            0 | 1 => msg!("work.more_pages", n = big(room as u64)),
            n if room == 0 => msg!("work.sets", n = big(n as u64)),
            n => msg!("work.sets_of", n = big(n as u64), pages = room),
        };
        return Err(over_budget(what, msg!("work.pages", n = big(MAX_PAGES as u64)), lower));
    }
    drawn?;
    Ok(pages)
}

/// The error that stops drawing once enough is known (never shown).
fn stop() -> Error {
    Error::msg(msg!("word", word = "enough pages"))
}

/// What to lower, said to someone making one game's sheets.
pub(crate) fn lower_sheets() -> Msg {
    msg!("work.lower_sheets")
}

/// Checks a game request against the budget before anything is made.
pub(crate) fn check_request(made: &Made) -> std::result::Result<(), Refusal> {
    let request = &made.request;
    check_games(request.simulated_games(), lower_sheets())?;
    let one = request.with_seed(request.seed().clone());
    check_pages(request.count(), 0, lower_sheets(), |emit| {
        one.pages_imposed(&made.texts, made.per_page, None, emit).map(|_| ())
    })
    .map_err(|r| at_budget_field(made, request.count(), r))?;
    Ok(())
}

/// A refusal over the page budget at the setting to lower: the number of
/// sets where there are several, else the setting that makes a set long,
/// with the largest value of it that fits when it is a number.
fn at_budget_field(made: &Made, copies: usize, r: Refusal) -> Refusal {
    if r.status != 422 {
        return r;
    }
    if copies > 1 {
        return r.at("count");
    }
    let Ok(game) = crate::games::find(made.request.game()) else {
        return r;
    };
    let Some(field) = game.pages_grow_with().first() else {
        return r;
    };
    let setting = game.settings().iter().find(|s| s.name == *field);
    let most = match (setting.map(|s| s.kind), &made.asked) {
        (Some(Kind::Number { min, .. }), Some(asked)) => largest_fitting(made, asked, field, min),
        _ => None,
    };
    match most {
        Some(most) => {
            let lower = msg!("work.lower_to", setting = *field, most = big(most as u64));
            over_budget_with(r, lower).at(field)
        }
        None => r.at(field),
    }
}

/// The same budget refusal with another thing to lower.
fn over_budget_with(r: Refusal, lower: Msg) -> Refusal {
    let arg = |name: &str| r.msg.args.iter().find(|(n, _)| *n == name).map(|(_, a)| a.clone());
    match (arg("what"), arg("most")) {
        (Some(what), Some(most)) => Refusal::new(422, msg!("work.too_much", what = what, most = most, lower = lower)),
        _ => r,
    }
}

/// Most pages the tries of other values draw together, on top of the
/// request's own: enough to find the value exactly when pages grow in
/// proportion to it (a try or two on each side of the budget, then about
/// nine halving what is left), bounded whatever the game. A refusal that
/// names the value costs that much more than one that does not (PPE's long
/// game: about 3 s of one core).
const MAX_SEARCH_PAGES: usize = 16 * MAX_PAGES;

/// The largest value of the number setting `name`, from `min` up to the
/// value asked, whose set fits the page budget; none when `min` does not,
/// or when a try would cost more than the pages it counts (small sheets
/// shared or magnified are first laid out whole).
///
/// Values are doubled while a set has only a few pages; then pages are
/// about in proportion to the value, so the value at the budget is guessed
/// from two counts, tried a little below (further below while it does not
/// fit) and a little above; what is left is halved down to one value. The
/// tries draw at most [`MAX_SEARCH_PAGES`] together; if they run out, the
/// largest value known to fit is said.
fn largest_fitting(made: &Made, asked: &DocumentInput, name: &str, min: i64) -> Option<i64> {
    if made.per_page != 1 || made.request.style().is_large() {
        return None;
    }
    let drawn = std::cell::Cell::new(0);
    let pages = |value: i64| -> Option<usize> {
        let mut probe = asked.clone();
        probe.field(name, &value.to_string()).ok()?;
        let spec = probe.build().ok()?;
        spec.request.check(&made.texts).ok()?;
        let counted = check_pages(1, 0, lower_sheets(), |emit| {
            let mut counting = |page| {
                drawn.set(drawn.get() + 1);
                emit(page)
            };
            spec.request
                .pages_imposed(&made.texts, 1, None, &mut counting)
                .map(|_| ())
        });
        counted.ok()
    };
    let given = asked.number(name)?;
    let more = || drawn.get() < MAX_SEARCH_PAGES;
    // `lo` fits (with `lo_pages` pages), `hi` does not.
    let (mut lo, mut hi) = (min, given);
    let mut lo_pages = pages(lo)?;
    let first = (lo, lo_pages);
    // Short sets cost little: doubled until a set is long enough to measure by.
    while lo_pages < MAX_PAGES / 8 && hi - lo > 1 && more() {
        let guess = (lo.max(1) * 2).min(hi - 1);
        match pages(guess) {
            Some(p) => (lo, lo_pages) = (guess, p),
            None => hi = guess,
        }
    }
    // Pages per value, from the first count and the last that fitted.
    let per_value = |lo: i64, lo_pages: usize| (lo_pages as f64 - first.1 as f64) / (lo - first.0) as f64;
    let mut below = 2.0;
    while hi - lo > 1 && lo_pages > first.1 && lo_pages + 2 < MAX_PAGES && more() {
        let step = per_value(lo, lo_pages);
        let guess = (lo + (((MAX_PAGES - lo_pages) as f64 - below) / step) as i64).clamp(lo + 1, hi - 1);
        match pages(guess) {
            Some(p) => (lo, lo_pages) = (guess, p),
            None => (hi, below) = (guess, below * 2.0),
        }
    }
    if hi - lo > 1 && lo_pages > first.1 && more() {
        let guess = lo + ((MAX_PAGES + 2 - lo_pages) as f64 / per_value(lo, lo_pages)) as i64;
        let guess = guess.clamp(lo + 1, hi - 1);
        match pages(guess) {
            Some(_) => lo = guess,
            None => hi = guess,
        }
    }
    while hi - lo > 1 && more() {
        let middle = lo + (hi - lo) / 2;
        match pages(middle) {
            Some(_) => lo = middle,
            None => hi = middle,
        }
    }
    Some(lo)
}

/// A document made for the page: its code, its number of pages, and its
/// first pages as SVG (as many as fit in [`MAX_DOCUMENT_BYTES`]).
pub struct Document {
    pub code: String,
    pub pages: usize,
    svgs: Vec<Arc<str>>,
    bytes: usize,
}

/// Most SVG bytes kept of one document.
const MAX_DOCUMENT_BYTES: usize = 4 * 1024 * 1024;
/// Most SVG bytes kept of all documents.
const MAX_CACHE_BYTES: usize = 16 * 1024 * 1024;

impl Document {
    /// Draws every page of `made` (within the budget), keeping the first ones as SVG.
    pub fn make(made: &Made) -> std::result::Result<Document, Refusal> {
        check_games(made.request.simulated_games(), lower_sheets())?;
        // Many sets: one is drawn first, so that too many are refused at once.
        if made.request.count() > 1 {
            check_request(made)?;
        }
        let mut svgs = Vec::new();
        let mut bytes = 0;
        let pages = check_pages(1, 0, lower_sheets(), |emit| {
            made.request
                .pages_imposed(&made.texts, made.per_page, None, &mut |page| {
                    if bytes < MAX_DOCUMENT_BYTES {
                        let svg: Arc<str> = crate::render::svg::page_svg(&page).into();
                        bytes += svg.len();
                        svgs.push(svg);
                    }
                    emit(page)
                })
                .map(|_| ())
        })
        .map_err(|r| at_budget_field(made, 1, r))?;
        let code = crate::seed::SheetCode::text_with_lang(&made.request.code()?, made.texts.lang());
        Ok(Document {
            code,
            pages,
            svgs,
            bytes,
        })
    }

    /// Page `n` (from 1) as SVG, when it is kept.
    pub fn svg(&self, n: usize) -> Option<Arc<str>> {
        self.svgs.get(n.checked_sub(1)?).cloned()
    }
}

/// Page `n` (from 1) of `made`, drawn again: the pages after it are not drawn.
pub(crate) fn page_svg(made: &Made, n: usize) -> std::result::Result<String, Refusal> {
    let mut seen = 0;
    let mut found = None;
    let drawn = made
        .request
        .pages_imposed(&made.texts, made.per_page, None, &mut |page| {
            seen += 1;
            if seen == n {
                found = Some(crate::render::svg::page_svg(&page));
                return Err(stop());
            }
            Ok(())
        });
    match found {
        Some(svg) => Ok(svg),
        None => {
            drawn?;
            Err(page_out_of_range(n, seen))
        }
    }
}

/// The refusal of page `n` of sheets of `pages` pages.
pub(crate) fn page_out_of_range(n: usize, pages: usize) -> Refusal {
    Refusal::from(Error::setting_msg("page", msg!("serve.no_page", n = n, pages = pages)))
}

/// Documents made lately, by their settings, the most recent first, within
/// [`MAX_CACHE_BYTES`]: turning the pages of a preview makes nothing new.
#[derive(Default)]
pub struct Cache {
    documents: Mutex<VecDeque<(String, Arc<Document>)>>,
}

impl Cache {
    pub fn get(&self, key: &str) -> Option<Arc<Document>> {
        let mut docs = self.documents.lock().unwrap_or_else(|e| e.into_inner());
        let i = docs.iter().position(|(k, _)| k == key)?;
        let hit = docs.remove(i)?;
        let doc = hit.1.clone();
        docs.push_front(hit);
        Some(doc)
    }

    pub fn put(&self, key: String, doc: Arc<Document>) {
        let mut docs = self.documents.lock().unwrap_or_else(|e| e.into_inner());
        docs.retain(|(k, _)| *k != key);
        docs.push_front((key, doc));
        let mut total = 0;
        let keep = docs
            .iter()
            .take_while(|(_, d)| {
                total += d.bytes + 1024;
                total <= MAX_CACHE_BYTES
            })
            .count()
            .max(1);
        docs.truncate(keep);
    }
}

/// How long a stream waits for a client that reads nothing before giving up.
const SEND_TIMEOUT: Duration = Duration::from_secs(30);
/// Bytes gathered before they are sent on.
const CHUNK: usize = 64 * 1024;

/// A writer whose bytes go to the response body as they are made, at most a
/// few chunks ahead of the client: a document is never held whole.
pub struct Stream {
    tx: mpsc::Sender<std::io::Result<Bytes>>,
    buf: Vec<u8>,
    runtime: tokio::runtime::Handle,
}

impl Stream {
    /// A stream, and the receiving end that makes the body.
    pub fn new(runtime: tokio::runtime::Handle) -> (Stream, mpsc::Receiver<std::io::Result<Bytes>>) {
        let (tx, rx) = mpsc::channel(4);
        (
            Stream {
                tx,
                buf: Vec::with_capacity(CHUNK),
                runtime,
            },
            rx,
        )
    }

    fn send(&mut self, item: std::io::Result<Bytes>) -> std::io::Result<()> {
        self.runtime
            .block_on(self.tx.send_timeout(item, SEND_TIMEOUT))
            .map_err(|_| std::io::Error::new(std::io::ErrorKind::BrokenPipe, "the client went away"))
    }

    /// Ends the body: what is left, or an error that cuts it short.
    pub(crate) fn finish(mut self, result: Result<()>) {
        let _ = match result {
            Ok(()) => self.flush(),
            Err(e) => self.send(Err(std::io::Error::other(e.message))),
        };
    }
}

impl Write for Stream {
    fn write(&mut self, data: &[u8]) -> std::io::Result<usize> {
        self.buf.extend_from_slice(data);
        if self.buf.len() >= CHUNK {
            let chunk = Bytes::from(std::mem::replace(&mut self.buf, Vec::with_capacity(CHUNK)));
            self.send(Ok(chunk))?;
        }
        Ok(data.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        if !self.buf.is_empty() {
            let chunk = Bytes::from(std::mem::take(&mut self.buf));
            self.send(Ok(chunk))?;
        }
        Ok(())
    }
}

/// The PDF of a game request, as the command line writes it.
pub fn write_pdf(out: &mut dyn Write, request: &GameRequest, texts: &Texts, per_page: usize) -> Result<()> {
    crate::jobs::write_imposed_pdf(out, request, texts, per_page).map(|_| ())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The request the fields stand for, through the input step alone.
    fn made(game: &str, pairs: &[(&str, &str)]) -> Made {
        let mut input = crate::jobs::DocumentInput::new(crate::games::find(game).unwrap());
        for (name, text) in pairs {
            input.field(name, text).unwrap();
        }
        let spec = input.build().unwrap();
        Made {
            request: spec.request,
            texts: Rc::new(crate::games::texts(&spec.lang, None).unwrap()),
            per_page: spec.per_page,
            asked: Some(input),
        }
    }

    #[test]
    fn work_over_the_budget_is_refused_before_it_is_done() {
        // Refused from the plan alone: were the work done first, this test
        // would run for hours rather than fail on a clock.
        let e = check_request(&made("ppe", &[("seed", "1"), ("mode", "long"), ("target", "1000000")]))
            .expect_err("thousands of pages are refused");
        assert_eq!(e.status, 422);
        assert!(e.message.contains("more than 3,000 pages"), "{}", e.message);
        assert!(e.message.contains("up to"), "says what to lower: {}", e.message);
        let e = check_request(&made("tp-hunt", &[("seed", "1"), ("count", "1000")]))
            .err()
            .unwrap();
        assert!(
            e.message.contains("1,000 sets of more than 3 pages each"),
            "{}",
            e.message
        );
        check_request(&made("tp-hunt", &[("seed", "1"), ("count", "100")])).unwrap();
    }

    /// PPE's long game: a target whose score pad runs past the page budget
    /// is refused with the largest target that fits, in both languages.
    #[test]
    fn a_long_game_past_the_budget_is_told_the_largest_target_that_fits() {
        let long = |target: &str| made("ppe", &[("seed", "1"), ("mode", "long"), ("target", target)]);
        let e = check_request(&long("1000000")).unwrap_err();
        assert_eq!(e.field.as_deref(), Some("target"));
        let most = e
            .message
            .split("up to ")
            .nth(1)
            .unwrap_or_else(|| panic!("{}", e.message));
        let most: u32 = most.replace(',', "").parse().unwrap();
        let german = e.msg.words("de");
        assert!(german.contains("wählen Sie für target höchstens "), "{german}");
        check_request(&long(&most.to_string())).unwrap();
        // One more is over: refused without a search for the largest again.
        let over = Made {
            asked: None,
            ..long(&(most + 1).to_string())
        };
        assert!(
            check_request(&over)
                .unwrap_err()
                .message
                .contains("more than 3,000 pages")
        );
    }

    #[test]
    fn a_document_keeps_its_pages_and_the_cache_stays_bounded() {
        let m = made("tp-hunt", &[("seed", "42"), ("players", "3")]);
        let doc = Document::make(&m).unwrap();
        assert_eq!(doc.code, "tp-hunt:6-m38z3:g12-s12-a10-d7-p3:a4:default:42");
        assert!(doc.pages >= 3);
        assert_eq!(doc.svg(2).as_deref(), Some(page_svg(&m, 2).unwrap().as_str()));
        assert!(page_svg(&m, 99).unwrap_err().message.contains("out of range"));
        let cache = Cache::default();
        let doc = Arc::new(doc);
        for i in 0..200 {
            cache.put(format!("k{i}"), doc.clone());
        }
        let kept = cache.documents.lock().unwrap().len();
        assert!(kept * doc.bytes <= MAX_CACHE_BYTES && kept >= 1, "{kept}");
        assert!(cache.get("k199").is_some() && cache.get("k0").is_none());
    }
}
