//! The fonts every sheet is drawn with, embedded in the binary, and their
//! metrics. Layout code measures text here so that the page model can centre
//! and wrap text without knowing about PDF.

use std::sync::OnceLock;

/// DejaVu Sans covers Latin, Greek and Cyrillic with accents and the card
/// suits, so player names and card symbols print without fallback fonts.
pub const REGULAR_TTF: &[u8] = include_bytes!("../fonts/DejaVuSans.ttf");
pub const BOLD_TTF: &[u8] = include_bytes!("../fonts/DejaVuSans-Bold.ttf");
/// Droid Sans Fallback draws what DejaVu Sans cannot: Chinese characters and
/// Japanese kana, character by character (names need no shaping in them).
pub const FALLBACK_TTF: &[u8] = include_bytes!("../fonts/DroidSansFallbackFull.ttf");
/// Nanum Gothic draws Korean (Hangul), which Droid Sans Fallback lacks.
pub const HANGUL_TTF: &[u8] = include_bytes!("../fonts/NanumGothic.ttf");

/// Which face a piece of text is set in. Sheets choose Regular or Bold; the
/// renderers set a character either lacks in the fallback face.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FontRole {
    Regular,
    Bold,
    Fallback,
    Hangul,
    /// A font file given with `--font`, for what the embedded faces lack.
    Added,
}

impl FontRole {
    pub const ALL: [FontRole; 5] = [
        FontRole::Regular,
        FontRole::Bold,
        FontRole::Fallback,
        FontRole::Hangul,
        FontRole::Added,
    ];

    /// The PostScript name of the embedded face.
    pub fn postscript_name(self) -> &'static str {
        match self {
            FontRole::Regular => "DejaVuSans",
            FontRole::Bold => "DejaVuSans-Bold",
            FontRole::Fallback => "DroidSansFallbackFull",
            FontRole::Hangul => "NanumGothic",
            FontRole::Added => "AddedFont",
        }
    }

    pub fn bytes(self) -> &'static [u8] {
        match self {
            FontRole::Regular => REGULAR_TTF,
            FontRole::Bold => BOLD_TTF,
            FontRole::Fallback => FALLBACK_TTF,
            FontRole::Hangul => HANGUL_TTF,
            FontRole::Added => ADDED.get().map_or(&[], |(bytes, _)| bytes),
        }
    }
}

