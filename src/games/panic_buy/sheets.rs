//! What Panic Buy prints: the board (landscape, or tiled over two pages), the
//! rules, the cut-out components, and the hoard-mode team tally pad.

use super::{Board, Edge, Mode, Params, SIZE, Tile, Wall, edge};
use crate::error::Result;
use crate::fonts::FontRole::{Bold, Regular};
use crate::grid::{Cell, cell};
use crate::kit::Kit;
use crate::seed::SheetCode;
use crate::sheet::icons::{arrow, droplets, paw, tp_roll, virus};
use crate::sheet::{Align, Colour, MARGIN_MM, Page, Paper, Role, Stroke};
use crate::text::{GameTexts, Labels};

sheet_kinds! {
    Board => "board",
    Rules => "rules",
    Components => "components",
    /// Printed only in hoard mode.
    Tally => "tally";
    default: [Board, Rules, Components, Tally]
}

/// How the board is printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoardLayout {
    /// One landscape page, 22 mm squares.
    Single,
    /// Two landscape pages of four rows each, 28 mm squares, glued together.
    Tiled,
}

impl BoardLayout {
    pub fn parse(s: &str) -> Result<BoardLayout> {
        match s {
            "single" | "normal" => Ok(BoardLayout::Single),
            "tiled" => Ok(BoardLayout::Tiled),
            _ => Err(crate::game::unknown_name("layout", s, &["single", "tiled"]).within("board")),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            BoardLayout::Single => "single",
            BoardLayout::Tiled => "tiled",
        }
    }
}

/// A token on the board (basket, Virus, Dog), and what a square and the
/// road leave around it.
pub const TOKEN_MM: f32 = 15.0;
/// The single-page board's squares: a token and 2.4 mm around it, so that
/// the road below still fits clear of the calibration bar on A4 and Letter.
pub const MIN_SQUARE_MM: f32 = 19.8;
const TILED_SQUARE_MM: f32 = 25.0;
/// Height of the bathroom and yard boxes: a title and a row of tokens.
const ROOM_MM: f32 = 21.0;
/// Height of the road below the arrows, where baskets wait to come in.
pub const ROAD_MM: f32 = TOKEN_MM + 0.5;
/// What heads the large-print tables page: the single board's page has no
/// room for what the board is, the tiled board's first half has.
#[derive(Clone, Copy, PartialEq)]
enum Heading {
    WithTitle,
    RatingOnly,
}

/// Height of the glue strip on part 2 of the tiled board.
const GLUE_MM: f32 = 10.0;
/// The least size of what is read across the table on the board: the dice
/// tables and the key.
const BOARD_PT: f32 = 9.0;
/// Size of the rating note beside (or under) a board.
const NOTE_PT: f32 = 8.0;

const WALL: f32 = 3.2;
const CHECKER: Colour = Colour::Grey(0.93);
const OBJECT: Colour = Colour::Grey(0.45);
const COUNTER: Colour = Colour::Grey(0.7);
const GLASS: Colour = Colour::Rgb(0.337, 0.706, 0.914);

pub struct Context<'a> {
    pub params: &'a Params,
    pub rules: &'a [crate::text::Block],
    pub layout: BoardLayout,
    pub labels: &'a Labels,
    pub wide: Kit<'a>,
    pub tall: Kit<'a>,
    /// Rounds on the team tally (from the boards' simulated games).
    pub tally_rows: u32,
    /// The players' names, on their player cards.
    pub seats: &'a crate::game::Seats,
}

/// Where squares go on a page: the top-left corner of (col, first_row).
struct Geometry {
    left: f32,
    top: f32,
    square: f32,
    first_row: u16,
    last_row: u16,
}

impl Geometry {
    fn corner(&self, c: Cell) -> (f32, f32) {
        (
            self.left + (c.col - 1) as f32 * self.square,
            self.top + (c.row - self.first_row) as f32 * self.square,
        )
    }

    fn centre(&self, c: Cell) -> (f32, f32) {
        let (x, y) = self.corner(c);
        (x + self.square / 2.0, y + self.square / 2.0)
    }

    fn shows(&self, c: Cell) -> bool {
        (self.first_row..=self.last_row).contains(&c.row)
    }
}

