//! Seeds and sheet codes. Any text is a seed; it becomes 32 bytes by a fixed
//! function, and each purpose (layout, dice tape, simulation) draws from its own
//! stream so that adding one never shifts another.
//!
//! Seed function: SHA-256 over `"panicpress-seed-v1\0" + seed text + "\0" +
//! purpose + "\0" + index as 8 little-endian bytes`; the digest seeds ChaCha8.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use sha2::{Digest, Sha256};
use std::fmt;

use crate::message::Msg;
use crate::msg;

/// A seed: the text its streams are made from and, for a class-pack member
/// whose name stands in the seed as a hash, the text a code shows instead
/// (`5B spring/~李雷` for the seed `5B spring/~622862d9`).
#[derive(Debug, Clone)]
pub struct Seed {
    text: String,
    shown: Option<String>,
}

impl PartialEq for Seed {
    fn eq(&self, other: &Seed) -> bool {
        self.text == other.text
    }
}

impl Eq for Seed {}

impl std::hash::Hash for Seed {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.text.hash(state);
    }
}

/// Why a seed or a sheet code is refused, as a message of the catalogues.
#[derive(Debug, Clone, PartialEq)]
pub struct SeedError(pub Msg);

impl SeedError {
    /// A refusal of the seed: `seed: ...`.
    fn seed(why: Msg) -> SeedError {
        SeedError(msg!("at", place = "seed", message = why))
    }

    /// A refusal of a sheet code: `sheet code: ...`.
    fn code(why: Msg) -> SeedError {
        SeedError(msg!("at", place = msg!("code.place"), message = why))
    }
}

impl fmt::Display for SeedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.words("en"))
    }
}

impl std::error::Error for SeedError {}

/// Longest seed text accepted: a seed is printed in every page footer.
pub const MAX_SEED_CHARS: usize = 80;

impl Seed {
    /// A seed from any text of 1 to 80 characters without line breaks or tabs.
    pub fn new(text: &str) -> Result<Seed, SeedError> {
        if text.is_empty() {
            return Err(SeedError::seed(msg!("seed.empty")));
        }
        if text.chars().count() > MAX_SEED_CHARS {
            let n = text.chars().count();
            return Err(SeedError::seed(msg!("seed.too_long", n = n, most = MAX_SEED_CHARS)));
        }
        if text.chars().any(char::is_control) {
            return Err(SeedError::seed(msg!("seed.control")));
        }
        // A sheet code ends with its seed, and a space at either end of it
        // is lost in print and when a code is copied.
        if text.trim() != text {
            return Err(SeedError::seed(msg!("seed.spaces")));
        }
        Ok(Seed {
            text: text.to_string(),
            shown: None,
        })
    }

    /// A pack member's seed `PACK/~HASH`, shown in codes as `PACK/~NAME`: the
    /// seed stays the one such members have always had (the hash of
    /// `PACK/NAME`), while the code names the student as typed.
    pub fn hashed_member(pack: &str, name: &str) -> Result<Seed, SeedError> {
        let seed = Seed::new(&format!("{pack}/~{}", member_hash(pack, name)))?;
        let shown = format!("{pack}/~{name}");
        // A code that could not be read back names the hash, as before.
        let readable = shown.chars().count() <= MAX_SEED_CHARS && !is_hash(name) && !name.is_empty();
        Ok(Seed {
            shown: readable.then_some(shown),
            ..seed
        })
    }

    /// The seed given, or a fresh one when none was; `true` when chosen at random.
    pub(crate) fn given_or_random(text: Option<&str>) -> Result<(Seed, bool), SeedError> {
        match text {
            Some(t) => Ok((Seed::new(t)?, false)),
            None => Ok((Seed::random(), true)),
        }
    }

    /// A fresh seed for a user who gave none: a number easy to read out and type.
    pub fn random() -> Seed {
        use rand::Rng;
        Seed {
            text: rand::thread_rng().gen_range(100_000u32..1_000_000).to_string(),
            shown: None,
        }
    }

    /// The text the seed's streams are made from.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The text a code shows for the seed.
    pub fn shown(&self) -> &str {
        self.shown.as_deref().unwrap_or(&self.text)
    }