/// The font of `--font`: its bytes (kept for the process) and metrics.
static ADDED: OnceLock<(&'static [u8], Metrics)> = OnceLock::new();

/// Adds a font file for characters the embedded faces lack (`--font`). One
/// per process; the same file again is accepted.
pub fn add_font(bytes: Vec<u8>) -> Result<(), String> {
    if let Some((have, _)) = ADDED.get() {
        return match *have == bytes.as_slice() {
            true => Ok(()),
            false => Err("only one --font can be added".into()),
        };
    }
    let face = ttf_parser::Face::parse(&bytes, 0).map_err(|e| format!("not a TrueType or OpenType font ({e})"))?;
    if face.number_of_glyphs() < 2 {
        return Err("the font has no glyphs".into());
    }
    let bytes: &'static [u8] = Box::leak(bytes.into_boxed_slice());
    let _ = ADDED.set((bytes, Metrics::load(bytes, FontRole::Added)));
    Ok(())
}

/// The face that draws `c` in text set in `role`: the role's own, else the
/// fallback faces (Chinese and Japanese, then Korean), else an added font;
/// the role's own when none has it.
pub fn face_for(c: char, role: FontRole) -> FontRole {
    if metrics(role).has_glyph(c) || !matches!(role, FontRole::Regular | FontRole::Bold) {
        return role;
    }
    for face in [FontRole::Fallback, FontRole::Hangul] {
        if metrics(face).has_glyph(c) {
            return face;
        }
    }
    match ADDED.get() {
        Some((_, m)) if m.has_glyph(c) => FontRole::Added,
        _ => role,
    }
}

/// `text` split into runs by the face that draws them ([`face_for`]).
pub fn runs(text: &str, role: FontRole) -> Vec<(FontRole, &str)> {
    let mut out: Vec<(FontRole, &str)> = Vec::new();
    let mut start = 0;
    let mut current = None;
    for (i, c) in text.char_indices() {
        let face = face_for(c, role);
        if current.is_some_and(|f| f != face) {
            out.push((current.expect("set"), &text[start..i]));
            start = i;
        }
        current = Some(face);
    }
    out.push((current.unwrap_or(role), &text[start..]));
    out
}

/// Advance widths of one face, looked up once per process.
pub struct Metrics {
    units_per_em: f32,
    ascender: f32,
    /// Advance width (font units) for chars below 0x2700; others are looked up.
    widths: Vec<u16>,
    /// Glyph id for chars below 0x2700 (0: none); others are looked up.
    glyphs: Vec<u16>,
    face: ttf_parser::Face<'static>,
    /// Which face these are the metrics of.
    role: FontRole,
}

impl Metrics {
    fn load(bytes: &'static [u8], role: FontRole) -> Metrics {
        let face = ttf_parser::Face::parse(bytes, 0).expect("embedded font parses");
        let glyphs: Vec<u16> = (0u32..0x2700)
            .map(|c| char::from_u32(c).and_then(|ch| face.glyph_index(ch)).map_or(0, |g| g.0))
            .collect();
        let widths = glyphs
            .iter()
            .map(|&g| match g {
                0 => 0,
                g => face.glyph_hor_advance(ttf_parser::GlyphId(g)).unwrap_or(0),
            })
            .collect();
        Metrics {
            units_per_em: face.units_per_em() as f32,
            ascender: face.ascender() as f32,
            widths,
            glyphs,
            face,
            role,
        }
    }

    fn advance(&self, ch: char) -> u16 {
        match self.widths.get(ch as usize) {
            Some(&w) => w,
            None => self
                .face
                .glyph_index(ch)
                .and_then(|g| self.face.glyph_hor_advance(g))
                .unwrap_or(0),
        }
    }

    /// Whether the face has a glyph for `ch` (spaces and controls count as drawn).
    pub fn has_glyph(&self, ch: char) -> bool {
        // Every character drawn asks this: the table answers the common ones.
        match self.glyphs.get(ch as usize) {
            Some(&g) => g != 0 || ch.is_whitespace(),
            None => ch.is_whitespace() || self.face.glyph_index(ch).is_some(),
        }
    }

    /// Width of `text` at `size_pt`, in millimetres; characters this face
    /// lacks are measured in the face that draws them ([`face_for`]).
    pub fn width_mm(&self, text: &str, size_pt: f32) -> f32 {
        let mut own = 0u32;
        let mut other = 0.0f32;
        for c in text.chars() {
            if self.has_glyph(c) {
                own += self.advance(c) as u32;
                continue;
            }
            let face = Some(face_for(c, self.role)).filter(|r| *r != self.role).map(metrics);
            match face {
                Some(m) => other += m.advance(c) as f32 / m.units_per_em,
                None => own += self.advance(c) as u32,
            }
        }
        let width = own as f32 / self.units_per_em * size_pt * PT_TO_MM;
        // Text the face draws alone measures exactly as it always has.
        match other {
            0.0 => width,
            _ => width + other * size_pt * PT_TO_MM,
        }
    }

    /// The glyph drawing `ch`, or 0 (.notdef) where the face has none.
    pub fn glyph(&self, ch: char) -> u16 {
        match self.glyphs.get(ch as usize) {
            Some(&g) => g,
            None => self.face.glyph_index(ch).map(|g| g.0).unwrap_or(0),
        }
    }

    fn per_mille(&self, units: i32) -> i32 {
        (units as f32 * 1000.0 / self.units_per_em).round() as i32
    }

    /// Advance width of a glyph in thousandths of an em (PDF /W units).
    pub fn advance_per_mille(&self, glyph: u16) -> u32 {
        let units = self.face.glyph_hor_advance(ttf_parser::GlyphId(glyph)).unwrap_or(0);
        self.per_mille(units as i32).max(0) as u32
    }

    pub fn bbox_per_mille(&self) -> (i32, i32, i32, i32) {
        let b = self.face.global_bounding_box();
        (
            self.per_mille(b.x_min as i32),
            self.per_mille(b.y_min as i32),
            self.per_mille(b.x_max as i32),
            self.per_mille(b.y_max as i32),
        )
    }

    pub fn ascent_per_mille(&self) -> i32 {
        self.per_mille(self.face.ascender() as i32)
    }

    pub fn descent_per_mille(&self) -> i32 {
        self.per_mille(self.face.descender() as i32)
    }

    pub fn cap_height_per_mille(&self) -> i32 {
        let cap = self.face.capital_height().unwrap_or(self.face.ascender());
        self.per_mille(cap as i32)
    }

    pub fn units_per_em(&self) -> f32 {
        self.units_per_em
    }

    /// The outline of a glyph as SVG path data, in font units with y up;
    /// empty for a glyph with no outline (a space).
    pub fn outline_svg(&self, glyph: u16) -> String {
        struct Path(String);
        impl ttf_parser::OutlineBuilder for Path {
            fn move_to(&mut self, x: f32, y: f32) {
                self.0.push_str(&format!("M{x} {y}"));
            }
            fn line_to(&mut self, x: f32, y: f32) {
                self.0.push_str(&format!("L{x} {y}"));
            }
            fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
                self.0.push_str(&format!("Q{x1} {y1} {x} {y}"));
            }
            fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
                self.0.push_str(&format!("C{x1} {y1} {x2} {y2} {x} {y}"));
            }
            fn close(&mut self) {
                self.0.push('Z');
            }
        }
        let mut path = Path(String::new());
        self.face.outline_glyph(ttf_parser::GlyphId(glyph), &mut path);
        path.0
    }

    /// Advance width of a glyph in font units.
    pub fn advance_units(&self, glyph: u16) -> f32 {
        self.face.glyph_hor_advance(ttf_parser::GlyphId(glyph)).unwrap_or(0) as f32
    }

    /// Height of the ascender at `size_pt`, in millimetres.
    pub fn ascender_mm(&self, size_pt: f32) -> f32 {
        self.ascender / self.units_per_em * size_pt * PT_TO_MM
    }
}