impl Context<'_> {
    pub fn new<'a>(
        params: &'a Params,
        layout: BoardLayout,
        paper: Paper,
        style: crate::sheet::Style,
        texts: &'a GameTexts,
        seats: &'a crate::game::Seats,
    ) -> Context<'a> {
        Context {
            seats,
            params,
            rules: &texts.rules,
            layout,
            labels: &texts.game,
            wide: Kit::landscape(paper, style, texts),
            tall: Kit::new(paper, style, texts),
            tally_rows: super::MIN_TALLY_ROWS,
        }
    }

    fn l(&self, key: &str) -> String {
        self.labels.get(key)
    }

    /// A board's sheet, with its rating `note` where it has one.
    /// In large print the tables and the key follow on a page of their own.
    pub(crate) fn board_pages(&self, board: &Board, code: &SheetCode, note: Option<&str>) -> Vec<Page> {
        let large = self.wide.style.is_large();
        match self.layout {
            BoardLayout::Single if large => {
                let mut pages = vec![self.single(board, code, None)];
                pages.extend(self.tables_pages(code, Heading::WithTitle, note));
                pages
            }
            BoardLayout::Single => vec![self.single(board, code, note)],
            BoardLayout::Tiled => {
                // In large print the rating goes with the tables: under the
                // half board it would run into the footer.
                let (under_board, with_tables) = if large { (None, note) } else { (note, None) };
                let mut pages = vec![self.tile(board, code, 1, under_board), self.tile(board, code, 2, None)];
                if large {
                    pages.extend(self.tables_pages(code, Heading::RatingOnly, with_tables));
                }
                pages
            }
        }
    }

    /// For large print, the board's words on pages of their own: what the
    /// board is (with the single board's `heading`) and its rating, the
    /// event and movement tables, then the rooms (the tiled board's) and
    /// the key.
    fn tables_pages(&self, code: &SheetCode, heading: Heading, note: Option<&str>) -> Vec<Page> {
        let heading = heading == Heading::WithTitle;
        let x = MARGIN_MM + 2.0;
        let page = |draw: &dyn Fn(&mut Page, f32)| {
            let mut page = self.tall.page();
            self.tall.title(&mut page, &self.l("board_title"));
            let width = page.width - 2.0 * x;
            draw(&mut page, width);
            self.tall.code(&mut page, code);
            page
        };
        // What follows the tables: the single board's page holds its rooms,
        // the tiled board's do not.
        let rest = |page: &mut Page, y: f32, width: f32| {
            let y = match heading {
                true => y,
                false => self.rooms(page, x, y, width) + 2.0,
            };
            self.key(page, x, y, width, false)
        };
        let tables = |page: &mut Page, width: f32| {
            let mut y = MARGIN_MM + 26.0;
            if heading {
                y = page.paragraph(x, y - 4.0, width, 7.5, Regular, &self.l("board_subtitle"));
                y = page.paragraph(x, y, width, 7.5, Regular, &self.l(self.objective()));
            }
            if let Some(note) = note {
                y = page.paragraph(x, y + if heading { 1.0 } else { -4.0 }, width, NOTE_PT, Regular, note);
            }
            if heading || note.is_some() {
                y += 8.0;
            }
            let y = self.events(page, x, y, width) + 3.0;
            self.movement(page, x, y, width)
        };
        // One page where the key fits under the tables, else two.
        let mut trial = self.tall.page();
        let width = trial.width - 2.0 * x;
        let end = tables(&mut trial, width);
        if rest(&mut trial, end + 2.0, width) <= self.tall.content_bottom(&trial) {
            return vec![page(&|page, width| {
                let end = tables(page, width);
                rest(page, end + 2.0, width);
            })];
        }
        let first = page(&|page, width| {
            tables(page, width);
        });
        let key = page(&|page, width| {
            rest(page, MARGIN_MM + 24.0, width);
        });
        vec![first, key]
    }

    /// The road's height: room for a token.
    fn road_mm(&self) -> f32 {
        self.token_mm() + 0.5
    }

    /// A token's size: larger in large print, for its word at 14 pt.
    fn token_mm(&self) -> f32 {
        if self.wide.style.is_large() { LARGE_TOKEN_MM } else { TOKEN_MM }
    }

    pub fn pages(&self, kind: SheetKind, board: &Board, code: &SheetCode) -> Vec<Page> {
        match kind {
            SheetKind::Board => self.board_pages(board, code, None),
            SheetKind::Rules => self.tall.prose_pages(&self.l("rules_title"), self.rules, code),
            SheetKind::Components => self.components(code),
            SheetKind::Tally if self.params.mode == Mode::Hoard => self.tally(code),
            SheetKind::Tally => Vec::new(),
        }
    }

    fn single(&self, board: &Board, code: &SheetCode, note: Option<&str>) -> Page {
        let mut page = self.wide.page();
        let geo = Geometry {
            left: MARGIN_MM + 2.0,
            // The thick outer wall's ink stays inside the margin.
            top: MARGIN_MM + 0.8,
            square: MIN_SQUARE_MM,
            first_row: 1,
            last_row: SIZE,
        };
        let x = geo.left + SIZE as f32 * geo.square + 8.0;
        if self.wide.style.is_large() {
            // The board alone on an upright page, squares as large as it
            // allows, under its title.
            let mut page = self.tall.page();
            self.tall.title(&mut page, &self.l("board_title"));
            let top = MARGIN_MM + 17.0;
            let across = page.width - 2.0 * (MARGIN_MM + 2.0);
            // The rooms go under the road, on the board's own page.
            let rooms_h = self.rooms_beside(&mut self.tall.blank(), 0.0, 0.0, across);
            // 8 mm: the gap under the road, and the rooms clear of the calibration bar.
            let down = self.tall.content_bottom(&page) - top - self.road_mm() - 8.0 - rooms_h;
            let square = (across.min(down) / SIZE as f32).floor();
            let geo = Geometry {
                left: (page.width - SIZE as f32 * square) / 2.0,
                top,
                square,
                ..geo
            };
            page.figure(self.board_alt(board), |p| self.draw_board(p, board, &geo));
            self.road(&mut page, &geo);
            let below = top + SIZE as f32 * square + 0.8 + self.road_mm() + 4.0;
            self.rooms_beside(&mut page, MARGIN_MM + 2.0, below, across);
            self.tall.code(&mut page, code);
            return page;
        }
        page.group(&self.wide.shared("board-panel", |p| {
            self.panel(p, x, MARGIN_MM + 7.0, true, true);
        }));
        page.figure(self.board_alt(board), |p| self.draw_board(p, board, &geo));
        self.road(&mut page, &geo);
        if let Some(note) = note {
            // Under the key (laid out again to find its end), ending level
            // with the road's bottom edge where there is room.
            let key_end = self.panel(&mut self.wide.blank(), x, MARGIN_MM + 7.0, true, true);
            let width = page.width - MARGIN_MM - 1.0 - x;
            let lines = crate::fonts::wrap(note, Regular, NOTE_PT, width).len() as f32;
            let bottom = geo.top + SIZE as f32 * geo.square + 0.8 + ROAD_MM;
            let top = (bottom - (lines - 0.7) * NOTE_PT * crate::fonts::PT_TO_MM * 1.3).max(key_end + 3.0);
            page.paragraph(x, top, width, NOTE_PT, Regular, note);
        }
        self.wide.code(&mut page, code);
        page
    }

    /// Half of the board on one page: rows 1-4 or rows 5-8, bigger squares,
    /// with alignment marks on the join. Part 1 is cut along the join and laid
    /// on the glue strip above part 2's first row. Part 1 carries the event
    /// and movement tables, part 2 the road, the rooms and the key.
    fn tile(&self, board: &Board, code: &SheetCode, part: u16, note: Option<&str>) -> Page {
        let mut page = self.wide.page();
        let square = TILED_SQUARE_MM;
        let width = SIZE as f32 * square;
        let left = (page.width - width) / 2.0;
        let top = MARGIN_MM + 12.0 + if part == 2 { GLUE_MM } else { 0.0 };
        let geo = Geometry {
            left,
            top,
            square,
            first_row: if part == 1 { 1 } else { SIZE / 2 + 1 },
            last_row: if part == 1 { SIZE / 2 } else { SIZE },
        };
        let title = format!("{}: {} {part} / 2", self.l("board_title"), self.l("board_part"));
        page.text(left, MARGIN_MM + 7.0, 13.0, Bold, Align::Left, &title);
        let large = self.wide.style.is_large();
        if part == 1 && !large {
            // The mode and the goal, beside the title.
            let right = left + width;
            let room = width - 75.0;
            for (y, key) in [(MARGIN_MM + 3.5, "board_subtitle"), (MARGIN_MM + 7.5, self.objective())] {
                page.fitted(right, y, room, 7.5, Regular, Align::Right, &self.l(key));
            }
        }
        let join_y = if part == 1 { top + 4.0 * square } else { top };
        if part == 2 {
            // The glue strip above the first row, with the text along it.
            page.rect(
                left,
                top - GLUE_MM,
                width,
                GLUE_MM,
                Some(Stroke::dashed(0.5, &[2.0, 2.0])),
                Some(Colour::Grey(0.95)),
            );
            page.centred_text(left + width / 2.0, top - GLUE_MM / 2.0, 8.0, Regular, &self.l("glue"));
        } else {
            // The trim line along the join, across the page, and what to do with it.
            page.line(
                (MARGIN_MM + 1.0, join_y),
                (page.width - MARGIN_MM - 1.0, join_y),
                Stroke::dashed(0.6, &[3.0, 2.0]),
            );
            page.text(
                left + width,
                join_y + 6.5,
                crate::sheet::MIN_TEXT_PT,
                Regular,
                Align::Right,
                &self.l("trim"),
            );
        }
        // Alignment marks: ticks on every column line and crosses at the ends of the join.
        for i in 0..=SIZE {
            let x = left + i as f32 * square;
            page.line((x, join_y - 3.0), (x, join_y + 3.0), Stroke::solid(0.4));
        }
        for x in [left - 4.0, left + width + 4.0] {
            page.line((x - 2.5, join_y), (x + 2.5, join_y), Stroke::solid(0.5));
            page.line((x, join_y - 2.5), (x, join_y + 2.5), Stroke::solid(0.5));
            page.circle(x, join_y, 1.6, Some(Stroke::solid(0.4)), None);
        }
        page.figure(self.board_alt(board), |p| self.draw_board(p, board, &geo));
        let col = (width - 8.0) / 2.0;
        if large {
            // The tables follow on a page of their own: below the first half
            // what the board is and its rating.
            if part == 1 {
                let y = page.paragraph(left, join_y + 16.0, width, 7.5, Regular, &self.l("board_subtitle"));
                let y = page.paragraph(left, y, width, 7.5, Regular, &self.l(self.objective()));
                if let Some(note) = note {
                    page.paragraph(left, y + 1.0, width, NOTE_PT, Regular, note);
                }
            } else {
                self.road(&mut page, &geo);
            }
        } else if part == 1 {
            let below = join_y + 12.0;
            let y = self.events(&mut page, left, below, col);
            let y = y.max(self.movement(&mut page, left + col + 8.0, below, col));
            if let Some(note) = note {
                page.paragraph(left, y + 1.0, width, NOTE_PT, Regular, note);
            }
        } else {
            self.road(&mut page, &geo);
            let below = top + 4.0 * square + 0.8 + self.road_mm() + 4.0;
            self.rooms(&mut page, left, below, col);
            self.key(&mut page, left + col + 8.0, below + 3.0, col, true);
        }
        self.wide.code(&mut page, code);
        page
    }

    /// The road below the arrows, where baskets wait to come in: its name
    /// at the left, then a dashed place for each basket, spread evenly.
    fn road(&self, page: &mut Page, geo: &Geometry) {
        let width = SIZE as f32 * geo.square;
        let top = geo.top + (geo.last_row - geo.first_row + 1) as f32 * geo.square + 0.8;
        let (road, token) = (self.road_mm(), self.token_mm());
        page.rect(geo.left, top, width, road, Some(Stroke::solid(0.5)), Some(CHECKER));
        let baskets = self.params.counters() as f32;
        // The name on one line where it fits, else wrapped (up to three
        // lines) in what the places leave.
        let size = page.style.text_pt(7.5);
        let room = width - baskets * (token + 1.0) - 2.0;
        // Many places leave room for the short name only ("road").
        let fits = |name: &str| crate::fonts::wrap(name, Bold, size, room).len() <= 2;
        let name = [self.l("road"), self.l("road_short")].into_iter().find(|n| fits(n)).unwrap_or_else(|| self.l("road_short"));
        let one_line = crate::fonts::metrics(Bold).width_mm(&name, size) + 1.0;
        let label_w = room.min(one_line);
        let lines = crate::fonts::wrap(&name, Bold, size, label_w);
        let lead = size * crate::fonts::PT_TO_MM * 1.15;
        let first = top + road / 2.0 - lead * (lines.len() as f32 - 1.0) / 2.0;
        for (i, line) in lines.iter().enumerate() {
            page.centred_text(geo.left + 1.0 + label_w / 2.0, first + lead * i as f32, size, Bold, line);
        }
        let slot = (width - label_w - 2.0) / baskets;
        for i in 0..self.params.counters() {
            page.circle(
                geo.left + label_w + 2.0 + slot * (i as f32 + 0.5),
                top + road / 2.0,
                token / 2.0,
                Some(Stroke::dashed(0.5, &[1.5, 1.5]).coloured(Colour::Grey(0.5))),
                None,
            );
        }
    }

    /// The side panel of the single-page board: title, event and movement
    /// tables, the rooms, and the key.
    fn panel(&self, page: &mut Page, x: f32, y: f32, rooms: bool, key: bool) -> f32 {
        let width = page.width - MARGIN_MM - 1.0 - x;
        let mut y = self.heading(page, x, y, width) + 3.0;
        y = self.events(page, x, y, width) + 3.0;
        y = self.movement(page, x, y, width) + 2.0;
        if rooms {
            y = self.rooms(page, x, y, width) + 2.0;
        }
        if key {
            // Letter's narrower panel wraps more of the key: smaller samples.
            y = self.key(page, x, y, width, width < 100.0);
        }
        y
    }

    /// The board's title, what it is and the goal of its mode, from `y`;
    /// returns where they end.
    fn heading(&self, page: &mut Page, x: f32, y: f32, width: f32) -> f32 {
        page.role(Role::Heading(1), |p| {
            p.text(x, y, 15.0, Bold, Align::Left, &self.l("board_title"))
        });
        let y = page.paragraph(x, y + 6.0, width, 7.5, Regular, &self.l("board_subtitle"));
        page.paragraph(x, y, width, 7.5, Regular, &self.l(self.objective()))
    }

    /// The label of the goal of the mode being played.
    fn objective(&self) -> &'static str {
        match self.params.mode {
            Mode::Race => "objective_race",
            Mode::Hoard => "objective_hoard",
        }
    }

    fn table(
        &self,
        page: &mut Page,
        (x, y): (f32, f32),
        width: f32,
        title: &str,
        rows: &[String],
        colour: Colour,
    ) -> f32 {
        let size = crate::sheet::fit_size(title, Bold, 9.5, width);
        page.role(Role::Heading(2), |p| {
            p.coloured_text(x, y, size, Bold, Align::Left, colour, title)
        });
        let mut y = y + 1.5;
        // What each roll does, an item each.
        page.role(Role::List, |page| {
            for row in rows {
                // A row as tall as its lines, read across the table.
                let size = page.style.text_pt(BOARD_PT);
                let lines = crate::fonts::wrap(row, Regular, size, width - 2.0);
                let lead = size * crate::fonts::PT_TO_MM * 1.15;
                let h = (lines.len().max(1) as f32 * lead + 2.5).max(6.0);
                page.rect(x, y, width, h, Some(Stroke::solid(0.4)), None);
                page.role(Role::ListItem, |p| {
                    let first = y + h / 2.0 - lead * (lines.len() as f32 - 1.0) / 2.0;
                    for (i, line) in lines.iter().enumerate() {
                        p.centred_text(x + width / 2.0, first + lead * i as f32, size, Regular, line);
                    }
                });
                y += h;
            }
        });
        y + 4.0
    }

    fn events(&self, page: &mut Page, x: f32, y: f32, width: f32) -> f32 {
        let rows: Vec<String> = ["event_virus", "event_dog", "event_distance", "event_sanitiser"]
            .iter()
            .map(|k| self.l(k))
            .collect();
        self.table(page, (x, y), width, &self.l("events"), &rows, Colour::VERMILLION)
    }

    fn movement(&self, page: &mut Page, x: f32, y: f32, width: f32) -> f32 {
        let rows: Vec<String> = ["move_full", "move_half", "move_third", "move_one"]
            .iter()
            .map(|k| self.l(k))
            .collect();
        self.table(page, (x, y), width, &self.l("movement"), &rows, Colour::BLUE)
    }

    /// The bathroom and the yard: rooms off the grid where the Virus and the Dog wait.
    /// The bathroom and the yard as rooms: room inside for the Virus (Dog)
    /// and a captured basket side by side (more baskets pile up), the door
    /// explained below.
    fn rooms(&self, page: &mut Page, x: f32, y: f32, width: f32) -> f32 {
        let w = (width - 3.0) / 2.0;
        // In large print room for a token below the name's two lines.
        let room_h = if page.style.is_large() { 42.0 } else { ROOM_MM };
        let mut bottom = y;
        for (i, (room, door)) in [("bathroom", "bathroom_door"), ("yard", "yard_door")]
            .iter()
            .enumerate()
        {
            let bx = x + i as f32 * (w + 3.0);
            page.rect(bx, y, w, room_h, Some(Stroke::solid(WALL * 0.6)), None);
            let name_y = y + if page.style.is_large() { 6.5 } else { 4.5 };
            page.paragraph(bx + 2.0, name_y, w - 4.0, 7.5, Bold, &self.l(room));
            let end = page.paragraph(
                bx,
                y + room_h + if page.style.is_large() { 6.0 } else { 3.0 },
                w,
                crate::sheet::MIN_TEXT_PT,
                Regular,
                &self.l(door),
            );
            bottom = bottom.max(end);
        }
        bottom + 1.0
    }

    /// The rooms for the large-print board's page, under the road: each
    /// names its piece on one line, with room for a token and the door's
    /// words beside it. Returns where they end.
    fn rooms_beside(&self, page: &mut Page, x: f32, y: f32, width: f32) -> f32 {
        let w = (width - 3.0) / 2.0;
        let token = LARGE_TOKEN_MM + 2.0;
        let size = page.style.min_text_pt();
        let lead = size * crate::fonts::PT_TO_MM * 1.3;
        let door_w = w - token - 4.0;
        let door_lines = ["bathroom_door", "yard_door"]
            .iter()
            .map(|k| crate::fonts::wrap(&self.l(k), Regular, size, door_w).len())
            .max()
            .unwrap_or(1) as f32;
        let name_lines = ["bathroom", "yard"]
            .iter()
            .map(|k| crate::fonts::wrap(&self.l(k), Bold, size, w - 4.0).len())
            .max()
            .unwrap_or(1) as f32;
        let name_h = 2.0 + name_lines * lead;
        let room_h = name_h + token.max(door_lines * lead + 2.0);
        for (i, (room, door)) in [("bathroom", "bathroom_door"), ("yard", "yard_door")].iter().enumerate() {
            let bx = x + i as f32 * (w + 3.0);
            page.rect(bx, y, w, room_h, Some(Stroke::solid(WALL * 0.6)), None);
            page.paragraph(bx + 2.0, y + lead, w - 4.0, size, Bold, &self.l(room));
            page.paragraph(bx + token + 2.0, y + name_h + lead - 1.0, door_w, size, Regular, &self.l(door));
        }
        y + room_h
    }

    /// The key; `compact` sets its samples smaller and closer.
    fn key(&self, page: &mut Page, x: f32, y: f32, width: f32, compact: bool) -> f32 {
        page.role(Role::Heading(2), |p| {
            p.text(x, y, 9.5, Bold, Align::Left, &self.l("legend"))
        });
        let large = page.style.is_large();
        let mut y = y + if large { 4.0 } else { 2.0 };
        let s = if large { 8.0 } else if compact { 3.8 } else { 5.0 };
        // The car park is lined on every board, so it has an entry; in large
        // print (no grey) the counter is cross-hatched as well. The glass
        // door and the wall, a few words each, share a row.
        let rows: [&[&str]; 6] = [
            &["key_object"],
            &["key_counter"],
            &["key_carpark"],
            &["key_tp"],
            &["key_arrow"],
            &["key_glass", "key_wall"],
        ];
        // Read across the table: never below BOARD_PT, wrapped instead.
        let size = page.style.text_pt(BOARD_PT);
        let lead = size * crate::fonts::PT_TO_MM * 1.15;
        for row in rows {
            let column = width / row.len() as f32;
            let mut lines_used = 1;
            for (i, k) in row.iter().enumerate() {
                let x = x + i as f32 * column;
                match *k {
                    "key_object" => page.rect(x, y, s, s, None, Some(OBJECT)),
                    "key_counter" => counter_fill(page, x, y, s, s),
                    "key_carpark" => carpark_lines(page, x, y, s),
                    "key_tp" => tp_roll(page, x + s / 2.0, y + s / 2.0, s * 0.42),
                    "key_arrow" => arrow(page, x + s / 2.0, y + s, s),
                    "key_glass" => page.line(
                        (x, y + s / 2.0),
                        (x + s, y + s / 2.0),
                        Stroke::dashed(WALL, &[3.0, 1.5]).coloured(GLASS),
                    ),
                    _ => page.line((x, y + s / 2.0), (x + s, y + s / 2.0), Stroke::solid(WALL)),
                }
                let lines = crate::fonts::wrap(&self.l(k), Regular, size, column - s - 2.5);
                for (i, line) in lines.iter().enumerate() {
                    page.text(x + s + 2.5, y + s / 2.0 + 1.2 + lead * i as f32, size, Regular, Align::Left, line);
                }
                lines_used = lines_used.max(lines.len());
            }
            let text_h = lead * (lines_used - 1) as f32;
            // Closer where room is short: large print's key page, a tiled board's column.
            y += s + text_h + if large { 2.0 } else if compact { 0.9 } else { 1.2 };
        }
        y
    }

    /// Squares, furniture, walls and doors of the rows `geo` shows.
    /// The board in words a player can play from: each row's squares with
    /// what is on them, the walls and glass doors, where the Virus and the Dog start.
    fn board_alt(&self, b: &Board) -> String {
        let name = |t: Tile| match t {
            Tile::Tp => Some(self.l("board_alt_tp")),
            Tile::Arrow => Some(self.l("board_alt_arrow")),
            Tile::Carpark => Some(self.l("board_alt_carpark")),
            Tile::Unit => Some(self.l("unit")),
            Tile::Car => Some(self.l("car")),
            Tile::Counter => Some(self.l("counter")),
            Tile::Shop => None,
        };
        let square = self.l("board_alt_square");
        let mut alt = self.l("board_alt").replace("{size}", &SIZE.to_string());
        for row in 1..=SIZE {
            let squares: Vec<String> = (1..=SIZE)
                .filter_map(|col| {
                    let what = name(b.tile(cell(col, row)))?;
                    Some(square.replace("{col}", &col.to_string()).replace("{what}", &what))
                })
                .collect();
            let squares = match squares.is_empty() {
                true => self.l("board_alt_none"),
                false => squares.join("; "),
            };
            alt.push(' ');
            alt.push_str(
                &self
                    .l("board_alt_row")
                    .replace("{row}", &row.to_string())
                    .replace("{squares}", &squares),
            );
        }
        let edges = |set: &std::collections::BTreeSet<Edge>| -> String {
            set.iter()
                .map(|(a, c)| match a.row == c.row {
                    true => self
                        .l("board_alt_edge")
                        .replace("{row}", &a.row.to_string())
                        .replace("{a}", &a.col.to_string())
                        .replace("{b}", &c.col.to_string()),
                    false => self
                        .l("board_alt_edge_down")
                        .replace("{col}", &a.col.to_string())
                        .replace("{a}", &a.row.to_string())
                        .replace("{b}", &c.row.to_string()),
                })
                .collect::<Vec<_>>()
                .join("; ")
        };
        if !b.walls.is_empty() {
            alt.push(' ');
            alt.push_str(&self.l("board_alt_walls").replace("{edges}", &edges(&b.walls)));
        }
        if !b.glass_doors.is_empty() {
            alt.push(' ');
            alt.push_str(&self.l("board_alt_glass").replace("{edges}", &edges(&b.glass_doors)));
        }
        alt.push(' ');
        alt.push_str(
            &self
                .l("board_alt_doors")
                .replace("{vrow}", &b.bathroom_door.row.to_string())
                .replace("{vcol}", &b.bathroom_door.col.to_string())
                .replace("{drow}", &b.yard_door.row.to_string())
                .replace("{dcol}", &b.yard_door.col.to_string()),
        );
        alt
    }

    fn draw_board(&self, page: &mut Page, b: &Board, geo: &Geometry) {
        let sq = geo.square;
        let shown: Vec<Cell> = (geo.first_row..=geo.last_row)
            .flat_map(|r| (1..=SIZE).map(move |c| cell(c, r)))
            .collect();
        // Floor: the checker pattern; the carpark hatched so it reads in black and white.
        for &c in &shown {
            let (x, y) = geo.corner(c);
            let t = b.tile(c);
            if (c.col + c.row) % 2 == 0 && t.is_floor() {
                page.rect(x, y, sq, sq, None, Some(CHECKER));
            }
            if t.in_carpark() && t != Tile::Car {
                carpark_lines(page, x, y, sq);
            }
        }
        let thin = Stroke::solid(0.4).coloured(Colour::Grey(0.5));
        let rows = (geo.last_row - geo.first_row + 1) as f32;
        for i in 0..=SIZE {
            let x = geo.left + i as f32 * sq;
            page.line((x, geo.top), (x, geo.top + rows * sq), thin.clone());
        }
        for i in 0..=(geo.last_row - geo.first_row + 1) {
            let y = geo.top + i as f32 * sq;
            page.line((geo.left, y), (geo.left + SIZE as f32 * sq, y), thin.clone());
        }
        // Furniture: units and car as dark blocks with their names, the counter lighter.
        for piece in b
            .pieces(Tile::Unit)
            .into_iter()
            .chain(b.pieces(Tile::Car))
            .chain(b.pieces(Tile::Counter))
        {
            let cells: Vec<Cell> = piece.iter().copied().filter(|c| geo.shows(*c)).collect();
            let Some(first) = cells.first() else { continue };
            let t = b.tile(*first);
            let (x0, y0) = geo.corner(cells.iter().copied().min().unwrap_or(*first));
            let (x1, y1) = geo.corner(cells.iter().copied().max().unwrap_or(*first));
            // A piece across the join of a tiled board runs to the edge of
            // each half, open there, so the glued halves show one piece.
            let cut_above = piece.iter().any(|c| c.row < geo.first_row);
            let cut_below = piece.iter().any(|c| c.row > geo.last_row);
            let inset = 1.8;
            let top = if cut_above { y0 } else { y0 + inset };
            let bottom = if cut_below { y1 + sq } else { y1 + sq - inset };
            let (left, right) = (x0 + inset, x1 + sq - inset);
            if t == Tile::Counter {
                counter_fill(page, left, top, right - left, bottom - top);
            } else {
                page.rect(left, top, right - left, bottom - top, None, Some(OBJECT));
            }
            let edge = Stroke::solid(1.0);
            page.line((left, top), (left, bottom), edge.clone());
            page.line((right, top), (right, bottom), edge.clone());
            if !cut_above {
                page.line((left, top), (right, top), edge.clone());
            }
            if !cut_below {
                page.line((left, bottom), (right, bottom), edge);
            }
            // Named once: on the half with more of it, the upper one if even.
            let shown = cells.len() * 2;
            if shown < piece.len() || (shown == piece.len() && cut_above) {
                continue;
            }
            let name = match t {
                Tile::Unit => self.l("unit"),
                Tile::Car => self.l("car"),
                _ => self.l("counter"),
            };
            let colour = if t == Tile::Counter {
                Colour::BLACK
            } else {
                Colour::WHITE
            };
            let name_y = (top + bottom) / 2.0 + 1.5;
            if t == Tile::Counter && page.style.is_large() {
                // The name on white, clear of the cross-hatching.
                let size = page.style.text_pt(9.0);
                let w = crate::fonts::metrics(Bold).width_mm(&name.to_uppercase(), size) + 2.0;
                let h = size * crate::fonts::PT_TO_MM + 1.5;
                page.rect((left + right - w) / 2.0, name_y - h + 0.5, w, h, None, Some(Colour::WHITE));
            }
            page.coloured_text(
                (left + right) / 2.0,
                name_y,
                9.0,
                Bold,
                Align::Centre,
                colour,
                &name.to_uppercase(),
            );
        }
        for &c in &shown {
            let (cx, cy) = geo.centre(c);
            match b.tile(c) {
                Tile::Tp => {
                    tp_roll(page, cx, cy - 1.5, sq * 0.22);
                    page.centred_text(cx, cy + sq * 0.33, 7.0, Bold, &self.l("tp_square"));
                }
                Tile::Arrow => arrow(page, cx, geo.corner(c).1 + sq - 1.5, sq * 0.6),
                _ => {}
            }
            let mark = if c == b.bathroom_door {
                Some(self.l("bathroom_mark"))
            } else if c == b.yard_door {
                Some(self.l("yard_mark"))
            } else {
                None
            };
            if let Some(m) = mark {
                // A ring round the door's letter (or letters: WC).
                let r = (crate::fonts::metrics(Bold).width_mm(&m, page.style.text_pt(7.5)) / 2.0 + 0.9).max(2.8);
                let (x, y) = geo.corner(c);
                let (mx, my) = (x + 1.2 + r, y + 1.2 + r);
                page.circle(mx, my, r, Some(Stroke::solid(0.8)), Some(Colour::WHITE));
                page.centred_text(mx, my, 7.5, Bold, &m);
            }
        }
        // Walls inside the grid, then glass doors, then the outer wall with its openings.
        let wall = Stroke::solid(WALL);
        for (a, c) in &b.walls {
            if geo.shows(*a) || geo.shows(*c) {
                self.edge_line(page, geo, *a, *c, wall.clone());
            }
        }
        // A wall or door on the join of a tiled board is drawn on both halves.
        for (a, c) in &b.glass_doors {
            if geo.shows(*a) || geo.shows(*c) {
                self.edge_line(page, geo, *a, *c, Stroke::dashed(WALL, &[3.0, 1.5]).coloured(GLASS));
            }
        }
        let doors = [(b.bathroom_door, b.bathroom_wall), (b.yard_door, b.yard_wall)];
        for &c in &shown {
            let (x, y) = geo.corner(c);
            let open_below = b.tile(c) == Tile::Arrow;
            let sides = [
                (Wall::Back, (x, y), (x + sq, y)),
                (Wall::Front, (x, y + sq), (x + sq, y + sq)),
                (Wall::Left, (x, y), (x, y + sq)),
                (Wall::Right, (x + sq, y), (x + sq, y + sq)),
            ];
            for (side, from, to) in sides {
                if !Wall::of(c).contains(&side) || (side == Wall::Front && open_below) {
                    continue;
                }
                if doors.contains(&(c, Some(side))) {
                    // A door: the wall with a gap a token can pass.
                    let at = |t: f32| (from.0 + (to.0 - from.0) * t, from.1 + (to.1 - from.1) * t);
                    page.line(from, at(0.2), wall.clone());
                    page.line(at(0.8), to, wall.clone());
                } else {
                    page.line(from, to, wall.clone());
                }
            }
        }
    }

    fn edge_line(&self, page: &mut Page, geo: &Geometry, a: Cell, c: Cell, stroke: Stroke) {
        let e = edge(a, c);
        let sq = geo.square;
        // The first cell may lie just off a tiled half; its corner is still exact.
        let (x, y) = geo.corner(e.0);
        if e.0.row == e.1.row {
            page.line((x + sq, y), (x + sq, y + sq), stroke);
        } else {
            page.line((x, y + sq), (x + sq, y + sq), stroke);
        }
    }

    /// Player cards, Sneeze cards, toilet-paper counters and the tokens, laid
    /// out in columns with dashed cut lines, on as few pages as they fit.
    fn components(&self, code: &SheetCode) -> Vec<Page> {
        let p = self.params;
        let two = p.players == 2;
        let mut pieces: Vec<Piece> = Vec::new();
        for i in 1..=p.players {
            pieces.push(Piece::TurnCard { player: i, two });
        }
        for i in 0..p.players as u32 + super::SNEEZE_STOCKPILE {
            pieces.push(Piece::Sneeze(i >= p.players as u32));
        }
        for i in 1..=p.players {
            if two {
                pieces.push(Piece::Basket(i, Some('A')));
                pieces.push(Piece::Basket(i, Some('B')));
            } else {
                pieces.push(Piece::Basket(i, None));
            }
        }
        pieces.push(Piece::Virus);
        pieces.push(Piece::Dog);
        // Spares only where a draw adds a roll: hoard mode.
        let spares = if p.mode == Mode::Hoard { super::SPARE_TP } else { 0 };
        for i in 0..p.toilet_paper() + spares {
            pieces.push(Piece::Tp(i >= p.toilet_paper()));
        }

        let blank = self.tall.blank();
        let large = self.tall.style.is_large();
        let (left, top) = (MARGIN_MM + 2.0, MARGIN_MM + 18.0);
        // Large print keeps clear of the larger code line below.
        let bottom = match large {
            false => blank.height - MARGIN_MM - 16.0,
            true => self.tall.content_bottom(&blank),
        };
        let area = (blank.width - MARGIN_MM - 2.0 - left, bottom - top);
        // More than a page is shared out evenly, not left as a last page
        // nearly empty: the shortest pages that still take no more of them.
        let mut pages = pack(&pieces, area, large);
        let mut height = area.1;
        while pages.len() > 1 && height > area.1 / 2.0 {
            height -= 5.0;
            let shorter = pack(&pieces, (area.0, height), large);
            if shorter.len() > pages.len() {
                break;
            }
            pages = shorter;
        }
        pages
            .into_iter()
            .map(|placed| {
                let mut page = self.tall.page();
                self.tall.title(&mut page, &self.l("components_title"));
                for (piece, x, y) in placed {
                    self.draw_piece(&mut page, piece, left + x, top + y);
                }
                self.tall.code(&mut page, code);
                page
            })
            .collect()
    }

    fn draw_piece(&self, page: &mut Page, piece: Piece, x: f32, y: f32) {
        if self.tall.style.is_large() {
            return self.draw_piece_large(page, piece, x, y);
        }
        let (w, h) = piece.size(false);
        let cut = Stroke::dashed(0.6, &[3.0, 2.0]);
        match piece {
            Piece::TurnCard { player, two } => {
                page.rect(x, y, w, h, Some(cut), None);
                page.text(x + 3.0, y + 7.0, 12.0, Bold, Align::Left, &self.l("player_card"));
                page.text(
                    x + w - 3.0,
                    y + 7.0,
                    10.0,
                    Bold,
                    Align::Right,
                    &format!("{} {player}", self.l("player")),
                );
                if self.params.mode == Mode::Hoard {
                    // Teams as the rules seat them: partners sit apart.
                    let team = self.params.team(player - 1) + 1;
                    page.text(
                        x + w - 3.0,
                        y + 10.8,
                        crate::sheet::MIN_TEXT_PT,
                        Regular,
                        Align::Right,
                        &format!("{} {team}", self.l("team_of")),
                    );
                }
                // The player's name on a line of its own above the boxes.
                let boxes_top = match self.seats.names.get(player as usize - 1) {
                    Some(name) => {
                        page.fitted(x + 3.0, y + 15.5, w - 6.0, 10.0, Bold, Align::Left, name);
                        y + 18.0
                    }
                    None => y + 12.5,
                };
                self.turn_boxes(page, (x, w), (boxes_top, y + h - 7.0), two, (1.5, 4.0, 7.0));
                page.fitted_left(x + 3.0, y + h - 2.5, w - 6.0, 7.0, Regular, &self.l("sneezes_here"));
            }
            Piece::Sneeze(stock) => {
                page.rect(x, y, w, h, Some(cut), None);
                page.text(x + 3.0, y + 7.0, 12.0, Bold, Align::Left, &self.l("sneeze"));
                droplets(page, x + w - 8.0, y + 4.5);
                page.paragraph(x + 3.0, y + 12.0, w - 6.0, 7.0, Regular, &self.l("sneeze_text"));
                // Each card says whose it is at the start: a player's, or the stockpile's.
                let whose = if stock { "stockpile" } else { "sneeze_start" };
                page.text(
                    x + w - 3.0,
                    y + h - 1.8,
                    crate::sheet::MIN_TEXT_PT,
                    Regular,
                    Align::Right,
                    &self.l(whose),
                );
            }
            Piece::Tp(_) | Piece::Basket(..) | Piece::Virus | Piece::Dog => {
                self.draw_token(page, piece, (x, y, w), cut, &TokenLook::STANDARD)
            }
        }
    }

    /// The boxes of a turn card from `top` to `bottom` across a card at `x`,
    /// `w` wide, for the baskets a player runs (two with 2 players) and the
    /// trolley, each labelled `inset` in and `down` below its top at `size`.
    fn turn_boxes(
        &self,
        page: &mut Page,
        (x, w): (f32, f32),
        (top, bottom): (f32, f32),
        two: bool,
        (inset, down, size): (f32, f32, f32),
    ) {
        let boxes: Vec<String> = if two {
            vec![
                format!("{} A", self.l("basket")),
                format!("{} B", self.l("basket")),
                self.l("trolley"),
            ]
        } else {
            vec![self.l("basket_carry"), self.l("trolley")]
        };
        let bw = (w - 3.0 - 3.0 * boxes.len() as f32) / boxes.len() as f32;
        for (i, label) in boxes.iter().enumerate() {
            let bx = x + 3.0 + i as f32 * (bw + 3.0);
            page.rect(bx, top, bw, bottom - top, Some(Stroke::solid(0.8)), None);
            page.paragraph(bx + inset, top + down, bw - 2.0 * inset, size, Bold, label);
        }
    }

    /// A token `w` across at (x, y): its picture above its word, or a
    /// player's basket letters, inside its cut line.
    fn draw_token(&self, page: &mut Page, piece: Piece, (x, y, w): (f32, f32, f32), cut: Stroke, look: &TokenLook) {
        let r = w / 2.0;
        let (cx, cy) = (x + r, y + r);
        page.circle(cx, cy, r, Some(cut), None);
        let (label, font) = match piece {
            Piece::Basket(player, which) => {
                page.circle(cx, cy, r - look.ring_in, Some(Stroke::solid(0.8)), None);
                let label = match which {
                    Some(c) => format!("{}{player}{c}", self.l("basket_mark")),
                    None => format!("{}{player}", self.l("basket_mark")),
                };
                page.centred_text(cx, cy, look.basket_pt, Bold, &label);
                return;
            }
            Piece::Tp(spare) => {
                tp_roll(page, cx, cy - look.icon_up, r * look.tp);
                match spare {
                    false => (self.l("tp_counter"), Bold),
                    true => (self.l("spare"), Regular),
                }
            }
            Piece::Virus => {
                virus(page, cx, cy - look.icon_up, r * look.virus);
                (self.l("virus"), Bold)
            }
            _ => {
                paw(page, cx, cy - look.icon_up, r * look.paw);
                (self.l("dog"), Bold)
            }
        };
        page.centred_text(cx, cy + look.label_down, look.label_pt, font, &label);
    }

    /// A piece in large print: every word at 14 pt or more, laid out for
    /// the larger cards and tokens of [`Piece::size`], inside the cut line.
    fn draw_piece_large(&self, page: &mut Page, piece: Piece, x: f32, y: f32) {
        let (w, h) = piece.size(true);
        let cut = Stroke::dashed(0.6, &[3.0, 2.0]);
        let half = w / 2.0 - 6.0;
        match piece {
            Piece::TurnCard { player, two } => {
                page.rect(x, y, w, h, Some(cut), None);
                page.fitted(x + 3.0, y + 9.0, half, 18.0, Bold, Align::Left, &self.l("player_card"));
                let who = format!("{} {player}", self.l("player"));
                page.fitted(x + w - 3.0, y + 9.0, half, 16.0, Bold, Align::Right, &who);
                if self.params.mode == Mode::Hoard {
                    let team = self.params.team(player - 1) + 1;
                    let team = format!("{} {team}", self.l("team_of"));
                    page.fitted(x + w - 3.0, y + 17.5, half, 14.0, Regular, Align::Right, &team);
                }
                if let Some(name) = self.seats.names.get(player as usize - 1) {
                    page.fitted(x + 3.0, y + 17.5, half, 14.0, Bold, Align::Left, name);
                }
                let boxes_top = y + LARGE_BOXES_DOWN;
                self.turn_boxes(page, (x, w), (boxes_top, y + h - 10.0), two, (2.0, 6.5, 14.0));
                page.fitted_left(x + 3.0, y + h - 3.5, w - 6.0, 14.0, Regular, &self.l("sneezes_here"));
            }
            Piece::Sneeze(stock) => {
                page.rect(x, y, w, h, Some(cut), None);
                page.fitted(x + 3.0, y + 9.0, w - 20.0, 18.0, Bold, Align::Left, &self.l("sneeze"));
                droplets(page, x + w - 8.0, y + 6.0);
                page.paragraph(x + 3.0, y + 16.0, w - 6.0, 14.0, Regular, &self.l("sneeze_text"));
                let whose = if stock { "stockpile" } else { "sneeze_start" };
                page.text(x + w - 3.0, y + h - 3.0, 14.0, Regular, Align::Right, &self.l(whose));
            }
            Piece::Tp(_) | Piece::Basket(..) | Piece::Virus | Piece::Dog => {
                self.draw_token(page, piece, (x, y, w), cut, &TokenLook::LARGE)
            }
        }
    }

    /// Hoard mode: one column per team (partners as the rules seat them),
    /// a row for each round 9 games in 10 need, in side-by-side blocks as the
    /// page needs, and the final count and winner below.
    /// The team tally: a row a round, as many blocks side by side as the
    /// rounds need; in large print one block a page, over as many pages.
    fn tally(&self, code: &SheetCode) -> Vec<Page> {
        let mut page = self.tall.page();
        self.tall.title(&mut page, &self.l("tally_title"));
        let left = MARGIN_MM + 2.0;
        let width = page.width - 2.0 * left;
        let note_end = page.paragraph(left, MARGIN_MM + 18.0, width, 8.0, Regular, &self.l("tally_note"));
        let top = note_end + 1.0;
        let rounds = self.tally_rows as usize;
        if self.tall.style.is_large() {
            // 12 mm rows: two of headings, two more at the foot of the last page.
            let bottom = self.tall.content_bottom(&page);
            let room = |top: f32| ((bottom - top) / 12.0).floor() as usize;
            let later_top = MARGIN_MM + 22.0;
            let mut pages = Vec::new();
            let mut start = 0;
            let mut first_page = Some(page);
            while start < rounds {
                let (mut page, top) = match first_page.take() {
                    Some(page) => (page, top),
                    None => {
                        let mut next = self.tall.page();
                        self.tall.title(&mut next, &self.l("tally_title"));
                        (next, later_top)
                    }
                };
                let fit = room(top).max(5);
                let left_over = rounds - start;
                let end = match left_over + 4 <= fit {
                    true => rounds,
                    // At least one round left for the last page's foot.
                    false => start + (fit - 2).min(left_over - 1),
                };
                self.tally_block(&mut page, (left, top), (width, 12.0, 34.0), start..end, end == rounds);
                self.tall.code(&mut page, code);
                pages.push(page);
                start = end;
            }
            return pages;
        }
        // Rows below the note and above the footer: two of headings, two at the
        // foot; as many blocks side by side as the rounds need, rows as tall
        // as the page allows.
        let room = page.height - MARGIN_MM - 16.0 - top;
        let fit = (room / TALLY_ROW_MM).floor() as usize;
        let per_block_most = fit.saturating_sub(4).max(1);
        let blocks = rounds.div_ceil(per_block_most);
        let per_block = rounds.div_ceil(blocks);
        let row_h = (room / (per_block + 4) as f32).clamp(TALLY_ROW_MM, 12.0);
        let gap = 4.0;
        let block_w = (width - gap * (blocks - 1) as f32) / blocks as f32;
        for b in 0..blocks {
            let x0 = left + b as f32 * (block_w + gap);
            let first = b * per_block;
            let rows = first..(first + per_block).min(rounds);
            self.tally_block(&mut page, (x0, top), (block_w, row_h, 16.0), rows, b + 1 == blocks);
        }
        self.tall.code(&mut page, code);
        vec![page]
    }

    /// One block of the tally at `(x0, top)`, `block_w` wide with rows
    /// `row_h` tall and a first column `first` wide: the teams, a row for
    /// each of `rounds` and, on the `last`, the final count and the winner.
    fn tally_block(
        &self,
        page: &mut Page,
        (x0, top): (f32, f32),
        (block_w, row_h, first): (f32, f32, f32),
        rounds: std::ops::Range<usize>,
        last: bool,
    ) {
        let teams = (self.params.players / 2) as usize;
        let col = (block_w - first) / teams as f32;
        let rows = rounds.len();
        let all = rows + 2 + if last { 2 } else { 0 };
        page.rect(x0, top, block_w, row_h * 2.0, None, Some(Colour::Grey(0.9)));
        for t in 0..teams {
            let x = x0 + first + t as f32 * col;
            let name = format!("{} {}", self.l("team"), t + 1);
            page.fitted_text(x + col / 2.0, top + row_h / 2.0, col - 2.0, 9.0, Bold, &name);
            let members: Vec<String> = (0..self.params.players)
                .filter(|&p| self.params.team(p) as usize == t)
                .map(|p| (p + 1).to_string())
                .collect();
            let members = format!("{} {}", self.l("members"), members.join(" + "));
            page.fitted_text(x + col / 2.0, top + row_h * 1.5, col - 2.0, 8.0, Regular, &members);
        }
        page.fitted_text(
            x0 + first / 2.0,
            top + row_h * 1.5,
            first - 1.0,
            7.5,
            Bold,
            &self.l("tally_round"),
        );
        for (r, round) in rounds.enumerate() {
            let y = top + row_h * (r as f32 + 2.0);
            page.centred_text(x0 + first / 2.0, y + row_h / 2.0, 8.0, Regular, &(round + 1).to_string());
            for t in 0..teams {
                page.writing_cell(x0 + first + t as f32 * col, y, col, row_h);
            }
        }
        if last {
            let y = top + row_h * (rows as f32 + 2.0);
            page.rect(x0, y, first, row_h * 2.0, None, Some(Colour::Grey(0.9)));
            for (i, key) in ["tally_total", "tally_winner"].into_iter().enumerate() {
                let cy = y + row_h * (i as f32 + 0.5);
                page.fitted_text(x0 + first / 2.0, cy, first - 1.0, 7.0, Bold, &self.l(key));
                for t in 0..teams {
                    page.writing_cell(x0 + first + t as f32 * col, y + row_h * i as f32, col, row_h);
                }
            }
        }
        for r in 0..=all {
            let y = top + row_h * r as f32;
            let heavy = r == 2 || (last && r == all - 2);
            page.line((x0, y), (x0 + block_w, y), Stroke::solid(if heavy { 1.0 } else { 0.4 }));
        }
        for t in 0..=teams {
            let x = x0 + first + t as f32 * col;
            page.line((x, top), (x, top + row_h * all as f32), Stroke::solid(0.8));
        }
        page.line((x0, top), (x0, top + row_h * all as f32), Stroke::solid(0.8));
    }
}

