//! Writes the page model as PDF, one page at a time, straight to the output.
//!
//! Why our own writer: a class pack or a 1,000-map run must not hold every page
//! in memory, and repeated page furniture (a grid, a table, a legend) should be
//! stored once. So pages are streamed as they are made, shared groups become
//! Form XObjects written once, and only the fonts (subset at the end with the
//! `subsetter` crate) wait for the last page. Output is byte-identical for
//! identical input: no dates, objects numbered in order of use, a trailer /ID
//! derived from the document's identity.

use sha2::{Digest, Sha256};
use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::io::{self, Write};
use std::sync::Arc;

use crate::fonts::{self, FontRole};
use crate::sheet::{Align, Colour, Document, Group, Item, Page, Stroke};

const MM_TO_PT: f32 = 72.0 / 25.4;
/// Objects with fixed numbers: the catalog, the page tree, the shared resources.
const CATALOG: usize = 1;
const PAGES: usize = 2;
const RESOURCES: usize = 3;

/// Document-level facts written at the end.
pub struct Meta<'a> {
    pub title: &'a str,
    pub subject: &'a str,
    /// What makes the document unique (e.g. its sheet codes); hashed into /ID.
    pub id_source: &'a str,
}

/// Glyphs used from one font, numbered in order of first use (the subset's ids).
struct FontUse {
    remapper: subsetter::GlyphRemapper,
    /// New glyph id -> (text it stands for, advance width in 1/1000 em).
    glyphs: BTreeMap<u16, (char, u32)>,
}

impl FontUse {
    fn new() -> FontUse {
        FontUse {
            remapper: subsetter::GlyphRemapper::new(),
            glyphs: BTreeMap::new(),
        }
    }
}

/// Counts bytes so that object offsets can go into the cross-reference table.
struct Counter<W> {
    inner: W,
    written: u64,
}

impl<W: Write> Write for Counter<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.written += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

pub struct PdfWriter<W: Write> {
    out: Counter<W>,
    /// Byte offset of each object, indexed by object number (0 unused).
    offsets: Vec<u64>,
    pages: Vec<usize>,
    /// Shared groups already written, by identity, with their resource number;
    /// holding the Arc keeps the address from being reused.
    groups: HashMap<*const Group, (usize, Arc<Group>)>,
    /// Object number of each shared group, by resource number (/G0, /G1, ...).
    group_objects: Vec<usize>,
    fonts: [FontUse; 2],
}

fn font_index(role: FontRole) -> usize {
    match role {
        FontRole::Regular => 0,
        FontRole::Bold => 1,
    }
}

/// A number for a content stream: at most two decimals, no trailing zeros.
fn num(out: &mut String, v: f32) {
    let r = (v * 100.0).round() as i64;
    if r < 0 {
        out.push('-');
    }
    let a = r.unsigned_abs();
    let _ = write!(out, "{}", a / 100);
    let frac = a % 100;
    if frac != 0 {
        if frac.is_multiple_of(10) {
            let _ = write!(out, ".{}", frac / 10);
        } else {
            let _ = write!(out, ".{frac:02}");
        }
    }
}

fn deflate(data: &[u8]) -> Vec<u8> {
    miniz_oxide::deflate::compress_to_vec_zlib(data, 6)
}

/// A PDF text string: UTF-16BE with a byte-order mark, in hex.
fn text_string(s: &str) -> String {
    let mut out = String::from("<FEFF");
    for unit in s.encode_utf16() {
        let _ = write!(out, "{unit:04X}");
    }
    out.push('>');
    out
}

impl<W: Write> PdfWriter<W> {
    pub fn new(out: W) -> io::Result<PdfWriter<W>> {
        let mut w = PdfWriter {
            out: Counter { inner: out, written: 0 },
            offsets: vec![0; RESOURCES + 1],
            pages: Vec::new(),
            groups: HashMap::new(),
            group_objects: Vec::new(),
            fonts: [FontUse::new(), FontUse::new()],
        };
        w.out.write_all(b"%PDF-1.7\n%\xE2\xE3\xCF\xD3\n")?;
        Ok(w)
    }

    fn reserve(&mut self) -> usize {
        self.offsets.push(0);
        self.offsets.len() - 1
    }

