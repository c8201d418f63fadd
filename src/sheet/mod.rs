//! A game-neutral page model in millimetres, origin at the top-left corner of
//! the paper, y growing downwards. Games describe what to draw here; renderers
//! (PDF, tests) turn it into output without knowing any game.

pub mod icons;
pub mod impose;

pub use impose::share_cell_mm;

use crate::fonts::{self, FontRole};
use std::sync::Arc;

/// Paper sizes the tool prints on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Paper {
    A4,
    Letter,
    /// Half or a quarter of a sheet of A4 or Letter, for small sheets printed
    /// two or four to a page: laid out at this size, they print at full size.
    /// Never named in a code or a file: their codes name the whole sheet.
    #[serde(skip)]
    A4Half,
    #[serde(skip)]
    A4Quarter,
    #[serde(skip)]
    LetterHalf,
    #[serde(skip)]
    LetterQuarter,
}

impl Paper {
    pub(crate) fn size_mm(self) -> (f32, f32) {
        match self {
            Paper::A4 => (210.0, 297.0),
            Paper::Letter => (215.9, 279.4),
            share => {
                let (w, h) = share_cell_mm(share.whole(), share.per_page());
                (w + 2.0 * MARGIN_MM, h + 2.0 * MARGIN_MM)
            }
        }
    }

    pub fn name(self) -> &'static str {
        match self.whole() {
            Paper::Letter => "letter",
            _ => "a4",
        }
    }

    /// The sheet this paper is a share of (itself for a whole sheet).
    pub fn whole(self) -> Paper {
        match self {
            Paper::A4 | Paper::A4Half | Paper::A4Quarter => Paper::A4,
            Paper::Letter | Paper::LetterHalf | Paper::LetterQuarter => Paper::Letter,
        }
    }

    /// How many of this paper share one sheet.
    pub fn per_page(self) -> usize {
        match self {
            Paper::A4 | Paper::Letter => 1,
            Paper::A4Half | Paper::LetterHalf => 2,
            Paper::A4Quarter | Paper::LetterQuarter => 4,
        }
    }

    /// A half (2) or a quarter (4) of this paper's sheet; the sheet itself for 1.
    pub fn share(self, per_page: usize) -> Paper {
        match (self.whole(), per_page) {
            (Paper::A4, 2) => Paper::A4Half,
            (Paper::A4, 4) => Paper::A4Quarter,
            (Paper::Letter, 2) => Paper::LetterHalf,
            (Paper::Letter, 4) => Paper::LetterQuarter,
            (whole, _) => whole,
        }
    }

    pub fn parse(s: &str) -> Option<Paper> {
        match s.to_ascii_lowercase().as_str() {
            "a4" => Some(Paper::A4),
            "letter" | "us-letter" => Some(Paper::Letter),
            _ => None,
        }
    }
}

/// How sheets are printed: the standard sheets, or large print for players
/// who cannot read small type. A layout parameter, never part of the game:
/// the same code makes the same game in either style. The sheet standards'
/// least sizes are functions of it, so sheets ask it instead of fixing numbers.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Style {
    #[default]
    Standard,
    /// Text at least 14 pt, boxes to write in at least 12 mm, heavier lines,
    /// hatching instead of grey.
    Large,
}

impl Style {
    pub fn large(on: bool) -> Style {
        if on { Style::Large } else { Style::Standard }
    }

    pub(crate) fn is_large(self) -> bool {
        self == Style::Large
    }

    /// The smallest printed text at print size.
    pub(crate) fn min_text_pt(self) -> f32 {
        match self {
            Style::Standard => 7.0,
            Style::Large => 14.0,
        }
    }

    /// The smallest footer text (the sheet code): smaller only in the standard style.
    pub(crate) fn min_footer_pt(self) -> f32 {
        match self {
            Style::Standard => 6.0,
            Style::Large => 14.0,
        }
    }

    /// The least height of a box to write in, at print size.
    pub(crate) fn min_writing_mm(self) -> f32 {
        match self {
            Style::Standard => 8.0,
            Style::Large => 12.0,
        }
    }

    /// The least width of a box to write in: room for a two-digit number.
    pub(crate) fn min_writing_width_mm(self) -> f32 {
        match self {
            Style::Standard => 7.0,
            Style::Large => 10.0,
        }
    }

    /// A text size asked for, raised to the style's smallest.
    pub(crate) fn text_pt(self, size_pt: f32) -> f32 {
        match self {
            Style::Standard => size_pt,
            Style::Large => size_pt.max(self.min_text_pt()),
        }
    }

    /// How much heavier lines are drawn.
    pub(crate) fn line_factor(self) -> f32 {
        match self {
            Style::Standard => 1.0,
            Style::Large => 1.6,
        }
    }

    /// Lines this thick or thicker are frames and walls, which text must not cross.
    pub(crate) fn thick_pt(self) -> f32 {
        1.2 * self.line_factor()
    }

    /// A stroke as this style draws it: heavier, and grey darkened so a
    /// black-and-white copier keeps it.
    pub(crate) fn stroke(self, mut stroke: Stroke) -> Stroke {
        if self.is_large() {
            stroke.width_pt *= self.line_factor();
            stroke.colour = match stroke.colour {
                Colour::Grey(g) => Colour::Grey(g.min(0.35)),
                other => other,
            };
        }
        stroke
    }
}

/// Grey this light or lighter only sets text off (a table's header row):
/// large print leaves it white, as hatching behind text is hard to read;
/// darker grey means something and is hatched.
const BACKGROUND_GREY: f32 = 0.88;

/// The smallest printed text of the standard style (sheet standards): 7 pt at print size.
pub const MIN_TEXT_PT: f32 = 7.0;
/// The least height of a box to write in (sheet standards), at print size.
pub const MIN_WRITING_MM: f32 = 8.0;
/// Lines this thick or thicker are frames and walls, which text must not cross.
pub const THICK_PT: f32 = 1.2;
/// The least width of a box to write in: room for a two-digit number.
pub const MIN_WRITING_WIDTH_MM: f32 = 7.0;
/// The least side of a box that is only ticked, never written in (sheet
/// standards: plainly a tick box, at least this big).
pub const MIN_TICK_MM: f32 = 5.0;

/// `text` on one line when it fits `max_w` at `size_pt`, else split at the
/// space that makes the two lines most even.
pub(crate) fn balanced_lines(text: &str, font: FontRole, size_pt: f32, max_w: f32) -> Vec<String> {
    let m = fonts::metrics(font);
    if m.width_mm(text, size_pt) <= max_w || !text.contains([' ', '-']) {
        return vec![text.to_string()];
    }
    // Split after a space or a hyphen, whichever gives the narrower wider line.
    let cuts = text.char_indices().filter(|(_, c)| *c == ' ' || *c == '-');
    let best = cuts
        .map(|(i, c)| {
            let (a, b) = if c == '-' {
                text.split_at(i + 1)
            } else {
                (&text[..i], &text[i + 1..])
            };
            let wider = m.width_mm(a, size_pt).max(m.width_mm(b, size_pt));
            (wider, a.to_string(), b.to_string())
        })
        .min_by(|x, y| x.0.total_cmp(&y.0));
    match best {
        Some((_, a, b)) => vec![a, b],
        None => vec![text.to_string()],
    }
}