    /// The seed of the `k`-th item (1-based) in a run of many: the first is the
    /// seed itself, so a single sheet and the first of a run agree.
    pub fn nth(&self, k: usize) -> Seed {
        if k <= 1 {
            self.clone()
        } else {
            Seed {
                text: format!("{}#{k}", self.text),
                shown: self.shown.as_ref().map(|s| format!("{s}#{k}")),
            }
        }
    }

    /// The random stream for one purpose; `index` tells retries apart.
    pub fn stream(&self, purpose: &str, index: u64) -> ChaCha8Rng {
        let mut h = Sha256::new();
        h.update(b"panicpress-seed-v1\0");
        h.update(self.text.as_bytes());
        h.update([0]);
        h.update(purpose.as_bytes());
        h.update([0]);
        h.update(index.to_le_bytes());
        ChaCha8Rng::from_seed(h.finalize().into())
    }

    /// A file-name-safe form of the seed as codes show it: letters and
    /// digits by whole grapheme, '-' between, at most 40.
    pub fn file_stem(&self) -> String {
        let stem = crate::output::slug(self.shown(), 40);
        if stem.is_empty() { "seed".to_string() } else { stem }
    }
}

impl fmt::Display for Seed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// The short hash that stands for a pack member's name in their seed.
pub(crate) fn member_hash(pack: &str, name: &str) -> String {
    let digest = Sha256::digest(format!("{pack}/{name}").as_bytes());
    digest[..4].iter().map(|b| format!("{b:02x}")).collect()
}

/// Whether a name is in the form of [`member_hash`].
fn is_hash(name: &str) -> bool {
    name.len() == 8 && name.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// The code printed on every sheet. It names the game, the generator version,
/// the parameters, the paper, which sheets, and the seed, and regenerates the
/// sheet exactly:
///
/// `GAME:VERSION:PARAMS:PAPER:SHEETS:SEED`, e.g. `tp-hunt:1:g12-s12-a10-d7-p4:a4:map:42`.
/// The seed comes last and may itself contain ':'.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SheetCode {
    pub game: String,
    pub version: u32,
    pub params: String,
    pub paper: String,
    pub sheets: String,
    pub seed: Seed,
}

/// The letters a code's check is written in: no i, l, o or u to misread.
const CHECK_ALPHABET: &[u8; 32] = b"0123456789abcdefghjkmnpqrstvwxyz";

/// The check of a code's text without it, as codes were printed first:
/// three letters from a hash. Read, never printed any more.
fn check_of(unchecked: &str) -> String {
    let digest = Sha256::digest(format!("panicpress-code\0{unchecked}").as_bytes());
    let n = u32::from_be_bytes([0, digest[0], digest[1], digest[2]]);
    letters(n, 3)
}

/// The check codes are printed with: five letters (25 bits) from a hash
/// of the code's text and of how its seed reads (`member`: `PACK/~NAME`
/// names a pack member), so a code damaged by copying or typing makes
/// another game at most once in ten million (two readings of 2^25
/// checks), and any seed reads back as itself.
fn check5_of(unchecked: &str, member: bool) -> String {
    let reading = if member { "member" } else { "seed" };
    let digest = Sha256::digest(format!("panicpress-code-2\0{reading}\0{unchecked}").as_bytes());
    let n = u32::from_be_bytes([0, digest[0], digest[1], digest[2]]) << 8 | u32::from(digest[3]);
    letters(n, CHECK_LETTERS)
}

/// Letters of a printed check.
pub const CHECK_LETTERS: usize = 5;

/// `count` letters of the check alphabet from the low bits of `n`.
fn letters(n: u32, count: usize) -> String {
    (0..count)
        .map(|k| CHECK_ALPHABET[((n >> (5 * k)) & 31) as usize] as char)
        .collect()
}

/// What copying a code out of a PDF or a web page adds, taken away: white
/// space around it, bidirectional embeddings, overrides, isolates and marks,
/// zero-width characters, and Arabic and Hebrew presentation forms (back to
/// their letters by NFKC). Joiners (U+200C, U+200D) stay: names use them.
pub(crate) fn clean_copied(text: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    let mut out = String::with_capacity(text.len());
    for c in text.trim().chars() {
        match c as u32 {
            0x200C | 0x200D => out.push(c),
            0xFB1D..=0xFDFF | 0xFE70..=0xFEFE => out.extend(c.to_string().nfkc()),
            _ if crate::error::is_invisible_format(c) => {}
            _ => out.push(c),
        }
    }
    out
}