    fn begin(&mut self, id: usize) -> io::Result<()> {
        self.offsets[id] = self.out.written;
        writeln!(self.out, "{id} 0 obj")
    }

    fn object(&mut self, id: usize, body: &str) -> io::Result<()> {
        self.begin(id)?;
        write!(self.out, "{body}\nendobj\n")
    }

    fn stream(&mut self, id: usize, dict: &str, data: &[u8]) -> io::Result<()> {
        let packed = deflate(data);
        self.begin(id)?;
        write!(
            self.out,
            "<<{dict}/Filter/FlateDecode/Length {}>>\nstream\n",
            packed.len()
        )?;
        self.out.write_all(&packed)?;
        self.out.write_all(b"\nendstream\nendobj\n")
    }

    /// Adds one page; its content is written and forgotten at once.
    pub fn page(&mut self, page: &Page) -> io::Result<()> {
        let mut content = Content::default();
        for item in &page.items {
            self.item(&mut content, item, page)?;
        }
        let contents = self.reserve();
        self.stream(contents, "", content.ops.as_bytes())?;
        let id = self.reserve();
        let mut body = String::from("<</Type/Page/Parent 2 0 R/MediaBox[0 0 ");
        num(&mut body, page.width * MM_TO_PT);
        body.push(' ');
        num(&mut body, page.height * MM_TO_PT);
        let _ = write!(body, "]/Resources 3 0 R/Contents {contents} 0 R>>");
        self.object(id, &body)?;
        self.pages.push(id);
        Ok(())
    }

    fn item(&mut self, c: &mut Content, item: &Item, page: &Page) -> io::Result<()> {
        let h = page.height;
        match item {
            Item::Group(g) => {
                let name = self.group_name(g)?;
                let _ = writeln!(c.ops, "q /G{name} Do Q");
            }
            Item::Placed { group, x, y, scale } => {
                let name = self.group_name(group)?;
                c.ops.push_str("q ");
                num(&mut c.ops, *scale);
                c.ops.push_str(" 0 0 ");
                num(&mut c.ops, *scale);
                c.ops.push(' ');
                c.point(*x, y + scale * group.height, h);
                let _ = writeln!(c.ops, " cm /G{name} Do Q");
            }
            Item::Text {
                x,
                y,
                size_pt,
                font,
                align,
                colour,
                rotated,
                text,
            } => {
                let width = fonts::metrics(*font).width_mm(text, *size_pt);
                let shift = match align {
                    Align::Left => 0.0,
                    Align::Centre => width / 2.0,
                    Align::Right => width,
                };
                c.fill(*colour);
                let hex = self.encode(*font, text);
                let _ = write!(c.ops, "BT /F{} ", font_index(*font));
                num(&mut c.ops, *size_pt);
                if *rotated {
                    c.ops.push_str(" Tf 0 1 -1 0 ");
                    c.point(*x, y + shift, h);
                    c.ops.push_str(" Tm ");
                } else {
                    c.ops.push_str(" Tf ");
                    c.point(x - shift, *y, h);
                    c.ops.push_str(" Td ");
                }
                let _ = writeln!(c.ops, "<{hex}> Tj ET");
            }
            other => c.shape(other, h),
        }
        Ok(())
    }

    /// The resource number of a group, writing it the first time it is used.
    fn group_name(&mut self, g: &Arc<Group>) -> io::Result<usize> {
        match self.groups.get(&Arc::as_ptr(g)) {
            Some((name, _)) => Ok(*name),
            None => self.group(g),
        }
    }

    /// Writes a shared group once, as a Form XObject of the group's page size;
    /// returns its resource number.
    fn group(&mut self, g: &Arc<Group>) -> io::Result<usize> {
        let mut content = Content::default();
        let inner = Page {
            width: g.width,
            height: g.height,
            items: Vec::new(),
        };
        for item in &g.items {
            self.item(&mut content, item, &inner)?;
        }
        let id = self.reserve();
        let mut dict = String::from("/Type/XObject/Subtype/Form/BBox[0 0 ");
        num(&mut dict, g.width * MM_TO_PT);
        dict.push(' ');
        num(&mut dict, g.height * MM_TO_PT);
        dict.push_str("]/Resources 3 0 R");
        self.stream(id, &dict, content.ops.as_bytes())?;
        let name = self.group_objects.len();
        self.group_objects.push(id);
        self.groups.insert(Arc::as_ptr(g), (name, g.clone()));
        Ok(name)
    }