/// Nothing is drawn closer than this to the paper edge, so home printers keep it all.
pub const MARGIN_MM: f32 = 10.0;

/// A colour; black-and-white first, so meaning never rests on colour alone.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Colour {
    Grey(f32),
    Rgb(f32, f32, f32),
}

impl Colour {
    pub const BLACK: Colour = Colour::Grey(0.0);
    pub const WHITE: Colour = Colour::Grey(1.0);
    /// Okabe–Ito blue and vermillion: distinguishable with colour-blindness and in grey.
    pub const BLUE: Colour = Colour::Rgb(0.0, 0.447, 0.698);
    pub const VERMILLION: Colour = Colour::Rgb(0.835, 0.369, 0.0);
}

#[derive(Debug, Clone, PartialEq)]
pub struct Stroke {
    pub width_pt: f32,
    pub colour: Colour,
    /// Dash and gap lengths in points; empty for a solid line.
    pub dash: Vec<f32>,
}

impl Stroke {
    pub(crate) fn solid(width_pt: f32) -> Stroke {
        Stroke {
            width_pt,
            colour: Colour::BLACK,
            dash: Vec::new(),
        }
    }

    pub(crate) fn dashed(width_pt: f32, dash: &[f32]) -> Stroke {
        Stroke {
            dash: dash.to_vec(),
            ..Stroke::solid(width_pt)
        }
    }

    pub(crate) fn coloured(mut self, colour: Colour) -> Stroke {
        self.colour = colour;
        self
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    Left,
    Centre,
    Right,
}

impl Align {
    /// How far left of its anchor a line `width` mm wide starts.
    pub(crate) fn shift(self, width: f32) -> f32 {
        match self {
            Align::Left => 0.0,
            Align::Centre => width / 2.0,
            Align::Right => width,
        }
    }
}

/// One thing drawn on a page. Coordinates in mm from the top-left corner.
#[derive(Debug, Clone, PartialEq)]
pub enum Item {
    Line {
        from: (f32, f32),
        to: (f32, f32),
        stroke: Stroke,
    },
    Rect {
        x: f32,
        y: f32,
        w: f32,
        h: f32,
        stroke: Option<Stroke>,
        fill: Option<Colour>,
    },
    Circle {
        cx: f32,
        cy: f32,
        r: f32,
        stroke: Option<Stroke>,
        fill: Option<Colour>,
    },
    Polygon {
        points: Vec<(f32, f32)>,
        stroke: Option<Stroke>,
        fill: Option<Colour>,
    },
    /// A single line of text; `y` is the baseline. `rotated` turns it 90° to read
    /// bottom to top, with (x, y) the start of the baseline.
    Text {
        x: f32,
        y: f32,
        size_pt: f32,
        font: FontRole,
        align: Align,
        colour: Colour,
        rotated: bool,
        text: String,
    },
    /// Items shared by many pages (a grid, a table, a legend): renderers may
    /// store them once. Drawn in place, in the page's coordinates.
    Group(Arc<Group>),
    /// A group drawn scaled by `scale` with its top-left corner at (x, y): a
    /// whole page made small, to print several on one sheet.
    Placed {
        group: Arc<Group>,
        x: f32,
        y: f32,
        scale: f32,
    },
    /// A box players write in (drawn by the items around it; nothing of its
    /// own): declared so the sheet standards can check its height.
    WritingCell {
        x: f32,
        y: f32,
        w: f32,
        h: f32,
    },
    /// What the items up to the matching [`Item::Close`] are, for a reader
    /// that cannot see them (a screen reader follows these in order).
    Open(Box<Tag>),
    Close,
}

/// What a part of a page is to a reader: the roles of tagged PDF.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// A part of the document: each page is one.
    Section,
    /// A heading of level 1 (the page title) to 6.
    Heading(u8),
    Paragraph,
    List,
    ListItem,
    /// A list item's label (its bullet, number or symbol) and its body.
    Label,
    ListBody,
    Table,
    Row,
    /// A header cell for the cells below it (column) or beside it (row).
    ColumnHeader,
    RowHeader,
    Cell,
    /// A picture: read as its alternative text, never its drawn pieces.
    Figure,
    /// A stretch of text inside a paragraph (a name in its own language).
    Span,
    /// Decoration only (cut lines, rulers, shading, frames): not read at all.
    Artifact,
}

/// A role with what a reader needs besides the drawn content.
#[derive(Debug, Clone, PartialEq)]
pub struct Tag {
    pub role: Role,
    /// Words read instead of the content (a figure's description).
    pub alt: Option<String>,
    /// The language of the content when it is not the page's (BCP 47: "ar", "he").
    pub lang: Option<String>,
}

impl Tag {
    pub fn new(role: Role) -> Tag {
        Tag {
            role,
            alt: None,
            lang: None,
        }
    }

    pub(crate) fn with_alt(mut self, alt: impl Into<String>) -> Tag {
        self.alt = Some(alt.into());
        self
    }

    pub(crate) fn with_lang(mut self, lang: Option<&str>) -> Tag {
        self.lang = lang.map(str::to_string);
        self
    }
}

/// The language a name's script shows (BCP 47), where the script tells one;
/// None for Latin script and digits, which the document's language covers.
pub(crate) fn script_lang(text: &str) -> Option<&'static str> {
    // Kana marks Japanese even among Han characters; Han alone is taken as Chinese.
    if text
        .chars()
        .any(|c| matches!(c, '\u{3040}'..='\u{30FF}' | '\u{31F0}'..='\u{31FF}'))
    {
        return Some("ja");
    }
    text.chars().find_map(|c| match c {
        '\u{0370}'..='\u{03FF}' | '\u{1F00}'..='\u{1FFF}' => Some("el"),
        '\u{0400}'..='\u{052F}' => Some("ru"),
        '\u{0530}'..='\u{058F}' => Some("hy"),
        '\u{0590}'..='\u{05FF}' | '\u{FB1D}'..='\u{FB4F}' => Some("he"),
        '\u{0600}'..='\u{06FF}' | '\u{0750}'..='\u{077F}' | '\u{FB50}'..='\u{FDFF}' | '\u{FE70}'..='\u{FEFF}' => {
            Some("ar")
        }
        '\u{0900}'..='\u{097F}' => Some("hi"),
        '\u{0980}'..='\u{09FF}' => Some("bn"),
        '\u{0B80}'..='\u{0BFF}' => Some("ta"),
        '\u{0E00}'..='\u{0E7F}' => Some("th"),
        '\u{10A0}'..='\u{10FF}' => Some("ka"),
        '\u{1100}'..='\u{11FF}' | '\u{3130}'..='\u{318F}' | '\u{AC00}'..='\u{D7AF}' => Some("ko"),
        '\u{4E00}'..='\u{9FFF}' | '\u{3400}'..='\u{4DBF}' => Some("zh"),
        _ => None,
    })
}

