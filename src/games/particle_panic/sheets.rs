//! What Particle Panic prints: the deal record, the pencil-and-paper board (a
//! board page and a page of stacks to cross off) and the turn and rules card.

use super::{Card, Deal, Params, RatedDeal, SPACES, Suit};
use crate::fonts::FontRole::{Bold, Regular};
use crate::seed::SheetCode;
use crate::sheet::kit::Kit;
use crate::sheet::{Align, Colour, MARGIN_MM, Page, Paper, Stroke};
use crate::text::{Block, Labels};

sheet_kinds! {
    Record => "record",
    Board => "board",
    /// The stacks as a page of their own, to cross off.
    Stacks => "stacks",
    Rules => "rules",
    /// The fifth suit's 26 cards to cut out: only with `five-codes`.
    Stars => "stars";
    default: [Record, Board, Rules, Stars]
}

/// A playing card's size, mm: the ★ cards match a standard deck.
const CARD_MM: (f32, f32) = (63.0, 88.0);

/// Red suits in Okabe–Ito vermillion; the symbol and the word carry the meaning.
fn suit_colour(s: Suit) -> Colour {
    match s {
        Suit::Diamonds | Suit::Hearts => Colour::VERMILLION,
        _ => Colour::BLACK,
    }
}

pub struct Context<'a> {
    pub params: &'a Params,
    pub labels: &'a Labels,
    pub rules: &'a [Block],
    pub kit: Kit<'a>,
}

