//! What PPE prints: six cut-and-fold cube nets, the score pad, and the
//! reference card with the exact odds of these dice.

use super::odds::{Analysis, StopRule};
use super::{Dice, Face, Outcome, Params};
use crate::fonts::FontRole::{Bold, Regular};
use crate::kit::Kit;
use crate::seed::SheetCode;
use crate::sheet::icons;
use crate::sheet::{Align, Colour, Item, MARGIN_MM, Page, Paper, Stroke};
use crate::sheet::{MIN_TEXT_PT, MIN_TICK_MM};
use crate::text::{GameTexts, Labels};

sheet_kinds! {
    Nets => "nets",
    Scorepad => "scorepad",
    Reference => "reference",
    Rules => "rules";
    default: [Nets, Scorepad, Reference, Rules]
}

/// An edge of a square face, in net coordinates (x right, y down).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Top,
    Right,
    Bottom,
    Left,
}

/// The cube net, a "1-4-1" cross: four faces in a row (A B C D), E above B,
/// F below B. Positions are (column, row) in face units.
pub const NET: [(i32, i32); 6] = [(0, 1), (1, 1), (2, 1), (3, 1), (1, 0), (1, 2)];
/// Glue tabs: (face, side). Each one is glued under the edge that meets it.
pub const TABS: [(usize, Side); 7] = [
    (0, Side::Top),
    (0, Side::Bottom),
    (2, Side::Top),
    (2, Side::Bottom),
    (3, Side::Top),
    (3, Side::Bottom),
    (3, Side::Right),
];

/// Whether two net faces share an edge (a fold line) on `side` of `a`.
pub fn neighbour(a: usize, side: Side) -> Option<usize> {
    let (x, y) = NET[a];
    let (dx, dy) = match side {
        Side::Top => (0, -1),
        Side::Right => (1, 0),
        Side::Bottom => (0, 1),
        Side::Left => (-1, 0),
    };
    NET.iter().position(|p| *p == (x + dx, y + dy))
}

/// The smallest face the nets are printed with.
pub const MIN_FACE_MM: f32 = 18.0;
const TAB_MM: f32 = 6.0;

pub struct Context<'a> {
    pub params: &'a Params,
    pub labels: &'a Labels,
    pub rules: &'a [crate::text::Block],
    pub kit: Kit<'a>,
    pub analysis: &'a Analysis,
    /// The players' names, written over their score pad columns.
    pub seats: crate::game::Seats,
}

