//! Writes the page model as PDF, one page at a time, straight to the output.
//!
//! Objects are built with the `pdf-writer` crate, one `Chunk` per object,
//! and written the moment they are complete: a class pack or a 1,000-map run
//! never holds more than the page being made and the structure elements of
//! the object stream being gathered (512 KiB at most). Repeated page furniture (a grid,
//! a table, a legend) becomes Form XObjects written once; fonts are subset
//! with `subsetter` after the last page. The only PDF syntax written here by
//! hand is what streaming needs and `pdf-writer` leaves to a whole-document
//! writer: the header, object streams and the cross-reference stream. Output
//! is byte-identical for identical input: no dates, objects numbered in order
//! of use, a trailer /ID derived from the document's identity.
//!
//! The PDF is tagged (PDF/UA-1): the page model's roles become a structure
//! tree in reading order, each page's elements gathered with the following
//! pages' into compressed object streams; what no role claims is decoration
//! (an artifact) when it is a shape, a paragraph when it is text.

use pdf_writer::types::{CidFontType, FontFlags, ProcSet, StructRole, SystemInfo, TableHeaderScope, UnicodeCmap};
use pdf_writer::writers::{Catalog, DocumentInfo, Resources, StructElement, StructTreeRoot};
use pdf_writer::{Chunk, Content, Filter, Finish, Name, Rect, Ref, Settings, Str, TextStr};
use sha2::{Digest, Sha256};
use std::collections::{BTreeMap, HashMap, VecDeque};
use std::io::{self, Write};
use std::sync::mpsc::{Receiver, Sender};
use std::sync::{Arc, Weak};

use crate::fonts::{self, FontRole};
use crate::sheet::{Colour, Document, Group, Item, Page, Role, Stroke, Tag};

const MM_TO_PT: f32 = 72.0 / 25.4;
/// Objects with fixed numbers: the catalog, the page tree, the shared resources.
const CATALOG: Ref = Ref::new(1);
const PAGES: Ref = Ref::new(2);
const RESOURCES: Ref = Ref::new(3);
/// The structure tree's root and its one top element, the document.
const STRUCT_ROOT: Ref = Ref::new(4);
const DOCUMENT: Ref = Ref::new(5);
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

/// Where an object is, for the cross-reference stream.
#[derive(Clone, Copy)]
enum Slot {
    /// Reserved, not written yet.
    Free,
    /// At this byte offset.
    At(u64),
    /// Inside the object stream numbered so, at this index.
    In(u32, u32),
}

/// A shared group as the pages draw it: its structure, and its drawn items
/// cut into runs wherever the structure changes, so each run lies wholly
/// inside one element (or is decoration) wherever the group is drawn.
enum Step {
    Open(Tag),
    Close,
    Run(Run),
}

/// Items of a group drawn as one: drawn in place the first time; from the
/// second on, a form if long. A short run is always drawn in place: a form
/// and its entry cost more than a few short lines of content drawn again.
struct Run {
    /// It shows text.
    text: bool,
    /// The items, until the run becomes a form.
    items: Vec<Item>,
    /// How long its content is, in bytes.
    bytes: usize,
    /// Its form's resource number (/G`form`).
    form: Option<usize>,
}

/// A run longer than this (in bytes) is a form from its second drawing on.
const INLINE_BYTES: usize = 160;

/// A shared group's steps, how often it was drawn, and its size for its forms.
struct Steps {
    steps: Vec<Step>,
    uses: usize,
    width: f32,
    height: f32,
    /// Keeps the address from being reused while the entry stands, without
    /// keeping the group's items in memory.
    group: Weak<Group>,
}

/// Objects gathered for one object stream: their offsets line, their bodies.
#[derive(Default)]
struct ObjectStream {
    head: String,
    body: Vec<u8>,
    objects: Vec<Ref>,
}