/// A code copied with the label printed before it ("Sheet code: ...",
/// "Blattcode: ..."): a code's first colon is never followed by a space, so
/// text up to a colon and a space is a label.
fn without_label(text: &str) -> &str {
    let text = text.trim();
    match text.split_once(':') {
        Some((label, rest)) if rest.starts_with(char::is_whitespace) && !label.is_empty() => rest.trim_start(),
        _ => text,
    }
}

/// A seed field of a code with a check: `PACK/~NAME` names a pack member
/// whose seed is the hash of their name; anything else is the seed's text.
fn member_in(field: &str) -> Option<(&str, &str)> {
    let (pack, name) = field.rsplit_once("/~")?;
    (!is_hash(name) && !name.is_empty()).then_some((pack, name))
}

impl SheetCode {
    /// A code as printed or typed. A code with a check (`tp-hunt:2-k7q:...`)
    /// is taken as given or as cleaned of what copying adds, whichever the
    /// check confirms, and refused when neither is; a code printed before
    /// codes had checks is read as cleaned.
    pub fn parse(code: &str) -> Result<SheetCode, SeedError> {
        let code = without_label(code);
        let cleaned = clean_copied(code);
        let shown = crate::error::quote(&cleaned);
        let parts: Vec<&str> = cleaned.splitn(6, ':').collect();
        if parts.len() != 6 {
            return Err(SeedError(msg!("code.form", code = shown)));
        }
        let (number, check) = match parts[1].split_once('-') {
            Some((n, c)) => (n, Some(c)),
            None => (parts[1], None),
        };
        let version: u32 = number.parse().map_err(|_| {
            SheetCode::damaged_or(
                check.is_some(),
                msg!(
                    "code.version",
                    code = shown.as_str(),
                    version = crate::error::quote(parts[1])
                ),
            )
        })?;
        let Some(check) = check else {
            return Ok(SheetCode::from_fields(&parts, version, Seed::new(parts[5])?));
        };
        // The text as given first: a seed may hold what cleaning removes.
        let raw = code.trim();
        for text in [raw, cleaned.as_str()] {
            let fields: Vec<&str> = text.splitn(6, ':').collect();
            if fields.len() != 6 {
                continue;
            }
            let unchecked = format!(
                "{}:{version}:{}:{}:{}:{}",
                fields[0], fields[2], fields[3], fields[4], fields[5]
            );
            let member = member_in(fields[5]);
            // Codes printed with three letters read `PACK/~NAME` as a member
            // whenever it can be one; five letters say which reading it is.
            let reading = match check.len() {
                3 if check_of(&unchecked) == check => Some(member.is_some()),
                CHECK_LETTERS if check5_of(&unchecked, false) == check => Some(false),
                CHECK_LETTERS if member.is_some() && check5_of(&unchecked, true) == check => Some(true),
                _ => None,
            };
            let Some(is_member) = reading else {
                continue;
            };
            let seed = match member.filter(|_| is_member) {
                Some((pack, name)) => Seed::hashed_member(pack, name)?,
                None => Seed::new(fields[5])?,
            };
            return Ok(SheetCode::from_fields(&fields, version, seed));
        }
        Err(SheetCode::damaged_or(true, msg!("code.damaged")))
    }

    fn damaged_or(checked: bool, otherwise: Msg) -> SeedError {
        match checked {
            true => SeedError::code(msg!("code.damaged")),
            false => SeedError(otherwise),
        }
    }

    fn from_fields(fields: &[&str], version: u32, seed: Seed) -> SheetCode {
        SheetCode {
            game: fields[0].to_string(),
            version,
            params: fields[2].to_string(),
            paper: fields[3].to_string(),
            sheets: fields[4].to_string(),
            seed,
        }
    }
}

