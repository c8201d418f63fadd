//! One game's document: its sheets as PDF, SVG or PNG pages, its layout as
//! JSON, or a text preview, written to a file, a folder of pages or a stream.

use std::path::{Path, PathBuf};

use crate::error::{Error, Result};
use crate::games::request::GameRequest;
use crate::message::Msg;
use crate::output;
use crate::render::pdf::{Meta, PdfWriter};
use crate::seed::SheetCode;
use crate::sheet::{DocumentInfo, Page};
use crate::text::Texts;

/// What a document is written as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Pdf,
    /// The layout as JSON.
    Json,
    /// A terminal preview.
    Text,
    /// One SVG file per page.
    Svg,
    /// One PNG file per page, rendered from the SVG.
    Png,
}

impl Format {
    pub const NAMES: &'static [&'static str] = &["pdf", "json", "text", "svg", "png"];

    pub fn parse(name: &str) -> Result<Format> {
        Ok(match name {
            "pdf" => Format::Pdf,
            "json" => Format::Json,
            "text" => Format::Text,
            "svg" => Format::Svg,
            "png" => Format::Png,
            other => {
                return Err(crate::game::unknown_name("format", other, Format::NAMES));
            }
        })
    }

    /// The file name extension.
    pub(crate) fn ext(self) -> &'static str {
        match self {
            Format::Pdf => "pdf",
            Format::Json => "json",
            Format::Text => "txt",
            Format::Svg => "svg",
            Format::Png => "png",
        }
    }
}

/// Where the printed words come from.
#[derive(Debug, Clone, Default)]
pub struct TextOptions {
    /// Language of the printed texts; English when not given.
    pub lang: Option<String>,
    /// A folder of .tera files replacing the built-in texts of the same name.
    pub templates: Option<PathBuf>,
    /// A font file for characters the built-in fonts lack.
    pub font: Option<PathBuf>,
}

/// The texts to print in, with the font file added first.
pub fn texts(options: &TextOptions) -> Result<Texts> {
    if let Some(path) = &options.font {
        /// Large CJK fonts run to some 20 MiB.
        const MAX_FONT_BYTES: u64 = 64 * 1024 * 1024;
        let bytes = crate::config::read_bytes(path, MAX_FONT_BYTES)?;
        let file = path.display().to_string();
        crate::fonts::add_font(bytes).map_err(|why| Error::msg(why).within(file).within("font").at("font"))?;
    }
    crate::games::texts(options.lang.as_deref().unwrap_or("en"), options.templates.as_deref())
}

/// How one document is written.
#[derive(Debug, Clone)]
pub struct DocumentOptions {
    pub format: Format,
    /// Resolution of PNG pages.
    pub dpi: u32,
    /// Where to write (`-`: standard output); `None`: output/GAME-SEED.EXT.
    pub path: Option<PathBuf>,
    /// Small sheets to a page (1, 2 or 4).
    pub per_page: usize,
    /// A name to print on every page, as in a class pack.
    pub name: Option<String>,
    /// Shows progress for long documents.
    pub progress: bool,
}

/// What was written.
#[derive(Debug, Clone)]
pub struct Written {
    pub path: PathBuf,
    /// Pages drawn, for the formats that draw pages.
    pub pages: Option<usize>,
    /// The files as a person reads them: the path, or the first and last of
    /// numbered pages.
    pub shown: String,
    /// The sheet code of the set (for a run of many: the first).
    pub code: String,
}

/// Writes a request's document. Everything that can fail on bad settings is
/// checked before a file is made.
pub fn write_document(request: &GameRequest, texts: &Texts, options: &DocumentOptions) -> Result<Written> {
    request.check(texts)?;
    request.check_print()?;
    let format = options.format;
    let ext = format.ext();
    let path: PathBuf = match (&options.path, format) {
        (Some(p), _) => p.clone(),
        (None, Format::Text) => PathBuf::from("-"),
        (None, _) => Path::new(output::DEFAULT_DIR).join(document_file_name(request, texts.lang(), ext)?),
    };
    output::refuse_folder(&path)?;
    let per_page = options.per_page;
    let name = options.name.as_deref();
    let imposed = |emit: &mut dyn FnMut(Page) -> Result<()>| request.pages_imposed(texts, per_page, name, emit);
    let mut pages = None;
    match format {
        Format::Pdf => output::write_with(&path, |w| {
            pages = Some(write_pdf(w, options.progress && request.count() >= 100, imposed)?);
            Ok(())
        })?,
        Format::Json => output::write(&path, request.json()?.as_bytes())?,
        Format::Text => output::write(&path, request.preview(texts)?.as_bytes())?,
        Format::Svg | Format::Png => pages = Some(write_pictures(&path, format, options.dpi, imposed)?),
    }
    let shown = match (format, pages) {
        (Format::Svg | Format::Png, Some(n)) if n > 1 => {
            let stem = path.with_extension("").display().to_string();
            format!("{stem}-001.{ext} to {stem}-{n:03}.{ext}")
        }
        _ => path.display().to_string(),
    };
    Ok(Written {
        code: SheetCode::text_with_lang(&request.code()?, texts.lang()),
        path,
        pages,
        shown,
    })
}