pub struct PdfWriter<W: Write> {
    out: Counter<W>,
    deflater: Deflater,
    queue: VecDeque<Queued>,
    /// Where each object is, indexed by object number (0 unused).
    slots: Vec<Slot>,
    pages: Vec<Ref>,
    /// Shared groups already drawn, by identity, with their steps.
    groups: HashMap<*const Group, Steps>,
    /// Groups drawn inside a form, written whole with their resource number.
    plain_groups: HashMap<*const Group, (usize, Weak<Group>)>,
    /// Object of each form, by resource number (/G0, /G1, ...).
    group_objects: Vec<Ref>,
    fonts: [FontUse; 9],
    /// The document's language: the first page's that has one.
    lang: Option<String>,
    /// Each page's section of the structure tree, in page order.
    sections: Vec<Ref>,
    /// Each page's array of the elements its marked content belongs to, by the page's key.
    parent_tree: Vec<(i32, Ref)>,
    stream: ObjectStream,
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
            slots: vec![Slot::Free; DOCUMENT.get() as usize + 1],
            pages: Vec::new(),
            groups: HashMap::new(),
            plain_groups: HashMap::new(),
            group_objects: Vec::new(),
            fonts: std::array::from_fn(|_| FontUse::new()),
            lang: None,
            sections: Vec::new(),
            parent_tree: Vec::new(),
            stream: ObjectStream::default(),
        };
        w.out.write_all(b"%PDF-1.7\n%\xE2\xE3\xCF\xD3\n")?;
        Ok(w)
    }

    fn reserve(&mut self) -> Ref {
        self.slots.push(Slot::Free);
        Ref::new(self.slots.len() as i32 - 1)
    }

    /// Writes a chunk holding the one object `id` now, noting where it starts.
    fn emit(&mut self, id: Ref, chunk: &Chunk) -> io::Result<()> {
        self.slots[id.get() as usize] = Slot::At(self.out.written);
        self.out.write_all(chunk.as_bytes())
    }

    /// Adds objects (each a chunk holding one) to the next object stream,
    /// written once it holds enough: pages' structures compress together.
    fn object_stream(&mut self, objects: &[(Ref, Chunk)]) -> io::Result<()> {
        for (obj, chunk) in objects {
            use std::fmt::Write as _;
            let stream = &mut self.stream;
            let _ = write!(stream.head, "{} {} ", obj.get(), stream.body.len());
            stream.body.extend_from_slice(bare_object(chunk.as_bytes()));
            stream.body.push(b'\n');
            stream.objects.push(*obj);
        }
        if self.stream.objects.len() >= 4096 || self.stream.body.len() >= 1 << 19 {
            self.flush_object_stream()?;
        }
        Ok(())
    }

    /// Writes the object stream being gathered, if it holds anything.
    fn flush_object_stream(&mut self) -> io::Result<()> {
        if self.stream.objects.is_empty() {
            return Ok(());
        }
        let ObjectStream { head, body, objects } = std::mem::take(&mut self.stream);
        let id = self.reserve();
        for (index, obj) in objects.iter().enumerate() {
            self.slots[obj.get() as usize] = Slot::In(id.get() as u32, index as u32);
        }
        let first = head.len();
        let mut data = head.into_bytes();
        data.extend(body);
        let mut chunk = compact();
        chunk
            .stream(id, &deflate(&data))
            .filter(Filter::FlateDecode)
            .pair(Name(b"Type"), Name(b"ObjStm"))
            .pair(Name(b"N"), objects.len() as i32)
            .pair(Name(b"First"), first as i32);
        self.enqueue(id, &chunk)
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
                    self.slots[id.get() as usize] = Slot::At(self.out.written);
                    self.out.write_all(&bytes)?;
                    continue;
                }
                Queued::Stream(id, bbox) => (id, bbox),
            };
            let data = data.expect("a stream has its data");
            let mut chunk = compact();
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

    /// Adds one page; its content and its structure are written and forgotten at once.
    pub fn page(&mut self, page: &Page) -> io::Result<()> {
        if self.lang.is_none() {
            self.lang.clone_from(&page.lang);
        }
        let mut pen = Pen::default();
        let mut tags = Tags::new();
        self.draw(&mut pen, &mut tags, &page.items, page.height)?;
        tags.end(&mut pen.content);
        let contents = self.reserve();
        self.enqueue_stream(contents, None, pen.content.finish().into_vec())?;
        let id = self.reserve();
        // The page's own language where it is not the document's.
        let lang = page.lang.as_deref().filter(|l| Some(*l) != self.lang.as_deref());
        let key = self.write_tags(&tags, id, lang)?;
        let mut chunk = compact();
        let mut dict = chunk.page(id);
        dict.parent(PAGES)
            .media_box(Rect::new(0.0, 0.0, pt(page.width), pt(page.height)))
            .contents(contents)
            .pair(Name(b"Resources"), RESOURCES);
        if let Some(key) = key {
            dict.struct_parents(key);
        }
        dict.finish();
        self.enqueue(id, &chunk)?;
        self.pages.push(id);
        if self.pages.len().is_multiple_of(256) {
            // Forget groups no page holds any more: memory stays flat.
            self.groups.retain(|_, steps| steps.group.strong_count() > 0);
            self.plain_groups.retain(|_, (_, g)| g.strong_count() > 0);
        }
        Ok(())
    }

    /// Draws items into a page's content, marking each run of them as the
    /// structure around it says.
    fn draw(&mut self, pen: &mut Pen, tags: &mut Tags, items: &[Item], h: f32) -> io::Result<()> {
        let mut run: Vec<&Item> = Vec::new();
        for item in items {
            match item {
                Item::Open(tag) => {
                    self.draw_run(pen, tags, &mut run, h)?;
                    tags.open(tag);
                }
                Item::Close => {
                    self.draw_run(pen, tags, &mut run, h)?;
                    tags.close();
                }
                Item::Group(g) => {
                    self.draw_run(pen, tags, &mut run, h)?;
                    let mut entry = match self.groups.remove(&Arc::as_ptr(g)) {
                        Some(entry) if entry.group.strong_count() > 0 => entry,
                        _ => self.steps(g)?,
                    };
                    entry.uses += 1;
                    for step in entry.steps.iter_mut() {
                        match step {
                            Step::Open(tag) => tags.open(tag),
                            Step::Close => tags.close(),
                            Step::Run(run) => {
                                if run.form.is_none() && entry.uses > 1 && run.bytes > INLINE_BYTES {
                                    let mut scratch = Pen::default();
                                    for item in &run.items {
                                        self.item(&mut scratch, item, entry.height)?;
                                    }
                                    run.form = Some(self.form(entry.width, entry.height, scratch)?);
                                    run.items = Vec::new();
                                }
                                let mark = tags.target(run.text);
                                tags.mark(&mut pen.content, mark);
                                match run.form {
                                    Some(form) => {
                                        pen.content
                                            .save_state()
                                            .x_object(Name(format!("G{form}").as_bytes()))
                                            .restore_state();
                                    }
                                    None => {
                                        for item in &run.items {
                                            self.item(pen, item, entry.height)?;
                                        }
                                    }
                                }
                            }
                        }
                    }
                    self.groups.insert(Arc::as_ptr(g), entry);
                }
                Item::Placed { group, x, y, scale } => {
                    // Drawn in place, moved and scaled, so its structure joins the page's.
                    self.draw_run(pen, tags, &mut run, h)?;
                    tags.end(&mut pen.content);
                    let saved = pen.state();
                    let s = round(*scale);
                    pen.content
                        .save_state()
                        .transform([s, 0.0, 0.0, s, pt(*x), pt(h - (y + scale * group.height))]);
                    self.draw(pen, tags, &group.items, group.height)?;
                    tags.end(&mut pen.content);
                    pen.content.restore_state();
                    pen.restore(saved);
                }
                Item::WritingCell { .. } => {}
                drawn => run.push(drawn),
            }
        }
        self.draw_run(pen, tags, &mut run, h)
    }

    /// Draws a run of items that share one place in the structure.
    fn draw_run(&mut self, pen: &mut Pen, tags: &mut Tags, run: &mut Vec<&Item>, h: f32) -> io::Result<()> {
        if run.is_empty() {
            return Ok(());
        }
        let mark = tags.target(run.iter().any(|i| matches!(i, Item::Text { .. })));
        tags.mark(&mut pen.content, mark);
        for item in run.drain(..) {
            self.item(pen, item, h)?;
        }
        Ok(())
    }

    /// Draws one item as it looks, ignoring structure (inside a form).
    fn item(&mut self, pen: &mut Pen, item: &Item, h: f32) -> io::Result<()> {
        match item {
            Item::Group(g) => {
                let name = self.plain_group(g)?;
                pen.content
                    .save_state()
                    .x_object(Name(format!("G{name}").as_bytes()))
                    .restore_state();
            }
            Item::Placed { group, x, y, scale } => {
                let name = self.plain_group(group)?;
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

    /// A shared group cut into steps.
    fn steps(&mut self, g: &Arc<Group>) -> io::Result<Steps> {
        let mut steps = Steps {
            steps: Vec::new(),
            uses: 0,
            width: g.width,
            height: g.height,
            group: Arc::downgrade(g),
        };
        let mut run = Vec::new();
        self.group_steps(&g.items, &mut steps, &mut run)?;
        self.end_run(&mut steps, &mut run)?;
        Ok(steps)
    }

    fn group_steps<'i>(&mut self, items: &'i [Item], steps: &mut Steps, run: &mut Vec<&'i Item>) -> io::Result<()> {
        for item in items {
            match item {
                Item::Open(tag) => {
                    self.end_run(steps, run)?;
                    steps.steps.push(Step::Open((**tag).clone()));
                }
                Item::Close => {
                    self.end_run(steps, run)?;
                    steps.steps.push(Step::Close);
                }
                // A group inside a group is drawn in the same place: its items join in.
                Item::Group(inner) => self.group_steps(&inner.items, steps, run)?,
                Item::WritingCell { .. } => {}
                drawn => run.push(drawn),
            }
        }
        Ok(())
    }

    /// Ends a run of a group's items, measuring its content.
    fn end_run(&mut self, steps: &mut Steps, run: &mut Vec<&Item>) -> io::Result<()> {
        if run.is_empty() {
            return Ok(());
        }
        let text = run.iter().any(|i| matches!(i, Item::Text { .. }));
        let mut pen = Pen::default();
        for item in run.iter() {
            self.item(&mut pen, item, steps.height)?;
        }
        let items = run.drain(..).cloned().collect();
        steps.steps.push(Step::Run(Run {
            text,
            items,
            bytes: pen.content.len(),
            form: None,
        }));
        Ok(())
    }

    /// Writes what `pen` drew as a form `width` x `height` mm; returns its resource number.
    fn form(&mut self, width: f32, height: f32, pen: Pen) -> io::Result<usize> {
        let id = self.reserve();
        let bbox = Rect::new(0.0, 0.0, pt(width), pt(height));
        self.enqueue_stream(id, Some(bbox), pen.content.finish().into_vec())?;
        self.group_objects.push(id);
        Ok(self.group_objects.len() - 1)
    }

    /// The resource number of a group drawn whole inside a form, written the first time.
    fn plain_group(&mut self, g: &Arc<Group>) -> io::Result<usize> {
        if let Some((name, weak)) = self.plain_groups.get(&Arc::as_ptr(g))
            && weak.strong_count() > 0
        {
            return Ok(*name);
        }
        let mut pen = Pen::default();
        for item in &g.items {
            self.item(&mut pen, item, g.height)?;
        }
        let name = self.form(g.width, g.height, pen)?;
        self.plain_groups.insert(Arc::as_ptr(g), (name, Arc::downgrade(g)));
        Ok(name)
    }

    /// Writes a page's structure elements and the array naming the element
    /// of each of its marked contents, in one object stream; returns the
    /// page's key in the parent tree (None for a page of decoration only).
    fn write_tags(&mut self, tags: &Tags, page: Ref, lang: Option<&str>) -> io::Result<Option<i32>> {
        if tags.mcids.is_empty() {
            return Ok(None);
        }
        // Elements with nothing to read are left out; children come after their parents.
        let mut keep = vec![false; tags.nodes.len()];
        for (i, node) in tags.nodes.iter().enumerate().rev() {
            keep[i] = node.tag.alt.is_some()
                || node.kids.iter().any(|k| match k {
                    Kid::Mcid(_) => true,
                    Kid::Node(n) => keep[*n],
                });
        }
        // A table keeps its shape: an empty cell of a row read aloud is still a cell.
        for (i, node) in tags.nodes.iter().enumerate() {
            let cell = matches!(node.tag.role, Role::Cell | Role::ColumnHeader | Role::RowHeader);
            if cell && node.parent.is_some_and(|p| keep[p]) {
                keep[i] = true;
            }
        }
        let refs: Vec<Option<Ref>> = keep.iter().map(|k| k.then(|| self.reserve())).collect();
        let mut objects = Vec::new();
        for (i, node) in tags.nodes.iter().enumerate() {
            let Some(id) = refs[i] else { continue };
            let mut chunk = compact();
            let mut elem = chunk.indirect(id).start::<StructElement>();
            elem.kind(struct_role(node.tag.role));
            elem.parent(node.parent.and_then(|p| refs[p]).unwrap_or(DOCUMENT));
            if node.kids.iter().any(|k| matches!(k, Kid::Mcid(_))) {
                elem.page(page);
            }
            let kids: Vec<&Kid> = node
                .kids
                .iter()
                .filter(|k| !matches!(k, Kid::Node(n) if refs[*n].is_none()))
                .collect();
            match kids[..] {
                // One marked content, as most elements have: a number, not an array.
                [Kid::Mcid(m)] => {
                    elem.pair(Name(b"K"), *m);
                }
                _ => {
                    let mut list = elem.children();
                    for kid in kids {
                        match kid {
                            Kid::Mcid(m) => list.marked_content_id(*m),
                            Kid::Node(n) => list.struct_element(refs[*n].expect("kept")),
                        };
                    }
                }
            }
            if let Some(alt) = &node.tag.alt {
                elem.alt(TextStr(alt));
            }
            let lang = if i == 0 { lang } else { node.tag.lang.as_deref() };
            if let Some(lang) = lang {
                elem.lang(TextStr(lang));
            }
            let scope = match node.tag.role {
                Role::ColumnHeader => Some(TableHeaderScope::Column),
                Role::RowHeader => Some(TableHeaderScope::Row),
                _ => None,
            };
            if let Some(scope) = scope {
                elem.attributes().push().table().scope(scope);
            }
            elem.finish();
            objects.push((id, chunk));
        }
        let owners = self.reserve();
        let mut chunk = compact();
        chunk.indirect(owners).array().items(
            tags.mcids
                .iter()
                .map(|n| refs[*n].expect("an element with content is kept")),
        );
        objects.push((owners, chunk));
        self.object_stream(&objects)?;
        let key = self.parent_tree.len() as i32;
        self.parent_tree.push((key, owners));
        self.sections
            .push(refs[0].expect("a page with content keeps its section"));
        Ok(Some(key))
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
        let mut chunk = compact();
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

        let mut chunk = compact();
        chunk
            .pages(PAGES)
            .count(self.pages.len() as i32)
            .kids(self.pages.iter().copied());
        self.emit(PAGES, &chunk)?;
        let lang = self.lang.clone().unwrap_or_else(|| "en".to_string());
        self.write_structure_root()?;
        let metadata = self.reserve();
        let xmp = deflate(xmp(meta, &lang).as_bytes());
        let mut chunk = compact();
        chunk.metadata(metadata, &xmp).filter(Filter::FlateDecode);
        self.emit(metadata, &chunk)?;
        let mut chunk = compact();
        let mut catalog = chunk.indirect(CATALOG).start::<Catalog>();
        catalog.pages(PAGES).lang(TextStr(&lang)).metadata(metadata);
        catalog.pair(Name(b"StructTreeRoot"), STRUCT_ROOT);
        catalog.mark_info().marked(true);
        catalog.viewer_preferences().display_doc_title(true);
        catalog.finish();
        self.emit(CATALOG, &chunk)?;
        let info = self.reserve();
        let mut chunk = compact();
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
        let id = hash.finalize()[..16].to_vec();

        // The cross-reference stream, which is also the trailer: the
        // bookkeeping of a document written as it goes. Each entry is a type
        // (0 free, 1 at an offset, 2 in an object stream) and two numbers.
        let xref = self.reserve();
        let at = self.out.written;
        self.slots[xref.get() as usize] = Slot::At(at);
        // Fields as wide as the largest offset and index need.
        let entries: Vec<(u8, u64, u64)> = self
            .slots
            .iter()
            .map(|slot| match *slot {
                Slot::Free => (0, 0, 0),
                Slot::At(offset) => (1, offset, 0),
                Slot::In(stream, index) => (2, stream as u64, index as u64),
            })
            .collect();
        let bytes = |v: u64| (8 - v.leading_zeros() as usize / 8).max(1);
        let wide = bytes(entries.iter().map(|e| e.1).max().unwrap_or(0));
        let narrow = bytes(entries.iter().map(|e| e.2).max().unwrap_or(0));
        let mut table = Vec::with_capacity(entries.len() * (1 + wide + narrow));
        for (kind, a, b) in entries {
            table.push(kind);
            table.extend(&a.to_be_bytes()[8 - wide..]);
            table.extend(&b.to_be_bytes()[8 - narrow..]);
        }
        let data = deflate(&table);
        let mut chunk = compact();
        let mut stream = chunk.stream(xref, &data);
        stream
            .filter(Filter::FlateDecode)
            .pair(Name(b"Type"), Name(b"XRef"))
            .pair(Name(b"Size"), self.slots.len() as i32)
            .pair(Name(b"Root"), CATALOG)
            .pair(Name(b"Info"), info);
        stream.insert(Name(b"W")).array().items([1, wide as i32, narrow as i32]);
        stream.insert(Name(b"ID")).array().items([Str(&id), Str(&id)]);
        stream.finish();
        self.out.write_all(chunk.as_bytes())?;
        self.out.write_all(format!("startxref\n{at}\n%%EOF\n").as_bytes())?;
        self.out.flush()?;
        Ok(self.out.inner)
    }

    /// Writes the structure tree's root, its document element holding each
    /// page's section, and the parent tree, in one object stream.
    fn write_structure_root(&mut self) -> io::Result<()> {
        let mut chunk = compact();
        let mut root = chunk.indirect(STRUCT_ROOT).start::<StructTreeRoot>();
        root.child(DOCUMENT);
        let mut tree = root.parent_tree();
        let mut nums = tree.nums();
        for (key, owners) in &self.parent_tree {
            nums.insert(*key, *owners);
        }
        nums.finish();
        tree.finish();
        root.parent_tree_next_key(self.parent_tree.len() as i32);
        root.finish();
        let mut document = compact();
        document
            .indirect(DOCUMENT)
            .start::<StructElement>()
            .kind(StructRole::Document)
            .parent(STRUCT_ROOT)
            .children()
            .items(self.sections.iter().copied());
        self.object_stream(&[(STRUCT_ROOT, chunk), (DOCUMENT, document)])?;
        self.flush_object_stream()?;
        self.pump(true)
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

/// A chunk for an object stream: no padding, as it is never read by eye uncompressed.
fn compact() -> Chunk {
    Chunk::with_settings(Settings { pretty: false })
}

/// A chunk's one object without its `N 0 obj` and `endobj`, as an object stream holds it.
fn bare_object(bytes: &[u8]) -> &[u8] {
    let start = bytes.iter().position(|b| *b == b'\n').map_or(0, |i| i + 1);
    let end = bytes.windows(6).rposition(|w| w == b"endobj").unwrap_or(bytes.len());
    bytes[start..end].trim_ascii_end()
}

/// The XMP metadata: title, language, and the claim of PDF/UA-1.
fn xmp(meta: &Meta, lang: &str) -> String {
    let esc = |s: &str| {
        s.replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
            .replace('"', "&quot;")
    };
    format!(
        "<?xpacket begin=\"{bom}\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n\
<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">\n\
<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n\
<rdf:Description rdf:about=\"\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\" \
xmlns:pdf=\"http://ns.adobe.com/pdf/1.3/\" xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\" \
xmlns:pdfuaid=\"http://www.aiim.org/pdfua/ns/id/\">\n\
<dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">{title}</rdf:li></rdf:Alt></dc:title>\n\
<dc:language><rdf:Bag><rdf:li>{lang}</rdf:li></rdf:Bag></dc:language>\n\
<pdf:Producer>panicpress</pdf:Producer>\n\
<xmp:CreatorTool>panicpress</xmp:CreatorTool>\n\
<pdfuaid:part>1</pdfuaid:part>\n\
</rdf:Description>\n</rdf:RDF>\n</x:xmpmeta>\n<?xpacket end=\"r\"?>",
        title = esc(meta.title),
        lang = esc(lang),
        bom = '\u{FEFF}',
    )
}

/// The tagged-PDF name of a role (never asked for an artifact, which has none).
fn struct_role(role: Role) -> StructRole {
    match role {
        Role::Heading(1) => StructRole::H1,
        Role::Heading(2) => StructRole::H2,
        Role::Heading(3) => StructRole::H3,
        Role::Heading(4) => StructRole::H4,
        Role::Heading(5) => StructRole::H5,
        Role::Heading(_) => StructRole::H6,
        Role::Paragraph => StructRole::P,
        Role::List => StructRole::L,
        Role::ListItem => StructRole::LI,
        Role::Label => StructRole::Lbl,
        Role::ListBody => StructRole::LBody,
        Role::Table => StructRole::Table,
        Role::Row => StructRole::TR,
        Role::ColumnHeader | Role::RowHeader => StructRole::TH,
        Role::Cell => StructRole::TD,
        Role::Figure => StructRole::Figure,
        Role::Span => StructRole::Span,
        Role::Section => StructRole::Sect,
        // Decoration never becomes an element (see `Tags::open`).
        Role::Artifact => StructRole::NonStruct,
    }
}

/// How a run of drawn content is marked: decoration, or content of an element.
#[derive(Clone, Copy, PartialEq)]
enum Mark {
    Artifact,
    Content(usize),
}

enum Kid {
    Node(usize),
    Mcid(i32),
}

/// One structure element of the page being made.
struct Node {
    tag: Tag,
    parent: Option<usize>,
    kids: Vec<Kid>,
}

/// The structure of the page being made, built as its content is written:
/// element 0 is the page's section.
struct Tags {
    nodes: Vec<Node>,
    /// The elements open now, innermost last; None for decoration.
    open: Vec<Option<usize>>,
    /// How many of the open ones are decoration.
    artifacts: usize,
    /// The element each marked content (by MCID) belongs to.
    mcids: Vec<usize>,
    /// The marked content open in the content stream.
    marked: Option<Mark>,
    /// The paragraph that text outside any element goes to, until the structure changes.
    loose: Option<usize>,
}

impl Tags {
    fn new() -> Tags {
        Tags {
            nodes: vec![Node {
                tag: Tag::new(Role::Section),
                parent: None,
                kids: Vec::new(),
            }],
            open: Vec::new(),
            artifacts: 0,
            mcids: Vec::new(),
            marked: None,
            loose: None,
        }
    }

    fn current(&self) -> usize {
        self.open.iter().rev().find_map(|n| *n).unwrap_or(0)
    }

    fn add(&mut self, tag: Tag) -> usize {
        let parent = self.current();
        let id = self.nodes.len();
        self.nodes.push(Node {
            tag,
            parent: Some(parent),
            kids: Vec::new(),
        });
        self.nodes[parent].kids.push(Kid::Node(id));
        id
    }

    fn open(&mut self, tag: &Tag) {
        self.loose = None;
        if tag.role == Role::Artifact {
            self.artifacts += 1;
            self.open.push(None);
        } else {
            let id = self.add(tag.clone());
            self.open.push(Some(id));
        }
    }

    fn close(&mut self) {
        self.loose = None;
        if let Some(None) = self.open.pop() {
            self.artifacts -= 1;
        }
    }

    /// Where drawn content goes: a figure takes all it holds; shapes
    /// elsewhere are decoration; text outside any element makes a paragraph.
    fn target(&mut self, text: bool) -> Mark {
        if self.artifacts > 0 {
            return Mark::Artifact;
        }
        let figure = self
            .open
            .iter()
            .flatten()
            .find(|n| self.nodes[**n].tag.role == Role::Figure);
        if let Some(figure) = figure {
            return Mark::Content(*figure);
        }
        if !text {
            return Mark::Artifact;
        }
        let at = self.current();
        if at != 0
            && !matches!(
                self.nodes[at].tag.role,
                Role::Section | Role::List | Role::Table | Role::Row
            )
        {
            return Mark::Content(at);
        }
        let paragraph = match self.loose {
            Some(p) => p,
            None => self.add(Tag::new(Role::Paragraph)),
        };
        self.loose = Some(paragraph);
        Mark::Content(paragraph)
    }

    /// Opens marked content for `mark`, closing what was open unless it is the same.
    fn mark(&mut self, c: &mut Content, mark: Mark) {
        if self.marked == Some(mark) {
            return;
        }
        self.end(c);
        match mark {
            Mark::Artifact => {
                c.begin_marked_content(Name(b"Artifact"));
            }
            Mark::Content(n) => {
                let mcid = self.mcids.len() as i32;
                self.mcids.push(n);
                self.nodes[n].kids.push(Kid::Mcid(mcid));
                c.begin_marked_content_with_properties(struct_role(self.nodes[n].tag.role).to_name())
                    .properties()
                    .identify(mcid);
            }
        }
        self.marked = Some(mark);
    }

    fn end(&mut self, c: &mut Content) {
        if self.marked.take().is_some() {
            c.end_marked_content();
        }
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
            content: Content::with_settings(Settings { pretty: false }),
            fill: None,
            stroke: None,
            width: None,
            dash: None,
        }
    }
}

/// What a pen has set, to be set again after a restored graphics state.
type PenState = (Option<Colour>, Option<Colour>, Option<f32>, Option<Vec<f32>>);

impl Pen {
    fn state(&self) -> PenState {
        (self.fill, self.stroke, self.width, self.dash.clone())
    }

    fn restore(&mut self, (fill, stroke, width, dash): PenState) {
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

    /// Only the header, object streams and the cross-reference stream are
    /// written by hand: every object comes from pdf-writer, and a reader
    /// finds each one, in its object stream or where the stream says.
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
        let doc = lopdf::Document::load_mem(&bytes).expect("the PDF parses");
        let highest = doc.max_id;
        assert!(highest > 8, "{highest} objects");
        for n in 1..=highest {
            assert!(doc.get_object((n, 0)).is_ok(), "object {n} is found");
        }
        let root = doc.catalog().unwrap();
        assert!(root.get(b"StructTreeRoot").is_ok() && root.get(b"Lang").is_ok());
    }
}
