//! Every printed word comes from tera templates embedded in the binary: the
//! page furniture, class pack and web page words under `templates/`, each
//! game's own in its folder (given to [`Texts::load`] by the registry);
//! `--templates DIR` replaces any of them by file name.
//!
//! A *label* template renders to `key: value` lines; a *prose* template renders
//! to paragraphs separated by blank lines, with `# ` starting a heading.

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap, VecDeque};
use std::rc::Rc;
use std::sync::Arc;

use crate::message::{Arg, Msg};
use crate::msg;
use crate::sheet::Group;
use std::fmt;
use std::path::Path;
use tera::{Context, Tera};

/// Embeds template files by their path under `templates/`, as (name, text).
macro_rules! embed {
    ($($path:literal),* $(,)?) => {
        &[$(($path, include_str!(concat!("../templates/", $path)))),*]
    };
}

const EMBEDDED: &[(&str, &str)] = embed![
    "en/common.tera",
    "en/pack.tera",
    "en/web.tera",
    "de/common.tera",
    "de/pack.tera",
    "de/web.tera",
];

pub const LANGUAGES: &[&str] = &["en", "de"];

/// Why texts could not be loaded or rendered, as a message of the catalogues.
#[derive(Debug)]
pub struct TextError(pub Msg);

impl fmt::Display for TextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.words("en"))
    }
}

impl std::error::Error for TextError {}

/// Game texts kept for reuse (see [`Texts`]).
const TEXTS_KEPT: usize = 16;

#[derive(Debug)]
pub struct Texts {
    tera: Tera,
    lang: String,
    /// Rendered game texts by game and context, the most recently used first:
    /// a class pack renders the same texts for every student, so they (and
    /// the page furniture drawn with them) are made once. Texts that depend on
    /// each layout (PPE's odds) are made for each; only the last
    /// [`TEXTS_KEPT`] are kept, so memory stays flat over thousands.
    cache: RefCell<VecDeque<(String, Rc<GameTexts>)>>,
}

/// Labels rendered from one template.
#[derive(Debug, Clone, Default)]
pub struct Labels(BTreeMap<String, String>);

impl Labels {
    /// The label, or `[key]` so a missing one shows on the page instead of failing.
    pub fn get(&self, key: &str) -> String {
        self.0.get(key).cloned().unwrap_or_else(|| format!("[{key}]"))
    }

    /// Every label, by key.
    pub fn all(&self) -> &BTreeMap<String, String> {
        &self.0
    }

    /// A percentage with `places` decimals, as the language writes it:
    /// `12.5%` in English, `12,5 %` in German (`percent_sign: space`), its
    /// space a no-break one: a line never ends between number and sign.
    pub(crate) fn percent(&self, value: f64, places: usize) -> String {
        let space = self.0.get("percent_sign").is_some_and(|s| s == "space");
        format!("{}{}%", self.number(value, places), if space { "\u{a0}" } else { "" })
    }

    /// A number with `places` decimals, written with the language's
    /// `decimal_separator` and `thousands_separator` (common labels).
    pub fn number(&self, value: f64, places: usize) -> String {
        let text = format!("{value:.places$}");
        let (int, frac) = text.split_once('.').unwrap_or((&text, ""));
        let (sign, digits) = int.strip_prefix('-').map_or(("", int), |d| ("-", d));
        let sep = self.0.get("thousands_separator").map(String::as_str).unwrap_or(",");
        let sep = if sep == "space" { "\u{2009}" } else { sep };
        let mut out = String::from(sign);
        for (i, ch) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                out.push_str(sep);
            }
            out.push(ch);
        }
        if !frac.is_empty() {
            out.push_str(self.0.get("decimal_separator").map(String::as_str).unwrap_or("."));
            out.push_str(frac);
        }
        out
    }
}

