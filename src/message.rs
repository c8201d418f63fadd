//! Messages as data: what an error, a rule's verdict or an action's report
//! says is a key and its arguments ([`Msg`]); the words are looked up in a
//! catalogue (a [`Book`]: one file a language, English too) only when the
//! message is shown, in the reader's language. Nothing is worded by
//! matching English text. The shared book is [`SHARED`]
//! (`templates/LANG/messages.txt`); each game keeps its own messages in its
//! folder (`texts/LANG/messages.txt`) and names its book where it makes
//! one (`msg!(MESSAGES, "key", ...)`), so a message carries the book it is
//! worded from. The very bottom layer: it imports nothing of the crate.
//!
//! A catalogue line is `key = wording`. In a wording, `{name}` stands for
//! an argument, anywhere in the sentence (German puts verbs last), and
//! `{name|one|other}` chooses by a number argument: the first form for 1,
//! the second for any other count, `#` in a form standing for the number
//! (`{n|# store|# stores}`, `{n|# Laden|# Läden}`). English and German
//! have these two plural forms; a language with more would add forms. The
//! shared book's line `_decimal = ,` gives the language's decimal sign,
//! `_thousands = .` the mark between thousands, `_list` the separator of a list.

use std::collections::HashMap;
use std::sync::OnceLock;

/// A catalogue in every language: for each language the text of its
/// `key = wording` lines, parsed on first use. English comes first: the
/// one every other language is checked against.
pub struct Book {
    texts: &'static [(&'static str, &'static str)],
    parsed: OnceLock<Vec<(&'static str, Catalogue)>>,
}

/// The messages every part of the tool shares: settings, files, the work
/// limit, reports' common words.
pub static SHARED: Book = Book::new(&[
    ("en", include_str!("../templates/en/messages.txt")),
    ("de", include_str!("../templates/de/messages.txt")),
]);

impl Book {
    pub const fn new(texts: &'static [(&'static str, &'static str)]) -> Book {
        Book {
            texts,
            parsed: OnceLock::new(),
        }
    }

    /// A message of this book, without arguments yet.
    pub fn msg(&'static self, key: &'static str) -> Msg {
        Msg {
            key,
            args: Vec::new(),
            book: self,
        }
    }

    /// The languages the book words, English first.
    pub fn languages(&self) -> Vec<&'static str> {
        self.texts.iter().map(|(lang, _)| *lang).collect()
    }

    fn catalogue(&self, lang: &str) -> Option<&Catalogue> {
        let parsed = self
            .parsed
            .get_or_init(|| self.texts.iter().map(|(lang, text)| (*lang, parse(text))).collect());
        parsed.iter().find(|(l, _)| *l == lang).map(|(_, c)| c)
    }

    /// Every key of `lang`'s catalogue with its wording, sorted.
    pub fn entries(&self, lang: &str) -> Vec<(&str, &str)> {
        let mut out: Vec<_> = self
            .catalogue(lang)
            .into_iter()
            .flatten()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        out.sort();
        out
    }

    /// The wording of `key` in `lang`, if the book has one.
    pub(crate) fn wording(&self, lang: &str, key: &str) -> Option<&str> {
        self.catalogue(lang)?.get(key).map(String::as_str)
    }

    /// What is wrong with the book: a language without the shared book's
    /// languages, an English key another language does not word, a wording
    /// that uses other arguments than the English one, a key English lacks.
    pub fn problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        for lang in SHARED.languages() {
            if !self.languages().contains(&lang) {
                out.push(format!("no catalogue for {lang}"));
            }
        }
        let english = self.entries("en");
        if english.is_empty() {
            out.push("no English wording".to_string());
        }
        for lang in self.languages() {
            let own: HashMap<_, _> = self.entries(lang).into_iter().collect();
            for (key, wording) in &english {
                let Some(theirs) = own.get(key) else {
                    out.push(format!("{lang}: no wording for {key}"));
                    continue;
                };
                let (want, have) = (names(wording), names(theirs));
                if want != have {
                    out.push(format!("{lang}: {key} uses {have:?}, English {want:?}"));
                }
            }
            for key in own.keys().filter(|k| !english.iter().any(|(e, _)| e == *k)) {
                out.push(format!("{lang}: {key} is not an English key"));
            }
        }
        out.sort();
        out
    }
}

/// A book is one catalogue: the same book only if it is the same static.
impl PartialEq for Book {
    fn eq(&self, other: &Book) -> bool {
        std::ptr::eq(self, other)
    }
}

impl std::fmt::Debug for Book {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Book")
    }
}

