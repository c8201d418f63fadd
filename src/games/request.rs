//! One request for any game's sheets, so that commands, regen, class packs
//! and the web page treat the games alike.

use std::ops::Deref;

use crate::error::{Error, Result};
use crate::game::Request;
use crate::seed::{Seed, SheetCode};
use crate::sheet::Style;
use crate::sheet::impose::{Footer, Sharing, check_per_page, large_print_scale, magnified, stamp, without_calibration};
use crate::sheet::{DocumentInfo, Page};
use crate::text::Texts;

pub struct GameRequest(Box<dyn Request>);

impl Deref for GameRequest {
    type Target = dyn Request;
    fn deref(&self) -> &(dyn Request + 'static) {
        self.0.as_ref()
    }
}

impl From<Box<dyn Request>> for GameRequest {
    fn from(r: Box<dyn Request>) -> GameRequest {
        GameRequest(r)
    }
}

impl GameRequest {
    /// The request a printed sheet code stands for.
    pub fn from_code(code: &SheetCode) -> Result<GameRequest> {
        let game = super::find(&code.game).map_err(|e| e.within(crate::msg!("code.place")))?;
        Ok(GameRequest(game.request_for_code(code)?))
    }

    /// The same request for another seed (and one layout).
    pub fn with_seed(&self, seed: Seed) -> GameRequest {
        GameRequest(self.0.with_seed(seed))
    }

    /// The same request for other sheets (a list as `--sheets` takes it).
    pub fn with_sheets(&self, list: &str) -> Result<GameRequest> {
        Ok(GameRequest(self.0.with_sheets(list)?))
    }

    /// Some of the sheets of the set a code names (`regen CODE --sheets
    /// LIST`): refused when the set has not got them, since every page
    /// carries the set's code.
    pub(crate) fn narrowed(&self, list: &str) -> Result<GameRequest> {
        let set = self.sheet_names();
        let narrowed = self.with_sheets(list)?;
        let missing: Vec<&str> = narrowed
            .sheet_names()
            .into_iter()
            .filter(|s| !set.contains(s))
            .collect();
        if !missing.is_empty() {
            return Err(Error::setting_msg(
                "sheets",
                crate::msg!(
                    "sheets.not_in_set",
                    missing = missing.join(", "),
                    sheets = set.join(", ")
                ),
            ));
        }
        Ok(narrowed)
    }

    /// The same request laid out on other paper; its code is unchanged.
    pub(crate) fn with_paper(&self, paper: crate::sheet::Paper) -> GameRequest {
        GameRequest(self.0.with_paper(paper))
    }

    /// The same request printed in another style; its code is unchanged.
    pub fn with_style(&self, style: crate::sheet::Style) -> GameRequest {
        GameRequest(self.0.with_style(style))
    }

    /// The same request with the players' names where they write.
    pub(crate) fn with_seats(&self, seats: &crate::game::Seats) -> GameRequest {
        GameRequest(self.0.with_seats(seats))
    }

    /// The layout as the game's own `--format json` writes it.
    pub fn layout(&self) -> Result<serde_json::Value> {
        serde_json::from_str(&self.json()?).map_err(|e| Error::msg(crate::json::error_msg(&e)).within("layout JSON"))
    }

    /// Refuses large print for sheets that have no large-print layout.
    pub(crate) fn check_print(&self) -> Result<()> {
        if !self.style().is_large() {
            return Ok(());
        }
        let game = super::find(self.game())?;
        let done = game.declaration().large_print_sheets;
        let missing: Vec<&str> = self.sheet_names().into_iter().filter(|s| !done.contains(s)).collect();
        if missing.is_empty() {
            return Ok(());
        }
        Err(Error::setting_msg(
            "large-print",
            crate::msg!(
                "sheets.no_large_print",
                game = game.title(),
                missing = missing.join(", "),
                done = done.join(", ")
            ),
        ))
    }

    /// Whether the game calls `sheet` small enough to share a page.
    fn is_small(&self, sheet: &str) -> bool {
        super::find(self.game()).is_ok_and(|g| g.small_sheets().contains(&sheet))
    }

    /// Whether this request (asking for one sheet) prints on `share` paper
    /// at the sheet standards, in no more paper than whole. Decided on the
    /// first layout alone (sizes do not change from one layout to the next),
    /// so a run of thousands streams.
    fn fits_share(&self, texts: &Texts, share: crate::sheet::Paper) -> Result<bool> {
        let sheet = self.sheet_names().first().copied().unwrap_or_default();
        if !self.is_small(sheet) {
            return Ok(false);
        }
        let first = self.with_seed(self.seed().clone());
        let (mut small, mut whole) = (Vec::new(), 0);
        first.with_paper(share).pages(texts, &mut |page| {
            small.push(without_calibration(page));
            Ok(())
        })?;
        first.pages(texts, &mut |_| {
            whole += 1;
            Ok(())
        })?;
        // A sheet turned sideways does not fit its share either.
        let fits = |p: &Page| (p.width, p.height) == share.size_mm() && p.standards_broken().is_empty();
        Ok(small.iter().all(fits) && small.len() <= whole * share.per_page())
    }