/// A named set of items drawn identically on several pages, in the
/// coordinates of a page `width` x `height` mm.
#[derive(Debug, Clone, PartialEq)]
pub struct Group {
    pub name: String,
    pub width: f32,
    pub height: f32,
    pub items: Vec<Item>,
}

impl Group {
    /// A page's items as a group of the page's size.
    pub(crate) fn from_page(name: &str, page: Page) -> Group {
        Group {
            name: name.to_string(),
            width: page.width,
            height: page.height,
            items: page.items,
        }
    }
}

/// One printed page.
#[derive(Debug, Clone, PartialEq)]
pub struct Page {
    pub width: f32,
    pub height: f32,
    pub items: Vec<Item>,
    /// The language of the page's texts (BCP 47), when known.
    pub lang: Option<String>,
    /// How the page is printed: what is drawn on it follows its style.
    pub style: Style,
}

/// Where pages go as soon as they are drawn (a PDF writer, a test's list).
pub type Emit<'a> = dyn FnMut(Page) -> crate::error::Result<()> + 'a;

/// A document's title, subject and identity (hashed into the PDF's /ID).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DocumentInfo {
    pub title: String,
    pub subject: String,
    pub id_source: String,
}

impl DocumentInfo {
    /// Title and subject naming the game and its sheet codes: the code itself
    /// for one layout, or how many and the first and last for a run.
    pub(crate) fn for_codes(game: &str, codes: Codes, what: &str) -> DocumentInfo {
        let (title, subject) = match codes.count {
            0 => (game.to_string(), game.to_string()),
            1 => (
                format!("{game}: {}", codes.first()),
                format!("{game} {}", codes.first()),
            ),
            n => (
                format!("{game}: {n} {what}"),
                format!("{game}: {n} {what}, {} to {}", codes.first(), codes.last()),
            ),
        };
        DocumentInfo {
            title,
            subject,
            id_source: codes.joined,
        }
    }
}

/// The sheet codes of a run, gathered as its pages are made: kept as one text
/// (they make the document's /ID), so ten thousand layouts cost one string.
#[derive(Debug, Clone, Default)]
pub struct Codes {
    /// Every code, one per line.
    joined: String,
    first_end: usize,
    last_start: usize,
    count: usize,
}

impl Codes {
    pub fn one(code: &str) -> Codes {
        let mut codes = Codes::default();
        codes.push(code);
        codes
    }

    pub fn push(&mut self, code: &str) {
        if self.count > 0 {
            self.joined.push('\n');
        }
        self.last_start = self.joined.len();
        self.joined.push_str(code);
        if self.count == 0 {
            self.first_end = self.joined.len();
        }
        self.count += 1;
    }

    fn first(&self) -> &str {
        &self.joined[..self.first_end]
    }

    fn last(&self) -> &str {
        &self.joined[self.last_start..]
    }
}

/// One document made of several, gathered part by part: the first's title and
/// subject with how many follow, every part's identity.
#[derive(Debug, Default)]
pub struct Parts {
    first: Option<DocumentInfo>,
    /// Every part's identity, one after another on its own lines.
    id_source: String,
    count: usize,
}

impl Parts {
    pub fn push(&mut self, part: DocumentInfo) {
        if self.count > 0 {
            self.id_source.push('\n');
        }
        self.id_source.push_str(&part.id_source);
        self.count += 1;
        // The first part's identity is already in `id_source`.
        self.first.get_or_insert(DocumentInfo {
            id_source: String::new(),
            ..part
        });
    }

    pub(crate) fn finish(self) -> DocumentInfo {
        let first = self.first.unwrap_or_default();
        let more = |text: String| match self.count {
            0 | 1 => text,
            n => format!("{text} (+{})", n - 1),
        };
        DocumentInfo {
            title: more(first.title),
            subject: more(first.subject),
            id_source: self.id_source,
        }
    }
}

/// Pages plus the metadata the document carries.
#[derive(Debug, Clone, PartialEq)]
pub struct Document {
    pub title: String,
    pub subject: String,
    /// What makes this document unique (e.g. its sheet codes): hashed into the PDF's /ID.
    pub id_source: String,
    pub pages: Vec<Page>,
}

impl Document {
    /// Collects the pages `make` emits into a document in memory (tests, small runs).
    pub fn collect(
        make: impl FnOnce(&mut Emit) -> crate::error::Result<DocumentInfo>,
    ) -> crate::error::Result<Document> {
        let mut pages = Vec::new();
        let info = make(&mut |p| {
            pages.push(p);
            Ok(())
        })?;
        Ok(Document {
            title: info.title,
            subject: info.subject,
            id_source: info.id_source,
            pages,
        })
    }

    /// Panics naming the page when anything is drawn within 10 mm of the paper edge.
    pub fn assert_inside_margins(&self, what: &str) {
        for (i, page) in self.pages.iter().enumerate() {
            let (x0, y0, x1, y1) = page.ink_bounds().expect("a page has something on it");
            let slack = 1e-3;
            let inside = x0 >= MARGIN_MM - slack
                && y0 >= MARGIN_MM - slack
                && x1 <= page.width - MARGIN_MM + slack
                && y1 <= page.height - MARGIN_MM + slack;
            assert!(inside, "{what}, page {}: ink at {:?}", i + 1, (x0, y0, x1, y1));
        }
    }
}

/// A line of text as drawn: its box in page millimetres and its size at print size.
#[derive(Debug, Clone)]
pub struct TextBox {
    pub text: String,
    pub size_pt: f32,
    pub x0: f32,
    pub y0: f32,
    pub x1: f32,
    pub y1: f32,
}

/// The footer band: the bottom 22 mm, where the sheet code may be 6 pt.
pub const FOOTER_MM: f32 = 22.0;

impl Page {
    /// Calls `f(item, dx, dy, scale)` for every item but a placed group,
    /// with where it lands: page = (dx, dy) + scale x item. Placed groups are
    /// opened and their items passed on, moved and scaled into place.
    fn each_placed(&self, dx: f32, dy: f32, scale: f32, f: &mut dyn FnMut(&Item, f32, f32, f32)) {
        for item in self.flat_items() {
            match item {
                Item::Placed { group, x, y, scale: s } => {
                    let inner = Page {
                        width: group.width,
                        height: group.height,
                        items: group.items.clone(),
                        lang: None,
                        style: self.style,
                    };
                    inner.each_placed(dx + x * scale, dy + y * scale, scale * s, f);
                }
                other => f(other, dx, dy, scale),
            }
        }
    }

