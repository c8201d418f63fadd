//! What TP Hunt prints: the map, player trackers, the score pad, the rules
//! card and the dice tape, drawn on the game-neutral page model.

use rand::Rng;

use super::MapRating;
use super::{Map, Mark, Params};
use crate::fonts::FontRole::{Bold, Regular};
use crate::kit::Kit;
use crate::seed::{Seed, SheetCode};
use crate::sheet::{Align, Colour, MARGIN_MM, Page, Paper, Role, Stroke};
use crate::sheet::{MIN_TEXT_PT, MIN_TICK_MM};
use crate::text::{Block, Labels};

sheet_kinds! {
    Map => "map",
    Tracker => "tracker",
    Scorepad => "scorepad",
    Rules => "rules",
    DiceTape => "dice-tape";
    default: [Map, Tracker, Scorepad, Rules, DiceTape]
}

/// Everything a TP Hunt page needs besides the map.
pub struct Context<'a> {
    pub params: &'a Params,
    /// The players' names, written on their trackers and the score pad.
    pub seats: &'a crate::game::Seats,
    pub labels: &'a Labels,
    pub rules: &'a [Block],
    pub kit: Kit<'a>,
}

/// Where the map grid sits on the page.
struct MapGeometry {
    top: f32,
    left: f32,
    cell: f32,
}

/// TP Hunt map squares are at least this wide: room to write a 2-digit
/// number in a store and cross it out.
pub const MIN_CELL_MM: f32 = 13.0;

impl MapGeometry {
    fn new(page: &Page, grid: u16) -> MapGeometry {
        let n = grid as f32;
        // Large print's headers take more room above and left of the grid.
        let (top, side, shift, below) = match page.style.is_large() {
            false => (46.0, 18.0, 5.0, 70.0),
            // The key goes on a page of its own (`map_pages`), so the squares stay large.
            true => (60.0, 22.0, 7.0, 30.0),
        };
        // 14 mm fits A4 and Letter with the legend below; larger grids take
        // what the page leaves, never less than MIN_CELL_MM (see `fits`).
        let cell = 14.0f32
            .min((page.width - 2.0 * MARGIN_MM - side) / n)
            .min((page.height - top - below) / n);
        let left = (page.width - cell * n) / 2.0 + shift;
        MapGeometry { top, left, cell }
    }

    /// The first legend line's baseline.
    fn legend_top(&self, grid: u16) -> f32 {
        self.top + self.cell * grid as f32 + 9.0
    }

