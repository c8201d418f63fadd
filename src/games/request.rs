//! One request for any game's sheets, so that commands, regen, class packs
//! and the web page treat the games alike.

use std::ops::Deref;

use crate::error::{Error, Result};
use crate::game::Request;
use crate::seed::{Seed, SheetCode};
use crate::sheet::impose::{Sharing, check_per_page, stamp, without_calibration};
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
        let game = super::find(&code.game).map_err(|e| Error::input(format!("sheet code: {}", e.message)))?;
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

    /// The same request laid out on other paper; its code is unchanged.
    pub fn with_paper(&self, paper: crate::sheet::Paper) -> GameRequest {
        GameRequest(self.0.with_paper(paper))
    }

    /// The same request with the players' names where they write.
    pub fn with_seats(&self, seats: &crate::game::Seats) -> GameRequest {
        GameRequest(self.0.with_seats(seats))
    }

    /// The layout as the game's own `--format json` writes it.
    pub fn layout(&self) -> Result<serde_json::Value> {
        serde_json::from_str(&self.json()?).map_err(|e| Error::input(format!("layout JSON: {e}")))
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

    /// This request's pages through `sharing`, sheet by sheet: small sheets
    /// onto shared pages, the others whole; each page stamped with `name`.
    pub fn share_into(
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
        // Each sheet shares a page or prints whole; runs of whole sheets go
        // to the game together, which may put two on one page (a score pad
        // and its reference card).
        let share = sharing.share_paper();
        let mut runs: Vec<(bool, Vec<&str>)> = Vec::new();
        for sheet in self.sheet_names() {
            let shares = sharing.per_page() > 1 && self.with_sheets(sheet)?.fits_share(texts, share)?;
            match runs.last_mut() {
                Some((false, run)) if !shares => run.push(sheet),
                _ => runs.push((shares, vec![sheet])),
            }
        }
        let mut parts = crate::sheet::Parts::default();
        for (shares, run) in runs {
            let request = self.with_sheets(&run.join(","))?;
            parts.push(match shares {
                true => request
                    .with_paper(share)
                    .pages(texts, &mut |page| sharing.share(stamped(page), emit))?,
                false => request.pages(texts, &mut |page| sharing.whole(stamped(page), emit))?,
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
        if per_page == 1 {
            return self.pages(texts, &mut |mut page| {
                if let Some(n) = name {
                    stamp(&mut page, n);
                }
                emit(page)
            });
        }
        let common = texts.labels("common", &tera::Context::new())?;
        let code = self.code()?;
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