impl Context<'_> {
    pub fn new<'a>(params: &'a Params, paper: Paper, labels: &'a crate::text::GameTexts) -> Context<'a> {
        Context {
            params,
            labels: &labels.game,
            rules: &labels.rules,
            kit: Kit::new(paper, labels),
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
            SheetKind::Record => vec![self.record(rated, code)],
            SheetKind::Board => vec![self.board(code)],
            SheetKind::Stacks => vec![self.stacks(&rated.deal, code)],
            SheetKind::Rules => self.kit.prose_pages(&self.l("rules_title"), self.rules, code),
            SheetKind::Stars if self.params.five_codes => self.star_cards(code),
            SheetKind::Stars => Vec::new(),
        }
    }

    /// The fifth suit's cards (A to K twice), at playing-card size, as many
    /// to a page as fit (9 on A4, 6 on Letter), edge to edge with cut marks.
    fn star_cards(&self, code: &SheetCode) -> Vec<Page> {
        let blank = self.kit.blank();
        let (w, h) = CARD_MM;
        // Room for the code line below the cards.
        let cols = ((blank.width - 2.0 * MARGIN_MM) / w).floor() as usize;
        let rows = ((blank.height - 2.0 * MARGIN_MM - 8.0) / h).floor() as usize;
        let per_page = cols * rows;
        let cards: Vec<u8> = (0..2).flat_map(|_| 1..=13u8).collect();
        let left = (blank.width - cols as f32 * w) / 2.0;
        let top = MARGIN_MM + 1.0;
        cards
            .chunks(per_page)
            .map(|chunk| {
                let mut page = self.kit.blank();
                for (i, rank) in chunk.iter().enumerate() {
                    let (x, y) = (left + (i % cols) as f32 * w, top + (i / cols) as f32 * h);
                    self.star_card(&mut page, x, y, *rank);
                }
                // Cut lines run out past the cards, so every card can be cut straight.
                let used_rows = chunk.len().div_ceil(cols);
                let used_cols = chunk.len().min(cols);
                let cut = Stroke::solid(0.3);
                // As far out as the margin allows.
                let out = (left - MARGIN_MM).clamp(0.0, 3.0);
                for r in 0..=used_rows {
                    let y = top + r as f32 * h;
                    page.line((left - out, y), (left + used_cols as f32 * w + out, y), cut.clone());
                }
                for c in 0..=used_cols {
                    let x = left + c as f32 * w;
                    page.line((x, top - 1.0), (x, top + used_rows as f32 * h + 1.0), cut.clone());
                }
                self.kit.code(&mut page, code);
                page
            })
            .collect()
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
        page.centred_text(x + w / 2.0, y + h / 2.0 + 8.0, 40.0, Bold, &star);
        page.fitted_text(
            x + w / 2.0,
            y + h / 2.0 + 18.0,
            w - 14.0,
            8.0,
            Regular,
            &self.l("star_card"),
        );
    }

    /// A card as printed: rank, suit symbol, suit word, in the suit's colour.
    fn card(&self, page: &mut Page, x: f32, y: f32, size: f32, c: Card) {
        let text = format!(
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
        );
        page.coloured_text(x, y, size, Bold, Align::Left, suit_colour(c.suit), &text);
    }

    fn record(&self, rated: &RatedDeal, code: &SheetCode) -> Page {
        let l = self.labels;
        let mut page = self.kit.page();
        self.title(&mut page, "record_title");
        let left = MARGIN_MM + 2.0;
        let width = page.width - 2.0 * left;
        self.kit.subtitle(&mut page, &l.get("record_subtitle"), 9.5);
        // The rating and its losses, wrapped to the page.
        let after = page.paragraph(left, MARGIN_MM + 25.0, width, 9.5, Bold, &l.get("rating"));
        let after = page.paragraph(left, after + 0.5, width, 8.5, Regular, &l.get("rating_note"));

        // Hands, one box per player.
        let mut y = (MARGIN_MM + 38.0).max(after + 4.0);
        page.text(left, y, 11.0, Bold, Align::Left, &l.get("hands"));
        y += 3.0;
        let n = rated.deal.hands.len().max(1);
        let box_w = (width - 3.0 * (n - 1) as f32) / n as f32;
        for (i, hand) in rated.deal.hands.iter().enumerate() {
            let x = left + i as f32 * (box_w + 3.0);
            page.rect(x, y, box_w, 27.0, Some(Stroke::solid(0.8)), None);
            page.text(
                x + 2.5,
                y + 5.5,
                9.5,
                Bold,
                Align::Left,
                &format!("{} {}", l.get("player"), i + 1),
            );
            for (j, c) in hand.iter().enumerate() {
                self.card(&mut page, x + 2.5, y + 11.5 + j as f32 * 5.5, 9.5, *c);
            }
        }
        y += 36.0;

        // Stacks, one column each, top card first.
        page.text(left, y, 11.0, Bold, Align::Left, &l.get("stacks"));
        y += 3.0;
        let col_w = width / SPACES as f32;
        let longest = rated.deal.stacks.iter().map(Vec::len).max().unwrap_or(0);
        let bottom = page.height - MARGIN_MM - 30.0;
        let row_h = ((bottom - y - 9.0) / longest.max(1) as f32).min(6.5);
        for (s, stack) in rated.deal.stacks.iter().enumerate() {
            let x = left + s as f32 * col_w;
            page.rect(x + 0.5, y, col_w - 1.0, 7.0, None, Some(Colour::Grey(0.9)));
            page.centred_text(
                x + col_w / 2.0,
                y + 3.5,
                9.5,
                Bold,
                &format!("{} {}", l.get("stack"), s + 1),
            );
            // A box before each card, to tick it off when collected.
            let (number_x, card_x, card_pt) = (8.6, 9.4, 7.4);
            for (r, c) in stack.iter().enumerate() {
                let ry = y + 7.0 + (r as f32 + 0.75) * row_h;
                let tick = (row_h - 2.0).clamp(2.5, 3.5);
                page.rect(x + 1.5, ry - tick + 0.6, tick, tick, Some(Stroke::solid(0.5)), None);
                page.text(x + number_x, ry, 7.0, Regular, Align::Right, &format!("{}", r + 1));
                self.card(&mut page, x + card_x, ry, card_pt, *c);
            }
            page.line(
                (x + 0.5, y),
                (x + 0.5, y + 7.0 + longest as f32 * row_h + 1.5),
                Stroke::solid(0.4),
            );
        }
        let end = y + 7.0 + longest as f32 * row_h + 6.0;
        let end = page.paragraph(left, end, width, 8.5, Regular, &l.get("how_to_stack"));
        page.paragraph(left, end + 1.0, width, 8.5, Regular, &l.get("record_ticks"));
        self.kit.code(&mut page, code);
        page
    }

    /// The board page: the same for every deal with these settings.
    fn board(&self, code: &SheetCode) -> Page {
        self.kit.shared_page("board", code, |p| self.board_furniture(p))
    }

    fn board_furniture(&self, page: &mut Page) {
        let l = self.labels;
        self.title(page, "board_title");
        let left = MARGIN_MM + 2.0;
        self.kit.subtitle(page, &l.get("board_intro"), 8.5);

        // Six spaces on a circle, space 1 at the top, numbered clockwise.
        // Neighbouring boxes sit 52 sin 60° = 45 mm apart across: wider than a box.
        let radius = 52.0;
        let (bw, bh) = (44.0, 27.0);
        let (cx, cy) = (page.width / 2.0, MARGIN_MM + 22.0 + radius + bh / 2.0);
        page.circle(cx, cy, radius, Some(Stroke::dashed(0.6, &[3.0, 3.0])), None);
        let box_mm = 5.5;
        for s in 0..SPACES {
            let angle = std::f32::consts::PI * 2.0 * s as f32 / SPACES as f32;
            let (x, y) = (cx + radius * angle.sin(), cy - radius * angle.cos());
            page.rect(
                x - bw / 2.0,
                y - bh / 2.0,
                bw,
                bh,
                Some(Stroke::solid(1.2)),
                Some(Colour::WHITE),
            );
            page.text(
                x - bw / 2.0 + 2.5,
                y - bh / 2.0 + 6.0,
                11.0,
                Bold,
                Align::Left,
                &format!("{} {}", l.get("space"), s + 1),
            );
            page.text(
                x - bw / 2.0 + 2.5,
                y - bh / 2.0 + 10.5,
                crate::sheet::MIN_TEXT_PT,
                Regular,
                Align::Left,
                &l.get("particles"),
            );
            for b in 0..6 {
                let bx = x - bw / 2.0 + 2.5 + b as f32 * (box_mm + 1.0);
                let by = y - bh / 2.0 + 12.0;
                page.rect(bx, by, box_mm, box_mm, Some(Stroke::solid(0.6)), None);
                // One particle starts on each of spaces 2-6.
                if b == 0 && s > 0 {
                    page.circle(bx + box_mm / 2.0, by + box_mm / 2.0, 1.5, None, Some(Colour::BLACK));
                }
            }
            let base = y + bh / 2.0 - 2.5;
            page.text(
                x - bw / 2.0 + 2.5,
                base,
                crate::sheet::MIN_TEXT_PT,
                Regular,
                Align::Left,
                &format!("{}:", l.get("pawns")),
            );
            page.line(
                (x - bw / 2.0 + 18.0, base + 0.5),
                (x + bw / 2.0 - 3.0, base + 0.5),
                Stroke::solid(0.4),
            );
        }

        // Hand-limit track and hand boxes per player.
        let mut y = cy + radius + bh / 2.0 + 9.0;
        for p in 0..self.params.players {
            page.text(
                left,
                y,
                9.0,
                Bold,
                Align::Left,
                &format!("{} {}", l.get("player"), p + 1),
            );
            page.text(left + 20.0, y, 7.0, Regular, Align::Left, &l.get("hand_limit"));
            for (i, v) in (0..=6).rev().enumerate() {
                let bx = left + 38.0 + i as f32 * 6.5;
                page.rect(bx, y - 4.5, 6.0, 6.0, Some(Stroke::solid(0.6)), None);
                page.centred_text(bx + 3.0, y - 1.5, 7.0, Regular, &v.to_string());
            }
            page.text(left + 88.0, y, 7.0, Regular, Align::Left, &l.get("hand"));
            // Boxes to write the cards held in, 8 mm tall.
            let (box_h, row) = (8.0, 10.0);
            for i in 0..6 {
                let bx = left + 100.0 + i as f32 * 13.5;
                page.rect(bx, y - 5.0, 12.5, box_h, Some(Stroke::solid(0.6)), None);
                page.writing_cell(bx, y - 5.0, 12.5, box_h);
            }
            y += row;
        }

        // One code track of five boxes per suit in play.
        y += 1.0;
        page.text(left, y, 9.5, Bold, Align::Left, &l.get("codes"));
        y += 6.5;
        for suit in self.params.suits() {
            let name = format!("{} {}", suit.symbol(), l.get(suit.key()));
            page.coloured_text(left, y, 9.0, Bold, Align::Left, suit_colour(*suit), &name);
            for i in 0..5 {
                page.rect(
                    left + 30.0 + i as f32 * 8.0,
                    y - 5.0,
                    7.0,
                    7.0,
                    Some(Stroke::solid(0.6)),
                    None,
                );
            }
            page.rect(left + 75.0, y - 4.5, 6.0, 6.0, Some(Stroke::solid(1.0)), None);
            page.text(left + 83.0, y, 8.0, Regular, Align::Left, &l.get("entered"));
            y += 8.0;
        }
    }

    /// Each stack as a column of cards to cross off, top first.
    fn stacks(&self, deal: &Deal, code: &SheetCode) -> Page {
        let l = self.labels;
        let mut page = self.kit.page();
        self.title(&mut page, "stacks_title");
        let left = MARGIN_MM + 2.0;
        let width = page.width - 2.0 * left;
        self.kit.subtitle(&mut page, &l.get("stacks_intro"), 8.5);
        let top = MARGIN_MM + 22.0;
        let col_w = width / SPACES as f32;
        let longest = deal.stacks.iter().map(Vec::len).max().unwrap_or(0).max(1);
        let row_h = ((page.height - MARGIN_MM - 22.0 - top - 8.0) / longest as f32).min(9.0);
        for (s, stack) in deal.stacks.iter().enumerate() {
            let x = left + s as f32 * col_w;
            page.rect(x + 0.5, top, col_w - 1.0, 7.0, None, Some(Colour::Grey(0.9)));
            page.centred_text(
                x + col_w / 2.0,
                top + 3.5,
                9.5,
                Bold,
                &format!("{} {}", l.get("space"), s + 1),
            );
            for (r, c) in stack.iter().enumerate() {
                let ry = top + 8.0 + r as f32 * row_h;
                let tick = (row_h - 2.0).min(5.0);
                page.rect(
                    x + 1.5,
                    ry + (row_h - tick) / 2.0,
                    tick,
                    tick,
                    Some(Stroke::solid(0.5)),
                    None,
                );
                self.card(&mut page, x + tick + 3.0, ry + row_h / 2.0 + 1.2, 7.8, *c);
            }
        }
        self.kit.code(&mut page, code);
        page
    }
}
