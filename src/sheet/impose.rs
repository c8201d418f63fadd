//! Small sheets printed two or four to a sheet of paper, each at full size
//! in its share, with cut lines between them; and a name stamped on a page.
//! Knows pages only: which sheets are small enough is the game's to say.

use super::{Align, Colour, Group, Item, MARGIN_MM, Page, Paper, Role, Stroke, Style, Tag, script_lang};
use crate::error::{Error, Result};
use crate::fonts::FontRole::Bold;

/// Columns and rows of small sheets on one sheet of paper: side by side on
/// a sheet turned sideways for two, two by two for four.
pub(crate) fn share_grid(per_page: usize) -> (usize, usize) {
    if per_page == 2 { (2, 1) } else { (2, 2) }
}

/// Room between two small sheets on one sheet, for the cut line.
pub const SHARE_GAP_MM: f32 = 6.0;
/// Room at the foot of a shared sheet for its calibration bar and code.
pub const SHARE_FOOTER_MM: f32 = 14.0;

/// The printable area of each small sheet when `per_page` share a sheet of
/// `whole` paper (inside the sheet's margins, above its footer).
pub fn share_cell_mm(whole: Paper, per_page: usize) -> (f32, f32) {
    let (w, h) = whole.size_mm();
    let (width, height) = if per_page == 2 { (h, w) } else { (w, h) };
    let (cols, rows) = share_grid(per_page);
    let cell_w = (width - 2.0 * MARGIN_MM - SHARE_GAP_MM * (cols - 1) as f32) / cols as f32;
    let cell_h = (height - 2.0 * MARGIN_MM - SHARE_FOOTER_MM - SHARE_GAP_MM * (rows - 1) as f32) / rows as f32;
    (cell_w, cell_h)
}

/// Checks a `--per-page` value.
pub(crate) fn check_per_page(per_page: usize) -> Result<()> {
    if ![1, 2, 4].contains(&per_page) {
        return Err(Error::setting_msg(
            "per-page",
            crate::msg!("output.per_page", n = per_page),
        ));
    }
    Ok(())
}

/// Pages on their way to paper: small pages gather until a shared sheet is
/// full; a page of its own goes out at once, after the shares before it so
/// that one set's pages keep their order.
pub struct Sharing<'a> {
    per_page: usize,
    paper: Paper,
    footer: &'a dyn Fn(&mut Page),
    waiting: Vec<Page>,
}

