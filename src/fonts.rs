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
/// Noto Sans for the scripts whose letters change shape and order inside a
/// word; text in them is shaped ([`shape`]), not set letter by letter.
pub const DEVANAGARI_TTF: &[u8] = include_bytes!("../fonts/NotoSansDevanagari-Regular.ttf");
pub const BENGALI_TTF: &[u8] = include_bytes!("../fonts/NotoSansBengali-Regular.ttf");
pub const TAMIL_TTF: &[u8] = include_bytes!("../fonts/NotoSansTamil-Regular.ttf");
pub const THAI_TTF: &[u8] = include_bytes!("../fonts/NotoSansThai-Regular.ttf");

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
    Devanagari,
    Bengali,
    Tamil,
    Thai,
}

impl FontRole {
    pub const ALL: [FontRole; 9] = [
        FontRole::Regular,
        FontRole::Bold,
        FontRole::Fallback,
        FontRole::Hangul,
        FontRole::Added,
        FontRole::Devanagari,
        FontRole::Bengali,
        FontRole::Tamil,
        FontRole::Thai,
    ];

    /// The faces that draw, after the fallback faces, what DejaVu Sans lacks.
    const SHAPED: [FontRole; 4] = [FontRole::Devanagari, FontRole::Bengali, FontRole::Tamil, FontRole::Thai];

    /// Whether text in this face is shaped as a whole ([`shape`]): its
    /// letters join, reorder and stack, so they cannot be set one by one.
    /// An added font is shaped too: what it is added for is not known.
    pub(crate) fn is_shaped(self) -> bool {
        self == FontRole::Added || FontRole::SHAPED.contains(&self)
    }

    /// The PostScript name of the embedded face.
    pub(crate) fn postscript_name(self) -> &'static str {
        match self {
            FontRole::Regular => "DejaVuSans",
            FontRole::Bold => "DejaVuSans-Bold",
            FontRole::Fallback => "DroidSansFallbackFull",
            FontRole::Hangul => "NanumGothic",
            FontRole::Added => "AddedFont",
            FontRole::Devanagari => "NotoSansDevanagari-Regular",
            FontRole::Bengali => "NotoSansBengali-Regular",
            FontRole::Tamil => "NotoSansTamil-Regular",
            FontRole::Thai => "NotoSansThai-Regular",
        }
    }

    pub fn bytes(self) -> &'static [u8] {
        match self {
            FontRole::Regular => REGULAR_TTF,
            FontRole::Bold => BOLD_TTF,
            FontRole::Fallback => FALLBACK_TTF,
            FontRole::Hangul => HANGUL_TTF,
            FontRole::Added => ADDED.get().map_or(&[], |(bytes, _)| bytes),
            FontRole::Devanagari => DEVANAGARI_TTF,
            FontRole::Bengali => BENGALI_TTF,
            FontRole::Tamil => TAMIL_TTF,
            FontRole::Thai => THAI_TTF,
        }
    }
}