    /// Glyph ids of `text` in the subset font, as hex, noting each glyph used.
    fn encode(&mut self, role: FontRole, text: &str) -> String {
        let m = fonts::metrics(role);
        let used = &mut self.fonts[font_index(role)];
        let mut hex = String::with_capacity(text.len() * 4);
        for ch in text.chars() {
            let old = m.glyph(ch);
            let new = used.remapper.remap(old);
            used.glyphs.entry(new).or_insert_with(|| (ch, m.advance_per_mille(old)));
            let _ = write!(hex, "{new:04X}");
        }
        hex
    }

    /// Writes the fonts, resources, page tree and trailer; returns the output.
    pub fn finish(mut self, meta: &Meta) -> io::Result<W> {
        let mut font_refs = String::new();
        for role in FontRole::ALL {
            if self.fonts[font_index(role)].glyphs.is_empty() {
                continue;
            }
            let id = self.font(role)?;
            let _ = write!(font_refs, "/F{} {id} 0 R", font_index(role));
        }
        let mut xobjects = String::new();
        for (i, id) in self.group_objects.iter().enumerate() {
            let _ = write!(xobjects, "/G{i} {id} 0 R");
        }
        self.object(
            RESOURCES,
            &format!("<</ProcSet[/PDF/Text]/Font<<{font_refs}>>/XObject<<{xobjects}>>>>"),
        )?;
        let kids: Vec<String> = self.pages.iter().map(|p| format!("{p} 0 R")).collect();
        self.object(
            PAGES,
            &format!("<</Type/Pages/Count {}/Kids[{}]>>", self.pages.len(), kids.join(" ")),
        )?;
        self.object(CATALOG, "<</Type/Catalog/Pages 2 0 R>>")?;
        let info = self.reserve();
        self.object(
            info,
            &format!(
                "<</Title {}/Subject {}/Creator(panicpress)/Producer(panicpress)>>",
                text_string(meta.title),
                text_string(meta.subject)
            ),
        )?;

        let mut hash = Sha256::new();
        for part in [meta.title, meta.subject, meta.id_source] {
            hash.update(part.as_bytes());
            hash.update([0]);
        }
        hash.update((self.pages.len() as u64).to_le_bytes());
        let id: String = hash.finalize()[..16].iter().map(|b| format!("{b:02X}")).collect();

        let xref = self.out.written;
        let mut table = format!("xref\n0 {}\n0000000000 65535 f \n", self.offsets.len());
        for off in &self.offsets[1..] {
            let _ = writeln!(table, "{off:010} 00000 n ");
        }
        let _ = write!(
            table,
            "trailer\n<</Size {}/Root 1 0 R/Info {info} 0 R/ID[<{id}><{id}>]>>\nstartxref\n{xref}\n%%EOF\n",
            self.offsets.len()
        );
        self.out.write_all(table.as_bytes())?;
        self.out.flush()?;
        Ok(self.out.inner)
    }

