//! Turns a [`Document`] into PDF bytes with printpdf. This is the only module
//! that knows printpdf; it also makes the bytes reproducible (fixed resource
//! ids, no dates, a trailer /ID derived from the content).

use printpdf::{
    Color, FontId, Greyscale, Line, LineDashPattern, LinePoint, Mm, Op, PaintMode,
    ParsedFont, PdfDocument, PdfFontHandle, PdfPage, PdfSaveOptions, Point, Polygon, PolygonRing,
    Pt, Rgb, TextItem, TextMatrix, WindingOrder,
};
use sha2::{Digest, Sha256};
use std::sync::OnceLock;

use crate::fonts::{self, FontRole};
use crate::sheet::{Align, Colour, Document, Item, Page, Stroke};

const MM_TO_PT: f32 = 72.0 / 25.4;

/// Our own font resource names: printpdf's are random per process. The first
/// six letters also become the subset tag in /BaseFont.
fn font_id(role: FontRole) -> FontId {
    FontId(
        match role {
            FontRole::Regular => "PPRDJV",
            FontRole::Bold => "PPBDJV",
        }
        .to_string(),
    )
}

fn parsed_font(role: FontRole) -> &'static ParsedFont {
    static REGULAR: OnceLock<ParsedFont> = OnceLock::new();
    static BOLD: OnceLock<ParsedFont> = OnceLock::new();
    let cell = match role {
        FontRole::Regular => &REGULAR,
        FontRole::Bold => &BOLD,
    };
    cell.get_or_init(|| {
        ParsedFont::from_bytes(role.bytes(), 0, &mut Vec::new()).expect("embedded font parses")
    })
}

/// Rounds to 1/100 pt: finer than any printer, and keeps content streams short.
fn pt(mm: f32) -> Pt {
    Pt((mm * MM_TO_PT * 100.0).round() / 100.0)
}

fn colour(c: Colour) -> Color {
    match c {
        Colour::Grey(g) => Color::Greyscale(Greyscale::new(g, None)),
        Colour::Rgb(r, g, b) => Color::Rgb(Rgb::new(r, g, b, None)),
    }
}

/// Tracks the graphics state already set, so that repeated settings are not written again.
#[derive(Default)]
struct State {
    fill: Option<Colour>,
    stroke: Option<Colour>,
    width: Option<f32>,
    dash: Option<Vec<f32>>,
}

struct PageWriter {
    height: f32,
    ops: Vec<Op>,
    state: State,
}

impl PageWriter {
    fn point(&self, (x, y): (f32, f32)) -> Point {
        Point {
            x: pt(x),
            y: pt(self.height - y),
        }
    }

    fn set_fill(&mut self, c: Colour) {
        if self.state.fill != Some(c) {
            self.ops.push(Op::SetFillColor { col: colour(c) });
            self.state.fill = Some(c);
        }
    }

    fn set_stroke(&mut self, s: &Stroke) {
        if self.state.stroke != Some(s.colour) {
            self.ops.push(Op::SetOutlineColor { col: colour(s.colour) });
            self.state.stroke = Some(s.colour);
        }
        if self.state.width != Some(s.width_pt) {
            self.ops.push(Op::SetOutlineThickness { pt: Pt(s.width_pt) });
            self.state.width = Some(s.width_pt);
        }
        if self.state.dash.as_ref() != Some(&s.dash) {
            self.ops.push(Op::SetLineDashPattern {
                dash: LineDashPattern::new(0.0, &s.dash),
            });
            self.state.dash = Some(s.dash.clone());
        }
    }

    fn path(&mut self, points: Vec<LinePoint>, closed: bool, stroke: Option<&Stroke>, fill: Option<Colour>) {
        if let Some(f) = fill {
            self.set_fill(f);
        }
        if let Some(s) = stroke {
            self.set_stroke(s);
        }
        let mode = match (stroke.is_some(), fill.is_some()) {
            (true, true) => PaintMode::FillStroke,
            (false, true) => PaintMode::Fill,
            (true, false) if !closed => {
                self.ops.push(Op::DrawLine {
                    line: Line {
                        points,
                        is_closed: false,
                    },
                });
                return;
            }
            (true, false) => PaintMode::Stroke,
            (false, false) => return,
        };
        self.ops.push(Op::DrawPolygon {
            polygon: Polygon {
                rings: vec![PolygonRing { points }],
                mode,
                winding_order: WindingOrder::NonZero,
            },
        });
    }

    fn corner(&self, p: (f32, f32)) -> LinePoint {
        LinePoint {
            p: self.point(p),
            bezier: false,
        }
    }

    fn control(&self, p: (f32, f32)) -> LinePoint {
        LinePoint {
            p: self.point(p),
            bezier: true,
        }
    }