impl Context<'_> {
    pub fn new<'a>(
        params: &'a Params,
        paper: Paper,
        style: crate::sheet::Style,
        texts: &'a GameTexts,
        analysis: &'a Analysis,
    ) -> Context<'a> {
        Context {
            params,
            labels: &texts.game,
            rules: &texts.rules,
            kit: Kit::new(paper, style, texts),
            analysis,
            seats: Default::default(),
        }
    }

    fn l(&self, key: &str) -> String {
        self.labels.get(key)
    }

    /// A percentage as the language writes it.
    fn percent(&self, value: f64, places: usize) -> String {
        self.kit.common.percent(value, places)
    }

    /// The chance of `n` rolls in `total` with `places` decimals; a chance
    /// that would print as 0 is "under" the least printed one.
    fn chance(&self, n: u32, total: u32, places: usize) -> String {
        let pct = 100.0 * n as f64 / total as f64;
        let least = 10f64.powi(-(places as i32));
        match pct < least / 2.0 {
            true => self.l("under").replace("{x}", &self.percent(least, places)),
            false => self.percent(pct, places),
        }
    }

    /// Emits the pages of one sheet kind as they are made: a long game's score
    /// pad runs to thousands of pages, and none is held after it is written.
    pub fn pages(
        &self,
        kind: SheetKind,
        dice: &Dice,
        code: &SheetCode,
        emit: &mut dyn FnMut(Page) -> crate::Result<()>,
    ) -> crate::Result<()> {
        match kind {
            SheetKind::Nets if self.kit.style.is_large() => {
                // Large print: two nets a page, one above the other, or one
                // where the longest word of a face name needs larger faces.
                let per_page = if self.large_face_mm(2).1 >= self.face_needs_mm(dice) { 2 } else { 1 };
                for first in (0..dice.len()).step_by(per_page) {
                    emit(self.nets_of(dice, first..(first + per_page).min(dice.len()), 1, code))?;
                }
                Ok(())
            }
            SheetKind::Nets => emit(self.nets(dice, code)),
            SheetKind::Scorepad => self.scorepads(code, None, emit).map(|_| ()),
            SheetKind::Reference => {
                for page in self.reference(code) {
                    emit(page)?;
                }
                Ok(())
            }
            SheetKind::Rules => {
                for page in self.kit.prose_pages(&self.l("rules_title"), self.rules, code) {
                    emit(page)?;
                }
                Ok(())
            }
        }
    }

    /// The face size that fits two columns and three rows of nets on the page.
    pub(crate) fn face_mm(page: &Page) -> f32 {
        let width = page.width - 2.0 * MARGIN_MM - 8.0;
        let height = page.height - 2.0 * MARGIN_MM - 16.0 - 18.0 - 2.0 * 6.0;
        ((width / 2.0 - TAB_MM) / 4.0)
            .min((height / 3.0 - 2.0 * TAB_MM) / 3.0)
            .min(24.0)
    }

    /// Where large print's nets start, one column of `rows`, and the face
    /// size that fits them: below the intro's two lines at 14 pt.
    fn large_face_mm(&self, rows: usize) -> (f32, f32) {
        let page = self.kit.blank();
        let top = MARGIN_MM + 28.0;
        let width = page.width - 2.0 * MARGIN_MM - 8.0;
        let height = page.height - MARGIN_MM - 16.0 - top - rows as f32 * 6.0;
        let f = ((width - TAB_MM) / 4.0).min((height / rows as f32 - 2.0 * TAB_MM) / 3.0);
        (top, f)
    }

    /// The face size large print needs for the longest word of any face's
    /// name to fit across a face at 14 pt.
    fn face_needs_mm(&self, dice: &Dice) -> f32 {
        let size = self.kit.style.text_pt(MIN_TEXT_PT);
        let words = dice.iter().flatten().map(|face| self.l(face.name()));
        let widest = words
            .flat_map(|name| name.split([' ', '-']).map(|w| crate::fonts::metrics(Bold).width_mm(w, size)).collect::<Vec<_>>())
            .fold(0.0, f32::max);
        widest + 3.5
    }

    fn nets(&self, dice: &Dice, code: &SheetCode) -> Page {
        self.nets_of(dice, 0..dice.len(), 2, code)
    }

    /// The nets of dice `which`, `cols` across, on one page.
    fn nets_of(&self, dice: &Dice, which: std::ops::Range<usize>, cols: usize, code: &SheetCode) -> Page {
        let mut page = self.kit.page();
        self.kit.title(&mut page, &self.l("nets_title"));
        self.kit.subtitle(&mut page, &self.l("nets_intro"), 8.5);
        let rows = which.len().div_ceil(cols);
        let (top, f) = match cols {
            2 => (MARGIN_MM + 20.0, Self::face_mm(&page)),
            _ => self.large_face_mm(rows),
        };
        let net_w = 4.0 * f + TAB_MM;
        let net_h = 3.0 * f + 2.0 * TAB_MM;
        let gap_x = (page.width - 2.0 * MARGIN_MM - cols as f32 * net_w) / (cols + 1) as f32;
        let gap_y = ((page.height - MARGIN_MM - 16.0 - top) - rows as f32 * net_h) / rows as f32;
        for (k, i) in which.enumerate() {
            let die = &dice[i];
            let x = MARGIN_MM + gap_x + (k % cols) as f32 * (net_w + gap_x);
            let y = top + gap_y / 2.0 + (k / cols) as f32 * (net_h + gap_y) + TAB_MM;
            // Each die read as its six faces, in the order the net numbers them.
            let faces: Vec<String> = die
                .iter()
                .map(|face| match face.is_bad() {
                    true => format!("{} ({})", self.l(face.name()), self.l("bad")),
                    false => self.l(face.name()),
                })
                .collect();
            let alt = format!("{} {}: {}", self.l("die"), i + 1, faces.join(", "));
            page.figure(alt, |p| self.net(p, x, y, f, die, i + 1));
        }
        self.kit.code(&mut page, code);
        page
    }

    /// One net with its top-left face corner of the bounding box at (x, y).
    fn net(&self, page: &mut Page, x: f32, y: f32, f: f32, die: &[Face; 6], number: usize) {
        let cut = Stroke::solid(0.9);
        let fold = Stroke::dashed(0.6, &[3.0, 2.0]);
        let corner = |i: usize| (x + NET[i].0 as f32 * f, y + NET[i].1 as f32 * f);
        let bad = die.iter().filter(|face| face.is_bad()).count();
        for (i, face) in die.iter().enumerate() {
            let (fx, fy) = corner(i);
            self.face(page, fx, fy, f, *face);
            // Which die a face is on and how many BAD faces that die has, in
            // its top corners: the tie-break reads them without turning the
            // block over.
            corner_number(page, fx + 2.4, fy + 4.6, Align::Left, &number.to_string());
            corner_number(page, fx + f - 2.4, fy + 4.6, Align::Right, &bad.to_string());
            for side in [Side::Top, Side::Right, Side::Bottom, Side::Left] {
                let (a, b) = match side {
                    Side::Top => ((fx, fy), (fx + f, fy)),
                    Side::Right => ((fx + f, fy), (fx + f, fy + f)),
                    Side::Bottom => ((fx, fy + f), (fx + f, fy + f)),
                    Side::Left => ((fx, fy), (fx, fy + f)),
                };
                let tab = TABS.contains(&(i, side));
                match neighbour(i, side) {
                    // A shared edge is drawn once, from the face with the lower number.
                    Some(n) if n < i => {}
                    Some(_) => page.line(a, b, fold.clone()),
                    None if tab => {
                        page.line(a, b, fold.clone());
                        glue_tab(page, a, b, side, cut.clone(), &self.l("glue"));
                    }
                    None => page.line(a, b, cut.clone()),
                }
            }
        }
        // The label goes in the empty corner left of the top face.
        page.text(
            x + 1.0,
            y + 5.0,
            9.0,
            Bold,
            Align::Left,
            &format!("{} {number}", self.l("die")),
        );
    }

    /// A face: its symbol above its name; bad faces framed and marked BAD.
    fn face(&self, page: &mut Page, x: f32, y: f32, f: f32, face: Face) {
        if face.is_bad() {
            page.rect(x + 1.2, y + 1.2, f - 2.4, f - 2.4, Some(Stroke::solid(1.6)), None);
            page.centred_text(x + f / 2.0, y + 4.6, MIN_TEXT_PT, Bold, &self.l("bad"));
        }
        // The name at 7 pt: on one line when it fits, else on two, the symbol
        // moved up to make room.
        let name = self.l(face.name());
        let size = page.style.text_pt(MIN_TEXT_PT);
        let mut lines = crate::sheet::balanced_lines(&name, Bold, size, f - 3.0);
        // A line still too wide (large print) breaks at every space and hyphen.
        let wide = |l: &str| crate::fonts::metrics(Bold).width_mm(l, size) > f - 3.0;
        if lines.iter().any(|l| wide(l)) {
            lines = lines
                .iter()
                .flat_map(|l| match wide(l) {
                    true => l.split_inclusive(['-', ' ']).map(|w| w.trim().to_string()).collect(),
                    false => vec![l.clone()],
                })
                .collect();
        }
        let (sym_y, sym_r) = match (lines.len(), face.is_bad()) {
            (3.., _) => (0.3, 0.12),
            (2, true) => (0.47, 0.14),
            (2, false) => (0.42, 0.17),
            (_, true) => (0.5, 0.17),
            (_, false) => (0.45, 0.2),
        };
        symbol(page, face, x + f / 2.0, y + f * sym_y, f * sym_r);
        // Lines 2.9 mm apart at 7 pt, further at larger print.
        let lead = 2.9 * page.style.text_pt(MIN_TEXT_PT) / MIN_TEXT_PT;
        let first = y + f * 0.86 - lead * (lines.len() as f32 - 1.0);
        for (i, line) in lines.iter().enumerate() {
            page.fitted_text(x + f / 2.0, first + lead * i as f32, f - 2.5, MIN_TEXT_PT, Bold, line);
        }
    }

    /// Score pads: up to six players across and as many rounds down as fit;
    /// seven or eight players share one landscape page, so nobody's column
    /// is on a page of its own. Rows for nine games in ten to finish. With
    /// `card`, the reference card goes below the last page's table when it
    /// fits there (that page then carries `card`'s code): the function says
    /// whether it did.
    pub(crate) fn scorepads(
        &self,
        code: &SheetCode,
        card: Option<&SheetCode>,
        emit: &mut dyn FnMut(Page) -> crate::Result<()>,
    ) -> crate::Result<bool> {
        let rounds = self.analysis.length.rounds as usize;
        let players = self.params.players as usize;
        // Seven or eight players turn a whole sheet; a quarter keeps two columns a page.
        let landscape = (7..=8).contains(&players) && self.kit.paper.per_page() == 1;
        let kit = if landscape { self.kit.turned() } else { self.kit.clone() };
        let blank = kit.blank();
        let pad = Pad::of(kit.style);
        // Columns at least 28 mm wide: six (eight turned) on a whole sheet, two on a quarter;
        // in large print 46 mm, the players shared evenly among the pages.
        let fit = ((blank.width - 2.0 * PAD_LEFT_MM - pad.round_w) / pad.least_col) as usize;
        let across = fit.clamp(1, if landscape { 8 } else { 6 });
        let across = if kit.style.is_large() { players.div_ceil(players.div_ceil(across)) } else { across };
        let below = self.below_table(&blank);
        let room = blank.height - pad.footer - pad.top - pad.head - below;
        // As few pages as the rows need, the rows shared evenly among them.
        let row_least = kit.style.min_writing_mm();
        let most = ((room / row_least) as usize).max(1);
        let per_page = rounds.div_ceil(rounds.div_ceil(most));
        let card_h = card.map(|_| self.card_height(&blank));
        let blocks = players.div_ceil(across);
        let mut placed = false;
        for (block, first_player) in (0..players).step_by(across).enumerate() {
            let cols = (players - first_player).min(across);
            for first in (0..rounds).step_by(per_page) {
                let rows = (rounds - first).min(per_page);
                let last = block + 1 == blocks && first + rows == rounds;
                let with_card = match (card, card_h) {
                    (Some(card_code), Some(h)) if last && rows as f32 * row_least + CARD_GAP_MM + h <= room => {
                        Some(card_code)
                    }
                    _ => None,
                };
                let mut page = self.scorepad(&kit, first_player, cols, first, rows, with_card.is_some());
                if with_card.is_some() {
                    let top = pad.top + pad.head + rows as f32 * row_least + below + CARD_GAP_MM;
                    // A cut line between the pad and the card.
                    let cut_y = top - CARD_GAP_MM / 2.0;
                    page.line(
                        (PAD_LEFT_MM, cut_y),
                        (page.width - PAD_LEFT_MM, cut_y),
                        Stroke::dashed(0.4, &[2.0, 2.0]),
                    );
                    self.card(&mut page, top, false);
                    placed = true;
                }
                kit.code(&mut page, with_card.unwrap_or(code));
                emit(page)?;
            }
        }
        Ok(placed)
    }

    /// How tall the key and the game's length below a pad's table are.
    fn below_table(&self, page: &Page) -> f32 {
        let mut scratch = scratch_like(page);
        self.pad_notes(&mut scratch, 0.0, page.width - 2.0 * PAD_LEFT_MM) + 2.0
    }

    /// The key and the game's length, from `y`; returns where they end.
    fn pad_notes(&self, page: &mut Page, y: f32, width: f32) -> f32 {
        let gap = if page.style.is_large() { 7.0 } else { 4.5 };
        let y = page.paragraph(PAD_LEFT_MM, y + gap, width, 8.0, Regular, &self.l("scorepad_key"));
        page.paragraph(PAD_LEFT_MM, y + 1.0, width, 7.5, Bold, &self.l("scorepad_length"))
    }

    fn scorepad(
        &self,
        kit: &Kit,
        first_player: usize,
        cols: usize,
        first_round: usize,
        rows: usize,
        tight: bool,
    ) -> Page {
        let mut page = kit.page();
        kit.title(&mut page, &self.l("scorepad_title"));
        let left = PAD_LEFT_MM;
        let width = page.width - 2.0 * left;
        kit.subtitle(&mut page, &self.l("scorepad_target"), 8.5);
        let pad = Pad::of(kit.style);
        let round_w = pad.round_w;
        let col_w = (width - round_w) / cols as f32;
        let (top, head) = (pad.top, pad.head);
        let room = page.height - pad.footer - top - head - self.below_table(&page);
        let least = kit.style.min_writing_mm();
        let row_h = if tight {
            least
        } else {
            (room / rows.max(1) as f32).clamp(least, least.max(9.0))
        };
        let bottom = top + head + rows as f32 * row_h;
        // The lost column holds a tick box with room either side.
        // The lost column as wide as its name at least ("Pause"; 14 pt in large print).
        let lost_label = crate::fonts::metrics(Regular).width_mm(&self.l("lost"), kit.style.min_text_pt()) + 3.0;
        let (pts_w, lost_w) = (col_w * 0.32, (col_w * 0.2).max(MIN_TICK_MM + 2.0).max(lost_label));
        let thin = Stroke::solid(0.4);
        let whammies = self.params.whammies;
        page.rect(left, top, width, head, None, Some(Colour::Grey(0.9)));
        page.centred_text(left + round_w / 2.0, top + head - 3.0, 7.5, Bold, &self.l("round"));
        let out = self.l("out");
        let out_w = crate::fonts::metrics(Bold).width_mm(&out, kit.style.text_pt(MIN_TEXT_PT));
        for c in 0..cols {
            let x = left + roll_x(round_w, col_w, c);
            let name = format!("{} {}", self.l("player"), first_player + c + 1);
            page.text(x + 1.5, top + pad.name_y, MIN_TEXT_PT, Bold, Align::Left, &name);
            // "Out" box, its word beside it: ticked on a triple whammy.
            let mut line_end = x + col_w - 1.5;
            if whammies {
                let box_x = x + col_w - 1.5 - out_w - 1.0 - MIN_TICK_MM;
                page.tick_box(box_x + MIN_TICK_MM / 2.0, top + pad.name_y - 0.8);
                page.text(x + col_w - 1.5, top + pad.name_y, MIN_TEXT_PT, Bold, Align::Right, &out);
                line_end = line_end.min(box_x - 1.0).max(x + col_w - 1.5);
            }
            // The name is written in a cell as wide as the column, below the tick box.
            let name_top = top + pad.name_y + 2.0;
            let name_h = kit.style.min_writing_mm();
            page.writing_cell(x + 0.5, name_top, col_w - 1.0, name_h);
            if let Some(given) = self.seats.names.get(first_player + c) {
                page.fitted(
                    x + 1.5,
                    name_top + name_h - 1.0,
                    line_end - x - 2.0,
                    9.0,
                    Bold,
                    Align::Left,
                    given,
                );
            }
            page.line((x + 1.5, name_top + name_h), (line_end, name_top + name_h), thin.clone());
            for (label, cx) in [
                (self.l("points"), x + pts_w / 2.0),
                (self.l("total"), x + pts_w + (col_w - pts_w - lost_w) / 2.0),
                (self.l("lost"), x + col_w - lost_w / 2.0),
            ] {
                page.centred_text(cx, top + head - 2.2, MIN_TEXT_PT, Regular, &label);
            }
            page.line((x, top), (x, bottom), Stroke::solid(1.0));
            let sub = top + head - pad.labels_h;
            page.line((x + pts_w, sub), (x + pts_w, bottom), thin.clone());
            page.line((x + col_w - lost_w, sub), (x + col_w - lost_w, bottom), thin.clone());
        }
        for r in 0..=rows {
            let y = top + head + r as f32 * row_h;
            page.line(
                (left, y),
                (left + width, y),
                if r == 0 { Stroke::solid(1.0) } else { thin.clone() },
            );
            if r == rows {
                break;
            }
            page.centred_text(
                left + round_w / 2.0,
                y + row_h / 2.0,
                7.0,
                Regular,
                &(first_round + r + 1).to_string(),
            );
            for c in 0..cols {
                let x = left + roll_x(round_w, col_w, c);
                page.writing_cell(x, y, pts_w, row_h);
                page.writing_cell(x + pts_w, y, col_w - pts_w - lost_w, row_h);
                page.tick_box(x + col_w - lost_w / 2.0, y + row_h / 2.0);
            }
        }
        page.rect(left, top, width, bottom - top, Some(Stroke::solid(1.0)), None);
        self.pad_notes(&mut page, bottom, width);
        page
    }

    /// The reference card on its own page; where the long game's stop rule
    /// does not fit below the odds (large print), on a second page.
    fn reference(&self, code: &SheetCode) -> Vec<Page> {
        let top = MARGIN_MM + 16.0;
        let mut page = self.kit.page();
        let bottom = self.kit.content_bottom(&page);
        let whole = self.card(&mut scratch_like(&page), top, true);
        let title = self.l("reference_title");
        match &self.analysis.rule {
            Some(rule) if whole > bottom => {
                self.kit.title(&mut page, &format!("{title} (1/2)"));
                self.card_odds(&mut page, top, true);
                self.kit.code(&mut page, code);
                let mut next = self.kit.page();
                self.kit.title(&mut next, &format!("{title} (2/2)"));
                let left = PAD_LEFT_MM + 2.0;
                let width = next.width - 2.0 * left;
                self.stop_rule(&mut next, rule, top, left, width);
                self.kit.code(&mut next, code);
                vec![page, next]
            }
            _ => {
                self.kit.title(&mut page, &title);
                self.card(&mut page, top, true);
                self.kit.code(&mut page, code);
                vec![page]
            }
        }
    }

    /// How tall the card is below a pad.
    fn card_height(&self, page: &Page) -> f32 {
        let mut scratch = scratch_like(page);
        self.card(&mut scratch, 0.0, false)
    }

    /// The reference card from `top`: what beats what, whammies or busts,
    /// the exact odds and, in the long game, when to stop. On its own page
    /// the title says what it is; below a pad, its first heading. Returns
    /// where it ends.
    fn card(&self, page: &mut Page, top: f32, own_page: bool) -> f32 {
        let y = self.card_odds(page, top, own_page);
        match &self.analysis.rule {
            Some(rule) => {
                let left = PAD_LEFT_MM + 2.0;
                self.stop_rule(page, rule, y + 2.0, left, page.width - 2.0 * left)
            }
            None => y,
        }
    }

    /// The card but its stop rule: what beats what, whammies or busts, the
    /// exact odds. Returns where it ends.
    fn card_odds(&self, page: &mut Page, top: f32, own_page: bool) -> f32 {
        let odds = &self.analysis.odds;
        let left = PAD_LEFT_MM + 2.0;
        let width = page.width - 2.0 * left;
        let heading = |page: &mut Page, y: f32, text: &str| {
            if page.style.is_large() {
                // Large print: a heading too long for one line goes on to the next.
                let lines = crate::fonts::wrap(text, Bold, page.style.text_pt(11.0), width);
                let lead = page.style.text_pt(11.0) * crate::fonts::PT_TO_MM * 1.2;
                for (i, line) in lines.iter().enumerate() {
                    page.text(left, y + 5.0 + lead * i as f32, 11.0, Bold, Align::Left, line);
                }
                return y + 5.0 + lead * lines.len() as f32;
            }
            page.text(left, y + 4.0, 11.0, Bold, Align::Left, text);
            y + 9.0
        };
        let mut y = top;
        if !own_page {
            y = heading(page, y, &self.l("reference_title")) + 1.0;
        }
        y = heading(page, y, &self.l("beats"));
        for key in ["beats_virus", "beats_man", "beats_points"] {
            y = page.paragraph(left, y, width, 8.5, Regular, &self.l(key)) + 0.6;
        }
        if self.params.whammies {
            y = heading(page, y + 1.0, &self.l("whammies"));
            for key in ["whammy_1", "whammy_2", "whammy_3"] {
                y = page.paragraph(left, y, width, 8.5, Regular, &self.l(key)) + 0.4;
            }
        } else {
            y = heading(page, y + 1.0, &self.l("bust"));
            y = page.paragraph(left, y, width, 8.5, Regular, &self.l("bust_text")) + 0.4;
        }

        y = heading(page, y + 1.0, &self.l("odds"));
        let count = |o: Outcome| odds.outcomes.get(&o).copied().unwrap_or(0);
        // An outcome these dice never roll is left out.
        let mut rows: Vec<(String, u32)> = if self.params.whammies {
            odds.outcomes.iter().map(|(o, n)| (self.l(o.name()), *n)).collect()
        } else {
            let viruses = count(Outcome::Whammy) + count(Outcome::DoubleWhammy) + count(Outcome::TripleWhammy);
            vec![
                (self.l("ok"), count(Outcome::Ok)),
                (self.l("turn_over"), count(Outcome::TurnOver)),
                (self.l("bust_virus"), viruses),
            ]
        };
        rows.retain(|(_, n)| *n > 0);
        let cols = [width * 0.5, width * 0.25, width * 0.25];
        // Rows as tall as their text needs (5.5 mm at 8.5 pt).
        let row_h = 5.5 * page.style.text_pt(8.5) / 8.5;
        let header = [self.l("outcome"), self.l("rolls"), self.l("chance")];
        let header: Vec<&str> = header.iter().map(String::as_str).collect();
        page.table((left, y), &cols, row_h, &header, rows.len());
        for (i, (label, n)) in rows.iter().enumerate() {
            let cy = y + row_h * (i as f32 + 1.5);
            page.text(left + 2.0, cy + 1.2, 8.5, Regular, Align::Left, label);
            page.centred_text(
                left + cols[0] + cols[1] / 2.0,
                cy,
                8.5,
                Regular,
                &self.kit.common.number(*n as f64, 0),
            );
            page.centred_text(
                left + cols[0] + cols[1] + cols[2] / 2.0,
                cy,
                8.5,
                Regular,
                &self.chance(*n, odds.total, 2),
            );
        }
        y += row_h * (rows.len() as f32 + 1.0) + 4.5 * page.style.text_pt(8.5) / 8.5;
        y = page.paragraph(left, y, width, 8.5, Regular, &self.l("expected")) + 0.6;
        // Only the points these dice can score: with every bad face beaten
        // by a good one, some totals never come up.
        let dist: Vec<String> = odds
            .points
            .iter()
            .enumerate()
            .filter(|(_, n)| **n > 0)
            .map(|(p, n)| format!("{p} ({})", self.chance(*n, odds.total, 1)))
            .collect();
        page.paragraph(
            left,
            y,
            width,
            8.0,
            Regular,
            &format!("{}: {}", self.l("points_dist"), dist.join("; ")),
        )
    }

    /// The long game's stop rule: a row per set of blocks to roll again, a
    /// number per row (a column per band of game totals with whammies).
    fn stop_rule(&self, page: &mut Page, rule: &StopRule, y: f32, left: f32, width: f32) -> f32 {
        // Rows and headings as tall as their text (large print: 14 pt).
        let k = page.style.text_pt(8.5) / 8.5;
        page.text(left, y + 4.0 * k, 11.0, Bold, Align::Left, &self.l("push"));
        let mut y = y + 9.0 * k;
        y = page.paragraph(left, y, width, 8.5, Regular, &self.l("push_intro")) + 1.5;
        let mut order: Vec<usize> = (0..rule.rows.len()).collect();
        order.sort_by_key(|&i| rule.rows[i]);
        let whammies = self.params.whammies;
        let mut header = vec![self.l("push_dice"), self.l("push_bad")];
        if whammies {
            header.push(self.l("push_men"));
            for (i, low) in rule.bands.iter().enumerate() {
                let high = rule.bands.get(i + 1).map_or(self.params.target, |h| *h) - 1;
                header.push(format!("{} {low}–{high}", self.l("push_band")));
            }
        } else {
            header.push(self.l("push_stop"));
        }
        let keys = if whammies { 3 } else { 2 };
        let key_w = width * if whammies { 0.13 } else { 0.25 };
        let band_w = (width - key_w * keys as f32) / (header.len() - keys) as f32;
        let cols: Vec<f32> = (0..header.len())
            .map(|i| if i < keys { key_w } else { band_w })
            .collect();
        let row_h = 5.5 * k;
        let head_h = if whammies || page.style.is_large() { 2.0 * row_h } else { row_h };
        let refs: Vec<&str> = header.iter().map(String::as_str).collect();
        // The header is as tall as two rows when it names bands (or in large
        // print); the rows' rules start below it.
        let (thin, bottom) = (Stroke::solid(0.5), y + head_h + row_h * order.len() as f32);
        for r in 0..=order.len() {
            let yy = y + head_h + row_h * r as f32;
            page.line((left, yy), (left + width, yy), thin.clone());
        }
        let mut x = left;
        for w in cols.iter().chain([&0.0]) {
            page.line((x, y), (x, bottom), thin.clone());
            x += w;
        }
        page.rect(
            left,
            y,
            width,
            head_h,
            Some(Stroke::solid(0.5)),
            Some(Colour::Grey(0.9)),
        );
        let mut x = left;
        for (w, text) in cols.iter().zip(&refs) {
            page.fitted_text(x + w / 2.0, y + head_h / 2.0, w - 1.5, 8.0, Bold, text);
            page.line((x, y), (x, y + head_h), Stroke::solid(0.5));
            x += w;
        }
        let y0 = y + head_h;
        for (r, &i) in order.iter().enumerate() {
            let row = rule.rows[i];
            let cy = y0 + row_h * (r as f32 + 0.5);
            let mut cells = vec![row.dice.to_string(), row.bad.to_string()];
            if whammies {
                cells.push(row.men.to_string());
            }
            cells.extend(rule.stop_at.iter().map(|band| band[i].to_string()));
            let mut x = left;
            for (w, text) in cols.iter().zip(&cells) {
                page.centred_text(x + w / 2.0, cy, 8.5, Regular, text);
                x += w;
            }
        }
        let y = y0 + row_h * order.len() as f32 + 4.5 * k;
        let key = if whammies {
            "push_expected_whammies"
        } else {
            "push_expected"
        };
        page.paragraph(left, y, width, 8.5, Regular, &self.l(key))
    }
}

