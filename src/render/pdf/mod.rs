//! Writes the page model as PDF, one page at a time, straight to the output.
//!
//! Objects are built with the `pdf-writer` crate, one `Chunk` per object,
//! and written the moment they are complete: a class pack or a 1,000-map run
//! never holds more than the page being made and the structure elements of
//! the object stream being gathered (512 KiB at most). Output is
//! byte-identical for identical input: no dates, objects numbered in order
//! of use, a trailer /ID derived from the document's identity.
//!
//! The parts, each below the ones that use it:
//! - `units`: millimetres to points;
//! - `objects`: numbering, writing and compressing objects, object streams
//!   and the cross-reference stream;
//! - `font`: the glyphs used and the subset fonts;
//! - `content`: a content stream's paths and text;
//! - `tags`: the structure tree (tagged PDF, PDF/UA-1);
//! - `draw`: a page's items drawn and marked, shared groups as forms;
//! - `metadata`: the catalog, document information, XMP and file identifier;
//! - `writer`: [`PdfWriter`], which puts them together.

mod content;
mod draw;
mod font;
mod metadata;
mod objects;
mod tags;
mod units;
mod writer;

pub use metadata::Meta;
pub use writer::PdfWriter;

use crate::sheet::Document;

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
    use crate::fonts::FontRole;
    use crate::sheet::{Align, Page};

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
