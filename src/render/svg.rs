//! Writes one page of the page model as an SVG document, and a PNG rendered
//! from it with resvg: previews on screen and on the web page.
//!
//! Text is drawn as the glyph outlines of the same embedded fonts the PDF
//! uses (each glyph defined once per page and placed with `<use>`), so the
//! picture is the same in every browser and in resvg, with no font to find.
//! Lengths are millimetres: the SVG's user unit is one millimetre of paper.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::fonts::{self, FontRole, PT_TO_MM};
use crate::message::Msg;
use crate::sheet::{Align, Colour, Item, Page, Stroke};

/// A number with at most two decimals (a hundredth of a millimetre).
fn num(out: &mut String, v: f32) {
    let r = (v * 100.0).round() as i64;
    if r < 0 {
        out.push('-');
    }
    let a = r.unsigned_abs();
    let _ = write!(out, "{}", a / 100);
    match a % 100 {
        0 => {}
        f if f % 10 == 0 => {
            let _ = write!(out, ".{}", f / 10);
        }
        f => {
            let _ = write!(out, ".{f:02}");
        }
    }
}

fn colour(c: Colour) -> String {
    let byte = |v: f32| (v.clamp(0.0, 1.0) * 255.0).round() as u8;
    let (r, g, b) = match c {
        Colour::Grey(g) => (byte(g), byte(g), byte(g)),
        Colour::Rgb(r, g, b) => (byte(r), byte(g), byte(b)),
    };
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// The page as a standalone SVG document.
pub(crate) fn page_svg(page: &Page) -> String {
    let mut w = SvgPage::default();
    w.items(&page.items);
    let mut out = String::with_capacity(w.body.len() + 4096);
    out.push_str("<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"");
    num(&mut out, page.width);
    out.push_str("mm\" height=\"");
    num(&mut out, page.height);
    out.push_str("mm\" viewBox=\"0 0 ");
    num(&mut out, page.width);
    out.push(' ');
    num(&mut out, page.height);
    out.push_str("\">\n<defs>");
    for ((role, glyph), ()) in &w.glyphs {
        let m = fonts::metrics(*role);
        let _ = write!(
            out,
            "<path id=\"{}\" d=\"{}\"/>",
            glyph_id(*role, *glyph),
            m.outline_svg(*glyph)
        );
    }
    out.push_str("</defs>\n<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n");
    out.push_str(&w.body);
    out.push_str("</svg>\n");
    out
}

fn glyph_id(role: FontRole, glyph: u16) -> String {
    match role {
        FontRole::Regular => format!("r{glyph}"),
        FontRole::Bold => format!("b{glyph}"),
        FontRole::Fallback => format!("f{glyph}"),
        FontRole::Added => format!("a{glyph}"),
        FontRole::Hangul => format!("k{glyph}"),
        FontRole::Devanagari => format!("dv{glyph}"),
        FontRole::Bengali => format!("bn{glyph}"),
        FontRole::Tamil => format!("ta{glyph}"),
        FontRole::Thai => format!("th{glyph}"),
    }
}

#[derive(Default)]
struct SvgPage {
    body: String,
    /// Glyphs used on the page, defined once in `<defs>`.
    glyphs: BTreeMap<(FontRole, u16), ()>,
}

impl SvgPage {
    fn items(&mut self, items: &[Item]) {
        for item in items {
            self.item(item);
        }
    }

    fn paint(&mut self, stroke: Option<&Stroke>, fill: Option<Colour>) {
        let b = &mut self.body;
        match fill {
            Some(c) => {
                let _ = write!(b, " fill=\"{}\"", colour(c));
            }
            None => b.push_str(" fill=\"none\""),
        }
        if let Some(s) = stroke {
            let _ = write!(b, " stroke=\"{}\" stroke-width=\"", colour(s.colour));
            num(b, s.width_pt * PT_TO_MM);
            b.push('"');
            if !s.dash.is_empty() {
                b.push_str(" stroke-dasharray=\"");
                for (i, d) in s.dash.iter().enumerate() {
                    if i > 0 {
                        b.push(' ');
                    }
                    num(b, d * PT_TO_MM);
                }
                b.push('"');
            }
        }
    }

    fn item(&mut self, item: &Item) {
        match item {
            Item::Line { from, to, stroke } => {
                self.body.push_str("<path d=\"M");
                for (i, (x, y)) in [from, to].into_iter().enumerate() {
                    if i > 0 {
                        self.body.push_str(" L");
                    }
                    num(&mut self.body, *x);
                    self.body.push(' ');
                    num(&mut self.body, *y);
                }
                self.body.push('"');
                self.paint(Some(stroke), None);
                self.body.push_str("/>\n");
            }
            Item::Rect {
                x,
                y,
                w,
                h,
                stroke,
                fill,
            } => {
                if stroke.is_none() && fill.is_none() {
                    return;
                }
                self.body.push_str("<rect");
                for (name, v) in [("x", x), ("y", y), ("width", w), ("height", h)] {
                    let _ = write!(self.body, " {name}=\"");
                    num(&mut self.body, *v);
                    self.body.push('"');
                }
                self.paint(stroke.as_ref(), *fill);
                self.body.push_str("/>\n");
            }
            Item::Circle {
                cx,
                cy,
                r,
                stroke,
                fill,
            } => {
                if stroke.is_none() && fill.is_none() {
                    return;
                }
                self.body.push_str("<circle");
                for (name, v) in [("cx", cx), ("cy", cy), ("r", r)] {
                    let _ = write!(self.body, " {name}=\"");
                    num(&mut self.body, *v);
                    self.body.push('"');
                }
                self.paint(stroke.as_ref(), *fill);
                self.body.push_str("/>\n");
            }
            Item::Polygon { points, stroke, fill } => {
                if stroke.is_none() && fill.is_none() {
                    return;
                }
                self.body.push_str("<polygon points=\"");
                for (i, (x, y)) in points.iter().enumerate() {
                    if i > 0 {
                        self.body.push(' ');
                    }
                    num(&mut self.body, *x);
                    self.body.push(',');
                    num(&mut self.body, *y);
                }
                self.body.push('"');
                self.paint(stroke.as_ref(), *fill);
                self.body.push_str("/>\n");
            }
            Item::Text {
                x,
                y,
                size_pt,
                font,
                align,
                colour: c,
                rotated,
                text,
            } => self.text(*x, *y, *size_pt, *font, *align, *c, *rotated, text),
            Item::Group(g) => self.items(&g.items),
            Item::WritingCell { .. } | Item::Open(_) | Item::Close => {}
            Item::Placed { group, x, y, scale } => {
                self.body.push_str("<g transform=\"translate(");
                num(&mut self.body, *x);
                self.body.push(' ');
                num(&mut self.body, *y);
                self.body.push_str(") scale(");
                let _ = write!(self.body, "{}", (scale * 10_000.0).round() / 10_000.0);
                self.body.push_str(")\">\n");
                self.items(&group.items);
                self.body.push_str("</g>\n");
            }
        }
    }

    /// A line of text as placed glyph outlines; (x, y) is the baseline start
    /// (after alignment), and a rotated line reads bottom to top.
    #[allow(clippy::too_many_arguments)]
    fn text(
        &mut self,
        x: f32,
        y: f32,
        size_pt: f32,
        font: FontRole,
        align: Align,
        c: Colour,
        rotated: bool,
        text: &str,
    ) {
        let m = fonts::metrics(font);
        let width = m.width_mm(text, size_pt);
        let shift = align.shift(width);
        let scale = size_pt * PT_TO_MM / m.units_per_em();
        self.body.push_str("<g transform=\"translate(");
        if rotated {
            num(&mut self.body, x);
            self.body.push(' ');
            num(&mut self.body, y + shift);
            self.body.push_str(") rotate(-90");
        } else {
            num(&mut self.body, x - shift);
            self.body.push(' ');
            num(&mut self.body, y);
        }
        let _ = write!(
            self.body,
            ") scale({} {})\" fill=\"{}\"><title>",
            scale,
            -scale,
            colour(c)
        );
        escape_into(&mut self.body, text);
        self.body.push_str("</title>");
        let mut pen = 0.0f32;
        for (role, part) in fonts::runs(text, font) {
            // A fallback glyph is drawn at this face's size: scaled between the faces' units.
            let face = fonts::metrics(role);
            let k = m.units_per_em() / face.units_per_em();
            if role.is_shaped() {
                for g in fonts::shape(role, part) {
                    self.glyphs.insert((role, g.glyph), ());
                    let _ = write!(
                        self.body,
                        "<use xlink:href=\"#{}\" transform=\"translate({} {}) scale({k})\"/>",
                        glyph_id(role, g.glyph),
                        (pen + g.dx as f32 * k).round(),
                        (g.dy as f32 * k).round()
                    );
                    pen += g.advance as f32 * k;
                }
                continue;
            }
            for ch in part.chars() {
                let glyph = face.glyph(ch);
                if !ch.is_whitespace() {
                    self.glyphs.insert((role, glyph), ());
                    self.body.push_str("<use xlink:href=\"#");
                    self.body.push_str(&glyph_id(role, glyph));
                    self.body.push('"');
                    if role != font {
                        let _ = write!(self.body, " transform=\"translate({} 0) scale({k})\"", pen.round());
                    } else if pen != 0.0 {
                        let _ = write!(self.body, " x=\"{}\"", pen.round());
                    }
                    self.body.push_str("/>");
                }
                pen += face.advance_units(glyph) * k;
            }
        }
        self.body.push_str("</g>\n");
    }
}

/// Text for XML: the five special characters escaped.
fn escape_into(out: &mut String, text: &str) {
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
}

/// The page as a PNG at `dpi` dots per inch, rendered from its SVG by resvg.
pub fn page_png(page: &Page, dpi: u32) -> Result<Vec<u8>, Msg> {
    let tree = svg_tree(&page_svg(page))?;
    let zoom = dpi as f32 / 25.4;
    rasterize(
        &tree,
        (page.width * zoom).round() as u32,
        (page.height * zoom).round() as u32,
    )
}

/// A page's SVG (as [`page_svg`] makes it) as PNG at `dpi` dots per inch.
pub fn svg_png(svg: &str, dpi: u32) -> Result<Vec<u8>, Msg> {
    let tree = svg_tree(svg)?;
    // The tree's size is the paper in CSS pixels (96 per inch).
    let zoom = dpi as f32 / 96.0;
    let size = tree.size();
    rasterize(
        &tree,
        (size.width() * zoom).round() as u32,
        (size.height() * zoom).round() as u32,
    )
}

/// The SVG read for drawing; the reader's reason is its own English text,
/// carried as given.
fn svg_tree(svg: &str) -> Result<resvg::usvg::Tree, Msg> {
    resvg::usvg::Tree::from_str(svg, &resvg::usvg::Options::default())
        .map_err(|e| crate::msg!("render.svg", why = e.to_string()))
}

/// The picture `w` x `h` pixels large.
fn rasterize(tree: &resvg::usvg::Tree, w: u32, h: u32) -> Result<Vec<u8>, Msg> {
    let mut pixmap = resvg::tiny_skia::Pixmap::new(w.max(1), h.max(1))
        .ok_or_else(|| crate::msg!("render.too_large", w = w, h = h))?;
    resvg::render(
        tree,
        resvg::tiny_skia::Transform::from_scale(w as f32 / tree.size().width(), h as f32 / tree.size().height()),
        &mut pixmap.as_mut(),
    );
    pixmap
        .encode_png()
        .map_err(|e| crate::msg!("render.png", why = e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sheet::Paper;

    #[test]
    fn a_page_is_an_svg_in_millimetres_with_its_text_as_glyphs() {
        let mut page = Page::new(Paper::A4);
        page.text(20.0, 30.0, 12.0, FontRole::Bold, Align::Left, "Zoë & <Ann>");
        page.line((10.0, 10.0), (50.0, 10.0), Stroke::dashed(1.0, &[3.0, 2.0]));
        let svg = page_svg(&page);
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(svg.contains("width=\"210mm\" height=\"297mm\" viewBox=\"0 0 210 297\""));
        assert!(svg.contains("<title>Zoë &amp; &lt;Ann&gt;</title>"), "{svg}");
        assert!(svg.contains("<path id=\"b"), "glyphs defined once: {svg}");
        assert!(svg.contains("stroke-dasharray=\"1.06 0.71\""), "{svg}");
        let tree = resvg::usvg::Tree::from_str(&svg, &resvg::usvg::Options::default());
        assert!(tree.is_ok(), "resvg reads it");
    }

    #[test]
    fn png_has_the_paper_size_at_the_dpi() {
        let page = Page::new(Paper::A4);
        let png = page_png(&page, 25).unwrap();
        assert_eq!(&png[1..4], b"PNG");
        let (w, h) = (
            u32::from_be_bytes(png[16..20].try_into().unwrap()),
            u32::from_be_bytes(png[20..24].try_into().unwrap()),
        );
        assert_eq!((w, h), (207, 292));
    }
}
