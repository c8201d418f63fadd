//! What Particle Panic prints: the deal record, the pencil-and-paper board,
//! the stacks as slips to cut out (so that playing without cards keeps the
//! cards below each top hidden), the turn and rules card, and the ★ cards of
//! the five-codes variant with their backs.

use super::engine::State;
use super::{Card, Deal, Params, RatedDeal, SPACES, Suit};
use crate::fonts::FontRole::{Bold, Regular};
use crate::kit::Kit;
use crate::seed::SheetCode;
use crate::sheet::{Align, Colour, MARGIN_MM, Page, Paper, Stroke, Style};
use crate::text::{Block, Labels};

sheet_kinds! {
    Record => "record",
    Board => "board",
    /// The stacks (and the hands) as slips to cut out and pile face down.
    Stacks => "stacks",
    Rules => "rules",
    /// The fifth suit's 26 cards to cut out, each page followed by their
    /// backs: only with `five-codes`.
    Stars => "stars";
    default: [Record, Board, Stacks, Rules, Stars]
}

/// Stacks of the deal record on a page in large print.
const LARGE_STACKS_A_PAGE: usize = 3;

/// The six spaces of the pencil board, mm: the circle's radius, a box's
/// size, a particle cell's side, and the baselines of the space's name and
/// the top of its cells from the box's top.
#[derive(Clone, Copy)]
struct SpaceBoxes {
    radius: f32,
    /// The ring's half height: less than `radius`, so the board leaves room below.
    radius_y: f32,
    w: f32,
    h: f32,
    cell: f32,
    name_y: f32,
    cells_y: f32,
}

impl SpaceBoxes {
    /// Neighbouring boxes sit 62 sin 60° = 54 mm apart across, 12 mm more
    /// than a box, so the dashed link between every two neighbours shows.
    /// Boxes 41 - 36 = 5 mm apart down the sides.
    const STANDARD: SpaceBoxes = SpaceBoxes { radius: 62.0, radius_y: 41.0, w: 42.0, h: 36.0, cell: 8.0, name_y: 6.0, cells_y: 12.0 };
    /// 12 mm cells; the boxes 74 sin 60° = 64 mm apart across (4 mm between
    /// them, as wide as A4 allows), 70 mm down.
    const LARGE: SpaceBoxes = SpaceBoxes { radius: 74.0, radius_y: 70.0, w: 60.0, h: 58.0, cell: 12.0, name_y: 7.5, cells_y: 17.0 };
}

/// A slip's height in large print, mm: a card and its place, at 14 pt.
const LARGE_SLIP_MM: f32 = 16.0;

/// A playing card's size, mm: the ★ cards match a standard deck.
const CARD_MM: (f32, f32) = (63.0, 88.0);

/// Rows and columns of ★ cards on a page, leaving room for the note on
/// how to print them and the code line (larger in large print).
fn star_grid(paper: Paper, style: Style) -> (usize, usize) {
    let (w, h) = paper.size_mm();
    let below = if style.is_large() { 40.0 } else { 8.0 };
    let cols = ((w - 2.0 * MARGIN_MM) / CARD_MM.0).floor() as usize;
    let rows = ((h - 2.0 * MARGIN_MM - below) / CARD_MM.1).floor() as usize;
    (cols, rows)
}

/// The ★ cards (A to K twice).
const STAR_CARDS: usize = 26;

/// Pages a sheet takes, where that does not hang on its words (the rules'
/// length does).
pub(crate) fn page_count(kind: SheetKind, params: &Params, paper: Paper, style: Style) -> Option<usize> {
    let large = style.is_large();
    match kind {
        SheetKind::Rules => None,
        SheetKind::Stars => Some(star_pages(params, paper, style)),
        SheetKind::Record if large => Some(1 + SPACES.div_ceil(LARGE_STACKS_A_PAGE)),
        SheetKind::Board if large => None,
        SheetKind::Stacks if large => None,
        _ => Some(1),
    }
}

/// Pages the ★ cards take: each page of fronts and the page of their backs.
pub(crate) fn star_pages(params: &Params, paper: Paper, style: Style) -> usize {
    if !params.five_codes {
        return 0;
    }
    let (cols, rows) = star_grid(paper, style);
    2 * STAR_CARDS.div_ceil(cols * rows)
}

/// The most cards a hand can hold before its end-of-turn discard, by the
/// engine's rules (RULES.md, Particle Panic: the pencil board holds them
/// all). Every turn ends with the discard down to each limit, and limits
/// only fall, so every hand starts a turn within the starting limit. The
/// active player then gains only by collecting; any other player only by a
/// share of the active player's hand, which holds its collected cards too
/// where collecting is an action and so can come before the share.
pub(crate) fn most_in_hand(game: &State) -> usize {
    let limit = game.rules.hand_limit as usize;
    let collected = game.collect_count() as usize;
    if game.players == 1 {
        return limit + collected;
    }
    let given = limit + if game.rules.collect_as_action { collected } else { 0 };
    (limit + collected).max(limit + given)
}

