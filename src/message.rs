//! Messages as data: what an error, a rule's verdict or an action's report
//! says is a key and its arguments ([`Msg`]); the words are looked up in
//! one catalogue a language (`templates/LANG/messages.txt`, English too)
//! only when the message is shown, in the reader's language. Nothing is
//! worded by matching English text. The very bottom layer: it imports
//! nothing of the crate.
//!
//! A catalogue line is `key = wording`. In a wording, `{name}` stands for
//! an argument, anywhere in the sentence (German puts verbs last), and
//! `{name|one|other}` chooses by a number argument: the first form for 1,
//! the second for any other count, `#` in a form standing for the number
//! (`{n|# store|# stores}`, `{n|# Laden|# Läden}`). English and German
//! have these two plural forms; a language with more would add forms. The
//! line `_decimal = ,` gives the language's decimal sign, `_thousands = .`
//! the mark between thousands.

use std::collections::HashMap;
use std::sync::OnceLock;

/// The catalogues, by language: English first, the one every other
/// language is checked against.
pub const CATALOGUES: &[(&str, &str)] = &[
    ("en", include_str!("../templates/en/messages.txt")),
    ("de", include_str!("../templates/de/messages.txt")),
];

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

/// A message: a catalogue key and its arguments.
#[derive(Debug, Clone, PartialEq)]
pub struct Msg {
    pub key: &'static str,
    pub args: Vec<(&'static str, Arg)>,
}

impl Msg {
    pub fn new(key: &'static str) -> Msg {
        Msg { key, args: Vec::new() }
    }

    /// The same message with one more argument.
    pub fn arg(mut self, name: &'static str, value: impl Into<Arg>) -> Msg {
        self.args.push((name, value.into()));
        self
    }

    /// The message in `lang`'s words; in English where `lang` has no
    /// catalogue (a test holds every catalogue to every key).
    pub fn words(&self, lang: &str) -> String {
        let catalogue = catalogue(lang).unwrap_or_else(|| catalogue("en").expect("English"));
        let Some(wording) = catalogue.get(self.key).or_else(|| catalogue_en().get(self.key)) else {
            return format!("[{}]", self.key);
        };
        fill(wording, &self.args, lang, catalogue)
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
pub fn dec(value: f64, places: usize) -> Arg {
    Arg::Dec(value, places)
}

/// `msg!("key", name = value, ...)`: a [`Msg`] with its arguments.
#[macro_export]
macro_rules! msg {
    ($key:literal $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::message::Msg::new($key)$(.arg(stringify!($name), $value))*
    };
}

type Catalogue = HashMap<String, String>;

fn parsed() -> &'static Vec<(&'static str, Catalogue)> {
    static PARSED: OnceLock<Vec<(&'static str, Catalogue)>> = OnceLock::new();
    PARSED.get_or_init(|| CATALOGUES.iter().map(|(lang, text)| (*lang, parse(text))).collect())
}

fn catalogue(lang: &str) -> Option<&'static Catalogue> {
    parsed().iter().find(|(l, _)| *l == lang).map(|(_, c)| c)
}

fn catalogue_en() -> &'static Catalogue {
    catalogue("en").expect("the English catalogue")
}

/// Every key of `lang`'s catalogue with its wording (for the tests).
pub fn entries(lang: &str) -> Vec<(&'static str, &'static str)> {
    let mut out: Vec<_> = catalogue(lang)
        .into_iter()
        .flatten()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    out.sort();
    out
}

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

    #[test]
    fn every_key_is_worded_in_every_language_with_the_same_arguments() {
        let english = entries("en");
        assert!(!english.is_empty());
        let mut missing = Vec::new();
        for (lang, _) in CATALOGUES {
            let own: HashMap<_, _> = entries(lang).into_iter().collect();
            for (key, wording) in &english {
                let Some(theirs) = own.get(key) else {
                    missing.push(format!("{lang}: no wording for {key}"));
                    continue;
                };
                let mut want = places(wording);
                let mut have = places(theirs);
                want.sort();
                want.dedup();
                have.sort();
                have.dedup();
                if want != have {
                    missing.push(format!("{lang}: {key} uses {have:?}, English {want:?}"));
                }
            }
            for key in own.keys().filter(|k| !english.iter().any(|(e, _)| e == *k)) {
                missing.push(format!("{lang}: {key} is not an English key"));
            }
        }
        assert!(missing.is_empty(), "{}", missing.join("\n"));
    }

    /// Every key the code names (`msg!("key"`, `Msg::new("key"`) has a
    /// wording in every language: read from the sources, so a message no
    /// test happens to make is checked too.
    #[test]
    fn every_key_the_code_uses_is_in_every_catalogue() {
        let mut used = std::collections::BTreeSet::new();
        let mut stack = vec![std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/src"))];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    stack.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") && !path.ends_with("message.rs") {
                    let text = std::fs::read_to_string(&path).unwrap();
                    for opener in ["msg!(\"", "Msg::new(\""] {
                        for piece in text.split(opener).skip(1) {
                            let key = piece.split('"').next().unwrap();
                            used.insert(key.to_string());
                        }
                    }
                }
            }
        }
        assert!(used.len() > 10, "{used:?}");
        let mut missing = Vec::new();
        for (lang, _) in CATALOGUES {
            let own = catalogue(lang).unwrap();
            missing.extend(
                used.iter()
                    .filter(|k| !own.contains_key(*k))
                    .map(|k| format!("{lang}: {k}")),
            );
        }
        assert!(missing.is_empty(), "keys without a wording:\n{}", missing.join("\n"));
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
