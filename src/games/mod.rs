//! The games. Each module holds its parameters, its rule engine (`validate`),
//! its generator, its text forms and the sheets it prints.

/// A game's texts, from its `texts/` folder: for each language its labels
/// (`GAME.tera`), its rules card (`GAME-rules.tera`) and the web page's
/// words for it (`GAME-web.tera`), named as `--templates` replaces them.
macro_rules! game_texts {
    ($game:literal) => {
        &[
            game_texts!(@one "en/", $game, ".tera"),
            game_texts!(@one "en/", $game, "-rules.tera"),
            game_texts!(@one "en/", $game, "-web.tera"),
            game_texts!(@one "de/", $game, ".tera"),
            game_texts!(@one "de/", $game, "-rules.tera"),
            game_texts!(@one "de/", $game, "-web.tera"),
        ]
    };
    (@one $lang:literal, $game:literal, $end:literal) => {
        (concat!($lang, $game, $end), include_str!(concat!("texts/", $lang, $game, $end)))
    };
}

/// A game's messages (its refusals, verdicts and reports), from its
/// `texts/` folder: `texts/LANG/messages.txt` for each language, as the
/// shared `templates/LANG/messages.txt` is written. Its module holds them
/// as `MESSAGES` and names them where it makes a message
/// (`msg!(MESSAGES, "GAME.key", ...)`); its declaration lists them for the tests.
macro_rules! game_messages {
    () => {
        $crate::message::Book::new(&[
            ("en", include_str!("texts/en/messages.txt")),
            ("de", include_str!("texts/de/messages.txt")),
        ])
    };
}

/// Declares a game's sheet kinds: the enum, each kind's name (as `--sheets`
/// and sheet codes write it), all of them, the default set, and list parsing.
macro_rules! sheet_kinds {
    ($($(#[$doc:meta])* $variant:ident => $name:literal),+ ; default: [$($default:ident),+]) => {
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum SheetKind {
            $($(#[$doc])* $variant),+
        }

        impl SheetKind {
            pub const ALL: &'static [SheetKind] = &[$(SheetKind::$variant),+];
            /// Printed when `--sheets` is not given.
            pub const DEFAULT: &'static [SheetKind] = &[$(SheetKind::$default),+];
            /// Every kind's name, and the default set's.
            pub const NAMES: &'static [&'static str] = &[$($name),+];
            pub const DEFAULT_NAMES: &'static [&'static str] = &[$(SheetKind::$default.name()),+];

            pub const fn name(self) -> &'static str {
                match self {
                    $(SheetKind::$variant => $name),+
                }
            }

            /// A comma- or '+'-separated list of sheet names; `all` or `default` as shorthands.
            pub(crate) fn parse_list(text: &str) -> $crate::error::Result<Vec<SheetKind>> {
                $crate::games::parse_sheet_list(text, SheetKind::ALL, SheetKind::DEFAULT, SheetKind::name)
            }

            /// The list as written in a sheet code: `default`, or names joined by '+'.
            pub(crate) fn code_list(kinds: &[SheetKind]) -> String {
                $crate::games::sheet_code_list(kinds, SheetKind::DEFAULT, SheetKind::name)
            }
        }
    };
}

/// The parts of `crate::game::Request` that a game's request struct (with
/// fields `seed`, `paper` and `sheets`, beside its `Params` and `SheetKind`)
/// answers the same way in every game, and the calls to its own `json`,
/// `preview` and `pages`. Expands inside the trait impl.
macro_rules! request_basics {
    () => {
        fn game(&self) -> &'static str {
            GAME
        }
        fn seed(&self) -> &Seed {
            &self.seed
        }
        fn paper(&self) -> Paper {
            self.paper
        }
        fn style(&self) -> crate::sheet::Style {
            self.style
        }
        fn with_style(&self, style: crate::sheet::Style) -> Box<dyn crate::game::Request> {
            Box::new(Request {
                style,
                ..self.clone()
            })
        }
        fn default_settings(&self) -> String {
            Params::default().code()
        }
        fn sheet_names(&self) -> Vec<&'static str> {
            self.sheets.iter().map(|k| k.name()).collect()
        }
        fn with_sheets(&self, list: &str) -> Result<Box<dyn crate::game::Request>> {
            Ok(Box::new(Request {
                sheets: SheetKind::parse_list(list)?,
                code_sheets: Some(self.set().to_vec()),
                ..self.clone()
            }))
        }
        fn with_paper(&self, paper: Paper) -> Box<dyn crate::game::Request> {
            Box::new(Request {
                paper,
                ..self.clone()
            })
        }
        fn json(&self) -> Result<String> {
            Request::json(self)
        }
        fn preview(&self, texts: &Texts) -> Result<String> {
            Request::preview(self, texts)
        }
        fn pages(&self, texts: &Texts, emit: &mut dyn FnMut(Page) -> Result<()>) -> Result<DocumentInfo> {
            Request::pages(self, texts, emit)
        }
    };
}

pub mod request;

pub mod many;

pub mod kept;

#[cfg(test)]
mod verdict_words;

#[cfg(test)]
mod message_keys;

use crate::error::Error;
use crate::game::Game;
pub use crate::json::{json_one_or_many, readable_json, readable_json_at};
use crate::message::Msg;