/// An empty page of the same size, to measure what drawing takes.
fn scratch_like(page: &Page) -> Page {
    Page {
        width: page.width,
        height: page.height,
        items: Vec::new(),
        lang: None,
        style: page.style,
    }
}

/// Where player column `c` starts, right of the round numbers.
fn roll_x(round_w: f32, col_w: f32, c: usize) -> f32 {
    round_w + c as f32 * col_w
}

/// The pad's table starts below the title and the line under it.
/// A score pad's measures, mm: where its table starts (below the title
/// and the target), the height of the column heads (the player and its
/// "out" tick box, a name cell, the column names), the baseline of the
/// player's name in them, the height of the column names' band, the round
/// column's width, a player's column's least width, and the room kept at
/// the foot of the page for the calibration bar and the code.
struct Pad {
    top: f32,
    head: f32,
    name_y: f32,
    labels_h: f32,
    round_w: f32,
    least_col: f32,
    footer: f32,
}

impl Pad {
    fn of(style: crate::sheet::Style) -> Pad {
        match style.is_large() {
            false => Pad {
                top: MARGIN_MM + 21.0,
                head: 19.5,
                name_y: 4.0,
                labels_h: 4.5,
                round_w: 12.0,
                least_col: 28.0,
                footer: FOOTER_MM,
            },
            true => Pad {
                top: MARGIN_MM + 28.0,
                head: 29.0,
                name_y: 6.0,
                labels_h: 7.0,
                round_w: 22.0,
                least_col: 46.0,
                footer: MARGIN_MM + 22.0,
            },
        }
    }
}
const PAD_LEFT_MM: f32 = MARGIN_MM + 2.0;
/// Room kept at the foot of a page for the calibration bar and the code.
const FOOTER_MM: f32 = MARGIN_MM + 14.0;
/// Between a pad's notes and the card below them.
const CARD_GAP_MM: f32 = 2.5;

