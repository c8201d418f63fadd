//! Writes the page model as PDF, one page at a time, straight to the output.
//!
//! Objects are built with the `pdf-writer` crate, one `Chunk` per object,
//! and written the moment they are complete: a class pack or a 1,000-map run
//! never holds more than the page being made. Repeated page furniture (a grid,
//! a table, a legend) becomes a Form XObject written once; fonts are subset
//! with `subsetter` after the last page. The only PDF syntax written here by
//! hand is what streaming needs and `pdf-writer` leaves to a whole-document
//! writer: the header, the cross-reference table and the trailer. Output is
//! byte-identical for identical input: no dates, objects numbered in order of
//! use, a trailer /ID derived from the document's identity.

use pdf_writer::types::{CidFontType, FontFlags, ProcSet, SystemInfo, UnicodeCmap};
use pdf_writer::writers::{Catalog, DocumentInfo, Resources};
use pdf_writer::{Chunk, Content, Filter, Finish, Name, Rect, Ref, Str, TextStr};
use sha2::{Digest, Sha256};
use std::collections::{BTreeMap, HashMap, VecDeque};
use std::io::{self, Write};
use std::sync::mpsc::{Receiver, Sender};
use std::sync::{Arc, Weak};

use crate::fonts::{self, FontRole};
use crate::sheet::{Colour, Document, Group, Item, Page, Stroke};

const MM_TO_PT: f32 = 72.0 / 25.4;
/// Objects with fixed numbers: the catalog, the page tree, the shared resources.
const CATALOG: Ref = Ref::new(1);
const PAGES: Ref = Ref::new(2);
const RESOURCES: Ref = Ref::new(3);
const FONT_NAMES: [&[u8]; 9] = [b"F0", b"F1", b"F2", b"F3", b"F4", b"F5", b"F6", b"F7", b"F8"];

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
    /// A shaped glyph may stand for several characters, or none (the rest
    /// of a cluster whose first glyph tells its text).
    glyphs: BTreeMap<u16, (String, u32)>,
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

/// Content streams are compressed on a second thread while the next page is
/// made; objects still go out strictly in the order they were queued, so the
/// bytes never depend on timing.
struct Deflater {
    jobs: Option<Sender<Vec<u8>>>,
    done: Receiver<Vec<u8>>,
    worker: Option<std::thread::JoinHandle<()>>,
}

impl Deflater {
    fn start() -> Deflater {
        let (jobs, inbox) = std::sync::mpsc::channel::<Vec<u8>>();
        let (outbox, done) = std::sync::mpsc::channel();
        let worker = std::thread::spawn(move || {
            for data in inbox {
                if outbox.send(deflate(&data)).is_err() {
                    break;
                }
            }
        });
        Deflater {
            jobs: Some(jobs),
            done,
            worker: Some(worker),
        }
    }
}

impl Drop for Deflater {
    fn drop(&mut self) {
        self.jobs.take();
        if let Some(w) = self.worker.take() {
            let _ = w.join();
        }
    }
}

/// An object waiting its turn to be written.
enum Queued {
    /// Complete: the chunk's bytes.
    Ready(Ref, Vec<u8>),
    /// A stream whose data is being compressed; a form has a box.
    Stream(Ref, Option<Rect>),
}

/// Most objects waiting at once: memory stays flat however long the document.
const MAX_QUEUED: usize = 16;

pub struct PdfWriter<W: Write> {
    out: Counter<W>,
    deflater: Deflater,
    queue: VecDeque<Queued>,
    /// Byte offset of each object, indexed by object number (0 unused).
    offsets: Vec<u64>,
    pages: Vec<Ref>,
    /// Shared groups already written, by identity, with their resource number.
    /// The weak reference keeps the address from being reused while the entry
    /// stands, without keeping the group's items in memory.
    groups: HashMap<*const Group, (usize, Weak<Group>)>,
    /// Object of each shared group, by resource number (/G0, /G1, ...).
    group_objects: Vec<Ref>,
    fonts: [FontUse; 9],
}