    /// Writes one subset font as a Type0/CIDFontType2 font; returns the Type0 object.
    fn font(&mut self, role: FontRole) -> io::Result<usize> {
        let used = &self.fonts[font_index(role)];
        let data = subsetter::subset(role.bytes(), 0, &used.remapper)
            .map_err(|e| io::Error::other(format!("font subsetting failed: {e}")))?;
        // The subset tag: six capitals derived from the glyphs used, so it is stable.
        let mut hash = Sha256::new();
        for (gid, (ch, _)) in &used.glyphs {
            hash.update(gid.to_le_bytes());
            hash.update((*ch as u32).to_le_bytes());
        }
        let digest = hash.finalize();
        let tag: String = digest[..6].iter().map(|b| (b'A' + b % 26) as char).collect();
        let m = fonts::metrics(role);
        let name = format!("{tag}+{}", role.postscript_name());

        let mut widths = String::new();
        for (gid, (_, w)) in &used.glyphs {
            let _ = write!(widths, "{gid}[{w}]");
        }
        let mut cmap = String::from(
            "/CIDInit/ProcSet findresource begin 12 dict begin begincmap\n\
             /CIDSystemInfo<</Registry(Adobe)/Ordering(UCS)/Supplement 0>>def\n\
             /CMapName/Adobe-Identity-UCS def/CMapType 2 def\n\
             1 begincodespacerange <0000><FFFF> endcodespacerange\n",
        );
        let entries: Vec<(&u16, &(char, u32))> = used.glyphs.iter().collect();
        for chunk in entries.chunks(100) {
            let _ = writeln!(cmap, "{} beginbfchar", chunk.len());
            for (gid, (ch, _)) in chunk {
                let mut units = [0u16; 2];
                let utf16: String = ch.encode_utf16(&mut units).iter().map(|u| format!("{u:04X}")).collect();
                let _ = writeln!(cmap, "<{gid:04X}><{utf16}>");
            }
            cmap.push_str("endbfchar\n");
        }
        cmap.push_str("endcmap CMapName currentdict/CMap defineresource pop end end\n");

        let file = self.reserve();
        self.stream(file, &format!("/Length1 {}", data.len()), &data)?;
        let descriptor = self.reserve();
        let (x0, y0, x1, y1) = m.bbox_per_mille();
        self.object(
            descriptor,
            &format!(
                "<</Type/FontDescriptor/FontName/{name}/Flags 32/FontBBox[{x0} {y0} {x1} {y1}]/ItalicAngle 0\
                 /Ascent {}/Descent {}/CapHeight {}/StemV 80/FontFile2 {file} 0 R>>",
                m.ascent_per_mille(),
                m.descent_per_mille(),
                m.cap_height_per_mille()
            ),
        )?;
        let cid = self.reserve();
        self.object(
            cid,
            &format!(
                "<</Type/Font/Subtype/CIDFontType2/BaseFont/{name}\
                 /CIDSystemInfo<</Registry(Adobe)/Ordering(Identity)/Supplement 0>>\
                 /FontDescriptor {descriptor} 0 R/DW 0/W[{widths}]/CIDToGIDMap/Identity>>"
            ),
        )?;
        let to_unicode = self.reserve();
        self.stream(to_unicode, "", cmap.as_bytes())?;
        let type0 = self.reserve();
        self.object(
            type0,
            &format!(
                "<</Type/Font/Subtype/Type0/BaseFont/{name}/Encoding/Identity-H\
                 /DescendantFonts[{cid} 0 R]/ToUnicode {to_unicode} 0 R>>"
            ),
        )?;
        Ok(type0)
    }
}

/// One content stream being built, with the graphics state already set, so
/// that repeated settings are not written again.
#[derive(Default)]
struct Content {
    ops: String,
    fill: Option<Colour>,
    stroke: Option<Colour>,
    width: Option<f32>,
    dash: Option<Vec<f32>>,
}

impl Content {
    fn point(&mut self, x: f32, y: f32, page_h: f32) {
        num(&mut self.ops, x * MM_TO_PT);
        self.ops.push(' ');
        num(&mut self.ops, (page_h - y) * MM_TO_PT);
    }

    fn colour(&mut self, c: Colour, stroking: bool) {
        match c {
            Colour::Grey(g) => {
                num(&mut self.ops, g);
                self.ops.push_str(if stroking { " G\n" } else { " g\n" });
            }
            Colour::Rgb(r, g, b) => {
                for v in [r, g, b] {
                    num(&mut self.ops, v);
                    self.ops.push(' ');
                }
                self.ops.push_str(if stroking { "RG\n" } else { "rg\n" });
            }
        }
    }

    fn fill(&mut self, c: Colour) {
        if self.fill != Some(c) {
            self.colour(c, false);
            self.fill = Some(c);
        }
    }

    fn stroke(&mut self, s: &Stroke) {
        if self.stroke != Some(s.colour) {
            self.colour(s.colour, true);
            self.stroke = Some(s.colour);
        }
        if self.width != Some(s.width_pt) {
            num(&mut self.ops, s.width_pt);
            self.ops.push_str(" w\n");
            self.width = Some(s.width_pt);
        }
        if self.dash.as_ref() != Some(&s.dash) {
            self.ops.push('[');
            for (i, d) in s.dash.iter().enumerate() {
                if i > 0 {
                    self.ops.push(' ');
                }
                num(&mut self.ops, *d);
            }
            self.ops.push_str("] 0 d\n");
            self.dash = Some(s.dash.clone());
        }
    }