    fn item(&mut self, item: &Item) {
        match item {
            Item::Line { from, to, stroke } => {
                let pts = vec![self.corner(*from), self.corner(*to)];
                self.path(pts, false, Some(stroke), None);
            }
            Item::Rect {
                x,
                y,
                w,
                h,
                stroke,
                fill,
            } => {
                let pts = [(*x, *y), (x + w, *y), (x + w, y + h), (*x, y + h)]
                    .into_iter()
                    .map(|p| self.corner(p))
                    .collect();
                self.path(pts, true, stroke.as_ref(), *fill);
            }
            Item::Circle {
                cx,
                cy,
                r,
                stroke,
                fill,
            } => {
                // Four cubic béziers; k places the handles for the best circle fit.
                let k = 0.552_284_8 * r;
                let (cx, cy, r) = (*cx, *cy, *r);
                let pts = vec![
                    self.corner((cx + r, cy)),
                    self.control((cx + r, cy + k)),
                    self.control((cx + k, cy + r)),
                    self.corner((cx, cy + r)),
                    self.control((cx - k, cy + r)),
                    self.control((cx - r, cy + k)),
                    self.corner((cx - r, cy)),
                    self.control((cx - r, cy - k)),
                    self.control((cx - k, cy - r)),
                    self.corner((cx, cy - r)),
                    self.control((cx + k, cy - r)),
                    self.control((cx + r, cy - k)),
                    self.corner((cx + r, cy)),
                ];
                self.path(pts, true, stroke.as_ref(), *fill);
            }
            Item::Polygon {
                points,
                stroke,
                fill,
            } => {
                let pts = points.iter().map(|p| self.corner(*p)).collect();
                self.path(pts, true, stroke.as_ref(), *fill);
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
            } => {
                let width = fonts::metrics(*font).width_mm(text, *size_pt);
                let shift = match align {
                    Align::Left => 0.0,
                    Align::Centre => width / 2.0,
                    Align::Right => width,
                };
                self.set_fill(*c);
                let matrix = if *rotated {
                    let p = self.point((*x, y + shift));
                    TextMatrix::TranslateRotate(p.x, p.y, 90.0)
                } else {
                    let p = self.point((x - shift, *y));
                    TextMatrix::Translate(p.x, p.y)
                };
                self.ops.push(Op::StartTextSection);
                self.ops.push(Op::SetFont {
                    font: PdfFontHandle::External(font_id(*font)),
                    size: Pt(*size_pt),
                });
                self.ops.push(Op::SetTextMatrix { matrix });
                self.ops.push(Op::ShowText {
                    items: vec![TextItem::Text(text.clone())],
                });
                self.ops.push(Op::EndTextSection);
            }
        }
    }
}

fn page_ops(page: &Page) -> PdfPage {
    let mut w = PageWriter {
        height: page.height,
        ops: Vec::with_capacity(page.items.len() * 3),
        state: State::default(),
    };
    for item in &page.items {
        w.item(item);
    }
    PdfPage::new(Mm(page.width), Mm(page.height), w.ops)
}

/// Renders the document to PDF bytes: identical input, identical bytes.
pub fn render(doc: &Document) -> Vec<u8> {
    let mut pdf = PdfDocument::new(&doc.title);
    pdf.metadata.info.subject = doc.subject.clone();
    pdf.metadata.info.producer = "panicpress".to_string();
    pdf.metadata.info.creator = "panicpress".to_string();
    for role in FontRole::ALL {
        pdf.resources
            .fonts
            .map
            .insert(font_id(role), printpdf::PdfFont::new(parsed_font(role).clone()));
    }
    pdf.pages = doc.pages.iter().map(page_ops).collect();

    let opts = PdfSaveOptions {
        optimize: true,
        subset_fonts: true,
        secure: true,
        image_optimization: None,
    };
    let mut warnings = Vec::new();
    let mut lo = printpdf::to_lopdf_doc(&pdf, &opts, &mut warnings);
    drop(pdf);
    make_reproducible(&mut lo, doc);
    lo.compress();
    let mut out = Vec::new();
    lo.save_to(&mut out).expect("writing to memory cannot fail");
    out
}

/// Drops the dated and PDF/X entries printpdf writes, and sets a trailer /ID
/// from the document's own identity, so that the same input gives the same bytes.
fn make_reproducible(lo: &mut lopdf::Document, doc: &Document) {
    if let Ok(info_ref) = lo.trailer.get(b"Info").and_then(|o| o.as_reference()) {
        if let Ok(info) = lo.get_dictionary_mut(info_ref) {
            for key in [
                "GTS_PDFXVersion",
                "Trapped",
                "CreationDate",
                "ModDate",
                "Identifier",
                "Keywords",
                "Author",
            ] {
                info.remove(key.as_bytes());
            }
        }
    }
    let mut hash = Sha256::new();
    hash.update(doc.title.as_bytes());
    hash.update([0]);
    hash.update(doc.subject.as_bytes());
    hash.update([0]);
    hash.update(doc.id_source.as_bytes());
    hash.update((doc.pages.len() as u64).to_le_bytes());
    let id: Vec<u8> = hash.finalize()[..16].to_vec();
    lo.trailer.set(
        "ID",
        lopdf::Object::Array(vec![
            lopdf::Object::String(id.clone(), lopdf::StringFormat::Hexadecimal),
            lopdf::Object::String(id, lopdf::StringFormat::Hexadecimal),
        ]),
    );
}