/// The argument names a wording uses, each once, sorted.
pub fn names(wording: &str) -> Vec<&str> {
    let mut out = places(wording);
    out.sort();
    out.dedup();
    out
}

/// One argument of a message.
#[derive(Debug, Clone, PartialEq)]
pub enum Arg {
    /// A count or a number: chooses plural forms.
    Int(i64),
    /// A large number, its thousands set apart as the language does.
    Big(u64),
    /// A number with `places` decimals, in the language's decimal sign.
    Dec(f64, usize),
    /// Text shown as given: a name the tool uses in every language (a
    /// setting's flag, a square `C4`, a sheet code), or quoted input.
    Text(String),
    /// Another message, worded in the same language (a face's name, "yes").
    Msg(Box<Msg>),
    /// Messages joined by the language's list separator.
    List(Vec<Arg>),
}

/// A message: a catalogue key, its arguments and the book that words it.
#[derive(Debug, Clone, PartialEq)]
pub struct Msg {
    pub key: &'static str,
    pub args: Vec<(&'static str, Arg)>,
    pub book: &'static Book,
}

impl Msg {
    /// A message of the shared book.
    pub fn new(key: &'static str) -> Msg {
        SHARED.msg(key)
    }

    /// The same message with one more argument.
    pub fn arg(mut self, name: &'static str, value: impl Into<Arg>) -> Msg {
        self.args.push((name, value.into()));
        self
    }

    /// The message in `lang`'s words; in English where `lang` has no
    /// catalogue (a test holds every catalogue to every key).
    pub fn words(&self, lang: &str) -> String {
        let lang = if SHARED.catalogue(lang).is_some() { lang } else { "en" };
        let Some(wording) = self
            .book
            .wording(lang, self.key)
            .or_else(|| self.book.wording("en", self.key))
        else {
            return format!("[{}]", self.key);
        };
        let shared = SHARED.catalogue(lang).expect("a language of the shared book");
        fill(wording, &self.args, lang, shared)
    }
}

impl Msg {
    /// The keys of this message and of the messages among its arguments
    /// that its book does not word in `lang` (for the tests).
    #[cfg(test)]
    pub(crate) fn unworded_in(&self, lang: &str) -> Vec<&'static str> {
        let mut out = Vec::new();
        if self.book.wording(lang, self.key).is_none() {
            out.push(self.key);
        }
        let mut args: Vec<&Arg> = self.args.iter().map(|(_, a)| a).collect();
        while let Some(arg) = args.pop() {
            match arg {
                Arg::Msg(m) => out.extend(m.unworded_in(lang)),
                Arg::List(items) => args.extend(items),
                _ => {}
            }
        }
        out
    }
}

impl From<i64> for Arg {
    fn from(n: i64) -> Arg {
        Arg::Int(n)
    }
}

macro_rules! int_arg {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Arg {
                Arg::Int(n as i64)
            }
        }
    )*};
}
int_arg!(u8, u16, u32, u64, usize, i32);

impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Text(s.to_string())
    }
}

impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Text(s)
    }
}

impl From<Msg> for Arg {
    fn from(m: Msg) -> Arg {
        Arg::Msg(Box::new(m))
    }
}

impl<T: Into<Arg>> From<Vec<T>> for Arg {
    fn from(items: Vec<T>) -> Arg {
        Arg::List(items.into_iter().map(Into::into).collect())
    }
}

/// A large number, its thousands set apart as the language does (`_thousands`).
pub fn big(n: u64) -> Arg {
    Arg::Big(n)
}

/// A number with `places` decimals, worded with the language's decimal sign.
pub(crate) fn dec(value: f64, places: usize) -> Arg {
    Arg::Dec(value, places)
}

/// `msg!("key", name = value, ...)`: a [`Msg`] of the shared book with its
/// arguments; `msg!(BOOK, "key", ...)`: one of `BOOK` (a game's `MESSAGES`).
#[macro_export]
macro_rules! msg {
    ($key:literal $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::message::SHARED.msg($key)$(.arg(stringify!($name), $value))*
    };
    ($book:expr, $key:literal $(, $name:ident = $value:expr)* $(,)?) => {
        $book.msg($key)$(.arg(stringify!($name), $value))*
    };
}

type Catalogue = HashMap<String, String>;

/// `key = wording` lines; `#` starts a comment line.
fn parse(text: &str) -> Catalogue {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.split_once('='))
        .map(|(k, v)| {
            (
                k.trim().to_string(),
                v.strip_prefix(' ').unwrap_or(v).trim_end().to_string(),
            )
        })
        .collect()
}