impl SheetCode {
    /// The code of a sheet: what the game, its settings, the paper, the
    /// sheets and the seed make.
    pub fn new(
        game: &str,
        version: u32,
        params: String,
        paper: crate::sheet::Paper,
        sheets: &str,
        seed: &Seed,
    ) -> SheetCode {
        SheetCode {
            game: game.to_string(),
            version,
            params,
            paper: paper.name().to_string(),
            sheets: sheets.to_string(),
            seed: seed.clone(),
        }
    }

    /// Refuses a code made by another version of a game's generator: the same
    /// seed would give another layout.
    pub(crate) fn check_version(&self, game: &str, version: u32) -> Result<(), SeedError> {
        if self.version == version {
            Ok(())
        } else {
            Err(SeedError::code(msg!(
                "code.other_version",
                game = game,
                version = self.version,
                own = version
            )))
        }
    }

    /// The paper, from the paper field (`a4`, or `a4-de` with a language).
    pub fn paper(&self) -> Result<crate::sheet::Paper, SeedError> {
        let name = self.paper.split('-').next().unwrap_or("");
        crate::sheet::Paper::parse(name)
            .ok_or_else(|| SeedError::code(msg!("code.paper", name = crate::error::quote(name))))
    }

    /// The language the sheet was printed in: after the paper (`a4-de`), else English.
    pub fn lang(&self) -> &str {
        self.paper.split_once('-').map(|(_, l)| l).unwrap_or("en")
    }

    /// The code of the same sheet printed in `lang` (English is not written).
    pub(crate) fn with_lang(mut self, lang: &str) -> SheetCode {
        let paper = self.paper.split('-').next().unwrap_or("").to_string();
        self.paper = if lang == "en" { paper } else { format!("{paper}-{lang}") };
        self
    }

    /// A code given as text, written for `lang`; text that is not a code is kept.
    pub fn text_with_lang(code: &str, lang: &str) -> String {
        SheetCode::parse(code)
            .map(|c| c.with_lang(lang).to_string())
            .unwrap_or_else(|_| code.to_string())
    }
}

/// A code is printed with its check, whatever its seed: the check also
/// says whether `PACK/~NAME` names a pack member or is a seed's own text.
impl fmt::Display for SheetCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let seed = self.seed.shown();
        let (game, v, params, paper, sheets) = (&self.game, self.version, &self.params, &self.paper, &self.sheets);
        let check = check5_of(
            &format!("{game}:{v}:{params}:{paper}:{sheets}:{seed}"),
            self.seed.shown.is_some(),
        );
        write!(f, "{game}:{v}-{check}:{params}:{paper}:{sheets}:{seed}")
    }
}

impl From<SeedError> for crate::error::Error {
    fn from(e: SeedError) -> crate::error::Error {
        crate::error::Error::msg(e.0)
    }
}

/// The refusal of a code's settings part that is not in the game's form.
pub(crate) fn settings_not_in_form(game: &str, settings: &str, form: &str) -> crate::error::Error {
    let why = msg!(
        "code.settings",
        game = game,
        settings = crate::error::quote(settings),
        form = form
    );
    crate::error::Error::from(SeedError::code(why))
}

/// The refusal of a code of another game than `own`.
pub(crate) fn wrong_game(game: &str, own: &str) -> crate::error::Error {
    let why = msg!("code.wrong_game", game = crate::error::quote(game), own = own);
    crate::error::Error::from(SeedError::code(why))
}

/// The code a layout file carries, read: refused when it does not parse or
/// names another game than `own`.
pub(crate) fn layout_code(text: &str, own: &str) -> Result<SheetCode, crate::error::Error> {
    let code = SheetCode::parse(text).map_err(|e| crate::error::Error::msg(msg!("code.unreadable", why = e.0)))?;
    if code.game != own {
        let why = msg!("code.names_game", game = crate::error::quote(&code.game), own = own);
        return Err(crate::error::Error::msg(why));
    }
    Ok(code)
}