    /// Every line of text with its box, placed groups scaled into place.
    pub fn text_boxes(&self) -> Vec<TextBox> {
        let mut out = Vec::new();
        self.each_placed(0.0, 0.0, 1.0, &mut |item, dx, dy, scale| {
            if let Item::Text {
                x,
                y,
                size_pt,
                font,
                align,
                rotated,
                text,
                ..
            } = item
            {
                let w = fonts::metrics(*font).width_mm(text, *size_pt);
                let shift = align.shift(w);
                // Ascent about 0.75 of the size, descent 0.25.
                let em = size_pt * fonts::PT_TO_MM;
                let (x0, y0, x1, y1) = if *rotated {
                    (x - 0.75 * em, y + shift - w, x + 0.25 * em, y + shift)
                } else {
                    (x - shift, y - 0.75 * em, x - shift + w, y + 0.25 * em)
                };
                out.push(TextBox {
                    text: text.clone(),
                    size_pt: size_pt * scale,
                    x0: dx + x0 * scale,
                    y0: dy + y0 * scale,
                    x1: dx + x1 * scale,
                    y1: dy + y1 * scale,
                });
            }
        });
        out
    }

    /// Every thick line (frames, walls: at least the style's thick line) as a band
    /// (x0, y0, x1, y1) in page millimetres, placed groups scaled into place.
    pub(crate) fn thick_lines(&self) -> Vec<(f32, f32, f32, f32)> {
        let mut out = Vec::new();
        let thick = self.style.thick_pt();
        self.each_placed(0.0, 0.0, 1.0, &mut |item, dx, dy, scale| {
            let band = |from: (f32, f32), to: (f32, f32), stroke: &Stroke| {
                let half = stroke.width_pt * fonts::PT_TO_MM / 2.0;
                let (x0, x1) = (from.0.min(to.0) - half, from.0.max(to.0) + half);
                let (y0, y1) = (from.1.min(to.1) - half, from.1.max(to.1) + half);
                (stroke.width_pt >= thick).then_some((
                    dx + x0 * scale,
                    dy + y0 * scale,
                    dx + x1 * scale,
                    dy + y1 * scale,
                ))
            };
            match item {
                Item::Line { from, to, stroke } => out.extend(band(*from, *to, stroke)),
                Item::Rect {
                    x,
                    y,
                    w,
                    h,
                    stroke: Some(stroke),
                    ..
                } => {
                    let corners = [(*x, *y), (x + w, *y), (x + w, y + h), (*x, y + h)];
                    for k in 0..4 {
                        out.extend(band(corners[k], corners[(k + 1) % 4], stroke));
                    }
                }
                _ => {}
            }
        });
        out
    }

    /// A square box to tick, [`MIN_TICK_MM`] a side, centred on (cx, cy).
    pub(crate) fn tick_box(&mut self, cx: f32, cy: f32) {
        let half = MIN_TICK_MM / 2.0;
        self.rect(
            cx - half,
            cy - half,
            MIN_TICK_MM,
            MIN_TICK_MM,
            Some(Stroke::solid(0.5)),
            None,
        );
    }

    /// Declares a box players write in, (x, y) its top-left corner.
    pub(crate) fn writing_cell(&mut self, x: f32, y: f32, w: f32, h: f32) {
        self.items.push(Item::WritingCell { x, y, w, h });
    }

    /// Every declared writing cell as (x, y, w, h) in page millimetres at
    /// print size, placed groups scaled into place.
    pub fn writing_cells(&self) -> Vec<(f32, f32, f32, f32)> {
        let mut out = Vec::new();
        self.each_placed(0.0, 0.0, 1.0, &mut |item, dx, dy, scale| {
            if let Item::WritingCell { x, y, w, h } = item {
                out.push((dx + x * scale, dy + y * scale, w * scale, h * scale));
            }
        });
        out
    }

    /// What breaks the sheet standards on this page: text under 7 pt (6 pt in
    /// the footer), two lines of text overlapping, a line of text wider than
    /// the page inside its margins, a box to write in under 8 mm tall, ink
    /// within the margins.
    pub fn standards_broken(&self) -> Vec<String> {
        let boxes = self.text_boxes();
        let mut out = Vec::new();
        let (least_h, least_w) = (self.style.min_writing_mm(), self.style.min_writing_width_mm());
        for (x, y, w, h) in self.writing_cells() {
            if h < least_h - 0.05 {
                out.push(format!(
                    "a box to write in at ({x:.0}, {y:.0}) mm is {h:.1} mm tall (at least {least_h})"
                ));
            }
            if w < least_w - 0.05 {
                out.push(format!(
                    "a box to write in at ({x:.0}, {y:.0}) mm is {w:.1} mm wide (at least {least_w})"
                ));
            }
        }
        let thick = self.thick_lines();
        for b in &boxes {
            // A line through the middle of the text, not one its descenders touch.
            let (top, bottom) = (b.y0 + 0.2 * (b.y1 - b.y0), b.y1 - 0.2 * (b.y1 - b.y0));
            let crossed = thick
                .iter()
                .any(|&(x0, y0, x1, y1)| x0 < b.x1 - 0.3 && b.x0 + 0.3 < x1 && y0 < bottom && top < y1);
            if crossed && !b.text.trim().is_empty() {
                out.push(format!("{:?} is crossed by a thick line", b.text));
            }
        }
        if let Some((x0, y0, x1, y1)) = self.ink_bounds() {
            let slack = 1e-3;
            if x0 < MARGIN_MM - slack
                || y0 < MARGIN_MM - slack
                || x1 > self.width - MARGIN_MM + slack
                || y1 > self.height - MARGIN_MM + slack
            {
                out.push(format!(
                    "ink at {:?}, within {MARGIN_MM} mm of the edge",
                    (x0, y0, x1, y1)
                ));
            }
        }
        for b in &boxes {
            let floor = if b.y0 > self.height - FOOTER_MM {
                self.style.min_footer_pt()
            } else {
                self.style.min_text_pt()
            };
            if b.size_pt < floor - 0.05 && !b.text.trim().is_empty() {
                out.push(format!("{:?} at {:.1} pt (at least {floor})", b.text, b.size_pt));
            }
            if b.x1 - b.x0 > self.width - 2.0 * MARGIN_MM + 0.01 {
                out.push(format!("{:?} is wider than the page", b.text));
            }
        }
        for (x0, y0, x1, y1) in touching_the_calibration_bar(self, 0.0) {
            out.push(format!(
                "ink at ({x0:.0}, {y0:.0})-({x1:.0}, {y1:.0}) mm crosses the calibration bar"
            ));
        }
        for (i, a) in boxes.iter().enumerate() {
            for b in &boxes[i + 1..] {
                let ix = a.x1.min(b.x1) - a.x0.max(b.x0);
                let iy = a.y1.min(b.y1) - a.y0.max(b.y0);
                if ix <= 0.0 || iy <= 0.0 {
                    continue;
                }
                let smaller = ((a.x1 - a.x0) * (a.y1 - a.y0)).min((b.x1 - b.x0) * (b.y1 - b.y0));
                if smaller > 0.0 && ix * iy / smaller > 0.3 {
                    out.push(format!("{:?} overlaps {:?}", a.text, b.text));
                }
            }
        }
        out
    }