pub const PT_TO_MM: f32 = 25.4 / 72.0;

pub fn metrics(role: FontRole) -> &'static Metrics {
    static REGULAR: OnceLock<Metrics> = OnceLock::new();
    static BOLD: OnceLock<Metrics> = OnceLock::new();
    static FALLBACK: OnceLock<Metrics> = OnceLock::new();
    static HANGUL: OnceLock<Metrics> = OnceLock::new();
    match role {
        FontRole::Regular => REGULAR.get_or_init(|| Metrics::load(REGULAR_TTF, role)),
        FontRole::Bold => BOLD.get_or_init(|| Metrics::load(BOLD_TTF, role)),
        FontRole::Fallback => FALLBACK.get_or_init(|| Metrics::load(FALLBACK_TTF, role)),
        FontRole::Hangul => HANGUL.get_or_init(|| Metrics::load(HANGUL_TTF, role)),
        FontRole::Added => &ADDED.get().expect("an added font is used only once added").1,
    }
}

/// Whether some embedded face draws `ch`.
pub fn drawn(ch: char) -> bool {
    metrics(FontRole::Regular).has_glyph(ch) || face_for(ch, FontRole::Regular) != FontRole::Regular
}

/// The characters of `text` that no embedded face can draw, in order, once each.
pub fn missing_glyphs(text: &str) -> Vec<char> {
    let mut missing: Vec<char> = Vec::new();
    for ch in text.chars() {
        if !drawn(ch) && !missing.contains(&ch) {
            missing.push(ch);
        }
    }
    missing
}

