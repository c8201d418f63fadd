//! What every game's sheets share: the paper, the common texts, page titles,
//! the footer, and groups drawn once per document and reused on every page.

use std::sync::Arc;

use crate::fonts::FontRole::{Bold, Regular};
use crate::seed::SheetCode;
use crate::sheet::{Align, Group, MARGIN_MM, Page, Paper, Role, Style, calibration_bar, code_line};
use crate::text::{Block, GameTexts, Labels};

/// Size of the text on rules sheets, and where it starts.
const PROSE_PT: f32 = 10.0;
// Near the margin: the rules cards are references, dense by need.
const PROSE_LEFT: f32 = MARGIN_MM + 2.0;
const PROSE_TOP: f32 = MARGIN_MM + 22.0;

/// Height a block of prose takes at `size` in `width`, as [`Kit::prose`]
/// lays it out; headings grow by `k` (larger in large print).
/// Headings and their spacing follow the text size, so a page set smaller
/// to fit gains room between sections as well as in them.
fn heading_scale_at(size: f32) -> f32 {
    size / PROSE_PT
}

fn prose_height(b: &Block, size: f32, width: f32) -> f32 {
    match b {
        Block::Heading(_) => 7.5 * heading_scale_at(size),
        Block::Paragraph(p) => {
            crate::fonts::wrap(p, Regular, size, width).len() as f32 * size * crate::fonts::PT_TO_MM * 1.3 + 1.5
        }
    }
}

pub use crate::sheet::CALIBRATION;

#[derive(Clone)]
pub struct Kit<'a> {
    pub paper: Paper,
    /// Standard or large print: what sizes the pages ask for.
    pub style: Style,
    pub common: &'a Labels,
    /// Pages with the long side across.
    pub landscape: bool,
    /// Shared groups live with the texts they were drawn with, so every
    /// document (or every student of a pack) made with them reuses them.
    texts: &'a GameTexts,
}