    /// Sets the state for a path and returns the painting operator.
    fn paint(&mut self, stroke: Option<&Stroke>, fill: Option<Colour>) -> Option<&'static str> {
        if let Some(f) = fill {
            self.fill(f);
        }
        if let Some(s) = stroke {
            self.stroke(s);
        }
        match (stroke.is_some(), fill.is_some()) {
            (true, true) => Some("B"),
            (false, true) => Some("f"),
            (true, false) => Some("S"),
            (false, false) => None,
        }
    }

    fn shape(&mut self, item: &Item, h: f32) {
        match item {
            Item::Line { from, to, stroke } => {
                self.paint(Some(stroke), None);
                self.point(from.0, from.1, h);
                self.ops.push_str(" m ");
                self.point(to.0, to.1, h);
                self.ops.push_str(" l S\n");
            }
            Item::Rect {
                x,
                y,
                w,
                h: rh,
                stroke,
                fill,
            } => {
                let Some(op) = self.paint(stroke.as_ref(), *fill) else {
                    return;
                };
                self.point(*x, y + rh, h);
                self.ops.push(' ');
                num(&mut self.ops, w * MM_TO_PT);
                self.ops.push(' ');
                num(&mut self.ops, rh * MM_TO_PT);
                let _ = writeln!(self.ops, " re {op}");
            }
            Item::Circle {
                cx,
                cy,
                r,
                stroke,
                fill,
            } => {
                let Some(op) = self.paint(stroke.as_ref(), *fill) else {
                    return;
                };
                // Four cubic béziers; k places the handles for the closest circle.
                let k = 0.552_284_8 * r;
                let (x, y, r) = (*cx, *cy, *r);
                self.point(x + r, y, h);
                self.ops.push_str(" m\n");
                let arcs = [
                    [(x + r, y + k), (x + k, y + r), (x, y + r)],
                    [(x - k, y + r), (x - r, y + k), (x - r, y)],
                    [(x - r, y - k), (x - k, y - r), (x, y - r)],
                    [(x + k, y - r), (x + r, y - k), (x + r, y)],
                ];
                for arc in arcs {
                    for (i, (px, py)) in arc.into_iter().enumerate() {
                        if i > 0 {
                            self.ops.push(' ');
                        }
                        self.point(px, py, h);
                    }
                    self.ops.push_str(" c\n");
                }
                let _ = writeln!(self.ops, "h {op}");
            }
            Item::Polygon { points, stroke, fill } => {
                let Some(op) = self.paint(stroke.as_ref(), *fill) else {
                    return;
                };
                for (i, (px, py)) in points.iter().enumerate() {
                    self.point(*px, *py, h);
                    self.ops.push_str(if i == 0 { " m " } else { " l " });
                }
                let _ = writeln!(self.ops, "h {op}");
            }
            Item::Text { .. } | Item::Group(_) | Item::Placed { .. } => {}
        }
    }
}

/// Renders a whole document in memory: for tests and small documents.
pub fn render(doc: &Document) -> Vec<u8> {
    let mut w = PdfWriter::new(Vec::new()).expect("writing to memory cannot fail");
    for page in &doc.pages {
        w.page(page).expect("writing to memory cannot fail");
    }
    w.finish(&Meta {
        title: &doc.title,
        subject: &doc.subject,
        id_source: &doc.id_source,
    })
    .expect("writing to memory cannot fail")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_exact_to_a_hundredth() {
        let mut s = String::new();
        for v in [0.0, 1.0, 1.5, 1.25, -2.05, 595.2756, 0.004] {
            num(&mut s, v);
            s.push(' ');
        }
        assert_eq!(s, "0 1 1.5 1.25 -2.05 595.28 0 ");
    }

    #[test]
    fn text_strings_are_utf16_with_a_byte_order_mark() {
        assert_eq!(text_string("Zoë"), "<FEFF005A006F00EB>");
    }
}
