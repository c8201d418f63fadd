//! A content stream: the page model's lines, rectangles, circles, polygons
//! and text as PDF drawing operators, with the graphics state each needs.

use pdf_writer::{Content, Name, Settings, Str, TextStr};

use super::font::{FONT_NAMES, Fonts, ShapedPiece, Shown, TjItem, font_index};
use super::units::{pt, round};
use crate::fonts::{self, FontRole};
use crate::sheet::{Colour, Item, Stroke};

/// One content stream being built, with the graphics state already set, so
/// that repeated settings are not written again.
pub(super) struct Pen {
    pub(super) content: Content,
    fill: Option<Colour>,
    stroke: Option<Colour>,
    width: Option<f32>,
    dash: Option<Vec<f32>>,
}

impl Default for Pen {
    fn default() -> Pen {
        Pen {
            content: Content::with_settings(Settings { pretty: false }),
            fill: None,
            stroke: None,
            width: None,
            dash: None,
        }
    }
}

/// What a pen has set, to be set again after a restored graphics state.
pub(super) type PenState = (Option<Colour>, Option<Colour>, Option<f32>, Option<Vec<f32>>);

impl Pen {
    pub(super) fn state(&self) -> PenState {
        (self.fill, self.stroke, self.width, self.dash.clone())
    }

    pub(super) fn restore(&mut self, (fill, stroke, width, dash): PenState) {
        (self.fill, self.stroke, self.width, self.dash) = (fill, stroke, width, dash);
    }

    fn fill(&mut self, c: Colour) {
        if self.fill != Some(c) {
            match c {
                Colour::Grey(g) => self.content.set_fill_gray(round(g)),
                Colour::Rgb(r, g, b) => self.content.set_fill_rgb(round(r), round(g), round(b)),
            };
            self.fill = Some(c);
        }
    }

    fn stroke(&mut self, s: &Stroke) {
        if self.stroke != Some(s.colour) {
            match s.colour {
                Colour::Grey(g) => self.content.set_stroke_gray(round(g)),
                Colour::Rgb(r, g, b) => self.content.set_stroke_rgb(round(r), round(g), round(b)),
            };
            self.stroke = Some(s.colour);
        }
        if self.width != Some(s.width_pt) {
            self.content.set_line_width(round(s.width_pt));
            self.width = Some(s.width_pt);
        }
        if self.dash.as_ref() != Some(&s.dash) {
            self.content.set_dash_pattern(s.dash.iter().map(|d| round(*d)), 0.0);
            self.dash = Some(s.dash.clone());
        }
    }

    /// Sets the state for a path; false when there is nothing to paint.
    fn paint(&mut self, stroke: Option<&Stroke>, fill: Option<Colour>) -> bool {
        if let Some(f) = fill {
            self.fill(f);
        }
        if let Some(s) = stroke {
            self.stroke(s);
        }
        stroke.is_some() || fill.is_some()
    }

    /// Paints the path just built: fill, stroke or both.
    fn finish_path(&mut self, stroke: bool, fill: bool) {
        match (stroke, fill) {
            (true, true) => self.content.fill_nonzero_and_stroke(),
            (false, true) => self.content.fill_nonzero(),
            _ => self.content.stroke(),
        };
    }

    /// Draws a shape or a line of text on a page `h` mm high; groups,
    /// structure and writing cells are the caller's.
    pub(super) fn draw(&mut self, fonts: &mut Fonts, item: &Item, h: f32) {
        let Item::Text {
            x,
            y,
            size_pt,
            font,
            align,
            colour,
            rotated,
            text,
        } = item
        else {
            return self.shape(item, h);
        };
        let width = fonts::metrics(*font).width_mm(text, *size_pt);
        let shift = align.shift(width);
        self.fill(*colour);
        // Characters the face lacks are shown from the fallback face, in the same line.
        let runs: Vec<(FontRole, Shown)> = fonts::runs(text, *font)
            .into_iter()
            .map(|(role, part)| match role.is_shaped() {
                true => (role, fonts.encode_shaped(role, part, *size_pt)),
                false => (role, Shown::Glyphs(fonts.encode(role, part))),
            })
            .collect();
        let c = &mut self.content;
        c.begin_text()
            .set_font(Name(FONT_NAMES[font_index(*font)]), round(*size_pt));
        if *rotated {
            c.set_text_matrix([0.0, 1.0, -1.0, 0.0, pt(*x), pt(h - (y + shift))]);
        } else {
            c.next_line(pt(x - shift), pt(h - y));
        }
        let mut face = *font;
        for (role, shown) in &runs {
            if *role != face {
                c.set_font(Name(FONT_NAMES[font_index(*role)]), round(*size_pt));
                face = *role;
            }
            match shown {
                Shown::Glyphs(glyphs) => {
                    c.show(Str(glyphs));
                }
                Shown::Shaped { text, pieces } => show_shaped(c, text, pieces),
            }
        }
        c.end_text();
    }