impl<'a> Sharing<'a> {
    /// Shares `per_page` to a sheet of `paper`; `footer` draws the foot of
    /// each shared sheet (its calibration bar, code and name).
    pub fn new(per_page: usize, paper: Paper, footer: &'a dyn Fn(&mut Page)) -> Sharing<'a> {
        Sharing {
            per_page,
            paper: paper.whole(),
            footer,
            waiting: Vec::with_capacity(per_page),
        }
    }

    pub fn per_page(&self) -> usize {
        self.per_page
    }

    /// The paper a small page is laid out on to share a sheet.
    pub(crate) fn share_paper(&self) -> Paper {
        self.paper.share(self.per_page)
    }

    /// A small page laid out on [`Sharing::share_paper`]; its calibration bar
    /// gives way to the shared sheet's.
    pub fn share(&mut self, page: Page, emit: &mut dyn FnMut(Page) -> Result<()>) -> Result<()> {
        self.waiting.push(without_calibration(page));
        match self.waiting.len() == self.per_page {
            true => self.flush(emit),
            false => Ok(()),
        }
    }

    /// A page of its own.
    pub fn whole(&mut self, page: Page, emit: &mut dyn FnMut(Page) -> Result<()>) -> Result<()> {
        self.flush(emit)?;
        emit(page)
    }

    /// Prints the small pages waiting for a shared sheet.
    pub(crate) fn flush(&mut self, emit: &mut dyn FnMut(Page) -> Result<()>) -> Result<()> {
        if self.waiting.is_empty() {
            return Ok(());
        }
        let sheet = impose(
            std::mem::take(&mut self.waiting),
            self.per_page,
            self.paper,
            self.footer,
        );
        emit(sheet)
    }
}

/// A small page without its own calibration bar: the sheet it shares has one.
pub(crate) fn without_calibration(mut page: Page) -> Page {
    page.items
        .retain(|i| !matches!(i, Item::Group(g) if g.name.ends_with(super::CALIBRATION)));
    page
}

/// Several small pages (without their calibration bars) on one sheet, each
/// in its cell (at full size: they were laid out for it), with cut lines.
fn impose(chunk: Vec<Page>, per_page: usize, paper: Paper, footer: &dyn Fn(&mut Page)) -> Page {
    let mut sheet = if per_page == 2 {
        Page::landscape(paper)
    } else {
        Page::new(paper)
    };
    let (cols, rows) = share_grid(per_page);
    let (cell_w, cell_h) = share_cell_mm(paper, per_page);
    let gap = SHARE_GAP_MM;
    let top = MARGIN_MM;
    let bottom = top + rows as f32 * (cell_h + gap) - gap;
    for (k, page) in chunk.into_iter().enumerate() {
        let (c, r) = (k % cols, k / cols);
        // The page's printable area (inside its margins) into the cell.
        let (area_w, area_h) = (page.width - 2.0 * MARGIN_MM, page.height - 2.0 * MARGIN_MM);
        let scale = (cell_w / area_w).min(cell_h / area_h).min(1.0);
        let cx = MARGIN_MM + c as f32 * (cell_w + gap) + (cell_w - area_w * scale) / 2.0;
        let cy = top + r as f32 * (cell_h + gap) + (cell_h - area_h * scale) / 2.0;
        let group = std::sync::Arc::new(Group::from_page("small", page));
        sheet.items.push(Item::Placed {
            group,
            x: cx - MARGIN_MM * scale,
            y: cy - MARGIN_MM * scale,
            scale,
        });
    }
    let cut = Stroke::dashed(0.5, &[4.0, 3.0]).coloured(Colour::Grey(0.4));
    for c in 1..cols {
        let x = MARGIN_MM + c as f32 * (cell_w + gap) - gap / 2.0;
        sheet.line((x, top), (x, bottom), cut.clone());
    }
    for r in 1..rows {
        let y = top + r as f32 * (cell_h + gap) - gap / 2.0;
        sheet.line((MARGIN_MM, y), (sheet.width - MARGIN_MM, y), cut.clone());
    }
    footer(&mut sheet);
    sheet
}

/// Prints a member's name at the foot of a page, right of the calibration bar.
pub(crate) fn stamp(page: &mut Page, name: &str) {
    let right = page.width - MARGIN_MM - 2.0;
    // Right of the calibration bar; a small page shows none, and has the width.
    let left = match page.width >= 190.0 {
        true => MARGIN_MM + 2.0 + 150.0,
        false => page.width / 2.0,
    };
    let foot = page.height - MARGIN_MM - 9.0;
    // Where the page's own text reaches the foot (a board's rating), the
    // name goes to the top corner, above the title.
    let name_at = |y: f32| {
        let mut probe = Page {
            items: Vec::new(),
            lang: None,
            ..*page
        };
        probe.fitted(right, y, right - left, 10.0, Bold, Align::Right, name);
        probe
    };
    let at_foot = name_at(foot);
    let taken = page.text_boxes();
    let clear = at_foot.text_boxes().iter().all(|n| {
        taken
            .iter()
            .all(|t| t.x1 <= n.x0 || n.x1 <= t.x0 || t.y1 <= n.y0 || n.y1 <= t.y0)
    });
    let stamp = match clear {
        true => at_foot,
        false => name_at(MARGIN_MM + 3.6),
    };
    // The name in its own language where its script shows one.
    page.items.push(Item::Open(Box::new(
        Tag::new(Role::Paragraph).with_lang(script_lang(name)),
    )));
    page.items.extend(stamp.items);
    page.items.push(Item::Close);
}

/// How much a small sheet is magnified for large print: laid out for a
/// quarter of `paper` in the standard style (7 pt, 8 mm boxes), it prints
/// this many times that size (about twice) on a page of its own.
pub(crate) fn large_print_scale(paper: Paper) -> f32 {
    let (cell_w, cell_h) = share_cell_mm(paper, 4);
    let (w, h) = paper.size_mm();
    ((w - 2.0 * MARGIN_MM) / cell_w).min((h - 2.0 * MARGIN_MM - SHARE_FOOTER_MM) / cell_h)
}

/// The foot of a magnified page: the calibration bar's label and the code line.
pub struct Footer {
    pub calibration: String,
    pub code: String,
}

/// A small page printed `scale` times its size on a page of `paper` in large
/// print, its shading hatched, with the page's own calibration bar.
pub fn magnified(small: Page, paper: Paper, scale: f32, footer: &Footer) -> Page {
    let mut small = without_calibration(small);
    small.hatch_shading(scale);
    // The small page's code line (small type at its foot) goes: the page prints its own at 14 pt.
    let foot = small.height - MARGIN_MM - 6.0;
    small.items.retain(|i| !matches!(i, Item::Text { y, .. } if *y > foot));
    let mut page = Page::new(paper);
    page.style = Style::Large;
    page.lang = small.lang.clone();
    page.items.push(Item::Placed {
        group: std::sync::Arc::new(Group::from_page("large", small)),
        x: MARGIN_MM - MARGIN_MM * scale,
        y: MARGIN_MM - MARGIN_MM * scale,
        scale,
    });
    super::calibration_bar(&mut page, &footer.calibration);
    super::code_line(&mut page, &footer.code);
    page
}