/// Hearts in Okabe–Ito vermillion, diamonds in its blue (as a four-colour
/// deck tells them apart); the symbol and the word carry the meaning.
fn suit_colour(s: Suit) -> Colour {
    match s {
        Suit::Hearts => Colour::VERMILLION,
        Suit::Diamonds => Colour::BLUE,
        _ => Colour::BLACK,
    }
}

pub struct Context<'a> {
    pub params: &'a Params,
    pub paper: Paper,
    pub labels: &'a Labels,
    pub rules: &'a [Block],
    pub kit: Kit<'a>,
    /// The players' names, written on the pencil board's rows.
    pub seats: &'a crate::game::Seats,
}

impl Context<'_> {
    pub fn new<'a>(
        params: &'a Params,
        paper: Paper,
        style: crate::sheet::Style,
        labels: &'a crate::text::GameTexts,
        seats: &'a crate::game::Seats,
    ) -> Context<'a> {
        Context {
            params,
            paper,
            labels: &labels.game,
            rules: &labels.rules,
            kit: Kit::new(paper, style, labels),
            seats,
        }
    }

    fn title(&self, page: &mut Page, key: &str) {
        self.kit.title(page, &self.labels.get(key));
    }

    fn l(&self, key: &str) -> String {
        self.labels.get(key)
    }

    pub fn pages(&self, kind: SheetKind, rated: &RatedDeal, code: &SheetCode) -> Vec<Page> {
        match kind {
            SheetKind::Record => self.record(rated, code),
            SheetKind::Board => self.board(code),
            SheetKind::Stacks => self.slips(&rated.deal, code),
            SheetKind::Rules => self.kit.prose_pages(&self.l("rules_title"), self.rules, code),
            SheetKind::Stars if self.params.five_codes => self.star_cards(code),
            SheetKind::Stars => Vec::new(),
        }
    }

    /// The game as these settings play it (hand limits, cards collected, a
    /// code's cards), for what the sheets size to it.
    fn game(&self) -> State {
        State::new(self.params, &Deal::default())
    }

    /// The fifth suit's cards (A to K twice), at playing-card size, as many
    /// to a page as fit (9 on A4, 6 on Letter), edge to edge with cut lines;
    /// each page of faces is followed by a page of their backs, mirrored left
    /// to right so that printed on both sides (flipped on the long edge) each
    /// back lands behind its face.
    fn star_cards(&self, code: &SheetCode) -> Vec<Page> {
        let (cols, rows) = star_grid(self.paper, self.kit.style);
        let ranks: Vec<u8> = (0..2).flat_map(|_| 1..=13u8).collect();
        ranks
            .chunks(cols * rows)
            .flat_map(|chunk| {
                [
                    self.star_page(chunk, cols, false, code),
                    self.star_page(chunk, cols, true, code),
                ]
            })
            .collect()
    }

    /// One page of ★ cards in `cols` columns, faces or backs, with cut lines
    /// run out past them so every card can be cut straight.
    fn star_page(&self, ranks: &[u8], cols: usize, backs: bool, code: &SheetCode) -> Page {
        let mut page = self.kit.blank();
        let (w, h) = CARD_MM;
        let left = (page.width - cols as f32 * w) / 2.0;
        let top = MARGIN_MM + 1.0;
        for (i, rank) in ranks.iter().enumerate() {
            let col = if backs { cols - 1 - i % cols } else { i % cols };
            let (x, y) = (left + col as f32 * w, top + (i / cols) as f32 * h);
            if backs {
                self.star_back(&mut page, x, y);
            } else {
                self.star_card(&mut page, x, y, *rank);
            }
        }
        let used_rows = ranks.len().div_ceil(cols);
        let used_cols = ranks.len().min(cols);
        // A part-filled page's backs sit on the other side: mirrored columns.
        let first_col = if backs { cols - used_cols } else { 0 };
        let cut = Stroke::solid(0.3);
        // As far out as the margin allows.
        let out = (left - MARGIN_MM).clamp(0.0, 3.0);
        let (x0, x1) = (left + first_col as f32 * w, left + (first_col + used_cols) as f32 * w);
        for r in 0..=used_rows {
            let y = top + r as f32 * h;
            page.line((x0 - out, y), (x1 + out, y), cut.clone());
        }
        for c in 0..=used_cols {
            let x = x0 + c as f32 * w;
            page.line((x, top - 1.0), (x, top + used_rows as f32 * h + 1.0), cut.clone());
        }
        // How to print them, below the cards: there is no room above.
        let note = self.l(if backs { "star_backs_note" } else { "star_print_note" });
        let below = top + used_rows as f32 * h + 5.0;
        if self.kit.style.is_large() {
            // Lines at 14 pt, all below the cut lines.
            page.paragraph(MARGIN_MM + 2.0, below + 2.0, page.width - 2.0 * MARGIN_MM - 4.0, 8.0, Regular, &note);
        } else {
            page.fitted_text(
                page.width / 2.0,
                below,
                page.width - 2.0 * MARGIN_MM,
                8.0,
                Regular,
                &note,
            );
        }
        self.kit.code(&mut page, code);
        page
    }

    fn star_card(&self, page: &mut Page, x: f32, y: f32, rank: u8) {
        let (w, h) = CARD_MM;
        let star = Suit::Magic.symbol().to_string();
        let rank = match rank {
            1 => self.l("rank_ace"),
            11 => self.l("rank_jack"),
            12 => self.l("rank_queen"),
            13 => self.l("rank_king"),
            n => n.to_string(),
        };
        page.rect(x + 3.0, y + 3.0, w - 6.0, h - 6.0, Some(Stroke::solid(0.6)), None);
        page.text(x + 6.0, y + 11.0, 14.0, Bold, Align::Left, &rank);
        page.text(x + 6.0, y + 17.0, 11.0, Bold, Align::Left, &star);
        page.text(x + w - 6.0, y + h - 11.0, 14.0, Bold, Align::Right, &rank);
        page.text(x + w - 6.0, y + h - 5.5, 11.0, Bold, Align::Right, &star);
        page.centred_text(x + w / 2.0, y + h / 2.0 - 2.0, 40.0, Bold, &star);
        // Wrapped to the card, never cut: three lines at 14 pt in large print.
        let size = self.kit.style.text_pt(8.0);
        let lines = crate::fonts::wrap(&self.l("star_card"), Regular, size, w - 14.0);
        let lead = size * crate::fonts::PT_TO_MM * 1.2;
        let first = y + h / 2.0 + 16.0 - lead * (lines.len() as f32 - 1.0) / 2.0;
        for (i, line) in lines.iter().enumerate() {
            page.centred_text(x + w / 2.0, first + lead * i as f32, size, Regular, line);
        }
    }

    /// A card's back: the same for every ★ card, so none can be told apart
    /// face down. A frame, a diagonal lattice and the game's name.
    fn star_back(&self, page: &mut Page, x: f32, y: f32) {
        let (w, h) = CARD_MM;
        let (x0, y0, x1, y1) = (x + 5.0, y + 5.0, x + w - 5.0, y + h - 5.0);
        page.rect(x + 3.0, y + 3.0, w - 6.0, h - 6.0, Some(Stroke::solid(0.6)), None);
        page.rect(x0, y0, x1 - x0, y1 - y0, Some(Stroke::solid(0.3)), None);
        // Diagonals one way and the other, clipped to the inner frame.
        let step = 6.0;
        let thin = Stroke::solid(0.25);
        let (iw, ih) = (x1 - x0, y1 - y0);
        let mut d = step;
        while d < iw + ih {
            // From the left or top edge down-right, and its mirror.
            let (sx, sy) = if d <= ih { (x0, y0 + d) } else { (x0 + d - ih, y1) };
            let (ex, ey) = if d <= iw { (x0 + d, y0) } else { (x1, y0 + d - iw) };
            page.line((sx, sy), (ex, ey), thin.clone());
            page.line((x0 + x1 - sx, sy), (x0 + x1 - ex, ey), thin.clone());
            d += step;
        }
        let band = 12.0;
        page.rect(
            x0 + 4.0,
            y + h / 2.0 - band / 2.0,
            iw - 8.0,
            band,
            Some(Stroke::solid(0.6)),
            Some(Colour::WHITE),
        );
        page.fitted_text(x + w / 2.0, y + h / 2.0, iw - 12.0, 12.0, Bold, &self.l("star_back"));
    }

    /// The deal record: the level and rating, the hands and the stacks. In
    /// large print the stacks go on pages of their own, three to a page.
    fn record(&self, rated: &RatedDeal, code: &SheetCode) -> Vec<Page> {
        let l = self.labels;
        let large = self.kit.style.is_large();
        let mut page = self.kit.page();
        self.title(&mut page, "record_title");
        let left = MARGIN_MM + 2.0;
        let width = page.width - 2.0 * left;
        self.kit.subtitle(&mut page, &l.get("record_subtitle"), 9.5);
        // The level and rating, its house rules, the losses: wrapped to the page.
        let after = page.paragraph(left, MARGIN_MM + 24.0, width, 9.5, Bold, &l.get("rating"));
        let after = page.paragraph(left, after + 0.3, width, 8.5, Regular, &l.get("house_rules"));
        let after = page.paragraph(left, after + 0.3, width, 8.5, Regular, &l.get("rating_note"));
        // Before the hands and stacks: a group without cards reads this
        // before it has seen the order of the stacks.
        let after = page.paragraph(left, after + 1.5, width, 8.5, Bold, &l.get("record_no_cards"));
        let y = self.hands(&mut page, &rated.deal, left, width, after + 4.0);
        let notes = |page: &mut Page, y: f32| page.paragraph(left, y, width, 8.5, Regular, &l.get("how_to_stack"));
        if !large {
            // Room below for the two notes and the calibration bar.
            let bottom = page.height - MARGIN_MM - 32.0;
            let end = self.stack_columns(&mut page, &rated.deal, 0..SPACES, (left, width), (y, bottom));
            notes(&mut page, end + 5.5);
            self.kit.code(&mut page, code);
            return vec![page];
        }
        // The notes stay above the footer: where a long rating (German,
        // Letter) leaves them no room, they head the first stacks page.
        let notes_fit = notes(&mut self.kit.blank(), y + 3.0) <= self.kit.content_bottom(&page);
        if notes_fit {
            notes(&mut page, y + 3.0);
        }
        self.kit.code(&mut page, code);
        let mut pages = vec![page];
        for first in (0..SPACES).step_by(LARGE_STACKS_A_PAGE) {
            let mut page = self.kit.page();
            self.title(&mut page, "record_title");
            let bottom = self.kit.content_bottom(&page);
            let mut top = MARGIN_MM + 24.0;
            if first == 0 && !notes_fit {
                top = notes(&mut page, top) + 5.0;
            }
            let spaces = first..(first + LARGE_STACKS_A_PAGE).min(SPACES);
            self.stack_columns(&mut page, &rated.deal, spaces, (left, width), (top, bottom));
            self.kit.code(&mut page, code);
            pages.push(page);
        }
        pages
    }

    /// The starting hands, one box per player from `y` (two boxes to a row
    /// for four players in large print); returns where the boxes end.
    fn hands(&self, page: &mut Page, deal: &Deal, left: f32, width: f32, y: f32) -> f32 {
        let l = self.labels;
        let large = self.kit.style.is_large();
        page.text(left, y, 11.0, Bold, Align::Left, &l.get("hands"));
        let mut y = y + if large { 4.0 } else { 3.0 };
        let n = deal.hands.len().max(1);
        let per_row = if large && n > 3 { n.div_ceil(2) } else { n };
        let (head, line) = if large { (7.5, 6.5) } else { (5.5, 5.2) };
        let cards = deal.hands.iter().map(Vec::len).max().unwrap_or(0);
        let box_h = (head + 5.5 + cards.saturating_sub(1) as f32 * line + 3.6).max(25.0);
        let box_w = (width - 3.0 * (per_row - 1) as f32) / per_row as f32;
        let card_pt = self.common_size(deal.hands.iter().flatten(), 9.5, box_w - 5.0);
        for (row, hands) in deal.hands.chunks(per_row).enumerate() {
            for (i, hand) in hands.iter().enumerate() {
                let x = left + i as f32 * (box_w + 3.0);
                page.rect(x, y, box_w, box_h, Some(Stroke::solid(0.8)), None);
                let player = self.player_name(row * per_row + i);
                page.fitted(x + 2.5, y + head, box_w - 5.0, 9.5, Bold, Align::Left, &player);
                for (j, c) in hand.iter().enumerate() {
                    self.card(page, x + 2.5, y + head + 5.5 + j as f32 * line, card_pt, box_w - 5.0, *c);
                }
            }
            y += box_h + 3.0;
        }
        y + 4.0
    }

    /// The stacks of `spaces`, one column each, top card first, from `y`
    /// down to at most `bottom`; a box before each card to tick as it is
    /// laid down. Returns where the columns end.
    fn stack_columns(
        &self,
        page: &mut Page,
        deal: &Deal,
        spaces: std::ops::Range<usize>,
        (left, width): (f32, f32),
        (y, bottom): (f32, f32),
    ) -> f32 {
        let l = self.labels;
        let large = self.kit.style.is_large();
        page.text(left, y, 11.0, Bold, Align::Left, &l.get("stacks"));
        let y = y + if large { 4.0 } else { 3.0 };
        let head = if large { 9.0 } else { 7.0 };
        let col_w = width / spaces.len().max(1) as f32;
        let longest = deal.stacks[spaces.clone()].iter().map(Vec::len).max().unwrap_or(0);
        let row_h = ((bottom - y - head - 1.0) / longest.max(1) as f32).min(if large { 9.0 } else { 6.5 });
        // Column rule, number, tick box, card: each clear of the next, the
        // box between number and rank so that "1" and "4" never read "14".
        let (number_dx, box_dx, tick) = match large {
            false => (4.6, 5.4, (row_h - 2.2).clamp(2.5, 3.2)),
            true => (8.0, 9.0, crate::sheet::MIN_TICK_MM),
        };
        // Every card of the columns at one size: the room after the tick box.
        let card_room = col_w - 1.0 - box_dx - tick - 1.2;
        let card_pt = self.common_size(deal.stacks[spaces.clone()].iter().flatten(), 7.4, card_room);
        for (i, s) in spaces.enumerate() {
            let x = left + i as f32 * col_w;
            page.rect(x + 0.5, y, col_w - 1.0, head, None, Some(Colour::Grey(0.9)));
            page.centred_text(
                x + col_w / 2.0,
                y + head / 2.0,
                9.5,
                Bold,
                &format!("{} {}", l.get("stack"), s + 1),
            );
            let (number_x, box_x) = (x + number_dx, x + box_dx);
            let card_x = box_x + tick + 1.2;
            for (r, c) in deal.stacks[s].iter().enumerate() {
                let ry = y + head + (r as f32 + 0.78) * row_h;
                page.text(number_x, ry, 7.0, Regular, Align::Right, &format!("{}", r + 1));
                page.rect(box_x, ry - tick + 0.4, tick, tick, Some(Stroke::solid(0.5)), None);
                self.card(page, card_x, ry, card_pt, x + col_w - 1.0 - card_x, *c);
            }
            page.line(
                (x + 0.5, y),
                (x + 0.5, y + head + longest as f32 * row_h + 1.5),
                Stroke::solid(0.4),
            );
        }
        y + head + longest as f32 * row_h
    }

    /// The board: the same for every deal with these settings. Large print
    /// puts the six spaces on one page and the players' tracks on a second.
    fn board(&self, code: &SheetCode) -> Vec<Page> {
        // A named board is its table's own; a blank one is drawn once.
        let key = format!("board{}", self.seats.names.join("\u{1f}"));
        if !self.kit.style.is_large() {
            return vec![self.kit.shared_page(&key, code, |page| {
                self.title(page, "board_title");
                // Wrapped, never cut: German runs to three lines.
                let left = MARGIN_MM + 2.0;
                let intro = page.paragraph(left, MARGIN_MM + 16.0, page.width - 2.0 * left, 8.5, Regular, &self.l("board_intro"));
                let end = self.spaces(page, &SpaceBoxes::STANDARD, (intro + 1.0).max(MARGIN_MM + 21.0));
                let y = self.tracks(page, end + 6.0);
                self.code_tracks(page, y + 1.0);
            })];
        }
        let left = MARGIN_MM + 2.0;
        let spaces = self.kit.shared_page(&format!("{key}/spaces"), code, |page| {
            self.title(page, "board_title");
            let width = page.width - 2.0 * left;
            let intro = self.l("board_intro");
            let mut end = 0.0;
            page.role(crate::sheet::Role::Paragraph, |page| {
                end = page.paragraph(left, MARGIN_MM + 17.0, width, 8.5, Regular, &intro);
            });
            // A longer intro (German, Letter) flattens the ring to end above the footer.
            let mut boxes = SpaceBoxes::LARGE;
            let room = self.kit.content_bottom(page) - 4.0 - (end + 2.0) - boxes.h;
            boxes.radius_y = boxes.radius_y.min(room / 2.0);
            self.spaces(page, &boxes, end + 2.0);
        });
        // The code boxes go under the hands where they fit, else on a page
        // of their own (four large hands of 16 or more boxes fill a page).
        let top = MARGIN_MM + 26.0;
        let tracks_end = self.tracks(&mut self.kit.blank(), top);
        let codes_h = self.code_tracks(&mut self.kit.blank(), 0.0);
        let together = tracks_end + 2.0 + codes_h <= self.kit.content_bottom(&self.kit.blank());
        let tracks = self.kit.shared_page(&format!("{key}/tracks"), code, |page| {
            self.title(page, "board_title");
            let y = self.tracks(page, top);
            if together {
                self.code_tracks(page, y + 2.0);
            }
        });
        if together {
            return vec![spaces, tracks];
        }
        let codes = self.kit.shared_page(&format!("{key}/codes"), code, |page| {
            self.title(page, "board_title");
            self.code_tracks(page, top);
        });
        vec![spaces, tracks, codes]
    }

    /// Six spaces on a circle below `top`, space 1 at the top, numbered
    /// clockwise; returns where the lowest box ends.
    fn spaces(&self, page: &mut Page, boxes: &SpaceBoxes, top: f32) -> f32 {
        let l = self.labels;
        let SpaceBoxes { radius, radius_y, w: bw, h: bh, cell, name_y, cells_y } = *boxes;
        let (cx, cy) = (page.width / 2.0, top + radius_y + bh / 2.0);
        let centre = |s: usize| {
            let angle = std::f32::consts::PI * 2.0 * s as f32 / SPACES as f32;
            (cx + radius * angle.sin(), cy - radius_y * angle.cos())
        };
        // The ring joining neighbouring spaces, under the boxes.
        for s in 0..SPACES {
            page.line(centre(s), centre((s + 1) % SPACES), Stroke::dashed(0.8, &[2.0, 1.2]));
        }
        let pawns = format!("{}:", l.get("pawns"));
        // Where the line to write the pawns on starts: after the label.
        let pawns_line = match self.kit.style.is_large() {
            false => 18.0,
            true => 2.5 + crate::fonts::metrics(Regular).width_mm(&pawns, self.kit.style.min_text_pt()) + 2.0,
        };
        for s in 0..SPACES {
            let (x, y) = centre(s);
            let (x0, y0) = (x - bw / 2.0, y - bh / 2.0);
            page.rect(x0, y0, bw, bh, Some(Stroke::solid(1.2)), Some(Colour::WHITE));
            page.text(
                x0 + 2.5,
                y0 + name_y,
                11.0,
                Bold,
                Align::Left,
                &format!("{} {}", l.get("space"), s + 1),
            );
            page.text(
                x0 + 2.5,
                y0 + cells_y - 1.5,
                crate::sheet::MIN_TEXT_PT,
                Regular,
                Align::Left,
                &l.get("particles"),
            );
            // A particle box is a writing cell, three to a row.
            for b in 0..6 {
                let bx = x0 + 2.5 + (b % 3) as f32 * (cell + 1.0);
                let by = y0 + cells_y + (b / 3) as f32 * (cell + 1.0);
                page.rect(bx, by, cell, cell, Some(Stroke::solid(0.6)), None);
                page.writing_cell(bx, by, cell, cell);
                // One particle starts on each of spaces 2-6.
                if b == 0 && s > 0 {
                    page.circle(bx + cell / 2.0, by + cell / 2.0, cell / 4.0, None, Some(Colour::BLACK));
                }
            }
            let base = y + bh / 2.0 - 2.5;
            page.text(x0 + 2.5, base, crate::sheet::MIN_TEXT_PT, Regular, Align::Left, &pawns);
            page.line((x0 + pawns_line, base + 0.5), (x + bw / 2.0 - 3.0, base + 0.5), Stroke::solid(0.4));
        }
        cy + radius_y + bh / 2.0
    }

    /// Per player from `y`: the hand-limit track (from the starting limit
    /// down to 0) and a box for every card the player can hold before the
    /// end-of-turn discard ([`most_in_hand`]), those past the starting limit
    /// dashed, since they are only held until that discard. The boxes follow
    /// the track on its row and run on below the first of them (below the
    /// track in large print). Returns where the rows end.
    fn tracks(&self, page: &mut Page, y: f32) -> f32 {
        let l = self.labels;
        let game = self.game();
        let large = self.kit.style.is_large();
        let left = MARGIN_MM + 2.0;
        let right = page.width - left;
        let limit = game.rules.hand_limit as usize;
        let cards = most_in_hand(&game);
        let track_x = left + if large { 40.0 } else { 19.0 };
        let track_box = if large { 9.0 } else { 6.5 };
        let hand_x = track_x + (limit + 1) as f32 * (track_box + 0.6) + 4.0;
        let wrap_x = if large { track_x } else { hand_x };
        let (hand_h, most, least) = if large { (12.0, 16.0, 12.0) } else { (8.0, 12.5, 8.0) };
        // All on the track's row where they fit (narrowed to the least a
        // written card needs); else rows of the least width.
        let narrowest = self.kit.style.min_writing_width_mm().max(least - 1.0);
        let (hand_w, first_row, per_row) = if (right - hand_x) / cards as f32 - 1.0 >= narrowest {
            (((right - hand_x) / cards as f32 - 1.0).min(most), cards, cards)
        } else {
            // Rows under the hand's first boxes, not under the track, so that
            // no box reads as part of the hand limit; large print, short of
            // room, runs them from the track's left edge.
            let per_row = (((right - wrap_x) / (least + 1.0)) as usize).max(1);
            let w = ((right - wrap_x) / per_row as f32 - 1.0).min(most);
            (w, ((right - hand_x + 1.0) / (w + 1.0)).max(0.0) as usize, per_row)
        };
        let rows_below = (cards - first_row.min(cards)).div_ceil(per_row);
        let mut y = y;
        page.text(track_x, y, 7.0, Regular, Align::Left, &l.get("hand_limit"));
        page.text(hand_x, y, 7.0, Regular, Align::Left, &l.get("hand"));
        y += if large { 10.0 } else { 8.0 };
        for p in 0..self.params.players {
            // The player's name where a class pack gives one.
            let label = self.player_name(p as usize);
            page.fitted(left, y, track_x - left - 1.0, 9.0, Bold, Align::Left, &label);
            let track_y = y - if large { 6.5 } else { 4.8 };
            for (i, v) in (0..=limit).rev().enumerate() {
                let bx = track_x + i as f32 * (track_box + 0.6);
                page.rect(bx, track_y, track_box, track_box, Some(Stroke::solid(0.6)), None);
                page.centred_text(
                    bx + track_box / 2.0,
                    track_y + track_box / 2.0,
                    if large { 11.0 } else { 8.5 },
                    Regular,
                    &v.to_string(),
                );
            }
            let row0_y = if large { track_y } else { y - 5.5 };
            let below_y = row0_y + hand_h + 1.0;
            for i in 0..cards {
                let (bx, by) = match i.checked_sub(first_row) {
                    None => (hand_x + i as f32 * (hand_w + 1.0), row0_y),
                    Some(j) => (
                        wrap_x + (j % per_row) as f32 * (hand_w + 1.0),
                        below_y + (j / per_row) as f32 * (hand_h + 1.0),
                    ),
                };
                let stroke = match i < limit {
                    true => Stroke::solid(0.6),
                    false => Stroke::dashed(0.6, &[1.5, 1.0]),
                };
                page.rect(bx, by, hand_w, hand_h, Some(stroke), None);
                page.writing_cell(bx, by, hand_w, hand_h);
            }
            let end = if rows_below > 0 { below_y + rows_below as f32 * (hand_h + 1.0) } else { row0_y + hand_h };
            // The next player's track 2 mm below.
            y = end + if large { 8.5 } else { 6.5 };
        }
        let note_y = y - if large { 3.0 } else { 3.5 };
        page.paragraph(left, note_y, right - left, 7.0, Regular, &l.get("hand_note"))
    }

    /// What the codes are, and a box per suit in play to tick when its code
    /// is entered (a code goes in at once, from one hand: nothing to bank).
    /// Returns where the last row of boxes ends.
    fn code_tracks(&self, page: &mut Page, y: f32) -> f32 {
        let l = self.labels;
        let large = self.kit.style.is_large();
        let left = MARGIN_MM + 2.0;
        let right = page.width - left;
        let end = page.paragraph(left, y + 3.5, right - left, 8.5, Bold, &l.get("codes"));
        let y = end + if large { 6.0 } else { 3.5 };
        let size = if large { 10.0 } else { 6.0 };
        let suits = self.params.suits();
        let name = |suit: &Suit| format!("{} {} {}", suit.symbol(), l.get(suit.key()), l.get("entered"));
        // As many suits to a row as their names allow.
        let pt = self.kit.style.text_pt(9.0);
        let widest = suits.iter().map(|s| crate::fonts::metrics(Bold).width_mm(&name(s), pt)).fold(0.0, f32::max);
        let across = (((right - left) / (size + 2.0 + widest + 3.0)) as usize).clamp(1, suits.len());
        let across = suits.len().div_ceil(suits.len().div_ceil(across));
        let step = (right - left) / across as f32;
        let row_h = size + if large { 4.0 } else { 2.0 };
        for (i, suit) in suits.iter().enumerate() {
            let x = left + (i % across) as f32 * step;
            let y = y + (i / across) as f32 * row_h;
            let top = y - size + 1.5;
            page.rect(x, top, size, size, Some(Stroke::solid(1.0)), None);
            page.coloured_text(x + size + 2.0, y, 9.0, Bold, Align::Left, suit_colour(*suit), &name(suit));
        }
        y + (suits.len().div_ceil(across) - 1) as f32 * row_h + 2.0
    }

    /// The stacks as slips to cut out, one column a space, slip 1 (the top
    /// card) first, and the starting hands in a last column: piled face down
    /// with the top slip turned up, a pile shows only its top card, as the
    /// rules want, until that card is collected. In large print the columns
    /// are as wide as the widest card and run on over as many pages as
    /// they need.
    fn slips(&self, deal: &Deal, code: &SheetCode) -> Vec<Page> {
        let l = self.labels;
        let mut columns: Vec<(String, Vec<(String, Card)>)> = (0..SPACES)
            .map(|s| {
                let slips = deal.stacks[s]
                    .iter()
                    .enumerate()
                    .map(|(r, c)| (format!("{} {} · {}", l.get("stack"), s + 1, r + 1), *c))
                    .collect();
                (format!("{} {}", l.get("stack"), s + 1), slips)
            })
            .collect();
        let hands = deal.hands.iter().enumerate();
        let hands = hands.flat_map(|(p, h)| h.iter().map(move |c| (self.player_name(p), *c)));
        columns.push((l.get("hand_slips"), hands.collect()));
        if !self.kit.style.is_large() {
            return vec![self.slip_page(&columns, true, code)];
        }
        // Columns as wide as the widest card, slips as tall as two lines.
        let size = self.kit.style.min_text_pt();
        let widest = (deal.stacks.iter().chain(&deal.hands).flatten())
            .map(|c| crate::fonts::metrics(Bold).width_mm(&self.card_text(*c), size))
            .fold(0.0, f32::max);
        let page_w = self.paper.size_mm().0 - 2.0 * (MARGIN_MM + 2.0);
        let across = ((page_w / (widest + 6.0)) as usize).clamp(1, columns.len());
        let rows = ((self.kit.content_bottom(&self.kit.blank()) - MARGIN_MM - 62.0) / LARGE_SLIP_MM) as usize;
        let pieces: Vec<(String, Vec<(String, Card)>)> = columns
            .iter()
            .flat_map(|(title, slips)| slips.chunks(rows.max(1)).map(|c| (title.clone(), c.to_vec())))
            .collect();
        pieces
            .chunks(across)
            .enumerate()
            .map(|(i, on_page)| self.slip_page(on_page, i == 0, code))
            .collect()
    }

    /// A page of slip columns; the first page says what the slips are for.
    fn slip_page(&self, columns: &[(String, Vec<(String, Card)>)], first: bool, code: &SheetCode) -> Page {
        let l = self.labels;
        let mut page = self.kit.page();
        self.title(&mut page, "stacks_title");
        let left = MARGIN_MM + 2.0;
        let width = page.width - 2.0 * left;
        let top = match first {
            true => page.paragraph(left, MARGIN_MM + 17.0, width, 8.0, Regular, &l.get("stacks_intro")) + 1.0,
            false => MARGIN_MM + 20.0,
        };
        let large = self.kit.style.is_large();
        let col_w = match large {
            false => width / columns.len() as f32,
            true => width / columns.len().max(3) as f32,
        };
        let longest = columns.iter().map(|(_, s)| s.len()).max().unwrap_or(0).max(1);
        let head = if large { 9.0 } else { 7.0 };
        let card_pt = self.common_size(columns.iter().flat_map(|(_, s)| s.iter().map(|(_, c)| c)), 10.0, col_w - 3.0);
        // Above the calibration bar.
        let bottom = self.kit.content_bottom(&page);
        let most = if large { LARGE_SLIP_MM } else { 16.0 };
        let row_h = ((bottom - top - head) / longest as f32).min(most);
        let cut = Stroke::dashed(0.4, &[2.0, 1.5]);
        for (col, (title, slips)) in columns.iter().enumerate() {
            let x = left + col as f32 * col_w;
            page.rect(x + 0.5, top, col_w - 1.0, head - 1.0, None, Some(Colour::Grey(0.9)));
            page.fitted_text(x + col_w / 2.0, top + (head - 1.0) / 2.0, col_w - 2.0, 9.0, Bold, title);
            let y0 = top + head;
            for (r, (tag, c)) in slips.iter().enumerate() {
                let y = y0 + r as f32 * row_h;
                let card_y = y + row_h * if large { 0.36 } else { 0.48 };
                self.card_centred(&mut page, (x + col_w / 2.0, card_y), card_pt, col_w - 3.0, *c);
                // Clear of the cut line below, descenders and all.
                let tag_y = y + row_h - if large { 3.2 } else { 1.9 };
                page.fitted_text(x + col_w / 2.0, tag_y, col_w - 3.0, 7.0, Regular, tag);
            }
            // Cut lines: round every slip of the column.
            let y1 = y0 + slips.len() as f32 * row_h;
            for r in 0..=slips.len() {
                let y = y0 + r as f32 * row_h;
                page.line((x, y), (x + col_w, y), cut.clone());
            }
            if !slips.is_empty() {
                page.line((x, y0), (x, y1), cut.clone());
                page.line((x + col_w, y0), (x + col_w, y1), cut.clone());
            }
        }
        self.kit.code(&mut page, code);
        page
    }
}