/// The names of the arguments a wording uses, in order.
pub fn places(wording: &str) -> Vec<&str> {
    wording
        .split('{')
        .skip(1)
        .filter_map(|p| p.split_once('}'))
        .map(|(inside, _)| inside.split('|').next().unwrap_or(inside))
        .collect()
}

fn fill(wording: &str, args: &[(&'static str, Arg)], lang: &str, catalogue: &Catalogue) -> String {
    let mut out = String::new();
    let mut rest = wording;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let Some(close) = rest[open..].find('}') else {
            break;
        };
        let inside = &rest[open + 1..open + close];
        rest = &rest[open + close + 1..];
        let mut parts = inside.split('|');
        let name = parts.next().unwrap_or("");
        let forms: Vec<&str> = parts.collect();
        let Some((_, arg)) = args.iter().find(|(n, _)| *n == name) else {
            out.push_str(&format!("{{{name}}}"));
            continue;
        };
        let shown = shown(arg, lang, catalogue);
        match (&forms[..], arg) {
            ([one, other], Arg::Int(_) | Arg::Big(_)) => {
                let form = if matches!(arg, Arg::Int(1) | Arg::Big(1)) {
                    one
                } else {
                    other
                };
                out.push_str(&form.replace('#', &shown));
            }
            // A plural form given a number that is not a count: the "other" form.
            ([_, other], _) => out.push_str(&other.replace('#', &shown)),
            _ => out.push_str(&shown),
        }
    }
    out.push_str(rest);
    out
}

fn shown(arg: &Arg, lang: &str, catalogue: &Catalogue) -> String {
    match arg {
        Arg::Int(n) => n.to_string(),
        Arg::Big(n) => {
            let digits = n.to_string();
            let sep = catalogue.get("_thousands").map_or(",", String::as_str);
            let mut out = String::new();
            for (i, c) in digits.chars().enumerate() {
                if i > 0 && (digits.len() - i).is_multiple_of(3) {
                    out.push_str(sep);
                }
                out.push(c);
            }
            out
        }
        Arg::Dec(v, places) => {
            let text = format!("{v:.places$}");
            match catalogue.get("_decimal") {
                Some(sign) => text.replace('.', sign),
                None => text,
            }
        }
        Arg::Text(t) => t.clone(),
        Arg::Msg(m) => m.words(lang),
        Arg::List(items) => {
            let sep = catalogue.get("_list").map_or(", ", String::as_str);
            items
                .iter()
                .map(|a| shown(a, lang, catalogue))
                .collect::<Vec<_>>()
                .join(sep)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shared book words every English key in every language with the
    /// same arguments (each game's book is held to the same by
    /// `games::message_keys`, with the keys the code uses).
    #[test]
    fn every_key_is_worded_in_every_language_with_the_same_arguments() {
        let problems = SHARED.problems();
        assert!(problems.is_empty(), "{}", problems.join("\n"));
        assert_eq!(SHARED.languages(), ["en", "de"]);
    }

    #[test]
    fn a_book_with_a_missing_wording_or_other_arguments_has_problems() {
        static BOOK: Book = Book::new(&[
            ("en", "a = {n} stores\nb = {x}\nc = same"),
            ("de", "a = {m} Läden\nc = gleich\nd = extra"),
        ]);
        assert_eq!(
            BOOK.problems(),
            [
                "de: a uses [\"m\"], English [\"n\"]",
                "de: d is not an English key",
                "de: no wording for b"
            ]
        );
        assert_eq!(crate::msg!(BOOK, "c").words("de"), "gleich");
        // A key the language lacks is worded in English, one no book has by its key.
        assert_eq!(crate::msg!(BOOK, "b", x = 5).words("de"), "5");
        assert_eq!(crate::msg!(BOOK, "zz").words("de"), "[zz]");
    }

    #[test]
    fn plurals_word_order_and_numbers_follow_the_language() {
        let text = "a = {n|# store|# stores} on {grid}\nb = {x} and {inner}\n_decimal = ,";
        let c = parse(text);
        let m = Msg::new("a").arg("n", 1).arg("grid", "12 x 12");
        assert_eq!(fill(&c["a"], &m.args, "xx", &c), "1 store on 12 x 12");
        let m = Msg::new("a").arg("n", 3).arg("grid", "12 x 12");
        assert_eq!(fill(&c["a"], &m.args, "xx", &c), "3 stores on 12 x 12");
        let m = Msg::new("b").arg("x", dec(12.5, 1)).arg("inner", Msg::new("nope"));
        assert_eq!(fill(&c["b"], &m.args, "xx", &c), "12,5 and [nope]");
    }
}