/// The car park's hatching on a square `side` mm at (x, y): three thin
/// diagonals, so it reads in black and white.
fn carpark_lines(page: &mut Page, x: f32, y: f32, side: f32) {
    for k in 1..4 {
        let d = side * k as f32 / 4.0;
        page.line(
            (x + d, y + side),
            (x + side, y + d),
            Stroke::solid(0.3).coloured(Colour::Grey(0.6)),
        );
    }
}

/// The counter's fill: grey, or in large print (no grey) a cross-hatching
/// dense enough not to be taken for the car park's few thin lines.
fn counter_fill(page: &mut Page, x: f32, y: f32, w: f32, h: f32) {
    // In large print this grey is drawn as hatching one way.
    page.rect(x, y, w, h, None, Some(COUNTER));
    if !page.style.is_large() {
        return;
    }
    // And the other way: lines x - y = c from the top-left corner, clipped to the box.
    let gap = 3.0;
    let stroke = Stroke::solid(0.5).coloured(Colour::Grey(0.3));
    let mut c = gap - h;
    while c < w {
        let from = (x + c.max(0.0), y + (-c).max(0.0));
        let to = (x + (c + h).min(w), y + (w - c).min(h));
        page.line(from, to, stroke.clone());
        c += gap;
    }
}

/// One cut-out component.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Piece {
    /// A player's own card (basket, trolley, Sneezes); `two`: with 2 players, boxes for two baskets.
    TurnCard {
        player: u8,
        two: bool,
    },
    /// A Sneeze card; `true` for the stockpile, `false` for a player's starting card.
    Sneeze(bool),
    /// A toilet-paper counter; `true` for a spare kept for draws.
    Tp(bool),
    /// A player's basket token: A and B with 2 players.
    Basket(u8, Option<char>),
    Virus,
    Dog,
}

