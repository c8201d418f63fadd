//! The one error type the library returns: what kind of failure it is (and
//! so the exit code), the setting it is about, and one line to show. The
//! bottom layer but for the messages it words.

use std::fmt;

use crate::message::{Arg, Msg};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    /// Bad input: a setting out of range, a malformed file: exit 2.
    Input,
    /// A layout that breaks the game's rules: exit 1.
    Rules,
    /// A file that cannot be read or written: exit 2.
    Io,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Error {
    pub kind: ErrorKind,
    /// The message in English (the English catalogue's wording), as a log
    /// or a test reads it.
    pub message: String,
    /// The setting (or form field) the error is about, when there is one.
    pub field: Option<String>,
    /// What the message says, as data: worded in the reader's language
    /// where it is shown ([`Error::words`]).
    pub msg: Msg,
}

/// Longest piece of quoted input an error message repeats.
pub const MAX_ECHO_CHARS: usize = 60;
/// Longest error message: one line a person can read.
pub const MAX_MESSAGE_CHARS: usize = 400;

impl Error {
    /// Bad input, said as a message of the catalogues.
    pub fn msg(msg: Msg) -> Error {
        Error {
            kind: ErrorKind::Input,
            message: tidy(&msg.words("en")),
            field: None,
            msg,
        }
    }

    /// Bad input about one setting, said as a message of the catalogues:
    /// `field: message`, the field kept as data and named as given.
    pub(crate) fn setting_msg(field: &str, msg: Msg) -> Error {
        Error::msg(msg).within(field).at(field)
    }

    /// A file that cannot be read or written.
    pub fn io(msg: Msg) -> Error {
        Error {
            kind: ErrorKind::Io,
            ..Error::msg(msg)
        }
    }

    /// The same error, about `field` unless it names one already (the
    /// innermost setting is the most precise).
    pub fn at(mut self, field: &str) -> Error {
        if self.field.is_none() {
            self.field = Some(field.to_string());
        }
        self
    }

    /// The same error after the place it happened (`place: message`): a
    /// file's name or a setting as given ([`Arg::Text`]), or a place in
    /// words ("board 2", a pack's entry) as a message; its kind and field kept.
    pub fn within(mut self, place: impl Into<Arg>) -> Error {
        self.msg = crate::msg!("at", place = place, message = self.msg);
        self.message = tidy(&self.msg.words("en"));
        self
    }

    /// The message in `lang`, one line as [`tidy`] makes it.
    pub fn words(&self, lang: &str) -> String {
        tidy(&self.msg.words(lang))
    }