/// A small number at a face's top corner, its cap height centred on `cy`,
/// starting (`Align::Left`) or ending (`Align::Right`) at `x`.
fn corner_number(page: &mut Page, x: f32, cy: f32, align: Align, text: &str) {
    let size = page.style.text_pt(MIN_TEXT_PT);
    let width = crate::fonts::metrics(Regular).width_mm(text, size);
    let cx = match align {
        Align::Right => x - width / 2.0,
        _ => x + width / 2.0,
    };
    page.centred_text(cx, cy, MIN_TEXT_PT, Regular, text);
}

/// A trapezoid glue tab on the outside of edge a-b.
fn glue_tab(page: &mut Page, a: (f32, f32), b: (f32, f32), side: Side, cut: Stroke, label: &str) {
    let (dx, dy) = match side {
        Side::Top => (0.0, -TAB_MM),
        Side::Bottom => (0.0, TAB_MM),
        Side::Left => (-TAB_MM, 0.0),
        Side::Right => (TAB_MM, 0.0),
    };
    // Inset the far corners along the edge so neighbouring tabs never touch.
    let len = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt();
    let (ux, uy) = ((b.0 - a.0) / len * 3.0, (b.1 - a.1) / len * 3.0);
    let p1 = (a.0 + dx + ux, a.1 + dy + uy);
    let p2 = (b.0 + dx - ux, b.1 + dy - uy);
    page.line(a, p1, cut.clone());
    page.line(p1, p2, cut.clone());
    page.line(p2, b, cut);
    let (cx, cy) = ((a.0 + b.0) / 2.0 + dx / 2.0, (a.1 + b.1) / 2.0 + dy / 2.0);
    if matches!(side, Side::Top | Side::Bottom) {
        page.centred_text(cx, cy, MIN_TEXT_PT, Regular, label);
    } else {
        // A side tab is labelled too, reading up the tab.
        let size_pt = page.style.text_pt(MIN_TEXT_PT);
        let cap = crate::fonts::metrics(Regular).ascender_mm(size_pt) * 0.7;
        page.items.push(Item::Text {
            x: cx + cap / 2.0,
            y: cy,
            size_pt,
            font: Regular,
            align: Align::Centre,
            colour: Colour::BLACK,
            rotated: true,
            text: crate::fonts::drawable(label),
        });
    }
}