fn font_index(role: FontRole) -> usize {
    match role {
        FontRole::Regular => 0,
        FontRole::Bold => 1,
        FontRole::Fallback => 2,
        FontRole::Added => 3,
        FontRole::Hangul => 4,
        FontRole::Devanagari => 5,
        FontRole::Bengali => 6,
        FontRole::Tamil => 7,
        FontRole::Thai => 8,
    }
}

/// A length in points, rounded to a hundredth: finer is invisible and only
/// makes the file longer.
fn pt(mm: f32) -> f32 {
    round(mm * MM_TO_PT)
}

fn round(v: f32) -> f32 {
    (v * 100.0).round() / 100.0
}

fn deflate(data: &[u8]) -> Vec<u8> {
    miniz_oxide::deflate::compress_to_vec_zlib(data, 6)
}

impl<W: Write> PdfWriter<W> {
    pub fn new(out: W) -> io::Result<PdfWriter<W>> {
        let mut w = PdfWriter {
            out: Counter { inner: out, written: 0 },
            deflater: Deflater::start(),
            queue: VecDeque::new(),
            offsets: vec![0; RESOURCES.get() as usize + 1],
            pages: Vec::new(),
            groups: HashMap::new(),
            group_objects: Vec::new(),
            fonts: std::array::from_fn(|_| FontUse::new()),
        };
        w.out.write_all(b"%PDF-1.7\n%\xE2\xE3\xCF\xD3\n")?;
        Ok(w)
    }

    fn reserve(&mut self) -> Ref {
        self.offsets.push(0);
        Ref::new(self.offsets.len() as i32 - 1)
    }

    /// Writes a chunk holding the one object `id` now, noting where it starts.
    fn emit(&mut self, id: Ref, chunk: &Chunk) -> io::Result<()> {
        self.offsets[id.get() as usize] = self.out.written;
        self.out.write_all(chunk.as_bytes())
    }

    /// Queues a finished object behind any still being compressed.
    fn enqueue(&mut self, id: Ref, chunk: &Chunk) -> io::Result<()> {
        if self.queue.is_empty() {
            return self.emit(id, chunk);
        }
        self.queue.push_back(Queued::Ready(id, chunk.as_bytes().to_vec()));
        self.pump(false)
    }

    /// Queues a stream (a form when it has a box) for compression.
    fn enqueue_stream(&mut self, id: Ref, bbox: Option<Rect>, data: Vec<u8>) -> io::Result<()> {
        let jobs = self.deflater.jobs.as_ref().expect("deflater runs until finish");
        jobs.send(data)
            .map_err(|_| io::Error::other("the compression thread stopped"))?;
        self.queue.push_back(Queued::Stream(id, bbox));
        self.pump(false)
    }

    /// Writes queued objects from the front while they are ready; waits for
    /// compression when `wait` is set or the queue is full.
    fn pump(&mut self, wait: bool) -> io::Result<()> {
        while let Some(front) = self.queue.front() {
            let data = match front {
                Queued::Ready(..) => None,
                Queued::Stream(..) => {
                    let block = wait || self.queue.len() > MAX_QUEUED;
                    let got = if block {
                        self.deflater.done.recv().ok()
                    } else {
                        self.deflater.done.try_recv().ok()
                    };
                    match got {
                        Some(d) => Some(d),
                        None if block => return Err(io::Error::other("the compression thread stopped")),
                        None => return Ok(()),
                    }
                }
            };
            let id = match self.queue.pop_front().expect("front exists") {
                Queued::Ready(id, bytes) => {
                    self.offsets[id.get() as usize] = self.out.written;
                    self.out.write_all(&bytes)?;
                    continue;
                }
                Queued::Stream(id, bbox) => (id, bbox),
            };
            let data = data.expect("a stream has its data");
            let mut chunk = Chunk::new();
            match id.1 {
                None => {
                    chunk.stream(id.0, &data).filter(Filter::FlateDecode);
                }
                Some(bbox) => {
                    let mut form = chunk.form_xobject(id.0, &data);
                    form.bbox(bbox);
                    form.filter(Filter::FlateDecode);
                    form.pair(Name(b"Resources"), RESOURCES);
                }
            }
            self.emit(id.0, &chunk)?;
        }
        Ok(())
    }