    pub fn exit_code(&self) -> i32 {
        match self.kind {
            ErrorKind::Input | ErrorKind::Io => 2,
            ErrorKind::Rules => 1,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

pub type Result<T> = std::result::Result<T, Error>;

/// Characters that change how a terminal shows the text around them without
/// being visible: bidirectional embeddings, overrides, isolates and marks,
/// zero-width characters and other format characters (Unicode's Cf).
pub fn is_invisible_format(c: char) -> bool {
    matches!(
        c as u32,
        0x00AD | 0x061C | 0x180E | 0x200B..=0x200F | 0x202A..=0x202E | 0x2060..=0x2064
            | 0x2066..=0x206F | 0xFEFF | 0xFFF9..=0xFFFB | 0x110BD | 0x1BCA0..=0x1BCA3
            | 0x1D173..=0x1D17A | 0xE0001 | 0xE0020..=0xE007F
    )
}

/// The line a command prints for an error, as a person reads it on a
/// terminal: `error: ` and the message, at most [`MAX_MESSAGE_CHARS`] in all.
pub fn line(e: &Error) -> String {
    line_in(e, "en")
}

/// [`line`] with its `error: ` in `lang` (the message is worded already).
pub fn line_in(e: &Error, lang: &str) -> String {
    let parts: Vec<&str> = e.message.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    tidy(&crate::msg!("cli.error", message = parts.join("; ")).words(lang))
}

/// Makes a message safe to print on one line: control characters (line
/// breaks, escapes) and invisible format characters (bidi overrides,
/// zero-width characters) are dropped, every '…'-quoted piece of input longer
/// than [`MAX_ECHO_CHARS`] is cut, and the whole is cut at [`MAX_MESSAGE_CHARS`].
pub fn tidy(message: &str) -> String {
    let clean: String = message
        .chars()
        .map(|c| if c == '\n' || c == '\t' { ' ' } else { c })
        .filter(|c| !c.is_control() && !is_invisible_format(*c))
        .collect();
    // Parsers (serde, toml) quote input in double quotes or backticks
    // (unknown field `...`): cut those pieces too.
    let mut out = cut_quoted(&cut_quoted(&cut_quoted(&clean, '\''), '"'), '`');
    if out.chars().count() > MAX_MESSAGE_CHARS {
        out = out.chars().take(MAX_MESSAGE_CHARS - 1).collect();
        out.push('…');
    }
    out
}

/// Every piece of `text` between two `mark`s longer than [`MAX_ECHO_CHARS`], cut.
fn cut_quoted(text: &str, mark: char) -> String {
    let mut out = String::with_capacity(text.len());
    // Quoted pieces alternate with the message's own words: odd pieces are
    // quoted, when a mark closes them (an apostrophe in "pack's" opens nothing).
    let pieces: Vec<&str> = text.split(mark).collect();
    for (i, piece) in pieces.iter().enumerate() {
        if i > 0 {
            out.push(mark);
        }
        if i % 2 == 1 && i + 1 < pieces.len() && piece.chars().count() > MAX_ECHO_CHARS {
            out.extend(piece.chars().take(MAX_ECHO_CHARS - 1));
            out.push('…');
        } else {
            out.push_str(piece);
        }
    }
    out
}

/// A piece of user input, fit to be quoted in a message: cut to
/// [`MAX_ECHO_CHARS`] before it is quoted (so quotes inside it cannot hide a
/// longer piece), with its own apostrophes shown as ’.
pub fn quote(input: &str) -> String {
    let clean: String = input
        .chars()
        .filter(|c| !c.is_control() && !is_invisible_format(*c))
        .map(|c| if c == '\'' { '’' } else { c })
        .collect();
    let mut cut: String = clean.chars().take(MAX_ECHO_CHARS).collect();
    if cut.chars().count() < clean.chars().count() {
        cut = cut.chars().take(MAX_ECHO_CHARS - 1).collect();
        cut.push('…');
    }
    format!("'{cut}'")
}

/// An I/O error's reason as a message, without the paths some libraries
/// add to it (a temporary file's name means nothing to the person who gave
/// the path): by the system's error code where there is one, else by its kind.
pub(crate) fn io_reason(e: &std::io::Error) -> Msg {
    let Some(code) = e.raw_os_error() else {
        // tempfile wraps the system's error with its temporary path: the system's.
        if let Some(inner) = e
            .get_ref()
            .and_then(|inner| inner.source()?.downcast_ref::<std::io::Error>())
        {
            return io_reason(inner);
        }
        return io_kind(e);
    };
    match code {
        libc::ENOSPC => crate::msg!("io.disk_full"),
        libc::EDQUOT => crate::msg!("io.quota"),
        libc::EROFS => crate::msg!("io.read_only"),
        libc::EACCES | libc::EPERM => crate::msg!("io.permission"),
        libc::ENOENT => crate::msg!("io.not_found"),
        libc::ENOTDIR => crate::msg!("io.not_a_folder"),
        libc::EISDIR => crate::msg!("io.is_a_folder"),
        libc::EEXIST => crate::msg!("io.exists"),
        libc::ENAMETOOLONG => crate::msg!("io.name_too_long"),
        libc::EFBIG => crate::msg!("io.too_large"),
        libc::EMFILE | libc::ENFILE => crate::msg!("io.too_many_open"),
        libc::EIO => crate::msg!("io.disk_error"),
        libc::EXDEV => crate::msg!("io.other_disk"),
        _ => io_kind(&std::io::Error::from_raw_os_error(code)),
    }
}

/// An I/O error by its kind; a rare kind in the system's own words, which
/// come as text and cannot be keyed ("File name too long (os error 36)",
/// without the number).
fn io_kind(e: &std::io::Error) -> Msg {
    use std::io::ErrorKind as K;
    match e.kind() {
        K::StorageFull => crate::msg!("io.disk_full"),
        K::QuotaExceeded => crate::msg!("io.quota"),
        K::ReadOnlyFilesystem => crate::msg!("io.read_only"),
        K::PermissionDenied => crate::msg!("io.permission"),
        K::NotFound => crate::msg!("io.not_found"),
        K::NotADirectory => crate::msg!("io.not_a_folder"),
        K::IsADirectory => crate::msg!("io.is_a_folder"),
        K::AlreadyExists => crate::msg!("io.exists"),
        K::FileTooLarge => crate::msg!("io.too_large"),
        K::CrossesDevices => crate::msg!("io.other_disk"),
        K::UnexpectedEof => crate::msg!("io.cut_short"),
        K::BrokenPipe => crate::msg!("io.reader_gone"),
        _ => {
            let text = e.to_string();
            let words = text.split(" (os error").next().unwrap_or(&text).to_string();
            crate::msg!("io.system", why = words)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn echoed_input_is_stripped_of_control_characters_and_cut() {
        let long = "x".repeat(100_000);
        let e = tidy(&format!("seed '{long}\u{1b}[31m\r' is bad"));
        assert!(!e.chars().any(char::is_control), "{e:?}");
        assert!(e.chars().count() < 100, "{}", e.len());
        assert!(e.ends_with("…' is bad"), "{e}");
        assert_eq!(tidy("line one\nline two"), "line one line two");
        assert!(tidy(&"y".repeat(10_000)).chars().count() <= MAX_MESSAGE_CHARS);
        assert_eq!(quote("a\u{7}b"), "'ab'");
        // A parser's message quotes the input it read in double quotes.
        let e = tidy(&format!("invalid type: string \"{}\", expected u16", "z".repeat(392)));
        assert!(e.chars().count() < 100, "{e}");
        // Serde quotes an unknown field in backticks.
        let e = tidy(&format!(
            "unknown field `{}`, expected one of `seed`, `count`",
            "k".repeat(200)
        ));
        assert!(!e.contains(&"k".repeat(61)) && e.ends_with("`seed`, `count`"), "{e}");
        // An apostrophe that no other closes quotes nothing: the words after it stay.
        let words = format!("a class pack's code{}; the end", " and more".repeat(10));
        assert_eq!(tidy(&words), words);
    }

    /// The system's reasons by its code or the error's kind, in the
    /// reader's language; only a rare one in the system's own words.
    #[test]
    fn io_errors_are_worded_by_their_code_or_kind() {
        use std::io::{Error as Io, ErrorKind};
        let not_found = io_reason(&Io::from_raw_os_error(libc::ENOENT));
        assert_eq!(not_found.words("de"), "Datei oder Ordner nicht gefunden");
        assert_eq!(not_found.words("en"), "no such file or folder");
        let full = io_reason(&Io::new(ErrorKind::StorageFull, "whatever the library says"));
        assert_eq!(full.words("de"), "der Datenträger ist voll");
        let rare = io_reason(&Io::from_raw_os_error(libc::ELOOP));
        assert_eq!(rare.key, "io.system");
        assert!(!rare.words("de").contains("os error"), "{}", rare.words("de"));
    }

    /// Places stand before a message in the order it passed them, each
    /// worded in the reader's language where it is words ("board 2").
    #[test]
    fn an_error_stands_after_its_places_and_keeps_its_field() {
        let e = Error::setting_msg("players", crate::msg!("number.range", n = 9, min = 2, max = 6))
            .within(crate::msg!("pack.entry", n = 2))
            .within("p.toml");
        assert_eq!(e.message, "p.toml: entry 2: players: 9 is out of range (2 to 6)");
        assert_eq!(
            e.words("de"),
            "p.toml: Eintrag 2: players: 9 liegt außerhalb des Bereichs (2 bis 6)"
        );
        assert_eq!((e.field.as_deref(), e.kind), (Some("players"), ErrorKind::Input));
        let long = Error::msg(crate::msg!("number.not_whole", text = quote(&"9".repeat(500))));
        assert!(long.words("de").chars().count() < 100, "{}", long.words("de"));
    }
}