/// A simple drawing for each face, centred on (cx, cy), about `r` in radius.
fn symbol(page: &mut Page, face: Face, cx: f32, cy: f32, r: f32) {
    let line = Stroke::solid(0.9);
    let black = Some(Colour::BLACK);
    match face {
        Face::Virus => icons::virus(page, cx, cy, r * 0.65),
        Face::LongNosedMan => {
            page.circle(cx - r * 0.15, cy, r * 0.7, Some(line.clone()), Some(Colour::WHITE));
            page.polygon(
                vec![
                    (cx + r * 0.45, cy - r * 0.15),
                    (cx + r * 1.2, cy + r * 0.1),
                    (cx + r * 0.45, cy + r * 0.25),
                ],
                Some(line.clone()),
                black,
            );
            for i in 0..5 {
                let x = cx - r * 0.75 + i as f32 * r * 0.3;
                page.line((x, cy - r * 0.6), (x + r * 0.15, cy - r * 1.0), line.clone());
            }
            page.circle(cx + r * 0.15, cy - r * 0.15, r * 0.08, None, black);
        }
        Face::Vaccine => {
            page.rect(
                cx - r * 0.8,
                cy - r * 0.25,
                r * 1.2,
                r * 0.5,
                Some(line.clone()),
                Some(Colour::Grey(0.8)),
            );
            page.line((cx + r * 0.4, cy), (cx + r * 1.1, cy), line.clone());
            page.line((cx - r * 0.8, cy), (cx - r * 1.2, cy), line.clone());
            page.line(
                (cx - r * 1.2, cy - r * 0.35),
                (cx - r * 1.2, cy + r * 0.35),
                line.clone(),
            );
        }
        Face::Ventilator => {
            page.rect(cx - r, cy - r * 0.7, r * 2.0, r * 1.4, Some(line.clone()), None);
            page.polygon(
                vec![
                    (cx - r * 0.8, cy),
                    (cx - r * 0.3, cy),
                    (cx - r * 0.1, cy - r * 0.5),
                    (cx + r * 0.15, cy + r * 0.45),
                    (cx + r * 0.35, cy),
                    (cx + r * 0.8, cy),
                ],
                Some(line.clone()),
                None,
            );
        }
        Face::Heroes => {
            let pts = (0..10)
                .map(|i| {
                    let a = std::f32::consts::PI * (i as f32 / 5.0 - 0.5);
                    let rr = if i % 2 == 0 { r } else { r * 0.42 };
                    (cx + rr * a.cos(), cy + rr * a.sin())
                })
                .collect();
            page.polygon(pts, Some(line.clone()), Some(Colour::Grey(0.3)));
        }
        Face::FaceShield => {
            page.polygon(
                vec![
                    (cx - r * 0.8, cy - r * 0.8),
                    (cx + r * 0.8, cy - r * 0.8),
                    (cx + r * 0.8, cy + r * 0.2),
                    (cx, cy + r),
                    (cx - r * 0.8, cy + r * 0.2),
                ],
                Some(line.clone()),
                Some(Colour::Grey(0.9)),
            );
            page.line((cx - r, cy - r * 0.8), (cx + r, cy - r * 0.8), Stroke::solid(1.6));
        }
        Face::Mask => {
            page.rect(
                cx - r * 0.7,
                cy - r * 0.45,
                r * 1.4,
                r * 0.9,
                Some(line.clone()),
                Some(Colour::WHITE),
            );
            for k in [-0.15, 0.15] {
                page.line(
                    (cx - r * 0.6, cy + r * k),
                    (cx + r * 0.6, cy + r * k),
                    Stroke::solid(0.5),
                );
            }
            page.line((cx - r * 0.7, cy - r * 0.3), (cx - r * 1.1, cy), line.clone());
            page.line((cx - r * 1.1, cy), (cx - r * 0.7, cy + r * 0.3), line.clone());
            page.line((cx + r * 0.7, cy - r * 0.3), (cx + r * 1.1, cy), line.clone());
            page.line((cx + r * 1.1, cy), (cx + r * 0.7, cy + r * 0.3), line.clone());
        }
        Face::SocialDistancing => {
            for dx in [-r * 0.85, r * 0.85] {
                page.circle(cx + dx, cy - r * 0.5, r * 0.22, None, black);
                page.line((cx + dx, cy - r * 0.28), (cx + dx, cy + r * 0.4), line.clone());
                page.line((cx + dx, cy + r * 0.4), (cx + dx - r * 0.2, cy + r * 0.9), line.clone());
                page.line((cx + dx, cy + r * 0.4), (cx + dx + r * 0.2, cy + r * 0.9), line.clone());
            }
            page.line((cx - r * 0.45, cy), (cx + r * 0.45, cy), Stroke::solid(0.6));
            page.polygon(
                vec![
                    (cx - r * 0.55, cy),
                    (cx - r * 0.35, cy - r * 0.12),
                    (cx - r * 0.35, cy + r * 0.12),
                ],
                None,
                black,
            );
            page.polygon(
                vec![
                    (cx + r * 0.55, cy),
                    (cx + r * 0.35, cy - r * 0.12),
                    (cx + r * 0.35, cy + r * 0.12),
                ],
                None,
                black,
            );
        }
        Face::HandSanitizer => {
            page.rect(
                cx - r * 0.5,
                cy - r * 0.3,
                r,
                r * 1.2,
                Some(line.clone()),
                Some(Colour::Grey(0.85)),
            );
            page.rect(
                cx - r * 0.15,
                cy - r * 0.65,
                r * 0.3,
                r * 0.35,
                Some(line.clone()),
                None,
            );
            page.line((cx, cy - r * 0.65), (cx, cy - r * 0.9), line.clone());
            page.line((cx, cy - r * 0.9), (cx + r * 0.45, cy - r * 0.9), line.clone());
        }
        Face::Gloves => {
            page.rect(
                cx - r * 0.45,
                cy - r * 0.1,
                r * 0.9,
                r * 0.9,
                Some(line.clone()),
                Some(Colour::Grey(0.85)),
            );
            for i in 0..4 {
                let x = cx - r * 0.45 + i as f32 * r * 0.225;
                page.rect(
                    x + r * 0.02,
                    cy - r * 0.8,
                    r * 0.18,
                    r * 0.7,
                    Some(Stroke::solid(0.6)),
                    Some(Colour::Grey(0.85)),
                );
            }
            page.polygon(
                vec![
                    (cx + r * 0.45, cy + r * 0.15),
                    (cx + r * 0.85, cy - r * 0.2),
                    (cx + r * 0.95, cy - r * 0.05),
                    (cx + r * 0.45, cy + r * 0.45),
                ],
                Some(Stroke::solid(0.6)),
                Some(Colour::Grey(0.85)),
            );
        }
    }
}
