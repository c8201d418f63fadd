//! The writer that puts a document together: each page drawn, its structure
//! written and both forgotten at once; at the end the fonts, the shared
//! resources, the page tree, the structure tree's root, the catalog and the
//! cross-reference stream.

use pdf_writer::types::ProcSet;
use pdf_writer::writers::Resources;
use pdf_writer::{Finish, Name, Rect, Ref};
use std::io::{self, Write};

use super::content::Pen;
use super::draw::Drawing;
use super::font::FONT_NAMES;
use super::metadata::{Meta, write_catalog};
use super::objects::{Objects, PAGES, RESOURCES, compact};
use super::tags::{StructureTree, Tags};
use super::units::pt;
use crate::sheet::Page;

pub struct PdfWriter<W: Write> {
    objects: Objects<W>,
    drawing: Drawing,
    structure: StructureTree,
    pages: Vec<Ref>,
    /// The document's language: the first page's that has one.
    lang: Option<String>,
}

impl<W: Write> PdfWriter<W> {
    pub fn new(out: W) -> io::Result<PdfWriter<W>> {
        Ok(PdfWriter {
            objects: Objects::new(out)?,
            drawing: Drawing::new(),
            structure: StructureTree::default(),
            pages: Vec::new(),
            lang: None,
        })
    }

    /// Adds one page; its content and its structure are written and forgotten at once.
    pub fn page(&mut self, page: &Page) -> io::Result<()> {
        if self.lang.is_none() {
            self.lang.clone_from(&page.lang);
        }
        let mut pen = Pen::default();
        let mut tags = Tags::new();
        self.drawing
            .draw(&mut self.objects, &mut pen, &mut tags, &page.items, page.height)?;
        tags.end(&mut pen.content);
        let contents = self.objects.reserve();
        self.objects
            .enqueue_stream(contents, None, pen.content.finish().into_vec())?;
        let id = self.objects.reserve();
        // The page's own language where it is not the document's.
        let lang = page.lang.as_deref().filter(|l| Some(*l) != self.lang.as_deref());
        let key = self.structure.write_page(&mut self.objects, &tags, id, lang)?;
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
        self.objects.enqueue(id, &chunk)?;
        self.pages.push(id);
        if self.pages.len().is_multiple_of(256) {
            self.drawing.forget_unused_groups();
        }
        Ok(())
    }

    /// Writes the fonts, resources, page tree and trailer; returns the output.
    pub(crate) fn finish(mut self, meta: &Meta) -> io::Result<W> {
        self.objects.pump(true)?;
        let fonts = self.drawing.fonts.write(&mut self.objects)?;
        let mut chunk = compact();
        let mut res = chunk.indirect(RESOURCES).start::<Resources>();
        res.proc_sets([ProcSet::Pdf, ProcSet::Text]);
        let mut dict = res.fonts();
        for (index, id) in &fonts {
            dict.pair(Name(FONT_NAMES[*index]), *id);
        }
        dict.finish();
        let mut dict = res.x_objects();
        for (i, id) in self.drawing.forms.iter().enumerate() {
            dict.pair(Name(format!("G{i}").as_bytes()), *id);
        }
        dict.finish();
        res.finish();
        self.objects.emit(RESOURCES, &chunk)?;

        let mut chunk = compact();
        chunk
            .pages(PAGES)
            .count(self.pages.len() as i32)
            .kids(self.pages.iter().copied());
        self.objects.emit(PAGES, &chunk)?;
        let lang = self.lang.clone().unwrap_or_else(|| "en".to_string());
        self.structure.write_root(&mut self.objects)?;
        let info = write_catalog(&mut self.objects, meta, &lang)?;
        let id = meta.file_id(self.pages.len());
        self.objects.finish(info, &id)
    }
}