impl<'a> Kit<'a> {
    pub fn new(paper: Paper, style: Style, texts: &'a GameTexts) -> Kit<'a> {
        Kit {
            paper,
            style,
            common: &texts.common,
            landscape: false,
            texts,
        }
    }

    /// The same kit for pages turned sideways.
    pub fn landscape(paper: Paper, style: Style, texts: &'a GameTexts) -> Kit<'a> {
        Kit {
            landscape: true,
            ..Kit::new(paper, style, texts)
        }
    }

    /// The same kit turned sideways, for a sheet that needs the width.
    pub(crate) fn turned(&self) -> Kit<'a> {
        Kit::landscape(self.paper, self.style, self.texts)
    }

    /// An empty page in this kit's orientation.
    pub(crate) fn blank(&self) -> Page {
        let mut page = if self.landscape {
            Page::landscape(self.paper)
        } else {
            Page::new(self.paper)
        };
        page.lang = Some(self.texts.lang.clone());
        page.style = self.style;
        page
    }

    /// The group named `key`, drawn by `draw` the first time it is asked for.
    pub fn shared(&self, key: &str, draw: impl FnOnce(&mut Page)) -> Arc<Group> {
        let key = format!(
            "{:?}/{}{}/{key}",
            self.paper,
            if self.landscape { "wide" } else { "tall" },
            if self.style.is_large() { "/large" } else { "" }
        );
        if let Some(g) = self.texts.furniture.borrow().get(&key) {
            return g.clone();
        }
        let mut page = self.blank();
        draw(&mut page);
        let group = Arc::new(Group::from_page(&key, page));
        self.texts.furniture.borrow_mut().insert(key, group.clone());
        group
    }

    /// A page showing the shared group `key` with its own sheet code below.
    pub(crate) fn shared_page(&self, key: &str, code: &SheetCode, draw: impl FnOnce(&mut Page)) -> Page {
        let mut page = self.page();
        page.group(&self.shared(key, draw));
        self.code(&mut page, code);
        page
    }

    /// How far down a page its content may reach: above the calibration bar
    /// and the code line, which large print sets larger (on up to two lines).
    pub(crate) fn content_bottom(&self, page: &Page) -> f32 {
        // 2 mm clear of the calibration bar's ticks in either style.
        page.height - MARGIN_MM - if self.style.is_large() { 24.0 } else { 14.0 }
    }

    /// A page with the calibration bar.
    pub fn page(&self) -> Page {
        let mut page = self.blank();
        page.group(&self.calibration());
        page
    }

    /// The 100 mm calibration bar as its own group, named [`CALIBRATION`], so
    /// that pages printed smaller (several to a sheet) can leave it out.
    pub fn calibration(&self) -> Arc<Group> {
        self.shared(CALIBRATION, |p| calibration_bar(p, &self.common.get("calibration")))
    }

    /// The sheet code line that regenerates this page.
    pub fn code(&self, page: &mut Page, code: &SheetCode) {
        let code = code.clone().with_lang(&self.texts.lang);
        code_line(page, &format!("{}: {code}", self.common.get("code_label")));
    }

    /// One line under the title, shrunk to fit the page, or two; text too
    /// long for two lines even at the smallest size (large print) takes as
    /// many lines as it needs, never cut.
    pub(crate) fn subtitle(&self, page: &mut Page, text: &str, size_pt: f32) {
        let width = page.width - 2.0 * (MARGIN_MM + 2.0);
        let (centre, y) = (page.width / 2.0, MARGIN_MM + 16.0);
        let smallest = page.style.min_text_pt().min(page.style.text_pt(size_pt));
        let lines = crate::fonts::wrap(text, Regular, smallest, width);
        page.role(Role::Paragraph, |page| {
            if lines.len() <= 2 {
                return page.fitted_text(centre, y, width, size_pt, Regular, text);
            }
            let lead = smallest * crate::fonts::PT_TO_MM * 1.15;
            for (i, line) in lines.iter().enumerate() {
                page.centred_text(centre, y - lead / 2.0 + lead * i as f32, smallest, Regular, line);
            }
        });
    }

    /// The page title, shrunk to fit between the margins in any language.
    pub fn title(&self, page: &mut Page, text: &str) {
        let room = page.width - 2.0 * MARGIN_MM - 4.0;
        let centre = page.width / 2.0;
        page.role(Role::Heading(1), |page| {
            page.fitted(centre, MARGIN_MM + 10.0, room, 17.0, Bold, Align::Centre, text)
        });
    }

    /// A rules sheet of as few pages as its text needs: at [`PROSE_PT`], or
    /// a little smaller where that saves a page, with "title (2/2)" on the
    /// next; a heading never ends a page.
    pub(crate) fn prose_pages(&self, title: &str, blocks: &[Block], code: &SheetCode) -> Vec<Page> {
        let blank = self.blank();
        let width = blank.width - 2.0 * PROSE_LEFT;
        // Above the calibration bar and the code line.
        let room = blank.height - MARGIN_MM - 14.0 * self.heading_scale() - PROSE_TOP;
        let split = |size: f32| -> Vec<Vec<Block>> {
            let height = |b: &Block| prose_height(b, size, width);
            let mut pages: Vec<Vec<Block>> = vec![Vec::new()];
            let mut used = 0.0;
            for (i, block) in blocks.iter().enumerate() {
                let mut need = height(block);
                if matches!(block, Block::Heading(_)) {
                    need += blocks.get(i + 1).map_or(0.0, height);
                }
                if used + need > room && !pages.last().is_some_and(Vec::is_empty) {
                    pages.push(Vec::new());
                    used = 0.0;
                }
                used += height(block);
                pages.last_mut().expect("one page at least").push(block.clone());
            }
            pages
        };
        // The largest size that needs no more pages than the smallest one
        // (smaller text never needs more pages), tried largest first.
        let sizes =
            [PROSE_PT, PROSE_PT - 0.5, PROSE_PT - 1.0, PROSE_PT - 1.5, PROSE_PT - 2.0].map(|s| self.style.text_pt(s));
        let fewest = split(sizes[sizes.len() - 1]).len();
        let (size, pages) = sizes
            .into_iter()
            .map(|size| (size, split(size)))
            .find(|(_, pages)| pages.len() == fewest)
            .expect("the smallest size needs the fewest pages");
        let count = pages.len();
        pages
            .into_iter()
            .enumerate()
            .map(|(i, blocks)| {
                let mut page = self.page();
                let heading = match count {
                    1 => title.to_string(),
                    _ => format!("{title} ({}/{count})", i + 1),
                };
                self.title(&mut page, &heading);
                self.prose_at(&mut page, &blocks, size);
                self.code(&mut page, code);
                page
            })
            .collect()
    }

    /// How much larger headings and their spacing are than in the standard style.
    fn heading_scale(&self) -> f32 {
        self.style.text_pt(PROSE_PT) / PROSE_PT
    }

    fn prose_at(&self, page: &mut Page, blocks: &[Block], size: f32) {
        let width = page.width - 2.0 * PROSE_LEFT;
        let mut y = PROSE_TOP;
        let k = heading_scale_at(size);
        for block in blocks {
            match block {
                Block::Heading(h) => {
                    y += 2.0 * k;
                    page.role(Role::Heading(2), |page| {
                        page.text(PROSE_LEFT, y, size + 1.5, Bold, Align::Left, h)
                    });
                    y += 5.5 * k;
                }
                Block::Paragraph(p) => y = page.paragraph(PROSE_LEFT, y, width, size, Regular, p) + 1.5,
            }
        }
    }
}