impl Piece {
    /// The piece's width and height; `large`: in large print, where cards
    /// run across the page and tokens hold their word at 14 pt.
    fn size(self, large: bool) -> (f32, f32) {
        if large {
            return match self {
                Piece::TurnCard { .. } => (2.0 * LARGE_CARD_W + PIECE_GAP, 84.0),
                Piece::Sneeze(_) => (LARGE_CARD_W, 50.0),
                Piece::Tp(_) | Piece::Basket(..) | Piece::Virus | Piece::Dog => (LARGE_TOKEN_MM, LARGE_TOKEN_MM),
            };
        }
        match self {
            Piece::TurnCard { two: false, .. } => (CARD_W, 46.0),
            // Two basket boxes and the trolley: two columns wide.
            Piece::TurnCard { two: true, .. } => (2.0 * CARD_W + PIECE_GAP, 46.0),
            Piece::Sneeze(_) => (CARD_W, 24.0),
            Piece::Tp(_) => (16.0, 16.0),
            Piece::Basket(..) | Piece::Virus | Piece::Dog => (TOKEN_MM, TOKEN_MM),
        }
    }

    fn is_token(self) -> bool {
        matches!(self, Piece::Tp(_) | Piece::Basket(..) | Piece::Virus | Piece::Dog)
    }
}