    fn centre(&self, col: u16, row: u16) -> (f32, f32) {
        (
            self.left + (col as f32 - 0.5) * self.cell,
            self.top + (row as f32 - 0.5) * self.cell,
        )
    }
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
            seats,
            labels: &labels.game,
            rules: &labels.rules,
            kit: Kit::new(paper, style, labels),
        }
    }

    fn title(&self, page: &mut Page, key: &str) {
        self.kit.title(page, &self.labels.get(key));
    }

    /// The pages of one sheet kind for one map with its rating.
    pub fn pages(&self, kind: SheetKind, map: &Map, rating: &MapRating, seed: &Seed, code: &SheetCode) -> Vec<Page> {
        match kind {
            SheetKind::Map => self.map_pages(map, rating, code),
            SheetKind::Tracker => self.tracker_pages(rating, code),
            SheetKind::Scorepad => vec![self.scorepad_page(code)],
            SheetKind::Rules => self.rules_pages(code),
            SheetKind::DiceTape => self.dice_pages(rating, seed, code),
        }
    }

    /// The map page, read as: title, subtitle, rating, the map in words
    /// (row by row), the legend, the code.
    fn map_page(&self, map: &Map, rating: &MapRating, code: &SheetCode) -> Page {
        let mut page = self.kit.page();
        let g = map.grid();
        let geo = MapGeometry::new(&page, g.size);
        page.group(&self.kit.shared("map-head", |p| {
            self.title(p, "map_title");
            let sub = self.labels.get("map_subtitle");
            self.kit.subtitle(p, &sub, 9.0);
        }));
        // How long a game on this map runs, in player words, under the subtitle.
        let width = page.width - 2.0 * (MARGIN_MM + 2.0);
        let centre = page.width / 2.0;
        page.role(Role::Paragraph, |p| {
            if p.style.is_large() {
                // As many lines as it takes at 14 pt, below the subtitle.
                let size = p.style.min_text_pt();
                let lines = crate::fonts::wrap(&self.rating_text(rating), Regular, size, width);
                for (i, line) in lines.iter().enumerate() {
                    let y = MARGIN_MM + 23.0 + i as f32 * size * crate::fonts::PT_TO_MM * 1.2;
                    p.text(centre, y, size, Regular, Align::Centre, line);
                }
            } else {
                p.fitted_text(centre, MARGIN_MM + 21.5, width, 8.0, Regular, &self.rating_text(rating))
            }
        });
        page.figure(self.map_alt(map), |page| {
            // ATD shading first, under the grid lines and marks; light enough to write over.
            let atd = map.atd();
            for c in g.cells() {
                if atd[g.index(c)] {
                    let x = geo.left + (c.col - 1) as f32 * geo.cell;
                    let y = geo.top + (c.row - 1) as f32 * geo.cell;
                    page.rect(x, y, geo.cell, geo.cell, None, Some(ATD_GREY));
                }
            }
            page.group(&self.kit.shared("map-grid", |p| self.map_grid(p, &geo, g.size)));
            for (mark, c) in map.marks() {
                if g.contains(c) {
                    let (x, y) = geo.centre(c.col, c.row);
                    draw_mark(page, mark, x, y, geo.cell);
                }
            }
        });
        if !page.style.is_large() {
            page.group(&self.kit.shared("map-legend", |p| self.map_legend(p, &geo, g.size)));
        }
        self.kit.code(&mut page, code);
        page
    }

    /// The map page; in large print its key follows on a page of its own,
    /// as a 14 pt key under the grid would leave squares under 12 mm.
    fn map_pages(&self, map: &Map, rating: &MapRating, code: &SheetCode) -> Vec<Page> {
        let first = self.map_page(map, rating, code);
        if !self.kit.style.is_large() {
            return vec![first];
        }
        let mut key = self.kit.page();
        self.kit.title(&mut key, &format!("{} ({})", self.labels.get("map_title"), self.labels.get("map_key")));
        let grid = map.grid().size;
        let mut geo = MapGeometry::new(&key, grid);
        // The key's first line just under the title.
        geo.top = MARGIN_MM + 30.0 - 9.0 - geo.cell * grid as f32;
        self.map_legend(&mut key, &geo, grid);
        self.kit.code(&mut key, code);
        vec![first, key]
    }

    /// The map in words a player can play from: how squares are named, then
    /// each row's squares with what is on them.
    fn map_alt(&self, map: &Map) -> String {
        let l = self.labels;
        let g = map.grid();
        let atd = map.atd();
        let mut what = vec![Vec::new(); g.cells().count()];
        for (mark, c) in map.marks() {
            if g.contains(c) {
                let key = match mark {
                    Mark::Store => "map_alt_store",
                    Mark::Atm => "map_alt_atm",
                    Mark::Danger => "map_alt_danger",
                };
                what[g.index(c)].push(l.get(key));
            }
        }
        for c in g.cells() {
            if atd[g.index(c)] {
                what[g.index(c)].push(l.get("map_alt_atd"));
            }
        }
        let square = l.get("map_alt_square");
        let mut alt = l.get("map_alt");
        for row in 1..=g.size {
            let squares: Vec<String> = g
                .cells()
                .filter(|c| c.row == row && !what[g.index(*c)].is_empty())
                .map(|c| {
                    square
                        .replace("{blue}", &c.col.to_string())
                        .replace("{what}", &what[g.index(c)].join(", "))
                })
                .collect();
            let squares = match squares.is_empty() {
                true => l.get("map_alt_none"),
                false => squares.join("; "),
            };
            alt.push(' ');
            alt.push_str(
                &l.get("map_alt_row")
                    .replace("{red}", &row.to_string())
                    .replace("{squares}", &squares),
            );
        }
        alt
    }

    /// The map's rating as the map sheet prints it.
    /// The first player's share is printed only when its games make it sure
    /// to [`super::FIRST_SHARE_SE`] (with its ±): a share less sure is noise.
    fn rating_text(&self, r: &MapRating) -> String {
        let players = self.params.players;
        let first = if r.first_player_se <= super::FIRST_SHARE_SE {
            self.labels
                .get("map_rating_first")
                .replace("{first}", &format!("{:.0}", 100.0 * r.first_player_win_share))
                .replace("{se}", &format!("{:.0}", (100.0 * r.first_player_se).ceil()))
                .replace("{equal}", &format!("{:.0}", 100.0 / players as f64))
        } else {
            String::new()
        };
        self.labels
            .get("map_rating")
            .replace("{turns}", &r.median_turns.to_string())
            .replace("{p90}", &r.p90_turns.to_string())
            .replace("{minutes}", &super::play_minutes(players, r.median_turns).to_string())
            .replace("{first}", &first)
            .replace("{games}", &r.games.to_string())
    }

    /// The map's grid with its headers, the same on every map.
    fn map_grid(&self, page: &mut Page, geo: &MapGeometry, grid: u16) {
        let (top, left, cell_mm) = (geo.top, geo.left, geo.cell);
        let size = cell_mm * grid as f32;
        let thin = Stroke::solid(0.5);
        for i in 1..grid {
            let d = i as f32 * cell_mm;
            page.line((left + d, top), (left + d, top + size), thin.clone());
            page.line((left, top + d), (left + size, top + d), thin.clone());
        }
        page.rect(left, top, size, size, Some(Stroke::solid(1.2)), None);

        // Headers: numbers in the die's colour, the die named in words.
        let num_pt = page.style.text_pt((cell_mm * 0.75).clamp(6.0, 10.0));
        let large = page.style.is_large();
        let label_pt = page.style.text_pt(11.0);
        let em = label_pt * crate::fonts::PT_TO_MM;
        // Large print: the die's name clear of the larger numbers.
        let (blue_y, red_x) = match large {
            false => (top - 7.5, left - 9.0),
            true => {
                let num_w = crate::fonts::metrics(Bold).width_mm(&grid.to_string(), num_pt);
                (
                    top - 3.5 - num_pt * crate::fonts::PT_TO_MM * 0.75,
                    left - 3.5 - num_w - 0.25 * em,
                )
            }
        };
        for i in 1..=grid {
            let (x, _) = geo.centre(i, 1);
            let (_, y) = geo.centre(1, i);
            page.coloured_text(x, top - 2.0, num_pt, Bold, Align::Centre, Colour::BLUE, &i.to_string());
            let cap = num_pt * 0.25;
            page.coloured_text(
                left - 2.0,
                y + cap,
                num_pt,
                Bold,
                Align::Right,
                Colour::VERMILLION,
                &i.to_string(),
            );
        }
        page.coloured_text(
            left + size / 2.0,
            blue_y,
            11.0,
            Bold,
            Align::Centre,
            Colour::BLUE,
            &self.labels.get("blue_die"),
        );
        page.items.push(crate::sheet::Item::Text {
            x: red_x,
            y: top + size / 2.0,
            size_pt: label_pt,
            font: Bold,
            align: Align::Centre,
            colour: Colour::VERMILLION,
            rotated: true,
            text: self.labels.get("red_die"),
        });
    }

    /// The legend below the map: each symbol drawn as on the map, then its meaning.
    fn map_legend(&self, page: &mut Page, geo: &MapGeometry, grid: u16) {
        let left = geo.left;
        let mut y = geo.legend_top(grid);
        let sym = LEGEND_SYMBOL_MM;
        let entries: [(Option<Mark>, &str); 5] = [
            (Some(Mark::Store), "legend_store"),
            (Some(Mark::Atm), "legend_atm"),
            (Some(Mark::Danger), "legend_danger"),
            (None, "legend_atd"),
            (None, "legend_start"),
        ];
        // Under a small grid the legend starts further left, so its lines fit the page.
        let left = left.min(MARGIN_MM + 20.0);
        let text_w = page.width - MARGIN_MM - (left + sym + 3.0);
        // Large print leaves room for a meaning on two lines.
        let step = sym + if page.style.is_large() { 7.0 } else { 1.5 };
        // The symbols are not read: each meaning names its symbol.
        page.artifact(|page| {
            for (i, (mark, _)) in entries.iter().enumerate() {
                let cy = y + step * i as f32 - 1.2;
                match mark {
                    Some(m) => draw_mark(page, *m, left + sym / 2.0, cy, sym),
                    None if i == 3 => {
                        page.rect(left, cy - sym / 2.0, sym, sym, Some(Stroke::solid(0.5)), Some(ATD_GREY))
                    }
                    // Start squares have no mark of their own: a white
                    // square here read as "start on any white square".
                    None => {}
                }
            }
        });
        page.role(Role::List, |page| {
            for (_, key) in entries {
                page.role(Role::ListItem, |p| {
                    p.fitted_left(left + sym + 3.0, y, text_w, 9.5, Regular, &self.labels.get(key))
                });
                y += step;
            }
        });
    }

    /// Trackers with rows for 9 games in 10 on this map: two to a page
    /// where that many rows fit in half a page, else one to a page, and more
    /// pages for each player where a page holds too few.
    /// Two trackers side by side on each page, each with a row for every
    /// turn of a whole game (further pages go on where a longer game needs
    /// them), with the players' names where given.
    fn tracker_pages(&self, rating: &MapRating, code: &SheetCode) -> Vec<Page> {
        if self.kit.style.is_large() {
            return self.large_tracker_pages(rating, code);
        }
        let players = self.params.players as usize;
        let page = self.kit.page();
        let left = MARGIN_MM + 2.0;
        let gap = 6.0;
        let col_w = (page.width - 2.0 * left - gap) / 2.0;
        let (body_top, body_bottom) = (MARGIN_MM + 17.0, page.height - MARGIN_MM - 16.0);
        // The key under both trackers, once a page, as long as a page with
        // carried totals has it.
        let key_w = page.width - 2.0 * left;
        let key_h = self.kit.blank().paragraph(0.0, 0.0, key_w, TRACKER_KEY_PT, Regular, &self.tracker_key(true)) + 4.0;
        let head = self.tracker_head_mm();
        let rows = tracker_rows(body_bottom - body_top - key_h, head);
        // The start row and one row a turn.
        let wanted = rating.p90_turns as usize + 1;
        // A further sheet's first row carries the totals over; a last one
        // that needs few rows takes half a page, two pairs' to a page.
        let sheets = 1 + wanted.saturating_sub(rows).div_ceil(rows - 1);
        let half_rows = tracker_rows((body_bottom - body_top - key_h) / 2.0 - 4.0, head);
        // Each block: its columns (a player and the first turn of their
        // sheet) and its rows. A pair of players shares each sheet; a player
        // left over (three at a table) has their sheets side by side.
        type Block = (Vec<(usize, usize)>, usize);
        let mut whole: Vec<Vec<Block>> = Vec::new();
        let mut halves: Vec<Block> = Vec::new();
        for first in (0..players).step_by(2) {
            let seated: Vec<usize> = (first..players.min(first + 2)).collect();
            if seated.len() == 1 && sheets > 1 {
                let turns: Vec<usize> = (0..sheets).map(|sheet| sheet * (rows - 1)).collect();
                for pair in turns.chunks(2) {
                    whole.push(vec![(pair.iter().map(|&t| (first, t)).collect(), rows)]);
                }
                continue;
            }
            for sheet in 0..sheets {
                let first_turn = sheet * (rows - 1);
                let needed = wanted - first_turn.min(wanted);
                let columns: Vec<(usize, usize)> = seated.iter().map(|&p| (p, first_turn)).collect();
                if sheet > 0 && needed < half_rows {
                    halves.push((columns, half_rows));
                } else {
                    whole.push(vec![(columns, rows)]);
                }
            }
        }
        whole.extend(halves.chunks(2).map(<[_]>::to_vec));
        let half_h = (body_bottom - body_top - key_h) / 2.0;
        let mut pages = Vec::new();
        for blocks in whole {
            let key = format!("tracker-{blocks:?}-{players}");
            let tops: Vec<f32> = (0..blocks.len()).map(|b| body_top + b as f32 * half_h).collect();
            let mut page = self.kit.shared_page(&key, code, |page| {
                self.title(page, "tracker_title");
                let mut bottom = body_top;
                for ((columns, rows), &top) in blocks.iter().zip(&tops) {
                    for (slot, &(_, first_turn)) in columns.iter().enumerate() {
                        let x = left + slot as f32 * (col_w + gap);
                        bottom = self.tracker(page, x, top, col_w, *rows, first_turn);
                    }
                }
                let key = self.tracker_key(blocks.iter().flat_map(|b| &b.0).any(|c| c.1 > 0));
                page.paragraph(left, bottom + 4.0, key_w, TRACKER_KEY_PT, Regular, &key);
            });
            for ((columns, _), &top) in blocks.iter().zip(&tops) {
                for (slot, &(player, _)) in columns.iter().enumerate() {
                    if let Some(name) = self.seats.names.get(player) {
                        let x = left + slot as f32 * (col_w + gap);
                        page.fitted(x + 20.0, top + 5.5, col_w - 21.0, 10.0, Bold, Align::Left, name);
                    }
                }
            }
            pages.push(page);
        }
        pages
    }

    /// Large print: one tracker a page, the standard tracker magnified
    /// twice, on as many pages as a whole game's turns need.
    fn large_tracker_pages(&self, rating: &MapRating, code: &SheetCode) -> Vec<Page> {
        const SCALE: f32 = 2.0;
        let players = self.params.players as usize;
        let blank = self.kit.blank();
        let left = MARGIN_MM + 2.0;
        let width = blank.width - 2.0 * left;
        let top = MARGIN_MM + 17.0;
        // A player's first page has the whole key; the next ones, in large
        // print, a line that points to it, and more rows.
        let key = self.tracker_key(false);
        let carried = format!(
            "{CARRIED_MARK} {} {} {}",
            self.labels.get("tracker_carried"),
            self.labels.get("tracker_key_first"),
            self.labels.get("tracker_more")
        );
        let head = self.tracker_head_mm();
        // The height of the table of a page whose key (5 mm below it) is
        // `text`: the key's last line ends above the content's bottom, clear
        // of the calibration bar.
        let table_h = |text: &str| {
            let key_h = self.kit.blank().paragraph(left, 0.0, width, 14.0, Regular, text) + 5.0;
            (self.kit.content_bottom(&blank) - key_h - top) / SCALE
        };
        let rows_under = |text: &str| tracker_rows(table_h(text), head);
        let (first_rows, next_rows) = (rows_under(&key), rows_under(&carried));
        let w = width / SCALE;
        let wanted = rating.p90_turns as usize + 1;
        let sheets = 1 + wanted.saturating_sub(first_rows).div_ceil(next_rows - 1);
        let mut pages = Vec::new();
        for player in 0..players {
            for sheet in 0..sheets {
                let (first_turn, rows) = match sheet {
                    0 => (0, first_rows),
                    _ => (first_rows - 1 + (sheet - 1) * (next_rows - 1), next_rows),
                };
                let key_text = if first_turn > 0 { &carried } else { &key };
                let h = table_h(key_text);
                let mut page = self.kit.page();
                self.title(&mut page, "tracker_title");
                let mut end = 0.0;
                page.magnified((left, top), (w, h), SCALE, |block| {
                    end = self.tracker(block, 0.0, 0.0, w, rows, first_turn);
                    if let Some(name) = self.seats.names.get(player) {
                        block.fitted(20.0, 5.5, w - 21.0, 10.0, Bold, Align::Left, name);
                    }
                });
                page.paragraph(left, top + end * SCALE + 5.0, width, 14.0, Regular, key_text);
                self.kit.code(&mut page, code);
                pages.push(page);
            }
        }
        pages
    }

    /// One tracker at (`left`, `top`), `width` wide with `rows` rows; the
    /// first row is the start (turn 0, $5) or, from `first_turn` on, the
    /// totals carried over. Returns where its table ends.
    fn tracker(&self, page: &mut Page, left: f32, top: f32, width: f32, rows: usize, first_turn: usize) -> f32 {
        let l = self.labels;
        let y = top + 6.0;
        page.text(
            left,
            y,
            11.0,
            Bold,
            Align::Left,
            &format!("{}:", l.get("tracker_player")),
        );
        page.line((left + 20.0, y + 1.0), (left + width, y + 1.0), Stroke::solid(0.5));
        let y = y + 7.0;
        page.fitted(
            left,
            y,
            22.0,
            9.0,
            Regular,
            Align::Left,
            &format!("{}:", l.get("tracker_token")),
        );
        page.line(
            (left + 23.0, y + 1.0),
            (left + width - 48.0, y + 1.0),
            Stroke::solid(0.5),
        );
        if first_turn == 0 {
            // The start square: a box each for the column (blue) and the row (red).
            page.fitted(
                left + width - 46.0,
                y,
                24.0,
                9.0,
                Regular,
                Align::Left,
                &format!("{}:", l.get("tracker_start")),
            );
            for (i, die) in [l.get("tracker_col"), l.get("tracker_row")].iter().enumerate() {
                let bx = left + width - 21.0 + i as f32 * 11.0;
                page.rect(bx, y - 5.0, 10.0, 8.0, Some(Stroke::solid(0.6)), None);
                page.writing_cell(bx, y - 5.0, 10.0, 8.0);
                page.fitted_text(bx + 5.0, y + 5.5, 10.0, MIN_TEXT_PT, Regular, die);
            }
            page.text(left, y + 7.0, 9.0, Bold, Align::Left, &l.get("tracker_wallet_start"));
        } else {
            // A later tracker of the same player: no start, the turns it goes on from.
            let next = l.get("tracker_next").replace("{turn}", &(first_turn + 1).to_string());
            page.fitted(left, y + 7.0, width, 9.0, Bold, Align::Left, &next);
        }

        // The TP columns are the score pad's rows, so the final tally is a copy.
        let keys = TRACKER_COLUMNS;
        let units: f32 = keys.iter().map(|k| k.1).sum();
        let widths: Vec<f32> = keys.iter().map(|k| k.1 / units * width).collect();
        let row_h = TRACKER_ROW_MM;
        // Column heads run upwards in a band over the table: each column
        // stays wide enough to write in, two trackers to a page.
        let head_h = self.tracker_head_mm();
        let head_top = y + 11.0;
        let body_top = head_top + head_h;
        let table_top = body_top - row_h;
        page.rect(left, head_top, width, head_h, None, Some(Colour::Grey(0.9)));
        let thin = Stroke::solid(0.5);
        page.line((left, head_top), (left + width, head_top), thin.clone());
        for r in 0..=rows {
            let yy = body_top + row_h * r as f32;
            page.line((left, yy), (left + width, yy), thin.clone());
        }
        let mut x = left;
        for w in &widths {
            page.line((x, head_top), (x, body_top + row_h * rows as f32), thin.clone());
            x += w;
        }
        page.line((x, head_top), (x, body_top + row_h * rows as f32), thin);
        // To a reader: the column headers; the rows below are boxes to write in.
        page.role(Role::Table, |page| {
            page.role(Role::Row, |page| {
                let mut x = left;
                for (key, w) in keys.iter().zip(&widths) {
                    let lines = crate::fonts::wrap(&l.get(key.0), Bold, 8.0, head_h - 2.0);
                    let lead = 3.2;
                    let cap = crate::fonts::metrics(Bold).ascender_mm(8.0) * 0.7;
                    page.role(Role::ColumnHeader, |page| {
                        for (i, line) in lines.iter().enumerate() {
                            let offset = (i as f32 - (lines.len() as f32 - 1.0) / 2.0) * lead;
                            page.items.push(crate::sheet::Item::Text {
                                x: x + w / 2.0 + offset + cap / 2.0,
                                y: body_top - 1.2,
                                size_pt: 8.0,
                                font: Bold,
                                align: Align::Left,
                                colour: Colour::BLACK,
                                rotated: true,
                                text: line.clone(),
                            });
                        }
                    });
                    x += w;
                }
            });
        });
        for r in 1..=rows {
            page.writing_cell(left, table_top + row_h * r as f32, width, row_h);
        }
        let cy = table_top + row_h * 1.5;
        page.role(Role::Paragraph, |page| {
            // The first row: the start (turn 0, $5 in the wallet, no TP yet),
            // or a later tracker's carried row, marked as the note under the
            // trackers explains. Boxes with nothing to write are hatched (the
            // key says so).
            let mut x = left;
            for (i, w) in widths.iter().enumerate() {
                let written = match (first_turn, keys[i].0) {
                    (0, "tracker_turn" | "tracker_tp_total") => Some("0"),
                    (0, "tracker_wallet") => Some("5"),
                    (0, _) => None,
                    (_, "tracker_turn") => Some(CARRIED_MARK),
                    (_, "tracker_where" | "tracker_atd" | "tracker_money_in" | "tracker_money_out") => None,
                    _ => Some(""),
                };
                match written {
                    Some("") => {}
                    Some(text) => page.centred_text(x + w / 2.0, cy, 9.0, Bold, text),
                    None => page.rect(x + 0.4, table_top + row_h + 0.4, w - 0.8, row_h - 0.8, None, Some(Colour::Grey(0.85))),
                }
                x += w;
            }
        });
        page.artifact(|page| {
            for r in 2..=rows {
                let cy = table_top + row_h * (r as f32 + 0.5);
                page.centred_text(
                    left + widths[0] / 2.0,
                    cy,
                    7.0,
                    Regular,
                    &(first_turn + r - 1).to_string(),
                );
            }
        });
        table_top + row_h * (rows + 1) as f32
    }

    /// The key under the trackers: what each column is for, then how to go
    /// on; `carried` where a tracker's first row carries totals over.
    fn tracker_key(&self, carried: bool) -> String {
        let l = self.labels;
        let key = format!("{} {}", l.get("tracker_key"), l.get("tracker_more"));
        match carried {
            true => format!("{CARRIED_MARK} {} {key}", l.get("tracker_carried")),
            false => key,
        }
    }

    /// The height of the tracker's band of column heads: the longest word
    /// of any head, run upwards at 8 pt, fits with room at both ends.
    fn tracker_head_mm(&self) -> f32 {
        let widest = TRACKER_COLUMNS
            .iter()
            .flat_map(|(key, _)| {
                let label = self.labels.get(key);
                label
                    .split_whitespace()
                    .map(|w| crate::fonts::metrics(Bold).width_mm(w, 8.0))
                    .collect::<Vec<_>>()
            })
            .fold(0.0, f32::max);
        TRACKER_HEAD_MM.max(widest + 3.0)
    }

    fn scorepad_page(&self, code: &SheetCode) -> Page {
        // Named columns are a table's own; blank ones are drawn once.
        let key = format!("scorepad{}", self.seats.names.join("\u{1f}"));
        self.kit.shared_page(&key, code, |page| self.scorepad(page))
    }

    fn scorepad(&self, page: &mut Page) {
        let l = self.labels;
        self.title(page, "scorepad_title");
        let left = MARGIN_MM + 2.0;
        let width = page.width - 2.0 * left;
        let players = self.params.players as usize;
        // Half the width at most: on a quarter sheet the players keep room to write.
        let label_w = (width / 2.0).min(62.0);
        let col_w = (width - label_w) / players as f32;
        let rows = [
            "scorepad_name",
            "scorepad_first",
            "scorepad_second",
            "scorepad_lost",
            "scorepad_jungle",
            "scorepad_total",
            "scorepad_winner",
        ];
        // Boxes to write in as tall as the style asks; the game's heading grows with its text.
        let row_h = page.style.min_writing_mm();
        let k = page.style.text_pt(10.0) / 10.0;
        let block = row_h * rows.len() as f32 + 12.0 * k;
        let mut top = MARGIN_MM + 20.0;
        let bottom = page.height - MARGIN_MM - 16.0;
        let mut game = 1;
        while top + block <= bottom {
            page.role(Role::Heading(2), |p| {
                p.text(
                    left,
                    top + 4.0 * k,
                    10.0,
                    Bold,
                    Align::Left,
                    &format!(
                        "{} {game}      {}: ____________",
                        l.get("scorepad_game"),
                        l.get("scorepad_date")
                    ),
                )
            });
            let t = top + 7.0 * k;
            // Row by row, its header: the players' cells are boxes to write in.
            page.role(Role::Table, |page| {
                for (r, key) in rows.iter().enumerate() {
                    let y = t + r as f32 * row_h;
                    let shade = matches!(*key, "scorepad_name" | "scorepad_total");
                    if shade {
                        page.rect(left, y, width, row_h, None, Some(Colour::Grey(0.92)));
                    }
                    let font = if shade { Bold } else { Regular };
                    page.role(Role::Row, |page| {
                        page.role(Role::RowHeader, |p| {
                            p.wrapped_text(
                                left + label_w / 2.0,
                                y + row_h / 2.0,
                                label_w - 2.0,
                                8.5,
                                font,
                                &l.get(key),
                            )
                        });
                        // The players' names, where they are given.
                        if *key == "scorepad_name" {
                            for (c, name) in self.seats.names.iter().take(players).enumerate() {
                                let cx = left + label_w + (c as f32 + 0.5) * col_w;
                                page.role(Role::Cell, |p| {
                                    p.fitted_text(cx, y + row_h / 2.0, col_w - 2.0, 8.5, Bold, name)
                                });
                            }
                        }
                    });
                }
            });
            let h = row_h * rows.len() as f32;
            for r in 0..=rows.len() {
                let y = t + r as f32 * row_h;
                page.line((left, y), (left + width, y), Stroke::solid(0.5));
                if r < rows.len() {
                    for c in 0..players {
                        page.writing_cell(left + label_w + c as f32 * col_w, y, col_w, row_h);
                    }
                }
            }
            page.line((left, t), (left, t + h), Stroke::solid(0.5));
            for c in 0..=players {
                let x = left + label_w + c as f32 * col_w;
                page.line((x, t), (x, t + h), Stroke::solid(if c == 0 { 1.0 } else { 0.5 }));
            }
            top += block + 4.0;
            game += 1;
        }
    }

    /// The rules card as many pages as its text needs.
    fn rules_pages(&self, code: &SheetCode) -> Vec<Page> {
        self.kit.prose_pages(&self.labels.get("rules_title"), self.rules, code)
    }

    /// The dice tape: rows of seeded rolls of two dice with as many sides as
    /// the grid, on as many pages as 9 games in 10 on this map use.
    fn dice_pages(&self, rating: &MapRating, seed: &Seed, code: &SheetCode) -> Vec<Page> {
        // Its own stream: printing a dice tape never changes the map.
        let mut rng = seed.stream("dice-tape", 0);
        let mut pages = vec![self.dice_page(&mut rng, 0, code)];
        let per_page = pages[0].1;
        let wanted = rating.p90_tape_rows as usize;
        while pages.len() * per_page < wanted {
            let next = self.dice_page(&mut rng, pages.len() * per_page, code);
            pages.push(next);
        }
        pages.into_iter().map(|(page, _)| page).collect()
    }

    /// One page of the dice tape, numbered from `before` + 1; and its row count.
    fn dice_page(&self, rng: &mut rand_chacha::ChaCha8Rng, before: usize, code: &SheetCode) -> (Page, usize) {
        let l = self.labels;
        let sides = self.params.grid as u8;
        let mut page = self.kit.page();
        let left = MARGIN_MM + 2.0;
        let width = page.width - 2.0 * left;
        let intro_top = MARGIN_MM + 19.0;
        let intro = l.get("dice_intro");
        // The intro's height, measured on a scratch page so the shared group draws it once.
        let top = self.kit.blank().paragraph(left, intro_top, width, 9.5, Regular, &intro) + 2.0;
        page.group(&self.kit.shared("dice-tape", |p| {
            self.title(p, "dice_title");
            p.paragraph(left, intro_top, width, 9.5, Regular, &intro);
        }));
        // Five columns of rolls: a whole game's rolls on one page; two in
        // large print, for the words and numbers at 14 pt.
        let large = self.kit.style.is_large();
        let groups = if large { 2 } else { 5 };
        let gap = if large { 6.0 } else { 3.0 };
        let group_w = (width - gap * (groups - 1) as f32) / groups as f32;
        // The last column holds a tick box, headed by a word ("used", "benutzt"): the widest.
        let widths = match large {
            false => [group_w * 0.2, group_w * 0.22, group_w * 0.22, group_w * 0.36],
            true => [group_w * 0.22, group_w * 0.22, group_w * 0.22, group_w * 0.34],
        };
        // Rows just taller than a tick box: a tape of many rolls on few pages.
        let row_h = if large { 9.0 } else { MIN_TICK_MM + 1.2 };
        let rows = match large {
            false => ((page.height - MARGIN_MM - 18.0 - top) / row_h) as usize - 1,
            true => ((self.kit.content_bottom(&page) - 2.0 - top) / row_h) as usize - 1,
        };
        let header = [
            l.get("dice_roll"),
            l.get("dice_blue"),
            l.get("dice_red"),
            l.get("dice_used"),
        ];
        let header: Vec<&str> = header.iter().map(String::as_str).collect();
        let centre = |i: usize| widths[..i].iter().sum::<f32>() + widths[i] / 2.0;
        for gi in 0..groups {
            let x = left + gi as f32 * (group_w + gap);
            // The headers read as a line, then the rolls as one paragraph, each
            // its number, the blue die, the red die: an element for each roll
            // (a row or an item) would make a class pack half as large again.
            page.table((x, top), &widths, row_h, &[], rows);
            // A box to tick for each roll used: a tick, not writing.
            for r in 0..rows {
                page.tick_box(x + centre(3), top + row_h * (r as f32 + 1.5));
            }
            page.role(Role::Paragraph, |page| {
                for (i, h) in header.iter().enumerate() {
                    page.fitted_text(x + centre(i), top + row_h / 2.0, widths[i] - 1.0, 8.0, Bold, h);
                }
            });
            page.role(Role::Paragraph, |page| {
                for r in 0..rows {
                    let n = before + gi * rows + r + 1;
                    let cy = top + row_h * (r as f32 + 1.5);
                    let blue: u8 = rng.gen_range(1..=sides);
                    let red: u8 = rng.gen_range(1..=sides);
                    {
                        page.centred_text(x + centre(0), cy, 7.0, Regular, &n.to_string());
                        let baseline = cy + if large { 1.8 } else { 1.3 };
                        page.coloured_text(
                            x + centre(1),
                            baseline,
                            10.0,
                            Bold,
                            Align::Centre,
                            Colour::BLUE,
                            &blue.to_string(),
                        );
                        page.coloured_text(
                            x + centre(2),
                            baseline,
                            10.0,
                            Bold,
                            Align::Centre,
                            Colour::VERMILLION,
                            &red.to_string(),
                        );
                    }
                }
            });
        }
        self.kit.code(&mut page, code);
        (page, groups * rows)
    }
}