/// The texts one game's document prints, rendered once per document: the
/// game's labels, the common labels, and its rules card; and the page
/// furniture drawn with them, shared by every page that shows it.
#[derive(Debug, Default)]
pub struct GameTexts {
    pub game: Labels,
    pub common: Labels,
    pub rules: Vec<Block>,
    /// The language, written into printed sheet codes.
    pub lang: String,
    pub furniture: RefCell<HashMap<String, Arc<Group>>>,
}

/// A block of prose: a heading or a paragraph.
#[derive(Debug, Clone, PartialEq)]
pub enum Block {
    Heading(String),
    Paragraph(String),
}

/// A tera error and its causes in one line. A parse error's picture of the
/// template line (`--> 1:30 | 1 | ...`) becomes "line 1, column 30: expected
/// ...", so the message never repeats the template's text. What tera says
/// is tera's own English text, which no key can word: it is carried as given.
fn error_chain(e: &tera::Error) -> Arg {
    let mut parts = vec![without_source_lines(&e.to_string())];
    let mut src = std::error::Error::source(e);
    while let Some(s) = src {
        parts.push(without_source_lines(&s.to_string()));
        src = s.source();
    }
    let last = parts.pop().expect("the error itself");
    parts
        .into_iter()
        .rev()
        .fold(last, |inner, outer| msg!("at", place = outer, message = inner).into())
}

fn without_source_lines(text: &str) -> Arg {
    let Some(at) = text.lines().find_map(|l| l.trim().strip_prefix("--> ")) else {
        return text.into();
    };
    let (line, column) = at.trim().split_once(':').unwrap_or((at.trim(), "?"));
    let what: Vec<&str> = text.lines().filter_map(|l| l.trim().strip_prefix("= ")).collect();
    msg!(
        "template.line_column",
        line = line,
        column = column,
        why = what.join("; ")
    )
    .into()
}

impl Texts {
    /// The embedded templates and the games' (`games`: name and text) for
    /// `lang`, with any `*.tera` file in `override_dir` (laid out as
    /// `LANG/NAME.tera` or plain `NAME.tera`) taking precedence.
    pub(crate) fn load(lang: &str, override_dir: Option<&Path>, games: &[(&str, &str)]) -> Result<Texts, TextError> {
        if !LANGUAGES.contains(&lang) {
            return Err(TextError(unknown_language(lang)));
        }
        let mut tera = Tera::default();
        tera.autoescape_on(vec![]);
        for (name, text) in EMBEDDED.iter().chain(games) {
            tera.add_raw_template(name, text)
                .map_err(|e| TextError(msg!("template.broken", name = *name, why = error_chain(&e))))?;
        }
        if let Some(dir) = override_dir {
            let folder = dir.display().to_string();
            let entries = std::fs::read_dir(dir).map_err(|e| {
                TextError(msg!(
                    "template.folder",
                    folder = folder.as_str(),
                    why = crate::error::io_reason(&e)
                ))
            })?;
            let mut files: Vec<_> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
            let lang_dir = dir.join(lang);
            if let Ok(more) = std::fs::read_dir(&lang_dir) {
                files.extend(more.filter_map(|e| e.ok().map(|e| e.path())));
            }
            files.sort();
            let mut loaded = 0;
            for path in files {
                if path.extension().and_then(|e| e.to_str()) != Some("tera") {
                    continue;
                }
                loaded += 1;
                if loaded > sandbox::MAX_FILES {
                    return Err(TextError(msg!(
                        "template.too_many",
                        folder = folder.as_str(),
                        most = sandbox::MAX_FILES
                    )));
                }
                let file = path.file_name().unwrap_or_default().to_string_lossy();
                let name = format!("{lang}/{file}");
                let text = sandbox::read(dir, &path)?;
                let file = crate::error::quote(&path.display().to_string());
                sandbox::check(&text)
                    .map_err(|why| TextError(msg!("template.broken", name = file.as_str(), why = why)))?;
                tera.add_raw_template(&name, &text)
                    .map_err(|e| TextError(msg!("template.broken", name = file.as_str(), why = error_chain(&e))))?;
            }
        }
        Ok(Texts {
            tera,
            lang: lang.to_string(),
            cache: RefCell::new(VecDeque::new()),
        })
    }