/// The width of a card, and of a column of the components page.
const CARD_W: f32 = 60.0;
/// Large print: a card, two to a row across the page, and a token.
const LARGE_CARD_W: f32 = 90.0;
const LARGE_TOKEN_MM: f32 = 22.0;
/// Large print: the top of a turn card's boxes, below its two lines of words.
const LARGE_BOXES_DOWN: f32 = 23.0;
/// The gap between pieces, for cutting.
const PIECE_GAP: f32 = 3.0;
/// How a token is drawn, mm from its centre: its picture this far up and
/// its word this far down at this size (so both stay inside the cut line: a
/// test holds every word of both languages to it), a basket's letters and
/// inner ring, and each picture's size against the token's radius.
struct TokenLook {
    icon_up: f32,
    label_down: f32,
    label_pt: f32,
    basket_pt: f32,
    ring_in: f32,
    tp: f32,
    virus: f32,
    paw: f32,
}

impl TokenLook {
    const STANDARD: TokenLook = TokenLook {
        icon_up: 2.0,
        label_down: 3.9,
        label_pt: 7.0,
        basket_pt: 11.0,
        ring_in: 1.2,
        tp: 0.42,
        virus: 0.3,
        paw: 0.42,
    };
    const LARGE: TokenLook = TokenLook {
        icon_up: 5.0,
        label_down: 3.5,
        label_pt: 14.0,
        basket_pt: 18.0,
        ring_in: 1.5,
        tp: 0.3,
        virus: 0.2,
        paw: 0.3,
    };
}
/// Rows of the team tally: room to write a number.
const TALLY_ROW_MM: f32 = 8.5;