/// Declares the game modules and lists them in [`all`]; a game's
/// attributes (`#[cfg(...)]`) apply to its module and its entry.
macro_rules! registry {
    ($($(#[$attr:meta])* $module:ident => $game:ident),+ $(,)?) => {
        $($(#[$attr])* pub mod $module;)+

        /// The registry: every game, in the order the command line lists
        /// them. The only place outside a game's own folder that names it.
        pub fn all() -> &'static [&'static dyn Game] {
            &[$($(#[$attr])* &$module::declare::$game),+]
        }

        /// Each game with the name of its module (its folder under src/games/).
        #[cfg(test)]
        pub(crate) fn by_module() -> Vec<(&'static str, &'static dyn Game)> {
            vec![$($(#[$attr])* (stringify!($module), &$module::declare::$game as &dyn Game)),+]
        }
    };
}

// A new game is its folder under src/games/ and one line here.
registry! {
    tp_hunt => TpHunt,
    particle_panic => ParticlePanic,
    panic_buy => PanicBuy,
    ppe => Ppe,
    // The template game (ARCHITECTURE.md), in tests only: every
    // registry-driven test runs on it too.
    #[cfg(any(test, feature = "test-game"))]
    null_game => NullGame,
}

/// The game of that name.
pub fn find(name: &str) -> Result<&'static dyn Game, Error> {
    all().iter().copied().find(|g| g.name() == name).ok_or_else(|| {
        let names: Vec<&str> = all().iter().map(|g| g.name()).collect();
        Error::msg(crate::msg!(
            "game.unknown",
            name = crate::error::quote(name),
            games = names.join(", ")
        ))
    })
}
use std::collections::BTreeMap;

pub use crate::game::Violation;

/// Most layouts a generator tries before it gives up and names the rules that kept failing.
pub const MAX_ATTEMPTS: u64 = 2000;

/// Draws layouts with `attempt(0)`, `attempt(1)`, … until `validate` accepts
/// one; `none` says in the game's words that none was ("no legal map").
/// Each attempt gets its own derived stream, so the result depends only on the seed.
pub(crate) fn generate_valid<L>(
    none: Msg,
    mut attempt: impl FnMut(u64) -> L,
    validate: impl Fn(&L) -> Vec<Violation>,
) -> Result<L, Error> {
    let mut failures: BTreeMap<&'static str, u64> = BTreeMap::new();
    for i in 0..MAX_ATTEMPTS {
        let layout = attempt(i);
        let violations = validate(&layout);
        if violations.is_empty() {
            return Ok(layout);
        }
        let mut seen: Vec<&'static str> = violations.iter().map(|v| v.rule).collect();
        seen.dedup();
        for rule in seen {
            *failures.entry(rule).or_default() += 1;
        }
    }
    let mut counts: Vec<(&str, u64)> = failures.into_iter().collect();
    counts.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    let detail: Vec<Msg> = counts
        .iter()
        .map(|(r, n)| crate::msg!("rule.failed", rule = *r, n = *n))
        .collect();
    Err(Error::msg(crate::msg!(
        "rule.no_legal",
        none = none,
        tries = MAX_ATTEMPTS,
        failed = detail
    )))
}

/// Parses a comma- or '+'-separated list of sheet names (`all` and `default`
/// as shorthands) against a game's sheet kinds.
pub(crate) fn parse_sheet_list<K: Copy + PartialEq>(
    text: &str,
    all: &[K],
    default: &[K],
    name: fn(K) -> &'static str,
) -> Result<Vec<K>, Error> {
    match text.trim() {
        "all" => return Ok(all.to_vec()),
        "default" | "" => return Ok(default.to_vec()),
        _ => {}
    }
    let mut kinds = Vec::new();
    for wanted in text.split([',', '+']).map(str::trim).filter(|s| !s.is_empty()) {
        let kind = all.iter().copied().find(|k| name(*k) == wanted).ok_or_else(|| {
            let names: Vec<&str> = all.iter().map(|k| name(*k)).collect();
            Error::setting_msg(
                "sheets",
                crate::msg!(
                    "sheets.unknown",
                    name = crate::error::quote(wanted),
                    choices = names.join(", ")
                ),
            )
        })?;
        if !kinds.contains(&kind) {
            kinds.push(kind);
        }
    }
    if kinds.is_empty() {
        return Err(Error::setting_msg("sheets", crate::msg!("sheets.none")));
    }
    Ok(kinds)
}

/// A list of sheets as written in a sheet code: `default`, or names joined by '+'.
pub(crate) fn sheet_code_list<K: Copy + PartialEq>(kinds: &[K], default: &[K], name: fn(K) -> &'static str) -> String {
    if kinds == default {
        "default".into()
    } else {
        kinds.iter().map(|k| name(*k)).collect::<Vec<_>>().join("+")
    }
}

/// Every game's templates, as (name, text).
pub(crate) fn shipped_texts() -> Vec<(&'static str, &'static str)> {
    all()
        .iter()
        .flat_map(|g| g.declaration().texts.iter().copied())
        .collect()
}

/// The texts for `lang`: the shipped templates, every game's, and any from
/// `templates` replacing them by name.
pub fn texts(lang: &str, templates: Option<&std::path::Path>) -> crate::error::Result<crate::text::Texts> {
    Ok(crate::text::Texts::load(lang, templates, &shipped_texts())?)
}

/// The shipped English texts.
pub fn english() -> crate::text::Texts {
    texts("en", None).expect("shipped templates parse")
}