    pub fn lang(&self) -> &str {
        &self.lang
    }

    /// Whether a template of this name exists for the language.
    pub fn has(&self, name: &str) -> bool {
        self.tera
            .get_template_names()
            .any(|n| n == format!("{}/{name}.tera", self.lang))
    }

    pub fn render(&self, name: &str, ctx: &Context) -> Result<String, TextError> {
        let full = format!("{}/{name}.tera", self.lang);
        let text = self
            .tera
            .render(&full, ctx)
            .map_err(|e| TextError(msg!("template.broken", name = full.as_str(), why = error_chain(&e))))?;
        if text.len() > sandbox::MAX_OUTPUT_BYTES {
            let why = msg!("template.too_long", kib = sandbox::MAX_OUTPUT_BYTES / 1024);
            return Err(TextError(msg!("template.broken", name = full.as_str(), why = why)));
        }
        Ok(text)
    }

    pub fn labels(&self, name: &str, ctx: &Context) -> Result<Labels, TextError> {
        let text = self.render(name, ctx)?;
        let mut map = BTreeMap::new();
        for line in text.lines() {
            if let Some((k, v)) = line.split_once(':') {
                let k = k.trim();
                if !k.is_empty() && !k.starts_with('#') {
                    map.insert(k.to_string(), v.trim().to_string());
                }
            }
        }
        Ok(Labels(map))
    }

    /// Renders `GAME.tera`, `common.tera` and `GAME-rules.tera` with `ctx`,
    /// once for each game and context.
    pub fn game(&self, game: &str, ctx: &Context) -> Result<Rc<GameTexts>, TextError> {
        let key = format!("{game}\0{}", ctx.clone().into_json());
        let mut cache = self.cache.borrow_mut();
        if let Some(i) = cache.iter().position(|(k, _)| *k == key) {
            let hit = cache.remove(i).expect("just found");
            let texts = hit.1.clone();
            cache.push_front(hit);
            return Ok(texts);
        }
        drop(cache);
        let texts = Rc::new(GameTexts {
            game: self.labels(game, ctx)?,
            common: self.labels("common", ctx)?,
            rules: match self.has(&format!("{game}-rules")) {
                true => self.prose(&format!("{game}-rules"), ctx)?,
                false => Vec::new(),
            },
            lang: self.lang.clone(),
            furniture: RefCell::new(HashMap::new()),
        });
        let mut cache = self.cache.borrow_mut();
        cache.push_front((key, texts.clone()));
        cache.truncate(TEXTS_KEPT);
        Ok(texts)
    }

    /// Each game and context whose texts are kept, the most recent first.
    #[cfg(test)]
    fn kept_contexts(&self) -> Vec<(String, Context)> {
        self.cache
            .borrow()
            .iter()
            .map(|(key, _)| {
                let (game, json) = key.split_once('\0').expect("a game and its context");
                let value = serde_json::from_str(json).expect("a context is JSON");
                (game.to_string(), Context::from_value(value).expect("an object"))
            })
            .collect()
    }

    pub(crate) fn prose(&self, name: &str, ctx: &Context) -> Result<Vec<Block>, TextError> {
        let text = self.render(name, ctx)?;
        let mut blocks = Vec::new();
        for chunk in text.split("\n\n") {
            let joined = chunk.lines().map(str::trim).collect::<Vec<_>>().join(" ");
            let joined = joined.trim();
            if joined.is_empty() {
                continue;
            }
            match joined.strip_prefix("# ") {
                Some(h) => blocks.push(Block::Heading(h.to_string())),
                None => blocks.push(Block::Paragraph(joined.to_string())),
            }
        }
        Ok(blocks)
    }
}