/// Lays pieces out on as few pages of `(width, height)` as they fit, in
/// columns one card wide: each card (a 2-player turn card spans two columns)
/// and each row of tokens goes, in order, where the columns it needs are
/// shortest, the leftmost of equals; a new page when none has room.
/// Positions are relative to the area's corner.
fn pack(pieces: &[Piece], (width, height): (f32, f32), large: bool) -> Vec<Vec<(Piece, f32, f32)>> {
    let card_w = if large { LARGE_CARD_W } else { CARD_W };
    let columns = (((width + PIECE_GAP) / (card_w + PIECE_GAP)).floor() as usize).max(2);
    // Cards one by one, then tokens in rows as wide as a card.
    let mut items: Vec<Vec<Piece>> = pieces.iter().filter(|p| !p.is_token()).map(|p| vec![*p]).collect();
    let widest = Piece::Tp(false).size(large).0;
    let per_row = ((card_w + PIECE_GAP) / (widest + PIECE_GAP)).floor() as usize;
    let tokens: Vec<Piece> = pieces.iter().copied().filter(|p| p.is_token()).collect();
    items.extend(tokens.chunks(per_row).map(<[Piece]>::to_vec));
    let mut pages: Vec<Vec<(Piece, f32, f32)>> = vec![Vec::new()];
    // Where the next piece of each column would start.
    let mut next = vec![0.0f32; columns];
    for item in items {
        let span = ((item[0].size(large).0 + PIECE_GAP) / (card_w + PIECE_GAP)).ceil() as usize;
        let h = item.iter().map(|p| p.size(large).1).fold(0.0, f32::max);
        let spot = |next: &[f32]| {
            (0..=columns - span)
                .map(|c| (c, next[c..c + span].iter().copied().fold(0.0, f32::max)))
                .min_by(|a, b| a.1.total_cmp(&b.1))
                .expect("a column")
        };
        let (mut c, mut y) = spot(&next);
        if y + h > height {
            pages.push(Vec::new());
            next.iter_mut().for_each(|n| *n = 0.0);
            (c, y) = spot(&next);
        }
        let mut x = c as f32 * (card_w + PIECE_GAP);
        for piece in item {
            let (w, ph) = piece.size(large);
            // Tokens of one row share its middle line.
            pages.last_mut().expect("a page").push((piece, x, y + (h - ph) / 2.0));
            x += w + PIECE_GAP;
        }
        for n in &mut next[c..c + span] {
            *n = y + h + PIECE_GAP;
        }
    }
    pages
}