/// `GAME-SEED-WHAT-DIFFERS.EXT`: the name a document is written or
/// downloaded under, alike from the command line and the web page.
pub fn document_file_name(request: &GameRequest, lang: &str, ext: &str) -> Result<String> {
    Ok(output::file_name(
        request.game(),
        &request.seed().file_stem(),
        &differs_from_defaults(request, lang)?,
        request.count(),
        ext,
    ))
}

/// What a request's code says that the game's defaults do not: settings that
/// differ, the paper and language when not A4 and English, the sheets when
/// not the default set.
fn differs_from_defaults(request: &GameRequest, lang: &str) -> Result<Vec<String>> {
    let code = SheetCode::parse(&request.code()?)?;
    let (mut out, sheets) = code_differs(request, &code);
    let paper = code.paper()?.name();
    if paper != "a4" {
        out.push(paper.to_string());
    }
    if lang != "en" {
        out.push(lang.to_string());
    }
    out.extend(sheets);
    Ok(out)
}

/// The parts of `code` (the request's) that its game's defaults do not
/// have: the settings that differ, and the sheets when not the default set.
pub(super) fn code_differs(request: &GameRequest, code: &SheetCode) -> (Vec<String>, Option<String>) {
    let default = request.default_settings();
    let default: Vec<&str> = default.split('-').collect();
    let settings = code
        .params
        .split('-')
        .filter(|p| !default.contains(p))
        .map(str::to_string)
        .collect();
    let sheets = (code.sheets != "default").then(|| code.sheets.clone());
    (settings, sheets)
}

/// Writes each page from `make` as its own SVG or PNG file, the set made
/// whole (see [`output::write_pages`]): a one-page document to `path` itself,
/// more pages to `NAME-001.svg`, `NAME-002.svg` ... beside it (`-` takes a
/// one-page document only). Returns the page count.
fn write_pictures(
    path: &Path,
    format: Format,
    dpi: u32,
    make: impl FnOnce(&mut dyn FnMut(Page) -> Result<()>) -> Result<DocumentInfo>,
) -> Result<usize> {
    let picture = |page: &Page| -> Result<Vec<u8>> {
        match format {
            Format::Png => crate::render::svg::page_png(page, dpi).map_err(Error::msg),
            _ => Ok(crate::render::svg::page_svg(page).into_bytes()),
        }
    };
    if !output::is_stdout(path) {
        return output::write_pages(path, |add| {
            make(&mut |page| add(&picture(&page)?))?;
            Ok(())
        });
    }
    let mut only: Option<Vec<u8>> = None;
    make(&mut |page| {
        if only.is_some() {
            return Err(Error::setting_msg(
                "format",
                crate::msg!("output.one_page", format = format.ext()),
            ));
        }
        only = Some(picture(&page)?);
        Ok(())
    })?;
    output::write(path, &only.unwrap_or_default())?;
    Ok(1)
}

/// Streams pages from `make` into a PDF on `out`; returns the page count.
pub fn write_pdf(
    out: &mut dyn std::io::Write,
    long: bool,
    make: impl FnOnce(&mut dyn FnMut(Page) -> Result<()>) -> Result<DocumentInfo>,
) -> Result<usize> {
    let io = |e: std::io::Error| Error::io(crate::msg!("output.pdf", why = crate::error::io_reason(&e)));
    let mut writer = PdfWriter::new(out).map_err(io)?;
    let mut count = 0;
    let progress = crate::progress::pages(long);
    let info = make(&mut |page| {
        count += 1;
        progress.inc(1);
        writer.page(&page).map_err(io)
    })?;
    progress.finish_and_clear();
    writer
        .finish(&Meta {
            title: &info.title,
            subject: &info.subject,
            id_source: &info.id_source,
        })
        .map_err(io)?;
    Ok(count)
}

/// The PDF of a game request with small sheets `per_page` to a page, as
/// the command line writes it.
pub fn write_imposed_pdf(
    out: &mut dyn std::io::Write,
    request: &GameRequest,
    texts: &Texts,
    per_page: usize,
) -> Result<usize> {
    write_pdf(out, false, |emit| request.pages_imposed(texts, per_page, None, emit))
}

/// A note when small sheets `per_page` to a page save no paper for these
/// requests (their small sheets do not fit a share, or fill as many pages).
pub fn per_page_note(requests: &[&GameRequest], texts: &Texts, per_page: usize) -> Result<Option<Msg>> {
    if per_page == 1 {
        return Ok(None);
    }
    let pages = |request: &GameRequest, per_page: usize| -> Result<usize> {
        let mut n = 0;
        request.pages_imposed(texts, per_page, None, &mut |_| {
            n += 1;
            Ok(())
        })?;
        Ok(n)
    };
    for request in requests {
        if pages(request, per_page)? < pages(request, 1)? {
            return Ok(None);
        }
    }
    let note = crate::msg!("output.per_page_no_gain", n = per_page);
    Ok(Some(crate::msg!("at", place = "per-page", message = note)))
}
