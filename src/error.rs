//! The one error type the library returns: what kind of failure it is (and
//! so the exit code), the setting it is about, and one line to show. The
//! bottom layer but for the messages it words.

use std::fmt;

use crate::message::Msg;

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
    /// The message in English, as a log or a test reads it.
    pub message: String,
    /// The setting (or form field) the error is about, when there is one.
    pub field: Option<String>,
    /// What the message says as data, worded in the reader's language
    /// where it is shown (`text::error_message`).
    pub keyed: Option<Keyed>,
}

/// A message as data, after the places it stands behind (`stores: `, a
/// file's name): those stay as the command line and files name them.
#[derive(Debug, Clone, PartialEq)]
pub struct Keyed {
    pub prefix: String,
    pub msg: Msg,
}

/// Longest piece of quoted input an error message repeats.
pub const MAX_ECHO_CHARS: usize = 60;
/// Longest error message: one line a person can read.
pub const MAX_MESSAGE_CHARS: usize = 400;

impl Error {
    pub fn input(message: impl Into<String>) -> Error {
        Error {
            kind: ErrorKind::Input,
            message: tidy(&message.into()),
            field: None,
            keyed: None,
        }
    }

    /// Bad input, said as a message of the catalogues.
    pub fn msg(msg: Msg) -> Error {
        Error {
            keyed: Some(Keyed {
                prefix: String::new(),
                msg: msg.clone(),
            }),
            ..Error::input(msg.words("en"))
        }
    }

    /// Bad input about one setting, said as a message of the catalogues:
    /// `field: message`, the field kept as data.
    pub fn setting_msg(field: &str, msg: Msg) -> Error {
        Error::msg(msg).within(&format!("{field}: ")).at(field)
    }

    /// Bad input about one setting: `field: message`, the field kept as data.
    pub fn setting(field: &str, message: impl Into<String>) -> Error {
        Error::input(format!("{field}: {}", message.into())).at(field)
    }

    pub fn io(message: impl Into<String>) -> Error {
        Error {
            kind: ErrorKind::Io,
            ..Error::input(message)
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

    /// The same error with `prefix` before its message (where it happened:
    /// a file's name, a pack's entry), its kind and field kept.
    pub fn within(mut self, prefix: &str) -> Error {
        self.message = tidy(&format!("{prefix}{}", self.message));
        if let Some(k) = &mut self.keyed {
            k.prefix = format!("{prefix}{}", k.prefix);
        }
        self
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
    let parts: Vec<&str> = e.message.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    tidy(&format!("error: {}", parts.join("; ")))
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

/// An I/O error's reason in words, without the paths some libraries add to
/// it (a temporary file's name means nothing to the person who gave the path).
pub fn io_reason(e: &std::io::Error) -> String {
    let Some(code) = e.raw_os_error() else {
        // tempfile wraps the system's error with its temporary path: the system's.
        let inner = e
            .get_ref()
            .and_then(|inner| inner.source()?.downcast_ref::<std::io::Error>());
        return inner.map_or_else(|| e.kind().to_string(), io_reason);
    };
    let words = match code {
        libc::ENOSPC => "the disk is full",
        libc::EDQUOT => "the disk quota is used up",
        libc::EROFS => "the disk is read-only",
        libc::EACCES | libc::EPERM => "permission denied",
        libc::ENOENT => "no such file or folder",
        libc::ENOTDIR => "a part of the path is not a folder",
        libc::EISDIR => "it is a folder",
        libc::EEXIST => "it exists already",
        libc::ENAMETOOLONG => "the name is too long",
        libc::EFBIG => "the file is too large",
        libc::EMFILE | libc::ENFILE => "too many files are open",
        libc::EIO => "the disk reported an error",
        libc::EXDEV => "it is on another disk",
        _ => {
            let text = std::io::Error::from_raw_os_error(code).to_string();
            // "File name too long (os error 36)": the system's words, without the number.
            return text.split(" (os error").next().unwrap_or(&text).to_string();
        }
    };
    words.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn echoed_input_is_stripped_of_control_characters_and_cut() {
        let long = "x".repeat(100_000);
        let e = Error::input(format!("seed '{long}\u{1b}[31m\r' is bad"));
        assert!(!e.message.chars().any(char::is_control), "{:?}", e.message);
        assert!(e.message.chars().count() < 100, "{}", e.message.len());
        assert!(e.message.ends_with("…' is bad"), "{}", e.message);
        let e = Error::input("line one\nline two");
        assert_eq!(e.message, "line one line two");
        assert!(Error::input("y".repeat(10_000)).message.chars().count() <= MAX_MESSAGE_CHARS);
        assert_eq!(quote("a\u{7}b"), "'ab'");
        // A parser's message quotes the input it read in double quotes.
        let e = Error::input(format!("invalid type: string \"{}\", expected u16", "z".repeat(392)));
        assert!(e.message.chars().count() < 100, "{}", e.message);
        // Serde quotes an unknown field in backticks.
        let e = Error::input(format!(
            "unknown field `{}`, expected one of `seed`, `count`",
            "k".repeat(200)
        ));
        assert!(
            !e.message.contains(&"k".repeat(61)) && e.message.ends_with("`seed`, `count`"),
            "{}",
            e.message
        );
        // An apostrophe that no other closes quotes nothing: the words after it stay.
        let words = format!("a class pack's code{}; the end", " and more".repeat(10));
        assert_eq!(Error::input(words.clone()).message, words);
    }
}