/// Templates from `--templates` are files from anyone: they may use only what
/// the shipped templates use (text, `{{ values }}` with simple filters, and
/// `{% if %}`), so rendering one takes time and memory in proportion to its
/// size. Loops, `set`, macros, includes and functions (which could recurse,
/// loop without end, read the environment or other files) are refused when the
/// folder is loaded, with the reason.
mod sandbox {
    use super::TextError;
    use crate::message::Msg;
    use crate::msg;
    use std::io::Read;
    use std::path::Path;
    use tera::ast::{Expr, ExprVal, Node};

    pub const MAX_FILES: usize = 64;
    pub const MAX_TEMPLATE_BYTES: u64 = 64 * 1024;
    pub const MAX_OUTPUT_BYTES: usize = 256 * 1024;
    /// Deepest nesting of brackets and expressions; the parser recurses on each.
    pub const MAX_DEPTH: usize = 32;
    /// Filters that never make text much longer than their input.
    const FILTERS: &[&str] = &[
        "upper",
        "lower",
        "capitalize",
        "title",
        "trim",
        "round",
        "abs",
        "default",
        "length",
        "int",
        "float",
        "truncate",
    ];

    /// Reads a template file inside `dir`: at most [`MAX_TEMPLATE_BYTES`], and
    /// never through a link that leads out of the folder.
    pub fn read(dir: &Path, path: &Path) -> Result<String, TextError> {
        let name = path.display().to_string();
        let fail = |why: Msg| TextError(msg!("template.broken", name = name.as_str(), why = why));
        let io = |e: std::io::Error| fail(crate::error::io_reason(&e));
        let (home, real) = (dir.canonicalize().map_err(io)?, path.canonicalize().map_err(io)?);
        if !real.starts_with(&home) {
            return Err(fail(msg!("template.outside")));
        }
        let file = std::fs::File::open(&real).map_err(io)?;
        if !file.metadata().map_err(io)?.is_file() {
            return Err(fail(msg!("file.not_regular")));
        }
        let mut bytes = Vec::new();
        file.take(MAX_TEMPLATE_BYTES + 1).read_to_end(&mut bytes).map_err(io)?;
        if bytes.len() as u64 > MAX_TEMPLATE_BYTES {
            return Err(fail(msg!("file.larger_than", kib = MAX_TEMPLATE_BYTES / 1024)));
        }
        String::from_utf8(bytes).map_err(|_| fail(msg!("file.not_utf8")))
    }

    /// Whether a template keeps to the safe subset; the reason when not.
    pub fn check(text: &str) -> Result<(), Msg> {
        // Before parsing: the parser recurses once per bracket.
        let mut depth = 0usize;
        for c in text.chars() {
            match c {
                '(' | '[' | '{' => depth += 1,
                ')' | ']' | '}' => depth = depth.saturating_sub(1),
                _ => {}
            }
            if depth > MAX_DEPTH {
                return Err(msg!("template.brackets", most = MAX_DEPTH));
            }
        }
        // `not` chains also recurse in the parser.
        if text.split_whitespace().filter(|w| *w == "not").count() > MAX_DEPTH {
            return Err(msg!("template.nots", most = MAX_DEPTH));
        }
        let template =
            tera::Template::new("check", None, text).map_err(|e| msg!("word", word = super::error_chain(&e)))?;
        nodes(&template.ast, 0)
    }

    /// `what` (a tag in quotes, or a function or macro named as a message).
    fn refused(what: impl Into<crate::message::Arg>) -> Result<(), Msg> {
        Err(msg!(
            "template.not_allowed",
            what = what,
            values = "{{ values }}",
            ifs = "{% if %}"
        ))
    }