    pub fn new(paper: Paper) -> Page {
        let (width, height) = paper.size_mm();
        Page {
            width,
            height,
            items: Vec::new(),
            lang: None,
            style: Style::Standard,
        }
    }

    /// A page turned sideways: the paper's long side across.
    pub fn landscape(paper: Paper) -> Page {
        let (width, height) = paper.size_mm();
        Page {
            width: height,
            height: width,
            items: Vec::new(),
            lang: None,
            style: Style::Standard,
        }
    }

    /// Items drawn by `draw`, tagged as `tag` for a reader.
    pub fn tagged(&mut self, tag: Tag, draw: impl FnOnce(&mut Page)) {
        self.items.push(Item::Open(Box::new(tag)));
        draw(self);
        self.items.push(Item::Close);
    }

    /// Items drawn by `draw` as `role`.
    pub fn role(&mut self, role: Role, draw: impl FnOnce(&mut Page)) {
        self.tagged(Tag::new(role), draw);
    }

    /// Items drawn by `draw` as decoration, which a reader skips.
    pub(crate) fn artifact(&mut self, draw: impl FnOnce(&mut Page)) {
        self.role(Role::Artifact, draw);
    }

    /// A picture drawn by `draw`, read as `alt`.
    pub fn figure(&mut self, alt: impl Into<String>, draw: impl FnOnce(&mut Page)) {
        self.tagged(Tag::new(Role::Figure).with_alt(alt), draw);
    }

    /// A block drawn by `draw` in the standard style on an area `w` x `h` mm
    /// (from its own origin), printed `scale` times larger with its top-left
    /// corner at (x, y), its shading hatched: a table laid out for the
    /// standard sheet, magnified for large print (twice 7 pt is 14 pt).
    pub fn magnified(&mut self, (x, y): (f32, f32), (w, h): (f32, f32), scale: f32, draw: impl FnOnce(&mut Page)) {
        let mut block = Page {
            width: w,
            height: h,
            items: Vec::new(),
            lang: None,
            style: Style::Standard,
        };
        draw(&mut block);
        block.hatch_shading(scale);
        self.items.push(Item::Placed {
            group: Arc::new(Group::from_page("magnified", block)),
            x,
            y,
            scale,
        });
    }

    /// Draws a shared group here.
    pub fn group(&mut self, g: &Arc<Group>) {
        self.items.push(Item::Group(g.clone()));
    }

    pub fn line(&mut self, from: (f32, f32), to: (f32, f32), stroke: Stroke) {
        let stroke = self.style.stroke(stroke);
        self.items.push(Item::Line { from, to, stroke });
    }