    /// Adds one page; its content is written and forgotten at once.
    pub fn page(&mut self, page: &Page) -> io::Result<()> {
        let mut pen = Pen::default();
        for item in &page.items {
            self.item(&mut pen, item, page.height)?;
        }
        let contents = self.reserve();
        self.enqueue_stream(contents, None, pen.content.finish().into_vec())?;
        let id = self.reserve();
        let mut chunk = Chunk::new();
        chunk
            .page(id)
            .parent(PAGES)
            .media_box(Rect::new(0.0, 0.0, pt(page.width), pt(page.height)))
            .contents(contents)
            .pair(Name(b"Resources"), RESOURCES);
        self.enqueue(id, &chunk)?;
        self.pages.push(id);
        if self.pages.len().is_multiple_of(256) {
            // Forget groups no page holds any more: memory stays flat.
            self.groups.retain(|_, (_, g)| g.strong_count() > 0);
        }
        Ok(())
    }

    fn item(&mut self, pen: &mut Pen, item: &Item, h: f32) -> io::Result<()> {
        match item {
            Item::Group(g) => {
                let name = self.group_name(g)?;
                pen.content
                    .save_state()
                    .x_object(Name(format!("G{name}").as_bytes()))
                    .restore_state();
            }
            Item::Placed { group, x, y, scale } => {
                let name = self.group_name(group)?;
                let s = round(*scale);
                pen.content
                    .save_state()
                    .transform([s, 0.0, 0.0, s, pt(*x), pt(h - (y + scale * group.height))])
                    .x_object(Name(format!("G{name}").as_bytes()))
                    .restore_state();
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
                let shift = align.shift(width);
                pen.fill(*colour);
                // Characters the face lacks are shown from the fallback face, in the same line.
                let runs: Vec<(FontRole, Shown)> = fonts::runs(text, *font)
                    .into_iter()
                    .map(|(role, part)| match role.is_shaped() {
                        true => (role, self.encode_shaped(role, part, *size_pt)),
                        false => (role, Shown::Glyphs(self.encode(role, part))),
                    })
                    .collect();
                let c = &mut pen.content;
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
            other => pen.shape(other, h),
        }
        Ok(())
    }

    /// The resource number of a group, writing it the first time it is used.
    fn group_name(&mut self, g: &Arc<Group>) -> io::Result<usize> {
        match self.groups.get(&Arc::as_ptr(g)) {
            Some((name, weak)) if weak.strong_count() > 0 => Ok(*name),
            _ => self.group(g),
        }
    }

    /// Writes a shared group once, as a Form XObject of the group's page size;
    /// returns its resource number.
    fn group(&mut self, g: &Arc<Group>) -> io::Result<usize> {
        let mut pen = Pen::default();
        for item in &g.items {
            self.item(&mut pen, item, g.height)?;
        }
        let id = self.reserve();
        let bbox = Rect::new(0.0, 0.0, pt(g.width), pt(g.height));
        self.enqueue_stream(id, Some(bbox), pen.content.finish().into_vec())?;
        let name = self.group_objects.len();
        self.group_objects.push(id);
        self.groups.insert(Arc::as_ptr(g), (name, Arc::downgrade(g)));
        Ok(name)
    }

    /// Glyph ids of `text` in the subset font, two bytes each, noting each glyph used.
    fn encode(&mut self, role: FontRole, text: &str) -> Vec<u8> {
        let m = fonts::metrics(role);
        let mut bytes = Vec::with_capacity(text.len() * 2);
        for ch in text.chars() {
            let new = self.use_glyph(role, m.glyph(ch), || fonts::as_typed(ch));
            bytes.extend(new.to_be_bytes());
        }
        bytes
    }

    /// The subset's id of a glyph of `role`, noted as used with the text it stands for.
    fn use_glyph(&mut self, role: FontRole, old: u16, text: impl FnOnce() -> String) -> u16 {
        let used = &mut self.fonts[font_index(role)];
        let new = used.remapper.remap(old);
        let entry = used
            .glyphs
            .entry(new)
            .or_insert_with(|| (String::new(), fonts::metrics(role).advance_per_mille(old)));
        if entry.0.is_empty() {
            entry.0 = text();
        }
        new
    }

    /// A shaped run as glyphs placed by the positions shaping gave them: the
    /// difference from each glyph's own width moves the pen (TJ), a raised
    /// or lowered mark sets the text rise.
    fn encode_shaped(&mut self, role: FontRole, text: &str, size_pt: f32) -> Shown {
        let per_mille = 1000.0 / fonts::metrics(role).units_per_em();
        let mut pieces: Vec<ShapedPiece> = Vec::new();
        for g in fonts::shape(role, text) {
            let glyph = self.use_glyph(role, g.glyph, || g.text.clone());
            let width = fonts::metrics(role).advance_per_mille(g.glyph) as f32;
            let dx = g.dx as f32 * per_mille;
            let rise = round(g.dy as f32 * per_mille / 1000.0 * size_pt);
            if pieces.last().is_none_or(|p| p.rise != rise) {
                pieces.push(ShapedPiece {
                    rise,
                    items: Vec::new(),
                });
            }
            let items = &mut pieces.last_mut().expect("pushed").items;
            // TJ moves the pen back by a number: an offset to the right is a negative one.
            if dx != 0.0 {
                items.push(TjItem::Adjust(round(-dx)));
            }
            items.push(TjItem::Glyph(glyph));
            let rest = g.advance as f32 * per_mille - dx - width;
            if rest != 0.0 {
                items.push(TjItem::Adjust(round(-rest)));
            }
        }
        Shown::Shaped {
            text: text.to_string(),
            pieces,
        }
    }

    /// Writes the fonts, resources, page tree and trailer; returns the output.
    pub fn finish(mut self, meta: &Meta) -> io::Result<W> {
        self.pump(true)?;
        let mut fonts = Vec::new();
        for role in FontRole::ALL {
            if !self.fonts[font_index(role)].glyphs.is_empty() {
                fonts.push((font_index(role), self.font(role)?));
            }
        }
        let mut chunk = Chunk::new();
        let mut res = chunk.indirect(RESOURCES).start::<Resources>();
        res.proc_sets([ProcSet::Pdf, ProcSet::Text]);
        let mut dict = res.fonts();
        for (index, id) in &fonts {
            dict.pair(Name(FONT_NAMES[*index]), *id);
        }
        dict.finish();
        let mut dict = res.x_objects();
        for (i, id) in self.group_objects.iter().enumerate() {
            dict.pair(Name(format!("G{i}").as_bytes()), *id);
        }
        dict.finish();
        res.finish();
        self.emit(RESOURCES, &chunk)?;

        let mut chunk = Chunk::new();
        chunk
            .pages(PAGES)
            .count(self.pages.len() as i32)
            .kids(self.pages.iter().copied());
        self.emit(PAGES, &chunk)?;
        let mut chunk = Chunk::new();
        chunk.indirect(CATALOG).start::<Catalog>().pages(PAGES);
        self.emit(CATALOG, &chunk)?;
        let info = self.reserve();
        let mut chunk = Chunk::new();
        chunk
            .indirect(info)
            .start::<DocumentInfo>()
            .title(TextStr(meta.title))
            .subject(TextStr(meta.subject))
            .creator(TextStr("panicpress"))
            .producer(TextStr("panicpress"));
        self.emit(info, &chunk)?;

        let mut hash = Sha256::new();
        for part in [meta.title, meta.subject, meta.id_source] {
            hash.update(part.as_bytes());
            hash.update([0]);
        }
        hash.update((self.pages.len() as u64).to_le_bytes());
        let id: String = hash.finalize()[..16].iter().map(|b| format!("{b:02X}")).collect();

        // The cross-reference table and trailer: the bookkeeping of a
        // document written as it goes.
        let xref = self.out.written;
        let mut table = format!("xref\n0 {}\n0000000000 65535 f\r\n", self.offsets.len());
        for off in &self.offsets[1..] {
            // Written a few thousand entries at a time: 20 bytes an object
            // would otherwise be held at once at the end of a long document.
            if table.len() >= 1 << 16 {
                self.out.write_all(table.as_bytes())?;
                table.clear();
            }
            use std::fmt::Write as _;
            let _ = write!(table, "{off:010} 00000 n\r\n");
        }
        table.push_str(&format!(
            "trailer\n<</Size {}/Root {} 0 R/Info {} 0 R/ID[<{id}><{id}>]>>\nstartxref\n{xref}\n%%EOF\n",
            self.offsets.len(),
            CATALOG.get(),
            info.get()
        ));
        self.out.write_all(table.as_bytes())?;
        self.out.flush()?;
        Ok(self.out.inner)
    }

    /// Writes one subset font as a Type0/CIDFontType2 font; returns the Type0 object.
    fn font(&mut self, role: FontRole) -> io::Result<Ref> {
        let used = &self.fonts[font_index(role)];
        let data = subsetter::subset(role.bytes(), 0, &used.remapper)
            .map_err(|e| io::Error::other(format!("font subsetting failed: {e}")))?;
        // The subset tag: six capitals derived from the glyphs used, so it is stable.
        let mut hash = Sha256::new();
        for (gid, (text, _)) in &used.glyphs {
            hash.update(gid.to_le_bytes());
            for ch in text.chars() {
                hash.update((ch as u32).to_le_bytes());
            }
        }
        let digest = hash.finalize();
        let tag: String = digest[..6].iter().map(|b| (b'A' + b % 26) as char).collect();
        let m = fonts::metrics(role);
        let name = format!("{tag}+{}", role.postscript_name());
        let name = Name(name.as_bytes());
        let ucs = SystemInfo {
            registry: Str(b"Adobe"),
            ordering: Str(b"UCS"),
            supplement: 0,
        };
        let mut cmap = UnicodeCmap::new(Name(b"Adobe-Identity-UCS"), ucs);
        for (gid, (text, _)) in &used.glyphs {
            if !text.is_empty() {
                cmap.pair_with_multiple(*gid, text.chars());
            }
        }
        let cmap = deflate(&cmap.finish());
        // Runs of consecutive glyph ids share one widths entry.
        let mut runs: Vec<(u16, Vec<f32>)> = Vec::new();
        for (gid, (_, w)) in &used.glyphs {
            match runs.last_mut() {
                Some((start, ws)) if *start as usize + ws.len() == *gid as usize => ws.push(*w as f32),
                _ => runs.push((*gid, vec![*w as f32])),
            }
        }
        let (x0, y0, x1, y1) = m.bbox_per_mille();

        let file = self.reserve();
        let mut chunk = Chunk::new();
        chunk
            .stream(file, &deflate(&data))
            .filter(Filter::FlateDecode)
            .pair(Name(b"Length1"), data.len() as i32);
        self.emit(file, &chunk)?;
        let descriptor = self.reserve();
        let mut chunk = Chunk::new();
        chunk
            .font_descriptor(descriptor)
            .name(name)
            .flags(FontFlags::NON_SYMBOLIC)
            .bbox(Rect::new(x0 as f32, y0 as f32, x1 as f32, y1 as f32))
            .italic_angle(0.0)
            .ascent(m.ascent_per_mille() as f32)
            .descent(m.descent_per_mille() as f32)
            .cap_height(m.cap_height_per_mille() as f32)
            .stem_v(80.0)
            .font_file2(file);
        self.emit(descriptor, &chunk)?;
        let cid = self.reserve();
        let mut chunk = Chunk::new();
        let mut font = chunk.cid_font(cid);
        font.subtype(CidFontType::Type2)
            .base_font(name)
            .system_info(SystemInfo {
                registry: Str(b"Adobe"),
                ordering: Str(b"Identity"),
                supplement: 0,
            })
            .font_descriptor(descriptor)
            .default_width(0.0);
        let mut widths = font.widths();
        for (start, ws) in runs {
            widths.consecutive(start, ws);
        }
        widths.finish();
        font.cid_to_gid_map_predefined(Name(b"Identity"));
        font.finish();
        self.emit(cid, &chunk)?;
        let to_unicode = self.reserve();
        let mut chunk = Chunk::new();
        chunk.cmap(to_unicode, &cmap).filter(Filter::FlateDecode);
        self.emit(to_unicode, &chunk)?;
        let type0 = self.reserve();
        let mut chunk = Chunk::new();
        chunk
            .type0_font(type0)
            .base_font(name)
            .encoding_predefined(Name(b"Identity-H"))
            .descendant_font(cid)
            .to_unicode(to_unicode);
        self.emit(type0, &chunk)?;
        Ok(type0)
    }
}

/// A run of text as it is shown.
enum Shown {
    /// Glyph ids, two bytes each, set at their own widths.
    Glyphs(Vec<u8>),
    /// Shaped glyphs, with the text they spell in reading order.
    Shaped { text: String, pieces: Vec<ShapedPiece> },
}

/// Shaped glyphs at one height above the baseline.
struct ShapedPiece {
    rise: f32,
    items: Vec<TjItem>,
}

enum TjItem {
    Glyph(u16),
    Adjust(f32),
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

/// One content stream being built, with the graphics state already set, so
/// that repeated settings are not written again.
struct Pen {
    content: Content,
    fill: Option<Colour>,
    stroke: Option<Colour>,
    width: Option<f32>,
    dash: Option<Vec<f32>>,
}

impl Default for Pen {
    fn default() -> Pen {
        Pen {
            content: Content::new(),
            fill: None,
            stroke: None,
            width: None,
            dash: None,
        }
    }
}

impl Pen {
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
            Item::Text { .. } | Item::Group(_) | Item::Placed { .. } | Item::WritingCell { .. } => {}
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
    use crate::sheet::Align;