/// Text as it is drawn: characters the fonts cannot draw replaced by a
/// visible replacement mark, Arabic letters joined, and right-to-left runs
/// (Hebrew, Arabic) put in the order they are seen, left to right on the page.
pub fn drawable(text: &str) -> String {
    let text: String = text.chars().map(|c| if drawn(c) { c } else { '\u{FFFD}' }).collect();
    visual_order(&joined_arabic(&text))
}

/// Arabic letters in the forms they take where they join their neighbours.
/// Each run of Arabic is shaped with rustybuzz (the font's own substitution
/// rules pick initial, medial, final and isolated forms and ligatures); each
/// shaped glyph is then written as the character the font maps to it (the
/// Arabic presentation forms), so pages, PDFs and SVGs stay character-based.
/// A glyph with no character of its own keeps the letters it came from.
pub fn joined_arabic(text: &str) -> String {
    let is_arabic = |c: char| matches!(c as u32, 0x0600..=0x06FF | 0x0750..=0x077F);
    if !text.chars().any(is_arabic) {
        return text.to_string();
    }
    let face = rustybuzz::Face::from_slice(REGULAR_TTF, 0).expect("embedded font parses");
    let mut out = String::new();
    let mut rest = text;
    while let Some(start) = rest.find(is_arabic) {
        out.push_str(&rest[..start]);
        // A run: Arabic letters with the spaces and marks between them.
        let run_len = rest[start..]
            .char_indices()
            .find(|(_, c)| !is_arabic(*c) && !c.is_whitespace())
            .map_or(rest.len() - start, |(i, _)| i);
        let run = rest[start..start + run_len].trim_end();
        out.push_str(&shape_arabic(&face, run));
        rest = &rest[start + run.len()..];
    }
    out.push_str(rest);
    out
}

fn shape_arabic(face: &rustybuzz::Face, run: &str) -> String {
    let mut buffer = rustybuzz::UnicodeBuffer::new();
    buffer.push_str(run);
    buffer.set_direction(rustybuzz::Direction::RightToLeft);
    buffer.set_script(rustybuzz::script::ARABIC);
    let shaped = rustybuzz::shape(face, &[], buffer);
    // Glyphs come in visual order (right to left): read them back in logical order.
    let mut infos: Vec<&rustybuzz::GlyphInfo> = shaped.glyph_infos().iter().collect();
    infos.reverse();
    let form_of = |glyph: u32| {
        (0xFE70u32..=0xFEFC)
            .chain(0x0600..=0x06FF)
            .filter_map(char::from_u32)
            .find(|c| face.glyph_index(*c).is_some_and(|g| u32::from(g.0) == glyph))
    };
    let mut out = String::new();
    for (k, info) in infos.iter().enumerate() {
        let start = info.cluster as usize;
        let end = infos
            .iter()
            .skip(k + 1)
            .map(|i| i.cluster as usize)
            .find(|c| *c > start)
            .unwrap_or(run.len());
        match form_of(info.glyph_id) {
            Some(c) => out.push(c),
            None => out.push_str(&run[start..end.max(start)]),
        }
    }
    out
}

/// Letters written right to left: Hebrew and Arabic, and their presentation forms.
pub fn is_right_to_left(c: char) -> bool {
    matches!(c as u32, 0x0590..=0x08FF | 0xFB1D..=0xFDFF | 0xFE70..=0xFEFF)
}

/// The Unicode bidirectional algorithm's order for display, line by line.
/// Text with no right-to-left letter is returned as it is.
pub fn visual_order(text: &str) -> String {
    if !text.chars().any(is_right_to_left) {
        return text.to_string();
    }
    let info = unicode_bidi::BidiInfo::new(text, None);
    info.paragraphs
        .iter()
        .map(|para| info.reorder_line(para, para.range.clone()).into_owned())
        .collect()
}