    fn nodes(list: &[Node], depth: usize) -> Result<(), Msg> {
        if depth > MAX_DEPTH {
            return Err(msg!("template.ifs", most = MAX_DEPTH));
        }
        for node in list {
            match node {
                Node::Text(_) | Node::Raw(..) | Node::Comment(..) => {}
                Node::VariableBlock(_, e) => expr(e, 0)?,
                Node::If(branches, _) => {
                    for (_, cond, body) in &branches.conditions {
                        expr(cond, 0)?;
                        nodes(body, depth + 1)?;
                    }
                    if let Some((_, body)) = &branches.otherwise {
                        nodes(body, depth + 1)?;
                    }
                }
                Node::Forloop(..) | Node::Break(_) | Node::Continue(_) => return refused("'for'"),
                Node::Set(..) => return refused("'set'"),
                Node::MacroDefinition(..) => return refused("'macro'"),
                Node::Include(..) => return refused("'include'"),
                Node::ImportMacro(..) => return refused("'import'"),
                Node::Extends(..) => return refused("'extends'"),
                Node::Block(..) | Node::Super => return refused("'block'"),
                Node::FilterSection(..) => return refused("'filter'"),
            }
        }
        Ok(())
    }

    fn expr(e: &Expr, depth: usize) -> Result<(), Msg> {
        if depth > MAX_DEPTH {
            return Err(msg!("template.expressions", most = MAX_DEPTH));
        }
        for f in &e.filters {
            if !FILTERS.contains(&f.name.as_str()) {
                return Err(msg!(
                    "template.filter",
                    name = crate::error::quote(&f.name),
                    allowed = FILTERS.join(", ")
                ));
            }
            for arg in f.args.values() {
                expr(arg, depth + 1)?;
            }
        }
        value(&e.val, depth)
    }

    fn value(v: &ExprVal, depth: usize) -> Result<(), Msg> {
        match v {
            ExprVal::String(_) | ExprVal::Int(_) | ExprVal::Float(_) | ExprVal::Bool(_) | ExprVal::Ident(_) => Ok(()),
            ExprVal::Math(m) => expr(&m.lhs, depth + 1).and_then(|_| expr(&m.rhs, depth + 1)),
            ExprVal::Logic(l) => expr(&l.lhs, depth + 1).and_then(|_| expr(&l.rhs, depth + 1)),
            ExprVal::In(i) => expr(&i.lhs, depth + 1).and_then(|_| expr(&i.rhs, depth + 1)),
            ExprVal::Test(t) => t.args.iter().try_for_each(|a| expr(a, depth + 1)),
            ExprVal::StringConcat(c) => c.values.iter().try_for_each(|v| value(v, depth + 1)),
            ExprVal::Array(items) => items.iter().try_for_each(|i| expr(i, depth + 1)),
            ExprVal::FunctionCall(f) => refused(msg!("template.function", name = crate::error::quote(&f.name))),
            ExprVal::MacroCall(m) => refused(msg!("template.macro", name = crate::error::quote(&m.name))),
        }
    }
}

/// The refusal of a language the texts do not have: the same words from
/// every door (a flag, a settings file, the web page).
pub(crate) fn unknown_language(lang: &str) -> Msg {
    msg!(
        "lang.unknown",
        lang = crate::error::quote(lang),
        choices = LANGUAGES.join(", ")
    )
}