    /// A rectangle; in large print a light grey fill (which copiers lose or
    /// blotch) is drawn as hatching instead.
    pub fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, stroke: Option<Stroke>, fill: Option<Colour>) {
        let stroke = stroke.map(|s| self.style.stroke(s));
        let fill = match fill {
            Some(Colour::Grey(g)) if self.style.is_large() && g > 0.5 && g < 1.0 => {
                if g < BACKGROUND_GREY {
                    self.hatch(x, y, w, h);
                }
                None
            }
            other => other,
        };
        self.items.push(Item::Rect {
            x,
            y,
            w,
            h,
            stroke,
            fill,
        });
    }

    /// Diagonal lines across a rectangle, a shading any copier keeps.
    fn hatch(&mut self, x: f32, y: f32, w: f32, h: f32) {
        self.hatch_scaled(x, y, w, h, 1.0);
    }

    /// Hatching for a page that will print `scale` times its size.
    fn hatch_scaled(&mut self, x: f32, y: f32, w: f32, h: f32, scale: f32) {
        let gap = 3.0 / scale;
        let stroke = Stroke::solid(0.5 / scale).coloured(Colour::Grey(0.3));
        // Lines x + y = c, from the top-left corner to the bottom-right, each clipped to the box.
        let mut c = gap;
        while c < w + h {
            let from = (x + c.min(w), y + (c - w).max(0.0));
            let to = (x + (c - h).max(0.0), y + c.min(h));
            self.items.push(Item::Line {
                from,
                to,
                stroke: stroke.clone(),
            });
            c += gap;
        }
    }

    /// The page's light grey boxes (shared groups too) turned to hatching,
    /// for a page drawn small that prints `scale` times larger in large print.
    pub(crate) fn hatch_shading(&mut self, scale: f32) {
        let items = std::mem::take(&mut self.items);
        for item in items {
            match item {
                Item::Rect {
                    x,
                    y,
                    w,
                    h,
                    stroke,
                    fill: Some(Colour::Grey(g)),
                } if g > 0.5 && g < 1.0 => {
                    if g < BACKGROUND_GREY {
                        self.hatch_scaled(x, y, w, h, scale);
                    }
                    self.items.push(Item::Rect {
                        x,
                        y,
                        w,
                        h,
                        stroke,
                        fill: None,
                    });
                }
                Item::Group(g) => {
                    let mut inner = Page {
                        width: g.width,
                        height: g.height,
                        items: g.items.clone(),
                        lang: None,
                        style: self.style,
                    };
                    inner.hatch_shading(scale);
                    self.items.push(Item::Group(Arc::new(Group {
                        name: format!("{}/hatched", g.name),
                        width: g.width,
                        height: g.height,
                        items: inner.items,
                    })));
                }
                other => self.items.push(other),
            }
        }
    }

    pub fn circle(&mut self, cx: f32, cy: f32, r: f32, stroke: Option<Stroke>, fill: Option<Colour>) {
        let stroke = stroke.map(|s| self.style.stroke(s));
        self.items.push(Item::Circle {
            cx,
            cy,
            r,
            stroke,
            fill,
        });
    }

    pub(crate) fn polygon(&mut self, points: Vec<(f32, f32)>, stroke: Option<Stroke>, fill: Option<Colour>) {
        let stroke = stroke.map(|s| self.style.stroke(s));
        self.items.push(Item::Polygon { points, stroke, fill });
    }

    /// Text in black at (x, baseline y).
    pub fn text(&mut self, x: f32, y: f32, size_pt: f32, font: FontRole, align: Align, text: &str) {
        self.coloured_text(x, y, size_pt, font, align, Colour::BLACK, text);
    }

    #[allow(clippy::too_many_arguments)]
    pub(crate) fn coloured_text(
        &mut self,
        x: f32,
        y: f32,
        size_pt: f32,
        font: FontRole,
        align: Align,
        colour: Colour,
        text: &str,
    ) {
        if text.is_empty() {
            return;
        }
        let size_pt = self.style.text_pt(size_pt);
        self.items.push(Item::Text {
            x,
            y,
            size_pt,
            font,
            align,
            colour,
            rotated: false,
            text: fonts::drawable(text),
        });
    }

    /// Text centred vertically and horizontally on (cx, cy), using the font's digit height.
    pub(crate) fn centred_text(&mut self, cx: f32, cy: f32, size_pt: f32, font: FontRole, text: &str) {
        let size_pt = self.style.text_pt(size_pt);
        let cap = fonts::metrics(font).ascender_mm(size_pt) * 0.7;
        self.text(cx, cy + cap / 2.0, size_pt, font, Align::Centre, text);
    }

    /// Wrapped paragraph starting with its first baseline at `y`; returns the
    /// baseline after the last line.
    pub(crate) fn paragraph(&mut self, x: f32, y: f32, width: f32, size_pt: f32, font: FontRole, text: &str) -> f32 {
        let size_pt = self.style.text_pt(size_pt);
        let leading = size_pt * fonts::PT_TO_MM * 1.3;
        let mut y = y;
        self.role(Role::Paragraph, |page| {
            for line in fonts::wrap(text, font, size_pt, width) {
                page.text(x, y, size_pt, font, Align::Left, &line);
                y += leading;
            }
        });
        y
    }

    /// A table of ruled cells at `(x, y)`: `widths` per column, `rows` of `row_h`
    /// each, below a shaded row of bold headers (a row of column headers to a
    /// reader: the caller holds it in a [`Role::Table`] with the rows it fills).
    pub fn table(&mut self, (x, y): (f32, f32), widths: &[f32], row_h: f32, header: &[&str], rows: usize) {
        let size_pt = 8.0;
        let total: f32 = widths.iter().sum();
        let height = row_h * (rows + 1) as f32;
        self.rect(x, y, total, row_h, None, Some(Colour::Grey(0.9)));
        let thin = Stroke::solid(0.5);
        for r in 0..=rows + 1 {
            let yy = y + row_h * r as f32;
            self.line((x, yy), (x + total, yy), thin.clone());
        }
        let mut xx = x;
        for w in widths {
            self.line((xx, y), (xx, y + height), thin.clone());
            xx += w;
        }
        self.line((xx, y), (xx, y + height), thin);
        if header.is_empty() {
            return;
        }
        self.role(Role::Row, |page| {
            let mut xx = x;
            for (w, h) in widths.iter().zip(header) {
                page.role(Role::ColumnHeader, |p| {
                    p.fitted_text(xx + w / 2.0, y + row_h / 2.0, *w - 1.0, size_pt, FontRole::Bold, h)
                });
                xx += w;
            }
        });
    }

    /// Centred text shrunk until it fits `max_w`.
    pub(crate) fn fitted_text(&mut self, cx: f32, cy: f32, max_w: f32, size_pt: f32, font: FontRole, text: &str) {
        let (size, lines) = fit_lines(text, font, self.style.text_pt(size_pt), max_w, self.style.min_text_pt());
        self.centred_lines(cx, cy, size, font, &lines);
    }

    /// Centred text that wraps onto a second line before it shrinks: the
    /// row labels of a table with room for two lines keep one size.
    pub(crate) fn wrapped_text(&mut self, cx: f32, cy: f32, max_w: f32, size_pt: f32, font: FontRole, text: &str) {
        let size = self.style.text_pt(size_pt);
        let lines = balanced_lines(text, font, size, max_w);
        let fitted = lines
            .iter()
            .map(|l| fit_size(l, font, size, max_w))
            .fold(size, f32::min)
            .max(self.style.min_text_pt().min(size));
        self.centred_lines(cx, cy, fitted, font, &lines);
    }

    /// Lines centred on `cx`, the block centred on `cy`.
    fn centred_lines(&mut self, cx: f32, cy: f32, size: f32, font: FontRole, lines: &[String]) {
        let lead = size * fonts::PT_TO_MM * 1.15;
        let first = cy - lead * (lines.len() as f32 - 1.0) / 2.0;
        for (i, line) in lines.iter().enumerate() {
            self.centred_text(cx, first + lead * i as f32, size, font, line);
        }
    }

    /// Left-aligned text at baseline `y`, shrunk until it fits `max_w`.
    pub(crate) fn fitted_left(&mut self, x: f32, y: f32, max_w: f32, size_pt: f32, font: FontRole, text: &str) {
        self.fitted(x, y, max_w, size_pt, font, Align::Left, text);
    }

    /// Text at baseline `y`, aligned on `x`, shrunk until it fits `max_w`.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn fitted(
        &mut self,
        x: f32,
        y: f32,
        max_w: f32,
        size_pt: f32,
        font: FontRole,
        align: Align,
        text: &str,
    ) {
        let (size, lines) = fit_lines(text, font, self.style.text_pt(size_pt), max_w, self.style.min_text_pt());
        let lead = size * fonts::PT_TO_MM * 1.15;
        let first = y - lead * (lines.len() as f32 - 1.0) / 2.0;
        for (i, line) in lines.iter().enumerate() {
            self.text(x, first + lead * i as f32, size, font, align, line);
        }
    }

    /// Every item in drawing order, with shared groups opened up.
    pub(crate) fn flat_items(&self) -> Vec<&Item> {
        let mut out = Vec::with_capacity(self.items.len());
        let mut stack: Vec<&Item> = self.items.iter().rev().collect();
        while let Some(item) = stack.pop() {
            match item {
                Item::Group(g) => stack.extend(g.items.iter().rev()),
                other => out.push(other),
            }
        }
        out
    }

    /// The smallest rectangle (x0, y0, x1, y1) holding every item, text measured by its font.
    pub(crate) fn ink_bounds(&self) -> Option<(f32, f32, f32, f32)> {
        let mut b: Option<(f32, f32, f32, f32)> = None;
        let mut add = |x: f32, y: f32| {
            b = Some(match b {
                None => (x, y, x, y),
                Some((x0, y0, x1, y1)) => (x0.min(x), y0.min(y), x1.max(x), y1.max(y)),
            });
        };
        for item in self.flat_items() {
            match item {
                Item::Line { from, to, .. } => {
                    add(from.0, from.1);
                    add(to.0, to.1);
                }
                Item::Rect { x, y, w, h, .. } => {
                    add(*x, *y);
                    add(x + w, y + h);
                }
                Item::Circle { cx, cy, r, .. } => {
                    add(cx - r, cy - r);
                    add(cx + r, cy + r);
                }
                Item::Polygon { points, .. } => points.iter().for_each(|p| add(p.0, p.1)),
                Item::Group(_) | Item::WritingCell { .. } | Item::Open(_) | Item::Close => {}
                Item::Placed { group, x, y, scale } => {
                    let inner = Page {
                        width: group.width,
                        height: group.height,
                        items: group.items.clone(),
                        lang: None,
                        style: self.style,
                    };
                    if let Some((x0, y0, x1, y1)) = inner.ink_bounds() {
                        add(x + scale * x0, y + scale * y0);
                        add(x + scale * x1, y + scale * y1);
                    }
                }
                Item::Text {
                    x,
                    y,
                    size_pt,
                    font,
                    align,
                    rotated,
                    text,
                    ..
                } => {
                    let m = fonts::metrics(*font);
                    let w = m.width_mm(text, *size_pt);
                    let asc = m.ascender_mm(*size_pt);
                    let start = -align.shift(w);
                    if *rotated {
                        add(x - asc, y - start - w);
                        add(*x, y - start);
                    } else {
                        add(x + start, y - asc);
                        add(x + start + w, *y);
                    }
                }
            }
        }
        b
    }
}

