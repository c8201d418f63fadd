//! Fonts: the glyphs each face shows, numbered as the subset numbers them,
//! and each face written at the end, subset with `subsetter` to the glyphs
//! used, as a Type0 font with the text each glyph stands for.

use pdf_writer::types::{CidFontType, FontFlags, SystemInfo, UnicodeCmap};
use pdf_writer::{Chunk, Filter, Finish, Name, Rect, Ref, Str};
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::io::{self, Write};

use super::objects::{Objects, deflate};
use super::units::round;
use crate::fonts::{self, FontRole};

/// Each face's name in the resource dictionary, by [`font_index`].
pub(super) const FONT_NAMES: [&[u8]; 9] = [b"F0", b"F1", b"F2", b"F3", b"F4", b"F5", b"F6", b"F7", b"F8"];

pub(super) fn font_index(role: FontRole) -> usize {
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

/// A run of text as it is shown.
pub(super) enum Shown {
    /// Glyph ids, two bytes each, set at their own widths.
    Glyphs(Vec<u8>),
    /// Shaped glyphs, with the text they spell in reading order.
    Shaped { text: String, pieces: Vec<ShapedPiece> },
}

/// Shaped glyphs at one height above the baseline.
pub(super) struct ShapedPiece {
    pub(super) rise: f32,
    pub(super) items: Vec<TjItem>,
}

pub(super) enum TjItem {
    Glyph(u16),
    Adjust(f32),
}

/// The glyphs used from every face.
pub(super) struct Fonts {
    used: [FontUse; 9],
}

impl Fonts {
    pub(super) fn new() -> Fonts {
        Fonts {
            used: std::array::from_fn(|_| FontUse::new()),
        }
    }

    /// Glyph ids of `text` in the subset font, two bytes each, noting each glyph used.
    pub(super) fn encode(&mut self, role: FontRole, text: &str) -> Vec<u8> {
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
        let used = &mut self.used[font_index(role)];
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
    pub(super) fn encode_shaped(&mut self, role: FontRole, text: &str, size_pt: f32) -> Shown {
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

    /// Writes every face with a glyph used; returns each one's index and Type0 object.
    pub(super) fn write(&self, objects: &mut Objects<impl Write>) -> io::Result<Vec<(usize, Ref)>> {
        let mut written = Vec::new();
        for role in FontRole::ALL {
            if !self.used[font_index(role)].glyphs.is_empty() {
                written.push((font_index(role), self.write_one(objects, role)?));
            }
        }
        Ok(written)
    }

    /// Writes one subset font as a Type0/CIDFontType2 font; returns the Type0 object.
    fn write_one(&self, objects: &mut Objects<impl Write>, role: FontRole) -> io::Result<Ref> {
        let used = &self.used[font_index(role)];
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

        let file = objects.reserve();
        let mut chunk = Chunk::new();
        chunk
            .stream(file, &deflate(&data))
            .filter(Filter::FlateDecode)
            .pair(Name(b"Length1"), data.len() as i32);
        objects.emit(file, &chunk)?;
        let descriptor = objects.reserve();
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
        objects.emit(descriptor, &chunk)?;
        let cid = objects.reserve();
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
        objects.emit(cid, &chunk)?;
        let to_unicode = objects.reserve();
        let mut chunk = Chunk::new();
        chunk.cmap(to_unicode, &cmap).filter(Filter::FlateDecode);
        objects.emit(to_unicode, &chunk)?;
        let type0 = objects.reserve();
        let mut chunk = Chunk::new();
        chunk
            .type0_font(type0)
            .base_font(name)
            .encoding_predefined(Name(b"Identity-H"))
            .descendant_font(cid)
            .to_unicode(to_unicode);
        objects.emit(type0, &chunk)?;
        Ok(type0)
    }
}