/// The largest grid whose squares keep [`MIN_CELL_MM`] on `paper`.
pub(crate) fn largest_grid(paper: Paper) -> u16 {
    let page = Page::new(paper);
    (4..=26u16)
        .take_while(|n| MapGeometry::new(&page, *n).cell >= MIN_CELL_MM)
        .last()
        .unwrap_or(4)
}

/// The tracker's key: what each column is for.
const TRACKER_KEY_PT: f32 = 7.0;
/// Tracker rows: writing cells at least 8 mm tall.
const TRACKER_ROW_MM: f32 = 8.0;
/// Marks a tracker's first row when it carries the totals of the sheet before.
const CARRIED_MARK: &str = "\u{21b3}";
/// The band the tracker's column heads run up in, at least; taller where
/// a word of a head is longer ("Faustrecht").
const TRACKER_HEAD_MM: f32 = 17.0;

/// The tracker's columns in order, each with its share of the width. A turn
/// reads left to right: where the car stopped, the pass it paid for, the money,
/// then the TP. "Square" holds two 2-digit numbers ("11,12").
const TRACKER_COLUMNS: [(&str, f32); 11] = [
    ("tracker_turn", 0.6),
    ("tracker_where", 1.6),
    ("tracker_atd", 0.7),
    ("tracker_money_in", 0.85),
    ("tracker_money_out", 0.85),
    ("tracker_wallet", 0.95),
    ("tracker_tp_first", 0.85),
    ("tracker_tp_second", 0.85),
    ("tracker_tp_lost", 0.8),
    ("tracker_jungle", 0.85),
    ("tracker_tp_total", 0.95),
];