    #[test]
    fn lengths_are_rounded_to_a_hundredth_of_a_point() {
        assert_eq!(pt(210.0), 595.28);
        assert_eq!(round(0.004), 0.0);
        assert_eq!(round(-2.054), -2.05);
    }

    /// Only the header, the cross-reference table and the trailer are
    /// written by hand: every object comes from pdf-writer.
    #[test]
    fn objects_come_from_pdf_writer_and_the_xref_points_at_them() {
        let mut page = Page::new(crate::sheet::Paper::A4);
        page.text(20.0, 20.0, 12.0, FontRole::Regular, Align::Left, "Zoë");
        let bytes = render(&Document {
            pages: vec![page],
            title: "t".into(),
            subject: "s".into(),
            id_source: "x".into(),
        });
        let find = |needle: &[u8]| bytes.windows(needle.len()).rposition(|w| w == needle).unwrap();
        let tail = &bytes[find(b"startxref\n") + 10..];
        let xref_at: usize = String::from_utf8_lossy(tail).lines().next().unwrap().parse().unwrap();
        let table = String::from_utf8_lossy(&bytes[xref_at..]).into_owned();
        let offsets: Vec<usize> = table
            .lines()
            .skip(3)
            .take_while(|l| l.ends_with(" n"))
            .map(|l| l[..10].parse().unwrap())
            .collect();
        assert!(offsets.len() > 8, "{table}");
        for (i, off) in offsets.iter().enumerate() {
            assert!(
                bytes[*off..].starts_with(format!("{} 0 obj", i + 1).as_bytes()),
                "object {}",
                i + 1
            );
        }
    }
}