    /// In large print, how much this request (asking for one small sheet)
    /// is magnified: drawn in the standard style for a quarter of the paper,
    /// printed about twice that size. None when the magnified pages would
    /// break the large-print standards or take more paper than the sheet
    /// drawn in large print at full size; decided on the first layout alone.
    fn magnification(&self, texts: &Texts) -> Result<Option<f32>> {
        let sheet = self.sheet_names().first().copied().unwrap_or_default();
        if !self.style().is_large() || !self.is_small(sheet) {
            return Ok(None);
        }
        let footer = Footer {
            calibration: "100 mm".into(),
            code: format!("code: {}", self.code()?),
        };
        let paper = self.paper();
        let scale = large_print_scale(paper);
        let first = self.with_seed(self.seed().clone());
        let (mut small_pages, mut clean) = (0, true);
        first
            .with_paper(paper.share(4))
            .with_style(Style::Standard)
            .pages(texts, &mut |page| {
                small_pages += 1;
                // A sheet turned sideways does not fit its quarter.
                clean &= (page.width, page.height) == paper.share(4).size_mm();
                clean &= magnified(page, paper, scale, &footer).standards_broken().is_empty();
                Ok(())
            })?;
        if !clean {
            return Ok(None);
        }
        let (mut whole_pages, mut whole_clean) = (0, true);
        first.pages(texts, &mut |page| {
            whole_pages += 1;
            whole_clean &= page.standards_broken().is_empty();
            Ok(())
        })?;
        Ok((small_pages <= whole_pages || !whole_clean).then_some(scale))
    }

    /// This request's pages through `sharing`, sheet by sheet: small sheets
    /// onto shared pages, the others whole; each page stamped with `name`.
    pub(crate) fn share_into(
        &self,
        sharing: &mut Sharing,
        texts: &Texts,
        name: Option<&str>,
        emit: &mut dyn FnMut(Page) -> Result<()>,
    ) -> Result<DocumentInfo> {
        let stamped = |mut page: Page| {
            if let Some(n) = name {
                stamp(&mut page, n);
            }
            page
        };
        // Each sheet shares a page, prints whole or (large print) is drawn
        // small and printed magnified; runs of whole sheets go to the game
        // together, which may put two on one page (a score pad and its card).
        let share = sharing.share_paper();
        let mut runs: Vec<(Print, Vec<&str>)> = Vec::new();
        for sheet in self.sheet_names() {
            let one = self.with_sheets(sheet)?;
            let print = match one.magnification(texts)? {
                Some(scale) => Print::Magnified(scale),
                None if sharing.per_page() > 1 && one.fits_share(texts, share)? => Print::Shared,
                None => Print::Whole,
            };
            match runs.last_mut() {
                Some((Print::Whole, run)) if print == Print::Whole => run.push(sheet),
                _ => runs.push((print, vec![sheet])),
            }
        }
        let mut parts = crate::sheet::Parts::default();
        for (print, run) in runs {
            let request = self.with_sheets(&run.join(","))?;
            parts.push(match print {
                Print::Shared => request
                    .with_paper(share)
                    .pages(texts, &mut |page| sharing.share(stamped(page), emit))?,
                Print::Whole => request.pages(texts, &mut |page| sharing.whole(stamped(page), emit))?,
                Print::Magnified(scale) => {
                    let common = texts.labels("common", &tera::Context::new())?;
                    let footer = Footer {
                        calibration: common.get("calibration"),
                        code: format!(
                            "{}: {}",
                            common.get("code_label"),
                            crate::seed::SheetCode::text_with_lang(&request.code()?, texts.lang())
                        ),
                    };
                    let paper = self.paper();
                    request
                        .with_paper(paper.share(4))
                        .with_style(Style::Standard)
                        .pages(texts, &mut |page| {
                            sharing.whole(stamped(magnified(page, paper, scale, &footer)), emit)
                        })?
                }
            });
        }
        Ok(parts.finish())
    }

    /// This request's pages, each stamped with `name` when one is given;
    /// with `per_page` 2 or 4, small sheets share a page, with the
    /// calibration bar and the request's code at its foot.
    pub fn pages_imposed(
        &self,
        texts: &Texts,
        per_page: usize,
        name: Option<&str>,
        emit: &mut dyn FnMut(Page) -> Result<()>,
    ) -> Result<DocumentInfo> {
        check_per_page(per_page)?;
        self.check_print()?;
        // Large print shares no page, but may print small sheets magnified.
        let large = self.style().is_large();
        let per_page = if large { 1 } else { per_page };
        if per_page == 1 && !large {
            return self.pages(texts, &mut |mut page| {
                if let Some(n) = name {
                    stamp(&mut page, n);
                }
                emit(page)
            });
        }
        let common = texts.labels("common", &tera::Context::new())?;
        // The code as the sheet's own footer writes it: with its language.
        let code = crate::seed::SheetCode::text_with_lang(&self.code()?, texts.lang());
        let footer = |sheet: &mut Page| {
            crate::sheet::calibration_bar(sheet, &common.get("calibration"));
            crate::sheet::code_line(sheet, &format!("{}: {code}", common.get("code_label")));
            if let Some(n) = name {
                stamp(sheet, n);
            }
        };
        let mut sharing = Sharing::new(per_page, self.paper(), &footer);
        let info = self.share_into(&mut sharing, texts, name, emit)?;
        sharing.flush(emit)?;
        Ok(info)
    }
}

/// How one run of a request's sheets prints.
#[derive(Clone, Copy, PartialEq)]
enum Print {
    /// Whole pages, as the game lays them out.
    Whole,
    /// On a shared page, laid out for its share.
    Shared,
    /// Drawn small and printed this many times larger (large print).
    Magnified(f32),
}