/// Rows (the start row and the turns) a tracker of `height` mm holds below
/// its name line and a header `head` mm tall, above its key.
fn tracker_rows(height: f32, head: f32) -> usize {
    (((height - 24.0 - head) / TRACKER_ROW_MM) as usize).max(3)
}

/// The side of a legend symbol's square.
const LEGEND_SYMBOL_MM: f32 = 7.0;

/// Light enough to write over, dark enough to see on a cheap printer.
const ATD_GREY: Colour = Colour::Grey(0.87);

/// Draws one map mark centred on (x, y) in a square of side `cell` mm.
fn draw_mark(page: &mut Page, mark: Mark, x: f32, y: f32, cell_mm: f32) {
    match mark {
        Mark::Store => {
            // Unfilled, so that a store on a shaded square shows its grey;
            // large print's hatching would hide the number, so it is white there.
            let fill = page.style.is_large().then_some(Colour::WHITE);
            page.circle(x, y, cell_mm * 0.36, Some(Stroke::solid(1.3)), fill)
        }
        Mark::Atm => page.centred_text(x, y, cell_mm * 1.35, Bold, "$"),
        Mark::Danger => {
            let d = cell_mm * 0.3;
            let s = Stroke::solid((cell_mm * 0.17).min(2.4));
            page.line((x - d, y - d), (x + d, y + d), s.clone());
            page.line((x - d, y + d), (x + d, y - d), s);
        }
    }
}