/// The font of `--font`: its bytes (kept for the process) and metrics.
static ADDED: OnceLock<(&'static [u8], Metrics)> = OnceLock::new();

/// Adds a font file for characters the embedded faces lack (`--font`). One
/// per process; the same file again is accepted.
pub(crate) fn add_font(bytes: Vec<u8>) -> Result<(), crate::message::Msg> {
    if let Some((have, _)) = ADDED.get() {
        return match *have == bytes.as_slice() {
            true => Ok(()),
            false => Err(crate::msg!("font.only_one")),
        };
    }
    // The parser's reason is its own English text, carried as given.
    let face = ttf_parser::Face::parse(&bytes, 0).map_err(|e| crate::msg!("font.not_a_font", why = e.to_string()))?;
    if face.number_of_glyphs() < 2 {
        return Err(crate::msg!("font.no_glyphs"));
    }
    let bytes: &'static [u8] = Box::leak(bytes.into_boxed_slice());
    let _ = ADDED.set((bytes, Metrics::load(bytes, FontRole::Added)));
    Ok(())
}

/// The face that draws `c` in text set in `role`: the role's own, else the
/// fallback faces (Chinese and Japanese, then Korean, then the shaped
/// scripts), else an added font; the role's own when none has it.
pub(crate) fn face_for(c: char, role: FontRole) -> FontRole {
    if metrics(role).has_glyph(c) || !matches!(role, FontRole::Regular | FontRole::Bold) {
        return role;
    }
    // Checked in this order so that what the first two drew, they still draw.
    let faces = [FontRole::Fallback, FontRole::Hangul]
        .into_iter()
        .chain(FontRole::SHAPED);
    for face in faces {
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
/// Joiners stay in a shaped run: they steer how its letters join.
pub fn runs(text: &str, role: FontRole) -> Vec<(FontRole, &str)> {
    let mut out: Vec<(FontRole, &str)> = Vec::new();
    let mut start = 0;
    let mut current: Option<FontRole> = None;
    for (i, c) in text.char_indices() {
        let face = match current {
            Some(shaped) if shaped.is_shaped() && matches!(c, '\u{200C}' | '\u{200D}') => shaped,
            _ => face_for(c, role),
        };
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
    pub(crate) fn has_glyph(&self, ch: char) -> bool {
        // Every character drawn asks this: the table answers the common ones.
        match self.glyphs.get(ch as usize) {
            Some(&g) => g != 0 || ch.is_whitespace(),
            None => ch.is_whitespace() || self.face.glyph_index(ch).is_some(),
        }
    }

    /// Width of `text` at `size_pt`, in millimetres; characters this face
    /// lacks are measured in the face that draws them ([`face_for`]).
    pub(crate) fn width_mm(&self, text: &str, size_pt: f32) -> f32 {
        if self.needs_shaping(text) {
            return self.width_with_shaped_runs_mm(text, size_pt);
        }
        self.span_mm(self.extend(Span::default(), text), size_pt)
    }

    /// Whether some character of `text` is drawn by a face that shapes it
    /// (its width is then not the sum of its characters').
    fn needs_shaping(&self, text: &str) -> bool {
        text.chars()
            .any(|c| !self.has_glyph(c) && face_for(c, self.role).is_shaped())
    }

    /// `span` with the characters of `text` added, left to right.
    fn extend(&self, mut span: Span, text: &str) -> Span {
        for c in text.chars() {
            if self.has_glyph(c) {
                span.own += self.advance(c) as u32;
                continue;
            }
            let face = Some(face_for(c, self.role)).filter(|r| *r != self.role).map(metrics);
            match face {
                Some(m) => span.other += m.advance(c) as f32 / m.units_per_em,
                None => span.own += self.advance(c) as u32,
            }
        }
        span
    }

    /// A span's width at `size_pt`, in millimetres.
    fn span_mm(&self, span: Span, size_pt: f32) -> f32 {
        let width = span.own as f32 / self.units_per_em * size_pt * PT_TO_MM;
        // Text the face draws alone measures exactly as it always has.
        match span.other {
            0.0 => width,
            _ => width + span.other * size_pt * PT_TO_MM,
        }
    }

    /// [`Metrics::width_mm`] for text with shaped runs: those measure as shaped.
    fn width_with_shaped_runs_mm(&self, text: &str, size_pt: f32) -> f32 {
        let ems: f32 = runs(text, self.role)
            .into_iter()
            .map(|(role, part)| match role.is_shaped() {
                true => {
                    let units: i32 = shape(role, part).iter().map(|g| g.advance).sum();
                    units as f32 / metrics(role).units_per_em
                }
                false => metrics(role).width_mm(part, 1.0) / PT_TO_MM,
            })
            .sum();
        ems * size_pt * PT_TO_MM
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
    pub(crate) fn advance_per_mille(&self, glyph: u16) -> u32 {
        let units = self.face.glyph_hor_advance(ttf_parser::GlyphId(glyph)).unwrap_or(0);
        self.per_mille(units as i32).max(0) as u32
    }

    pub(crate) fn bbox_per_mille(&self) -> (i32, i32, i32, i32) {
        let b = self.face.global_bounding_box();
        (
            self.per_mille(b.x_min as i32),
            self.per_mille(b.y_min as i32),
            self.per_mille(b.x_max as i32),
            self.per_mille(b.y_max as i32),
        )
    }

    pub(crate) fn ascent_per_mille(&self) -> i32 {
        self.per_mille(self.face.ascender() as i32)
    }

    pub(crate) fn descent_per_mille(&self) -> i32 {
        self.per_mille(self.face.descender() as i32)
    }

    pub(crate) fn cap_height_per_mille(&self) -> i32 {
        let cap = self.face.capital_height().unwrap_or(self.face.ascender());
        self.per_mille(cap as i32)
    }

    pub(crate) fn units_per_em(&self) -> f32 {
        self.units_per_em
    }

    /// The outline of a glyph as SVG path data, in font units with y up;
    /// empty for a glyph with no outline (a space).
    pub(crate) fn outline_svg(&self, glyph: u16) -> String {
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
    pub(crate) fn advance_units(&self, glyph: u16) -> f32 {
        self.face.glyph_hor_advance(ttf_parser::GlyphId(glyph)).unwrap_or(0) as f32
    }

    /// Height of the ascender at `size_pt`, in millimetres.
    pub(crate) fn ascender_mm(&self, size_pt: f32) -> f32 {
        self.ascender / self.units_per_em * size_pt * PT_TO_MM
    }
}

pub const PT_TO_MM: f32 = 25.4 / 72.0;

pub(crate) fn metrics(role: FontRole) -> &'static Metrics {
    static LOADED: [OnceLock<Metrics>; FontRole::ALL.len()] = [const { OnceLock::new() }; FontRole::ALL.len()];
    match role {
        FontRole::Added => &ADDED.get().expect("an added font is used only once added").1,
        _ => LOADED[role as usize].get_or_init(|| Metrics::load(role.bytes(), role)),
    }
}

/// The shaping engine's view of an embedded face, parsed once per process.
fn shaper(role: FontRole) -> &'static rustybuzz::Face<'static> {
    static LOADED: [OnceLock<rustybuzz::Face<'static>>; FontRole::ALL.len()] =
        [const { OnceLock::new() }; FontRole::ALL.len()];
    LOADED[role as usize].get_or_init(|| rustybuzz::Face::from_slice(role.bytes(), 0).expect("embedded font parses"))
}

/// One glyph of shaped text, in the face's units: where it sits from the pen
/// (`dx`, `dy`, y up) and how far it moves the pen on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShapedGlyph {
    pub glyph: u16,
    pub advance: i32,
    pub dx: i32,
    pub dy: i32,
    /// The characters this glyph begins (its cluster); empty for the other
    /// glyphs of a cluster, so the text is told once.
    pub text: String,
}

/// A run of one script shaped by the font's own rules (rustybuzz):
/// conjuncts formed, vowel signs put where they are written (before, above,
/// below or around their consonant), marks stacked. The run is already in
/// the order it is seen ([`visual_order`]), so it is shaped left to right.
pub fn shape(role: FontRole, run: &str) -> Vec<ShapedGlyph> {
    let mut buffer = rustybuzz::UnicodeBuffer::new();
    buffer.push_str(run);
    buffer.guess_segment_properties();
    buffer.set_direction(rustybuzz::Direction::LeftToRight);
    let shaped = rustybuzz::shape(shaper(role), &[], buffer);
    let infos = shaped.glyph_infos();
    let starts: Vec<usize> = infos.iter().map(|i| i.cluster as usize).collect();
    infos
        .iter()
        .zip(shaped.glyph_positions())
        .enumerate()
        .map(|(k, (info, pos))| {
            let start = starts[k];
            let begins = k == 0 || starts[k - 1] != start;
            // A cluster runs to the next one that starts later (clusters only grow, left to right).
            let end = starts[k..].iter().copied().find(|s| *s > start).unwrap_or(run.len());
            ShapedGlyph {
                glyph: info.glyph_id as u16,
                advance: pos.x_advance,
                dx: pos.x_offset,
                dy: pos.y_offset,
                text: match begins {
                    true => run[start..end].to_string(),
                    false => String::new(),
                },
            }
        })
        .collect()
}

/// Whether some embedded face draws `ch`.
pub fn drawn(ch: char) -> bool {
    metrics(FontRole::Regular).has_glyph(ch) || face_for(ch, FontRole::Regular) != FontRole::Regular
}

/// The characters of `text` that no embedded face can draw, in order, once each.
pub(crate) fn missing_glyphs(text: &str) -> Vec<char> {
    let mut missing: Vec<char> = Vec::new();
    for ch in text.chars() {
        if !drawn(ch) && !missing.contains(&ch) {
            missing.push(ch);
        }
    }
    missing
}

/// What a drawn character stands for when text is copied: an Arabic or
/// Hebrew presentation form (a joined letter) is the letter as typed.
pub(crate) fn as_typed(ch: char) -> String {
    use unicode_normalization::UnicodeNormalization;
    match ch as u32 {
        0xFB1D..=0xFDFF | 0xFE70..=0xFEFE => ch.to_string().nfkc().collect(),
        _ => ch.to_string(),
    }
}

/// Text as it is drawn: characters the fonts cannot draw replaced by a
/// visible replacement mark, Arabic letters joined, and right-to-left runs
/// (Hebrew, Arabic) put in the order they are seen, left to right on the page.
pub(crate) fn drawable(text: &str) -> String {
    let text: String = text.chars().map(|c| if drawn(c) { c } else { '\u{FFFD}' }).collect();
    visual_order(&joined_arabic(&text))
}

/// Arabic letters in the forms they take where they join their neighbours.
/// Each run of Arabic is shaped with rustybuzz (the font's own substitution
/// rules pick initial, medial, final and isolated forms and ligatures); each
/// shaped glyph is then written as the character the font maps to it (the
/// Arabic presentation forms), so pages, PDFs and SVGs stay character-based.
/// A glyph with no character of its own keeps the letters it came from.
pub(crate) fn joined_arabic(text: &str) -> String {
    let is_arabic = |c: char| matches!(c as u32, 0x0600..=0x06FF | 0x0750..=0x077F);
    if !text.chars().any(is_arabic) {
        return text.to_string();
    }
    let face = shaper(FontRole::Regular);
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
        out.push_str(&shape_arabic(face, run));
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
pub(crate) fn is_right_to_left(c: char) -> bool {
    matches!(c as u32, 0x0590..=0x08FF | 0xFB1D..=0xFDFF | 0xFE70..=0xFEFF)
}

/// The Unicode bidirectional algorithm's order for display, line by line.
/// Text with no right-to-left letter is returned as it is.
pub(crate) fn visual_order(text: &str) -> String {
    if !text.chars().any(is_right_to_left) {
        return text.to_string();
    }
    let info = unicode_bidi::BidiInfo::new(text, None);
    info.paragraphs
        .iter()
        .map(|para| info.reorder_line(para, para.range.clone()).into_owned())
        .collect()
}

/// Text measured so far, summed as [`Metrics::width_mm`] sums it: the
/// face's own advances in its units, other faces' in ems.
#[derive(Debug, Clone, Copy, Default)]
struct Span {
    own: u32,
    other: f32,
}

/// Splits `text` into lines no wider than `width_mm`, breaking at spaces,
/// never at a no-break space ("28\u{a0}%" stays on one line).
pub fn wrap(text: &str, role: FontRole, size_pt: f32, width_mm: f32) -> Vec<String> {
    let m = metrics(role);
    let mut lines = Vec::new();
    let mut line = String::new();
    // A line grows word by word: its width is carried, not measured again,
    // where shaping cannot change it (the same sums, in the same order).
    let carried = !m.needs_shaping(text);
    let mut span = Span::default();
    let breaks = |c: char| c.is_whitespace() && !matches!(c, '\u{a0}' | '\u{202f}' | '\u{2007}');
    for word in text.split(breaks).filter(|w| !w.is_empty()) {
        let (fits, grown) = if carried {
            let start = if line.is_empty() {
                Span::default()
            } else {
                m.extend(span, " ")
            };
            let grown = m.extend(start, word);
            (m.span_mm(grown, size_pt) <= width_mm, grown)
        } else {
            (m.width_mm(&format!("{line} {word}"), size_pt) <= width_mm, span)
        };
        if line.is_empty() || fits {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
            span = grown;
        } else {
            lines.push(std::mem::take(&mut line));
            line.push_str(word);
            span = m.extend(Span::default(), word);
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
        // Chinese, Korean and Devanagari come from the fallback faces; Ethiopic from none.
        assert_eq!(missing_glyphs("Li 李雷 Kim 김민 अनु ሰላም"), vec!['ሰ', 'ላ', 'ም']);
        assert!(drawable("ሰ").contains('\u{FFFD}') && drawable("李") == "李" && drawable("김") == "김");
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

    #[test]
    fn wrap_never_breaks_at_a_no_break_space() {
        let text = "eine Beatmung kostet in 28\u{a0}% der Würfe den nächsten Zug";
        for width in [20.0, 30.0, 40.0, 50.0, 60.0] {
            let lines = wrap(text, FontRole::Regular, 10.0, width);
            assert!(lines.iter().any(|l| l.contains("28\u{a0}%")), "{width}: {lines:?}");
        }
    }
}

#[cfg(test)]
mod shaping_tests {
    use super::*;

    #[test]
    fn indic_and_thai_names_are_shaped_not_set_letter_by_letter() {
        let m = metrics(FontRole::Devanagari);
        // "ki": the vowel sign i is written before the consonant it follows in
        // reading order; the first glyph drawn tells the cluster's text.
        let ki = shape(FontRole::Devanagari, "कि");
        assert_eq!(ki.len(), 2);
        assert_eq!(ki[1].glyph, m.glyph('क'));
        assert_ne!(ki[0].glyph, m.glyph('क'));
        assert_eq!((ki[0].text.as_str(), ki[1].text.as_str()), ("कि", ""));
        // "ksha": three letters, one conjunct glyph.
        assert_eq!(shape(FontRole::Devanagari, "क्ष").len(), 1);
        // Tamil "ko": one letter, a vowel sign drawn on both sides of it.
        assert_eq!(shape(FontRole::Tamil, "கொ").len(), 3);
        // Thai: a tone mark over a vowel sign over a letter, raised above the line.
        let nam = shape(FontRole::Thai, "น้ำ");
        assert!(nam.iter().any(|g| g.dy != 0 || g.dx != 0 || g.advance == 0), "{nam:?}");
        // Names pick these faces and measure as shaped.
        assert_eq!(runs("Priya प्रिया", FontRole::Regular)[1].0, FontRole::Devanagari);
        assert_eq!(face_for('ব', FontRole::Bold), FontRole::Bengali);
        assert_eq!(face_for('ท', FontRole::Regular), FontRole::Thai);
        let shaped: i32 = shape(FontRole::Devanagari, "क्ष").iter().map(|g| g.advance).sum();
        let width = metrics(FontRole::Regular).width_mm("क्ष", 10.0);
        assert!(
            (width - shaped as f32 / 1000.0 * 10.0 * PT_TO_MM).abs() < 1e-4,
            "{width}"
        );
        // A joiner stays in the run it steers.
        assert_eq!(runs("क्\u{200D}ष", FontRole::Regular).len(), 1);
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