/// A card as printed on a slip or in a list: its rank, suit symbol and word.
impl Context<'_> {
    /// Player `p`'s name where a class pack gives one (the pencil board's,
    /// the hands' and the hand slips' alike), else "Player 1" ...
    fn player_name(&self, p: usize) -> String {
        match self.seats.names.get(p) {
            Some(name) => name.clone(),
            None => format!("{} {}", self.labels.get("player"), p + 1),
        }
    }

    fn card_text(&self, c: Card) -> String {
        format!(
            "{} {} {}",
            match c.rank {
                1 => self.l("rank_ace"),
                11 => self.l("rank_jack"),
                12 => self.l("rank_queen"),
                13 => self.l("rank_king"),
                _ => c.rank_text().to_string(),
            },
            c.suit.symbol(),
            self.labels.get(c.suit.key())
        )
    }

    /// A card at baseline `y` from `x`, in the suit's colour, shrunk to fit
    /// `max_w` (never below the smallest printed size).
    fn card(&self, page: &mut Page, x: f32, y: f32, size: f32, max_w: f32, c: Card) {
        let text = self.card_text(c);
        let size = crate::sheet::fit_size(&text, Bold, size, max_w).max(crate::sheet::MIN_TEXT_PT);
        page.coloured_text(x, y, size, Bold, Align::Left, suit_colour(c.suit), &text);
    }

    /// The size, from `size` down, at which every one of `cards` fits
    /// `max_w`: cards side by side print alike, a long "10 ♦ diamonds" no
    /// smaller than a short "A ♠ spades".
    fn common_size<'c>(&self, cards: impl Iterator<Item = &'c Card>, size: f32, max_w: f32) -> f32 {
        cards
            .map(|c| crate::sheet::fit_size(&self.card_text(*c), Bold, size, max_w))
            .fold(size, f32::min)
            .max(crate::sheet::MIN_TEXT_PT)
    }

    /// A card centred on (cx, cy) at `size` (shrunk only if it does not fit
    /// `max_w`), in the suit's colour.
    fn card_centred(&self, page: &mut Page, (cx, cy): (f32, f32), size: f32, max_w: f32, c: Card) {
        let text = self.card_text(c);
        let size = crate::sheet::fit_size(&text, Bold, size, max_w).max(crate::sheet::MIN_TEXT_PT);
        let cap = crate::fonts::metrics(Bold).ascender_mm(size) * 0.7;
        page.coloured_text(
            cx,
            cy + cap / 2.0,
            size,
            Bold,
            Align::Centre,
            suit_colour(c.suit),
            &text,
        );
    }
}