/// A layout file's code that its game cannot make, refused with why.
pub(crate) fn code_does_not_fit(e: crate::error::Error) -> crate::error::Error {
    crate::error::Error::msg(msg!("code.does_not_fit", why = e.msg))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::RngCore;

    #[test]
    fn seed_streams_are_stable_and_independent() {
        let s = Seed::new("42").unwrap();
        let a = s.stream("layout", 0).next_u64();
        assert_eq!(a, s.stream("layout", 0).next_u64());
        assert_ne!(a, s.stream("dice", 0).next_u64());
        assert_ne!(a, s.stream("layout", 1).next_u64());
        assert_ne!(a, Seed::new("43").unwrap().stream("layout", 0).next_u64());
    }

    #[test]
    fn seed_function_is_pinned() {
        // Value-stability: changing the seed function changes every sheet ever printed.
        let v = Seed::new("42").unwrap().stream("layout", 0).next_u64();
        assert_eq!(v, 0x3663_c601_1c7c_a9b9_u64, "got {v:#x}");
    }

    #[test]
    fn bad_seeds_are_refused_with_a_reason() {
        assert!(Seed::new("").unwrap_err().to_string().contains("empty"));
        assert!(Seed::new("a\nb").unwrap_err().to_string().contains("line breaks"));
        assert!(Seed::new(&"x".repeat(81)).unwrap_err().to_string().contains("too long"));
        assert!(Seed::new("room 12 tuesday").is_ok());
    }

    #[test]
    fn nth_seed_and_file_stem() {
        let s = Seed::new("Room 12: Tuesday!").unwrap();
        assert_eq!(s.nth(1), s);
        assert_eq!(s.nth(3).text(), "Room 12: Tuesday!#3");
        assert_eq!(s.file_stem(), "room-12-tuesday");
        assert_eq!(Seed::new("../..").unwrap().file_stem(), "seed");
    }

    #[test]
    fn sheet_code_round_trips_with_colons_in_the_seed() {
        let old = "tp-hunt:1:g12-s12-a10-d7-p4:a4:map:a:b c";
        let c = SheetCode::parse(old).unwrap();
        assert_eq!(c.seed.text(), "a:b c");
        // Printed now with its check, which reads back as the same code.
        let code = c.to_string();
        assert!(
            code.starts_with("tp-hunt:1-") && code.ends_with(":g12-s12-a10-d7-p4:a4:map:a:b c"),
            "{code}"
        );
        assert_eq!(code.split(':').nth(1).unwrap().len(), 2 + CHECK_LETTERS);
        assert_eq!(SheetCode::parse(&code).unwrap(), c);
        // A code printed with a three-letter check still reads.
        assert_eq!(
            SheetCode::parse("tp-hunt:1-w7g:g12-s12-a10-d7-p4:a4:map:a:b c").unwrap(),
            c
        );
        assert!(SheetCode::parse("tp-hunt:x").is_err());
        let de = c.clone().with_lang("de");
        assert!(de.to_string().contains(":a4-de:map:a:b c"));
        assert_eq!(
            SheetCode::parse("tp-hunt:1-514:g12-s12-a10-d7-p4:a4-de:map:a:b c").unwrap(),
            de
        );
        assert_eq!((de.lang(), de.paper().unwrap()), ("de", crate::sheet::Paper::A4));
        assert_eq!(de.with_lang("en").to_string(), code);
        assert!(SheetCode::parse("tp-hunt:one:p:a4:map:1").is_err());
    }

    /// A code damaged by a typo, in any part, is refused in one line rather
    /// than made into another game; one without a check is read as before.
    #[test]
    fn a_damaged_code_is_refused() {
        let code = SheetCode::parse("tp-hunt:2:g12-s12-a10-d7-p4:a4:map:42")
            .unwrap()
            .to_string();
        let chars: Vec<char> = code.chars().collect();
        for i in 0..chars.len() {
            let mut typo = chars.clone();
            typo[i] = if typo[i] == '7' { '8' } else { '7' };
            let typo: String = typo.into_iter().collect();
            match SheetCode::parse(&typo) {
                Ok(c) => assert_eq!(c.to_string(), code, "{typo} read as another code"),
                Err(e) => assert!(!e.to_string().is_empty()),
            }
        }
        let e = SheetCode::parse(&code.replace(":42", ":43")).unwrap_err();
        let e = e.to_string();
        assert!(e.contains("damaged") && e.contains("check it against the sheet"), "{e}");
    }

    /// What copying out of a PDF adds (bidi embeddings and marks, zero-width
    /// characters, Arabic presentation forms, white space) is taken away; a
    /// code with a check is confirmed by it.
    #[test]
    fn codes_copied_out_of_a_pdf_read_back() {
        let seed = Seed::new("5/مريم").unwrap();
        let code = SheetCode::new(
            "tp-hunt",
            2,
            "g12-s12-a10-d7-p4".into(),
            crate::sheet::Paper::A4,
            "map",
            &seed,
        );
        let printed = code.to_string();
        // As pdftotext gives it: presentation forms, inside an embedding.
        let copied = printed.replace("مريم", "\u{202b}\u{fee3}\u{fead}\u{fef3}\u{fee2}\u{202c}");
        let copied = format!("  \u{200b}{copied}\u{200e} ");
        assert_eq!(SheetCode::parse(&copied).unwrap().seed.text(), "5/مريم");
        // Joiners are part of names: kept.
        assert_eq!(clean_copied("a\u{200c}b\u{200d}c"), "a\u{200c}b\u{200d}c");
    }

    /// A pack member whose name stands in the seed as a hash is shown by
    /// name, and the code reads back to the same seed.
    #[test]
    fn hashed_members_are_shown_by_name() {
        let seed = Seed::hashed_member("5B", "李雷").unwrap();
        assert_eq!(seed.text(), format!("5B/~{}", member_hash("5B", "李雷")));
        let code = SheetCode::new(
            "tp-hunt",
            2,
            "g12-s12-a10-d7-p4".into(),
            crate::sheet::Paper::A4,
            "map",
            &seed,
        );
        let printed = code.to_string();
        assert!(printed.ends_with(":5B/~李雷"), "{printed}");
        assert_eq!(SheetCode::parse(&printed).unwrap().seed.text(), seed.text());
        // A seed that only looks like a member's is printed with its check
        // too, and reads back as itself.
        let plain = Seed::new("x/~abc").unwrap();
        let code = SheetCode::new(
            "tp-hunt",
            2,
            "g12-s12-a10-d7-p4".into(),
            crate::sheet::Paper::A4,
            "map",
            &plain,
        );
        let printed = code.to_string();
        assert!(printed.starts_with("tp-hunt:2-"), "{printed}");
        assert_eq!(SheetCode::parse(&printed).unwrap().seed.text(), "x/~abc");
        // As printed before, without a check, it reads as before.
        let unchecked = "tp-hunt:2:g12-s12-a10-d7-p4:a4:map:x/~abc";
        assert_eq!(SheetCode::parse(unchecked).unwrap().seed.text(), "x/~abc");
        // A member's code printed with three letters reads as the member.
        let head = "tp-hunt:2:g12-s12-a10-d7-p4:a4:map:5B/~李雷";
        let old = format!("tp-hunt:2-{}:g12-s12-a10-d7-p4:a4:map:5B/~李雷", check_of(head));
        assert_eq!(SheetCode::parse(&old).unwrap().seed.text(), seed.text());
    }

    /// Every printed code carries a check of five letters, whatever its
    /// seed; no single typo in 400 codes makes another game.
    #[test]
    fn every_code_carries_its_check_and_typos_are_refused() {
        let mut accepted = 0;
        for k in 0..200 {
            let seeds = [
                Seed::new(&format!("s{k}/~x")).unwrap(),
                Seed::hashed_member("5B", &format!("n{k}")).unwrap(),
            ];
            for seed in seeds {
                let code = SheetCode::new("ppe", 1, "p4".into(), crate::sheet::Paper::A4, "default", &seed).to_string();
                assert_eq!(code.split(':').nth(1).unwrap().len(), 2 + CHECK_LETTERS, "{code}");
                assert_eq!(SheetCode::parse(&code).unwrap().seed.text(), seed.text(), "{code}");
                let chars: Vec<char> = code.chars().collect();
                for i in 0..chars.len() {
                    if chars[i] == ':' || chars[i] == '-' {
                        continue;
                    }
                    let mut typo = chars.clone();
                    typo[i] = if typo[i] == 'q' { 'z' } else { 'q' };
                    let typo: String = typo.into_iter().collect();
                    if SheetCode::parse(&typo).is_ok_and(|c| c.to_string() != code) {
                        accepted += 1;
                    }
                }
            }
        }
        assert_eq!(accepted, 0);
    }
}