/// Text fitted into `max_w`: one line, shrunk from `size_pt`; or, when one
/// line would go below the smallest printed size `min_pt`, two lines (split
/// where they come out most even), shrunk no further than they must.
pub(crate) fn fit_lines(text: &str, font: FontRole, size_pt: f32, max_w: f32, min_pt: f32) -> (f32, Vec<String>) {
    let one = fit_size(text, font, size_pt, max_w);
    if one >= min_pt.min(size_pt) - 0.01 {
        return (one, vec![text.to_string()]);
    }
    let lines = balanced_lines(text, font, min_pt, max_w);
    // Never below the smallest size: a word too long for the width even
    // then is cut, and says so with an ellipsis.
    let floor = min_pt.min(size_pt);
    let size = lines
        .iter()
        .map(|l| fit_size(l, font, size_pt, max_w))
        .fold(size_pt, f32::min)
        .max(floor);
    let m = fonts::metrics(font);
    let lines = lines
        .into_iter()
        .map(|line| {
            if m.width_mm(&line, size) <= max_w {
                return line;
            }
            let mut chars: Vec<char> = line.chars().collect();
            while !chars.is_empty() && m.width_mm(&format!("{}…", chars.iter().collect::<String>()), size) > max_w {
                chars.pop();
            }
            format!("{}…", chars.iter().collect::<String>())
        })
        .collect();
    (size, lines)
}

/// The largest size from `size_pt` down (in half points, at least 4 pt) at which
/// `text` fits `max_w` millimetres.
pub(crate) fn fit_size(text: &str, font: FontRole, size_pt: f32, max_w: f32) -> f32 {
    let m = fonts::metrics(font);
    let mut size = size_pt;
    while size > 4.0 && m.width_mm(text, size) > max_w {
        size -= 0.5;
    }
    size
}

/// The name of the calibration bar's group.
pub const CALIBRATION: &str = "calibration";

/// The boxes (x0, y0, x1, y1) of everything on `page` that comes within
/// `mm` of its calibration bar (0: that crosses it), the code line printed
/// beside the bar aside: none on a page laid out right, and none on a page
/// without the bar.
pub(crate) fn touching_the_calibration_bar(page: &Page, mm: f32) -> Vec<(f32, f32, f32, f32)> {
    let bounds = |items: Vec<Item>| {
        let page = Page { items, ..page.clone() };
        let mut boxes: Vec<(f32, f32, f32, f32)> = page.text_boxes().iter().map(|b| (b.x0, b.y0, b.x1, b.y1)).collect();
        for item in page.flat_items() {
            let one = Page {
                items: vec![item.clone()],
                ..page.clone()
            };
            if !matches!(item, Item::Text { .. })
                && let Some(b) = one.ink_bounds()
            {
                boxes.push(b);
            }
        }
        boxes
    };
    let code_line = page.height - MARGIN_MM - 4.0;
    let (bar, rest): (Vec<Item>, Vec<Item>) = page
        .items
        .iter()
        .cloned()
        .partition(|item| matches!(item, Item::Group(g) if g.name.ends_with(CALIBRATION)));
    let rest: Vec<Item> = rest
        .into_iter()
        .filter(|item| !matches!(item, Item::Text { y, .. } if *y > code_line))
        .collect();
    let Some(bar) = bounds(bar)
        .into_iter()
        .reduce(|a, b| (a.0.min(b.0), a.1.min(b.1), a.2.max(b.2), a.3.max(b.3)))
    else {
        return Vec::new();
    };
    bounds(rest)
        .into_iter()
        .filter(|b| !(b.2 + mm <= bar.0 || bar.2 + mm <= b.0 || b.3 + mm <= bar.1 || bar.3 + mm <= b.1))
        .collect()
}

/// Draws the 100 mm calibration bar at the foot of the page, to check the print scale.
pub(crate) fn calibration_bar(page: &mut Page, label: &str) {
    // A printing aid, not part of the game: a reader skips it.
    page.artifact(|page| calibration_bar_drawn(page, label));
}

fn calibration_bar_drawn(page: &mut Page, label: &str) {
    let left = MARGIN_MM + 2.0;
    // Large print's code runs to two or three lines at 14 pt: the bar sits
    // above them, at the top of the footer's band.
    let bar_y = page.height - MARGIN_MM - if page.style.is_large() { 19.0 } else { 9.0 };
    let thin = Stroke::solid(0.6);
    page.line((left, bar_y), (left + 100.0, bar_y), Stroke::solid(1.0));
    for i in 0..=10 {
        let x = left + 10.0 * i as f32;
        let tick = if i % 5 == 0 { 3.0 } else { 1.8 };
        page.line((x, bar_y - tick), (x, bar_y), thin.clone());
    }
    page.text(left + 102.0, bar_y, 7.0, FontRole::Regular, Align::Left, label);
}

/// Writes the sheet code line at the very foot of the page, shrunk to fit.
pub(crate) fn code_line(page: &mut Page, code_line: &str) {
    page.role(Role::Paragraph, |page| code_line_drawn(page, code_line));
}