/// Splits `text` into lines no wider than `width_mm`, breaking at spaces.
pub fn wrap(text: &str, role: FontRole, size_pt: f32, width_mm: f32) -> Vec<String> {
    let m = metrics(role);
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let candidate = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if m.width_mm(&candidate, size_pt) <= width_mm || line.is_empty() {
            line = candidate;
        } else {
            lines.push(std::mem::take(&mut line));
            line = word.to_string();
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fonts_cover_accents_and_card_suits() {
        for ch in "ZoëÅçñŁőžß♠♥♦♣$○✓".chars() {
            assert!(metrics(FontRole::Regular).has_glyph(ch), "regular lacks {ch}");
            assert!(metrics(FontRole::Bold).has_glyph(ch), "bold lacks {ch}");
        }
        // Chinese and Korean come from the fallback faces; Devanagari from none yet.
        assert_eq!(missing_glyphs("Li 李雷 Kim 김민 अनु"), vec!['अ', 'न', 'ु']);
        assert!(drawable("अ").contains('\u{FFFD}') && drawable("李") == "李" && drawable("김") == "김");
    }

    #[test]
    fn width_grows_with_text_and_size() {
        let m = metrics(FontRole::Regular);
        let a = m.width_mm("12", 10.0);
        assert!(a > 0.0);
        assert!((m.width_mm("1212", 10.0) - 2.0 * a).abs() < 1e-4);
        assert!((m.width_mm("12", 20.0) - 2.0 * a).abs() < 1e-4);
    }

    #[test]
    fn wrap_keeps_lines_within_width() {
        let text = "Roll a d12: that is how many squares you can move on this turn.";
        let lines = wrap(text, FontRole::Regular, 10.0, 40.0);
        assert!(lines.len() > 1);
        for l in &lines {
            assert!(metrics(FontRole::Regular).width_mm(l, 10.0) <= 40.0);
        }
        assert_eq!(lines.join(" "), text);
    }
}

#[cfg(test)]
mod bidi_tests {
    use super::*;

    #[test]
    fn hebrew_and_arabic_names_are_drawn_in_the_order_they_are_read() {
        // Sarah Cohen: the first letter read (shin) is drawn rightmost.
        assert_eq!(visual_order("שרה כהן"), "ןהכ הרש");
        assert_eq!(visual_order("Sara שרה"), "Sara הרש");
        assert_eq!(visual_order("שרה 2"), "2 הרש");
        assert_eq!(visual_order("مريم"), "ميرم");
        assert_eq!(visual_order("Zoë"), "Zoë");
        assert_eq!(drawable("שרה"), "הרש");
    }
}

#[cfg(test)]
mod arabic_tests {
    use super::*;

    fn codes(text: &str) -> Vec<String> {
        text.chars().map(|c| format!("{:04X}", c as u32)).collect()
    }

    #[test]
    fn arabic_letters_join_as_they_do_in_writing() {
        // "Salam": seen initial, lam-alef joined as one final form, meem alone (its own letter).
        assert_eq!(codes(&joined_arabic("سلام")), ["FEB3", "FEFC", "0645"]);
        // "Ali": ain initial, lam medial, yeh final.
        assert_eq!(codes(&joined_arabic("علي")), ["FECB", "FEE0", "FEF2"]);
        // Other scripts and the spaces between words are left as they are.
        assert_eq!(joined_arabic("Zoë O'Brien"), "Zoë O'Brien");
        let two = joined_arabic("Ana علي سلام");
        assert!(two.starts_with("Ana ") && two.contains(' '), "{two}");
        assert_eq!(two.chars().filter(|c| *c == ' ').count(), 2);
        // Every joined form is drawn by both fonts.
        for c in joined_arabic("محمد فاطمة يوسف").chars() {
            assert!(
                metrics(FontRole::Regular).has_glyph(c) && metrics(FontRole::Bold).has_glyph(c),
                "{c}"
            );
        }
    }
}
