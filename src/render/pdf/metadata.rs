//! What the document says of itself: its title, subject and language in the
//! document information and the XMP metadata (with the claim of PDF/UA-1),
//! the catalog that opens it, and the file identifier.

use pdf_writer::writers::{Catalog, DocumentInfo};
use pdf_writer::{Filter, Finish, Name, Ref, TextStr};
use sha2::{Digest, Sha256};
use std::io::{self, Write};

use super::objects::{CATALOG, Objects, PAGES, STRUCT_ROOT, compact, deflate};

/// Document-level facts written at the end.
pub struct Meta<'a> {
    pub title: &'a str,
    pub subject: &'a str,
    /// What makes the document unique (e.g. its sheet codes); hashed into /ID.
    pub id_source: &'a str,
}

impl Meta<'_> {
    /// The file identifier: derived from the document's identity and length,
    /// never from the time, so the same input gives the same bytes.
    pub(super) fn file_id(&self, pages: usize) -> Vec<u8> {
        let mut hash = Sha256::new();
        for part in [self.title, self.subject, self.id_source] {
            hash.update(part.as_bytes());
            hash.update([0]);
        }
        hash.update((pages as u64).to_le_bytes());
        hash.finalize()[..16].to_vec()
    }
}

/// Writes the XMP metadata, the catalog and the document information, the
/// document in `lang`; returns the document information's object.
pub(super) fn write_catalog(objects: &mut Objects<impl Write>, meta: &Meta, lang: &str) -> io::Result<Ref> {
    let metadata = objects.reserve();
    let xmp = deflate(xmp(meta, lang).as_bytes());
    let mut chunk = compact();
    chunk.metadata(metadata, &xmp).filter(Filter::FlateDecode);
    objects.emit(metadata, &chunk)?;
    let mut chunk = compact();
    let mut catalog = chunk.indirect(CATALOG).start::<Catalog>();
    catalog.pages(PAGES).lang(TextStr(lang)).metadata(metadata);
    catalog.pair(Name(b"StructTreeRoot"), STRUCT_ROOT);
    catalog.mark_info().marked(true);
    catalog.viewer_preferences().display_doc_title(true);
    catalog.finish();
    objects.emit(CATALOG, &chunk)?;
    let info = objects.reserve();
    let mut chunk = compact();
    chunk
        .indirect(info)
        .start::<DocumentInfo>()
        .title(TextStr(meta.title))
        .subject(TextStr(meta.subject))
        .creator(TextStr("panicpress"))
        .producer(TextStr("panicpress"));
    objects.emit(info, &chunk)?;
    Ok(info)
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