fn code_line_drawn(page: &mut Page, code_line: &str) {
    let left = MARGIN_MM + 2.0;
    let max_w = page.width - 2.0 * left;
    let fits = |text: &str, size: f32| fonts::metrics(FontRole::Regular).width_mm(text, size) <= max_w;
    let base = page.height - MARGIN_MM - 2.0;
    if page.style.is_large() {
        // Never smaller than large print allows: broken after its label,
        // then between the code's parts, onto lines above.
        let size = page.style.min_footer_pt();
        let mut lines = vec![code_line.to_string()];
        if !fits(code_line, size)
            && let Some((label, code)) = code_line.split_once(": ")
        {
            lines = vec![format!("{label}:")];
            for part in code.split_inclusive(':') {
                let n = lines.len();
                match lines.last_mut() {
                    Some(last) if n > 1 && fits(&format!("{last}{part}"), size) => last.push_str(part),
                    _ => lines.push(part.to_string()),
                }
            }
        }
        let lead = size * fonts::PT_TO_MM * 1.15;
        let top = base - lead * (lines.len() - 1) as f32;
        for (i, line) in lines.iter().enumerate() {
            page.text(left, top + lead * i as f32, size, FontRole::Regular, Align::Left, line);
        }
        return;
    }
    let mut size = 7.5;
    // A small sheet (half or a quarter of a page) breaks the line after its
    // label rather than shrink it below 7 pt, where there is room.
    if page.width < 190.0
        && !fits(code_line, MIN_TEXT_PT)
        && let Some((label, code)) = code_line.split_once(": ")
        && fits(code, MIN_TEXT_PT)
    {
        page.text(
            left,
            base - 3.2,
            MIN_TEXT_PT,
            FontRole::Regular,
            Align::Left,
            &format!("{label}:"),
        );
        page.text(left, base, MIN_TEXT_PT, FontRole::Regular, Align::Left, code);
        return;
    }
    while size > 5.0 && !fits(code_line, size) {
        size -= 0.5;
    }
    page.text(left, base, size, FontRole::Regular, Align::Left, code_line);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_documents_title_and_identity_come_from_its_codes_and_parts() {
        let mut codes = Codes::default();
        for code in ["tp-hunt:2:a:1", "tp-hunt:2:a:2", "tp-hunt:2:a:3"] {
            codes.push(code);
        }
        let run = DocumentInfo::for_codes("TP Hunt", codes, "maps");
        assert_eq!(run.title, "TP Hunt: 3 maps");
        assert_eq!(run.subject, "TP Hunt: 3 maps, tp-hunt:2:a:1 to tp-hunt:2:a:3");
        assert_eq!(run.id_source, "tp-hunt:2:a:1\ntp-hunt:2:a:2\ntp-hunt:2:a:3");
        let one = DocumentInfo::for_codes("PPE", Codes::one("ppe:2:x:7"), "");
        assert_eq!(
            (one.title.as_str(), one.subject.as_str()),
            ("PPE: ppe:2:x:7", "PPE ppe:2:x:7")
        );
        let mut parts = Parts::default();
        parts.push(one.clone());
        assert_eq!(parts.finish(), one);
        let mut parts = Parts::default();
        parts.push(one.clone());
        parts.push(run.clone());
        let both = parts.finish();
        assert_eq!(both.title, "PPE: ppe:2:x:7 (+1)");
        assert_eq!(both.id_source, format!("ppe:2:x:7\n{}", run.id_source));
    }

    /// The checks catch what they name: a box too short or too narrow to
    /// write in, text a frame runs through, ink in the margin; a page with
    /// none of these passes. A share of a sheet is held to the same checks.
    #[test]
    fn the_sheet_standards_catch_each_defect() {
        for paper in [Paper::A4, Paper::A4Quarter] {
            let mut page = Page::new(paper);
            page.text(20.0, 40.0, 10.0, FontRole::Regular, Align::Left, "Player 1");
            page.writing_cell(20.0, 50.0, 20.0, 8.0);
            page.rect(20.0, 60.0, 40.0, 20.0, Some(Stroke::solid(2.0)), None);
            page.text(25.0, 70.0, 10.0, FontRole::Regular, Align::Left, "inside");
            assert_eq!(page.standards_broken(), Vec::<String>::new(), "{paper:?}");
            let broken = |change: &dyn Fn(&mut Page)| {
                let mut p = page.clone();
                change(&mut p);
                p.standards_broken()
            };
            let short = broken(&|p| p.writing_cell(20.0, 90.0, 20.0, 7.5));
            assert!(short.len() == 1 && short[0].contains("7.5 mm tall"), "{short:?}");
            let narrow = broken(&|p| p.writing_cell(20.0, 90.0, 5.0, 9.0));
            assert!(narrow.len() == 1 && narrow[0].contains("5.0 mm wide"), "{narrow:?}");
            let crossed = broken(&|p| p.line((15.0, 39.0), (60.0, 39.0), Stroke::solid(1.5)));
            assert!(
                crossed.len() == 1 && crossed[0].contains("crossed by a thick line"),
                "{crossed:?}"
            );
            // A thin rule under the text is not a frame through it.
            assert!(broken(&|p| p.line((15.0, 39.0), (60.0, 39.0), Stroke::solid(0.5))).is_empty());
            let margin = broken(&|p| p.line((5.0, 100.0), (30.0, 100.0), Stroke::solid(0.5)));
            assert!(margin.len() == 1 && margin[0].contains("of the edge"), "{margin:?}");
        }
    }

    #[test]
    fn footer_stays_inside_margins_on_both_papers() {
        for paper in [Paper::A4, Paper::Letter] {
            let mut p = Page::new(paper);
            calibration_bar(&mut p, "100 mm");
            code_line(&mut p, "tp-hunt:1:g12-s12-a10-d7-p4:a4:map:a long seed text here");
            let (x0, y0, x1, y1) = p.ink_bounds().unwrap();
            assert!(x0 >= MARGIN_MM && y0 >= MARGIN_MM);
            assert!(x1 <= p.width - MARGIN_MM && y1 <= p.height - MARGIN_MM);
        }
    }

    /// The code never runs into the calibration bar: large print's code,
    /// broken over three lines, stays below it, in both papers.
    #[test]
    fn the_code_and_the_bar_never_overlap() {
        let code = "Blattcode: particle-panic:4-na0nr:p4-c5-n2000-normal-ahnt5:letter-de:board+stacks+rules:5B spring/table 12~13";
        for paper in [Paper::A4, Paper::Letter] {
            for large in [false, true] {
                let mut p = Page::new(paper);
                p.style = Style::large(large);
                calibration_bar(&mut p, "100 mm");
                let bar_top = p.ink_bounds().unwrap().1;
                let bar_bottom = p.ink_bounds().unwrap().3;
                code_line(&mut p, code);
                let boxes = p.text_boxes();
                let code_top = boxes
                    .iter()
                    .filter(|b| b.text != "100 mm")
                    .map(|b| b.y0)
                    .fold(f32::MAX, f32::min);
                assert!(
                    code_top > bar_bottom || bar_top > boxes.iter().map(|b| b.y1).fold(0.0, f32::max),
                    "large {large}: code at {code_top}, bar {bar_top}-{bar_bottom}"
                );
            }
        }
    }

    #[test]
    fn calibration_bar_is_100_mm() {
        let mut p = Page::new(Paper::A4);
        calibration_bar(&mut p, "100 mm");
        let bar = p
            .items
            .iter()
            .find_map(|i| match i {
                Item::Line { from, to, stroke } if stroke.width_pt == 1.0 => Some(to.0 - from.0),
                _ => None,
            })
            .unwrap();
        assert!((bar - 100.0).abs() < 1e-4);
    }

    #[test]
    fn rotated_text_bounds_run_upwards() {
        let mut p = Page::new(Paper::A4);
        p.items.push(Item::Text {
            x: 20.0,
            y: 100.0,
            size_pt: 10.0,
            font: FontRole::Regular,
            align: Align::Left,
            colour: Colour::BLACK,
            rotated: true,
            text: "red d12".into(),
        });
        let (_, y0, x1, y1) = p.ink_bounds().unwrap();
        assert!(y0 < 100.0 && (y1 - 100.0).abs() < 1e-4 && (x1 - 20.0).abs() < 1e-4);
    }
}