impl From<TextError> for crate::error::Error {
    fn from(e: TextError) -> crate::error::Error {
        crate::error::Error::msg(e.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Texts rendered for each layout (PPE's odds) are not all kept: a
    /// document of thousands of layouts stays flat in memory, while texts
    /// used again (a class pack's) stay shared.
    #[test]
    fn only_the_most_recently_used_game_texts_are_kept() {
        let texts = Texts::load("en", None, &crate::games::shipped_texts()).unwrap();
        let with = |stores: usize| {
            let mut ctx = Context::new();
            for (key, value) in [
                ("stores", stores),
                ("atms", 10),
                ("dangers", 7),
                ("players", 4),
                ("grid", 12),
            ] {
                ctx.insert(key, &value);
            }
            texts.game("tp-hunt", &ctx).unwrap()
        };
        let first = with(0);
        for n in 1..100 {
            assert!(Rc::ptr_eq(&first, &with(0)), "used again after {n} others");
            with(n);
        }
        assert_eq!(texts.cache.borrow().len(), TEXTS_KEPT);
        for n in 1..=TEXTS_KEPT {
            with(1000 + n);
        }
        assert!(!Rc::ptr_eq(&first, &with(0)), "made again once forgotten");
    }

    /// Every shipped template keeps to the subset allowed in `--templates`, so
    /// any of them can be copied and edited.
    #[test]
    fn shipped_templates_are_in_the_safe_subset() {
        for (name, text) in EMBEDDED.iter().copied().chain(crate::games::shipped_texts()) {
            assert_eq!(sandbox::check(text), Ok(()), "{name}");
        }
    }

    fn load_override(file: &str, text: &str) -> Result<Texts, TextError> {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(file), text).unwrap();
        Texts::load("en", Some(dir.path()), &crate::games::shipped_texts())
    }

    /// Regression: a template that includes itself, a recursive macro, deep
    /// brackets, a huge loop or `get_env` used to overflow the stack, run for
    /// seconds or print the environment. Each is now one clear error.
    #[test]
    fn templates_that_recurse_loop_or_read_the_environment_are_refused() {
        let cases = [
            ("{% include \"en/common.tera\" %}", "'include'"),
            (
                "{% macro m() %}{{ self::m() }}{% endmacro m %}{{ self::m() }}",
                "'macro'",
            ),
            ("{% for i in range(end=100000000) %}x{% endfor %}", "'for'"),
            ("code_label: {{ get_env(name=\"HOME\") }}", "function 'get_env'"),
            ("code_label: {{ now() }}", "function 'now'"),
            ("{% set a = \"x\" %}", "'set'"),
            ("{% extends \"en/common.tera\" %}", "'extends'"),
            ("{{ x | replace(from=\"a\", to=\"aaaa\") }}", "filter 'replace'"),
        ];
        for (text, why) in cases {
            let e = load_override("common.tera", text).unwrap_err();
            assert!(e.to_string().contains(why), "{text}: {e}");
            assert!(!e.to_string().contains('\n'));
        }
        let deep = format!("{{{{ {}1{} }}}}", "(".repeat(5000), ")".repeat(5000));
        assert!(
            load_override("common.tera", &deep)
                .unwrap_err()
                .to_string()
                .contains("nested")
        );
        let nots = format!("{{% if {} x %}}y{{% endif %}}", "not ".repeat(5000));
        assert!(
            load_override("common.tera", &nots)
                .unwrap_err()
                .to_string()
                .contains("'not'")
        );
        let big = "x: y\n".repeat(20_000);
        assert!(
            load_override("common.tera", &big)
                .unwrap_err()
                .to_string()
                .contains("larger than")
        );
    }

    #[test]
    fn templates_may_not_be_links_out_of_their_folder() {
        let dir = tempfile::tempdir().unwrap();
        let outside = tempfile::NamedTempFile::new().unwrap();
        std::fs::write(outside.path(), "code_label: secret\n").unwrap();
        std::os::unix::fs::symlink(outside.path(), dir.path().join("common.tera")).unwrap();
        let e = Texts::load("en", Some(dir.path()), &crate::games::shipped_texts()).unwrap_err();
        assert!(e.to_string().contains("outside the templates folder"), "{e}");
    }

    #[test]
    fn simple_filters_and_conditions_still_work_in_overrides() {
        let t = load_override(
            "common.tera",
            "code_label: {{ \"code\" | upper }}{% if 1 > 0 and not false %}!{% endif %}\n",
        )
        .unwrap();
        assert_eq!(t.labels("common", &Context::new()).unwrap().get("code_label"), "CODE!");
    }

    #[test]
    fn embedded_templates_render() {
        let t = crate::games::english();
        let mut ctx = Context::new();
        ctx.insert("stores", &12);
        ctx.insert("atms", &10);
        ctx.insert("dangers", &7);
        ctx.insert("players", &4);
        ctx.insert("grid", &12);
        ctx.insert("die", &true);
        let l = t.labels("tp-hunt", &ctx).unwrap();
        assert_eq!(l.get("blue_die"), "blue d12");
        assert_eq!(l.get("no_such_key"), "[no_such_key]");
        let rules = t.prose("tp-hunt-rules", &ctx).unwrap();
        assert!(matches!(rules[0], Block::Heading(_)));
        assert!(rules.len() > 5);
    }

    /// Every language has every template and every label the English set
    /// has: the shared templates, and each game of the registry's labels,
    /// rules card and web words, rendered with the contexts its own default
    /// request renders them with (its variables are its own business).
    #[test]
    fn every_language_is_complete() {
        use crate::game::{Common, Values};
        let en = crate::games::english();
        let enough = "texts rendered";
        for game in crate::games::all() {
            let common = Common::for_seed(crate::seed::Seed::new("1").unwrap());
            let request = crate::game::request(*game, &common, &Values::default()).unwrap();
            // A game renders its texts before its first page.
            match request.pages(&en, &mut |_| Err(crate::error::Error::msg(msg!("word", word = enough)))) {
                Err(e) if e.message == enough => {}
                other => panic!("{}: {:?}", game.name(), other.err()),
            }
        }
        let contexts = en.kept_contexts();
        for game in crate::games::all() {
            assert!(
                contexts.iter().any(|(g, _)| g == game.name()),
                "{}: no texts rendered",
                game.name()
            );
        }
        // English help is each setting's declaration's; other languages word it.
        let keys = |l: Labels| -> Vec<String> { l.0.into_keys().filter(|k| !k.starts_with("help.")).collect() };
        let empty = Context::new();
        for lang in LANGUAGES {
            let other = Texts::load(lang, None, &crate::games::shipped_texts()).unwrap();
            let mut labels: Vec<(String, &Context)> = ["common", "pack", "web"]
                .iter()
                .map(|n| (n.to_string(), &empty))
                .collect();
            labels.extend(
                crate::games::all()
                    .iter()
                    .map(|g| (format!("{}-web", g.name()), &empty)),
            );
            labels.extend(contexts.iter().map(|(g, ctx)| (g.clone(), ctx)));
            for (name, ctx) in &labels {
                let want = keys(en.labels(name, ctx).unwrap());
                let have = keys(other.labels(name, ctx).unwrap());
                assert_eq!(have, want, "{lang}/{name}.tera");
            }
            for (game, ctx) in &contexts {
                let name = format!("{game}-rules");
                assert_eq!(
                    other.prose(&name, ctx).unwrap().len(),
                    en.prose(&name, ctx).unwrap().len(),
                    "{lang}/{name}"
                );
            }
        }
    }

    #[test]
    fn numbers_follow_the_language() {
        let de = Texts::load("de", None, &crate::games::shipped_texts())
            .unwrap()
            .labels("common", &Context::new())
            .unwrap();
        assert_eq!(de.number(46656.0, 0), "46.656");
        assert_eq!(de.number(3.8612, 2), "3,86");
        let en = crate::games::english().labels("common", &Context::new()).unwrap();
        assert_eq!(en.number(1234567.25, 1), "1,234,567.2");
        assert_eq!(en.number(-5.0, 0), "-5");
    }

    #[test]
    fn override_folder_replaces_a_template() {
        let dir = std::env::temp_dir().join(format!("pp-tpl-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("common.tera"), "code_label: Bladkode\n").unwrap();
        let t = Texts::load("en", Some(&dir), &crate::games::shipped_texts()).unwrap();
        assert_eq!(
            t.labels("common", &Context::new()).unwrap().get("code_label"),
            "Bladkode"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn unknown_language_and_broken_template_are_clear_errors() {
        assert!(
            Texts::load("xx", None, &crate::games::shipped_texts())
                .unwrap_err()
                .to_string()
                .contains("language 'xx'")
        );
        let dir = std::env::temp_dir().join(format!("pp-tpl-bad-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("common.tera"), "x: {{ unclosed\n").unwrap();
        let e = Texts::load("en", Some(&dir), &crate::games::shipped_texts()).unwrap_err();
        assert!(e.to_string().contains("common.tera"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