    fn shape(&mut self, item: &Item, h: f32) {
        let at = |x: f32, y: f32| (pt(x), pt(h - y));
        match item {
            Item::Line { from, to, stroke } => {
                self.paint(Some(stroke), None);
                let (a, b) = (at(from.0, from.1), at(to.0, to.1));
                self.content.move_to(a.0, a.1).line_to(b.0, b.1).stroke();
            }
            Item::Rect {
                x,
                y,
                w,
                h: rh,
                stroke,
                fill,
            } => {
                if !self.paint(stroke.as_ref(), *fill) {
                    return;
                }
                let corner = at(*x, y + rh);
                self.content.rect(corner.0, corner.1, pt(*w), pt(*rh));
                self.finish_path(stroke.is_some(), fill.is_some());
            }
            Item::Circle {
                cx,
                cy,
                r,
                stroke,
                fill,
            } => {
                if !self.paint(stroke.as_ref(), *fill) {
                    return;
                }
                // Four cubic béziers; k places the handles for the closest circle.
                let k = 0.552_284_8 * r;
                let (x, y, r) = (*cx, *cy, *r);
                let start = at(x + r, y);
                self.content.move_to(start.0, start.1);
                let arcs = [
                    [(x + r, y + k), (x + k, y + r), (x, y + r)],
                    [(x - k, y + r), (x - r, y + k), (x - r, y)],
                    [(x - r, y - k), (x - k, y - r), (x, y - r)],
                    [(x + k, y - r), (x + r, y - k), (x + r, y)],
                ];
                for [a, b, c] in arcs {
                    let (a, b, c) = (at(a.0, a.1), at(b.0, b.1), at(c.0, c.1));
                    self.content.cubic_to(a.0, a.1, b.0, b.1, c.0, c.1);
                }
                self.content.close_path();
                self.finish_path(stroke.is_some(), fill.is_some());
            }
            Item::Polygon { points, stroke, fill } => {
                if !self.paint(stroke.as_ref(), *fill) {
                    return;
                }
                for (i, (px, py)) in points.iter().enumerate() {
                    let p = at(*px, *py);
                    if i == 0 {
                        self.content.move_to(p.0, p.1);
                    } else {
                        self.content.line_to(p.0, p.1);
                    }
                }
                self.content.close_path();
                self.finish_path(stroke.is_some(), fill.is_some());
            }
            Item::Text { .. }
            | Item::Group(_)
            | Item::Placed { .. }
            | Item::WritingCell { .. }
            | Item::Open(_)
            | Item::Close => {}
        }
    }
}

/// Shows a shaped run inside a text object. Its glyphs are in the order they
/// are drawn, not read (a vowel sign may come before its consonant), so the
/// run is marked with the text it spells, which is what extraction gives back.
fn show_shaped(c: &mut Content, text: &str, pieces: &[ShapedPiece]) {
    c.begin_marked_content_with_properties(Name(b"Span"))
        .properties()
        .actual_text(TextStr(text));
    let mut rise = 0.0;
    for piece in pieces {
        if piece.rise != rise {
            c.set_rise(piece.rise);
            rise = piece.rise;
        }
        let mut tj = c.show_positioned();
        let mut items = tj.items();
        for item in &piece.items {
            match item {
                TjItem::Glyph(g) => items.show(Str(&g.to_be_bytes())),
                TjItem::Adjust(a) => items.adjust(*a),
            };
        }
    }
    if rise != 0.0 {
        c.set_rise(0.0);
    }
    c.end_marked_content();
}
