//! What every game declares once: its name, its settings, its sheets, its
//! actions and its functions. The command line, settings files, class packs,
//! sheet codes and the web page are all derived from these declarations;
//! nothing here knows any game by name. Layer: the games' contract, below the
//! games; it imports only the page model, seeds, texts and errors.

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::error::{Error, Result};
use crate::message::Msg;
use crate::seed::{Seed, SheetCode};
use crate::sheet::{DocumentInfo, Page, Paper, Style};
use crate::text::Texts;

/// What values a setting takes.
#[derive(Debug, Clone, Copy, serde::Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Kind {
    /// A whole number from `min` to `max`.
    Number { min: i64, max: i64 },
    /// One of the listed names.
    Choice { values: &'static [&'static str] },
    /// Any of the listed names, given once each (`--rule-off a --rule-off b`).
    Names { values: &'static [&'static str] },
    /// A file of further settings (a settings file may hold the table itself).
    File,
    /// Any text: a seed, a roll of dice.
    Text,
    /// A switch, on or off (`--jungle`; on the web page a checkbox).
    Flag,
}

/// One setting of a game, as `--NAME` on the command line, `NAME = ...` in a
/// settings file or pack entry, and a field of the web form.
#[derive(Debug, Clone, Copy, serde::Serialize)]
pub struct Setting {
    pub name: &'static str,
    #[serde(flatten)]
    pub kind: Kind,
    /// The value used when none is given, as a person reads it.
    pub default: &'static str,
    pub help: &'static str,
    /// For a choice that stands for other settings (a preset): each value
    /// with the settings it sets, so a form can show them.
    pub sets: &'static [(&'static str, &'static [(&'static str, &'static str)])],
}

impl Setting {
    /// The value `text` gives this setting, however it came (a flag, a form
    /// field, an action's input): the one reading of settings text. Blank
    /// text gives none (the default). Numbers are checked by [`Values::check`];
    /// a choice or a name is read in any case (`Easy` is easy); names are
    /// separated by commas; a switch is on or off (`true`, `on`, `yes`, `1`
    /// or `false`, `off`, `no`, `0`); a file setting is the file's TOML text.
    /// Other text is kept as given, spaces and all (a seed refuses them).
    pub fn read(&self, text: &str) -> Result<Option<Value>> {
        let trimmed = text.trim();
        if trimmed.is_empty() {
            return Ok(None);
        }
        Ok(Some(match self.kind {
            Kind::Number { .. } => Value::One(trimmed.to_string()),
            Kind::Choice { .. } => Value::One(trimmed.to_lowercase()),
            Kind::Names { .. } => Value::Many(
                trimmed
                    .split(',')
                    .map(|name| name.trim().to_lowercase())
                    .filter(|name| !name.is_empty())
                    .collect(),
            ),
            Kind::Flag => Value::One(switch(self.name, trimmed)?.to_string()),
            Kind::File => Value::Table(
                toml::from_str(trimmed).map_err(|e| Error::setting_msg(self.name, toml_error(&e, trimmed)))?,
            ),
            Kind::Text => Value::One(text.to_string()),
        }))
    }
}

/// A TOML parser's refusal of `text` as a message: the line it stopped at,
/// and what it says, which is the parser's own English text (about the
/// file's syntax or its keys) and cannot be keyed: it is carried as given.
pub(crate) fn toml_error(e: &toml::de::Error, text: &str) -> Msg {
    let why = e.message().trim().to_string();
    match e.span() {
        Some(span) => {
            let line = text.get(..span.start).unwrap_or(text).lines().count().max(1);
            crate::msg!("toml.line", line = line, why = why)
        }
        None => crate::msg!("word", word = why),
    }
}

/// A switch given as text: on (`true`, `on`, `yes`, `1`) or off (`false`,
/// `off`, `no`, `0`), in any case; anything else is refused at `name`.
pub fn switch(name: &str, text: &str) -> Result<bool> {
    match text.trim().to_lowercase().as_str() {
        "true" | "on" | "yes" | "1" => Ok(true),
        "false" | "off" | "no" | "0" => Ok(false),
        _ => Err(Error::setting_msg(name, crate::msg!("setting.switch"))),
    }
}

/// The refusal of a name that is none of `names`, the settings of `what`.
pub(crate) fn not_a_setting(name: &str, what: &str, names: &[&str]) -> Error {
    Error::msg(crate::msg!(
        "setting.not_one",
        name = crate::error::quote(name),
        what = what,
        names = names.join(", ")
    ))
}

/// The one of `names` that `given` most likely meant to be: a letter or
/// two away (a swapped pair counts once), for a "did you mean".
fn nearest<'a>(given: &str, names: &[&'a str]) -> Option<&'a str> {
    let given: Vec<char> = given.chars().collect();
    names
        .iter()
        .map(|name| (edits(&given, &name.chars().collect::<Vec<_>>()), *name))
        .filter(|(n, name)| *n <= 1.max(name.chars().count() / 3))
        .min_by_key(|(n, _)| *n)
        .map(|(_, name)| name)
}

/// Letters to change, add, drop or swap with a neighbour to make `a` into `b`.
fn edits(a: &[char], b: &[char]) -> usize {
    let mut d = vec![vec![0; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let change = usize::from(a[i - 1] != b[j - 1]);
            d[i][j] = (d[i - 1][j] + 1).min(d[i][j - 1] + 1).min(d[i - 1][j - 1] + change);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d[i][j] = d[i][j].min(d[i - 2][j - 2] + 1);
            }
        }
    }
    d[a.len()][b.len()]
}

/// The refusal of `value`, none of the names `setting` takes.
pub(crate) fn unknown_name(setting: &str, value: &str, values: &[&str]) -> Error {
    let choices = values.join(", ");
    let msg = match nearest(value, values) {
        Some(near) => crate::msg!(
            "setting.unknown_near",
            setting = setting,
            value = crate::error::quote(value),
            choices = choices,
            near = crate::error::quote(near)
        ),
        None => crate::msg!(
            "setting.unknown",
            setting = setting,
            value = crate::error::quote(value),
            choices = choices
        ),
    };
    Error::setting_msg(setting, msg)
}

/// The refusal of text that is not a whole number.
pub(crate) fn not_whole(text: &str) -> Msg {
    crate::msg!("number.not_whole", text = crate::error::quote(text))
}

/// The refusal of a number outside `min` to `max`.
pub(crate) fn out_of_range(
    n: impl Into<crate::message::Arg>,
    min: impl Into<crate::message::Arg>,
    max: impl Into<crate::message::Arg>,
) -> Msg {
    crate::msg!("number.range", n = n, min = min, max = max)
}

/// The refusal of a number of players outside a game's `min` to `max`.
pub(crate) fn players_range(
    n: impl Into<crate::message::Arg>,
    game: &str,
    min: impl Into<crate::message::Arg>,
    max: impl Into<crate::message::Arg>,
) -> Msg {
    crate::msg!("number.players", n = n, game = game, min = min, max = max)
}

/// The settings every game takes the same way.
pub const COMMON: &[&str] = &["seed", "count", "paper", "sheets", "lang", "per-page", "large-print"];

/// The papers sheets are laid out for.
pub const PAPERS: &[&str] = &["a4", "letter"];

/// Most layouts one document holds (`--count`).
pub const MAX_COUNT: usize = 10_000;

/// A value given for a setting, from a flag, a settings file, a pack entry or a form.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    One(String),
    Many(Vec<String>),
    Table(toml::Table),
}

/// The values given for a game's own settings, by setting name; a setting
/// not given takes its default.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Values(BTreeMap<String, Value>);

impl Values {
    pub fn set(&mut self, name: &str, value: Value) {
        self.0.insert(name.to_string(), value);
    }

    /// Gives `setting` the value its `text` says ([`Setting::read`]): names
    /// add to those given before, each once; any other value replaces.
    pub fn give(&mut self, setting: &Setting, text: &str) -> Result<()> {
        if let Some(value) = setting.read(text)? {
            let mut given = Values::default();
            given.set(setting.name, value);
            *self = self.overlaid(&given);
        }
        Ok(())
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.0.keys().map(String::as_str)
    }

    /// `other`'s values over these (flags over a settings file).
    pub(crate) fn overlaid(&self, other: &Values) -> Values {
        let mut out = self.clone();
        for (k, v) in &other.0 {
            match (out.0.get_mut(k), v) {
                // Repeatable names add up: the file's and the flags'.
                (Some(Value::Many(mine)), Value::Many(theirs)) => {
                    for t in theirs {
                        if !mine.contains(t) {
                            mine.push(t.clone());
                        }
                    }
                }
                _ => {
                    out.0.insert(k.clone(), v.clone());
                }
            }
        }
        out
    }

    pub fn get(&self, name: &str) -> Option<&Value> {
        self.0.get(name)
    }

    /// The text of a one-value setting.
    pub fn text(&self, name: &str) -> Option<&str> {
        match self.0.get(name) {
            Some(Value::One(t)) => Some(t),
            _ => None,
        }
    }

    /// A whole number setting (checked against its limits by [`Values::check`]).
    pub fn number<T: TryFrom<i64>>(&self, name: &str) -> Result<Option<T>> {
        let Some(text) = self.text(name) else {
            return Ok(None);
        };
        let n: i64 = text
            .trim()
            .parse()
            .map_err(|_| Error::setting_msg(name, not_whole(text)))?;
        T::try_from(n)
            .map(Some)
            .map_err(|_| Error::setting_msg(name, crate::msg!("number.out_of_range", n = n)))
    }

    /// Every name given for a repeatable setting.
    pub(crate) fn names_of(&self, name: &str) -> Vec<String> {
        match self.0.get(name) {
            Some(Value::Many(v)) => v.clone(),
            Some(Value::One(t)) => t
                .split(',')
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty())
                .collect(),
            _ => Vec::new(),
        }
    }

    /// Checks every value against the game's declarations: no unknown
    /// setting, numbers within their limits, choices among their names.
    pub fn check(&self, game: &dyn Game) -> Result<()> {
        let settings: Vec<&Setting> = game.settings().iter().collect();
        self.check_against(&settings, game.title())
    }

    /// Checks every value against `settings` (`what` names their owner).
    pub(crate) fn check_against(&self, settings: &[&Setting], what: &str) -> Result<()> {
        for (name, value) in &self.0 {
            let Some(setting) = settings.iter().find(|s| s.name == name) else {
                let names: Vec<&str> = settings.iter().map(|s| s.name).collect();
                return Err(not_a_setting(name, what, &names));
            };
            match (setting.kind, value) {
                (Kind::Number { min, max }, Value::One(_)) => {
                    let n: i64 = self.number(name)?.expect("given");
                    if !(min..=max).contains(&n) {
                        return Err(Error::setting_msg(name, out_of_range(n, min, max)));
                    }
                }
                (Kind::Choice { values }, Value::One(v)) => {
                    if !values.contains(&v.as_str()) {
                        return Err(unknown_name(name, v, values));
                    }
                }
                (Kind::Names { values }, Value::One(_) | Value::Many(_)) => {
                    if let Some(v) = self.names_of(name).iter().find(|v| !values.contains(&v.as_str())) {
                        return Err(unknown_name(name, v, values));
                    }
                }
                (Kind::Flag, Value::One(v)) => {
                    if !["true", "false"].contains(&v.as_str()) {
                        return Err(Error::setting_msg(name, crate::msg!("setting.switch")));
                    }
                }
                (Kind::File, Value::One(_) | Value::Table(_)) => {}
                (Kind::Text, Value::One(_)) => {}
                _ => return Err(Error::setting_msg(name, crate::msg!("setting.wrong_value"))),
            }
        }
        Ok(())
    }

    /// Whether a switch is on.
    pub fn flag(&self, name: &str) -> bool {
        self.text(name) == Some("true")
    }

    /// Values from a TOML table (a settings file or a pack entry), keys as
    /// the flags name them (`rule_off` is read as `rule-off`).
    pub fn from_toml(table: &toml::Table) -> Result<Values> {
        let mut out = Values::default();
        for (key, v) in table {
            let name = key.replace('_', "-");
            let value = match v {
                toml::Value::String(s) => Value::One(s.clone()),
                toml::Value::Integer(i) => Value::One(i.to_string()),
                toml::Value::Boolean(b) => Value::One(b.to_string()),
                toml::Value::Array(items) => Value::Many(
                    items
                        .iter()
                        .map(|i| match i {
                            toml::Value::String(s) => Ok(s.clone()),
                            toml::Value::Integer(n) => Ok(n.to_string()),
                            other => Err(Error::setting_msg(
                                &name,
                                crate::msg!("setting.not_a_name", value = crate::error::quote(&other.to_string())),
                            )),
                        })
                        .collect::<Result<_>>()?,
                ),
                toml::Value::Table(t) => Value::Table(t.clone()),
                other => {
                    let value = crate::error::quote(&other.to_string());
                    return Err(Error::setting_msg(
                        &name,
                        crate::msg!("setting.not_a_value", value = value),
                    ));
                }
            };
            out.0.insert(name, value);
        }
        Ok(out)
    }
}

/// The options every game takes the same way, already checked.
#[derive(Debug, Clone)]
pub struct Common {
    pub seed: Seed,
    /// True when no seed was given and one was chosen at random.
    pub random_seed: bool,
    pub count: usize,
    pub paper: Paper,
    /// The sheets as `--sheets` lists them; `None`: the game's default set.
    pub sheets: Option<String>,
    /// Standard or large print (`--large-print`).
    pub style: Style,
}

impl Common {
    /// Common options for one layout from `seed`, A4 and the default sheets.
    pub fn for_seed(seed: Seed) -> Common {
        Common {
            seed,
            random_seed: false,
            count: 1,
            paper: Paper::A4,
            sheets: None,
            style: Style::Standard,
        }
    }
}

/// What `validate` found in a layout file.
pub struct Verdict {
    /// Each broken rule, after the place in the file it is about (`map 2`,
    /// or none for a file of one layout).
    pub broken: Vec<(Option<Msg>, Violation)>,
    /// Said when nothing is broken.
    pub legal: Msg,
}

impl Verdict {
    /// Each broken rule as a line: its place, the rule's name, the message (English).
    pub fn lines(&self) -> Vec<String> {
        self.broken
            .iter()
            .map(|(place, v)| v.line_in("en", place.as_ref()))
            .collect()
    }
}

/// One broken rule, named as the rules list names it, and what is broken.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Violation {
    pub rule: &'static str,
    /// The message in English.
    pub message: String,
    /// The message as data, for the reader's language.
    #[serde(skip)]
    pub msg: Msg,
}

impl Violation {
    /// A broken rule said as a message of the catalogues.
    pub(crate) fn keyed(rule: &'static str, msg: Msg) -> Violation {
        Violation {
            rule,
            message: msg.words("en"),
            msg,
        }
    }

    /// The whole line in `lang`, after its place: the rule named as the
    /// rules list names it (the name `rules GAME` prints and switches take).
    pub fn line_in(&self, lang: &str, place: Option<&Msg>) -> String {
        let line = crate::msg!("rule.broken", rule = self.rule, message = self.msg.clone());
        let line = match place {
            Some(place) => crate::msg!("at", place = place.clone(), message = line),
            None => line,
        };
        crate::error::tidy(&line.words(lang))
    }
}

impl std::fmt::Display for Violation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.rule, self.message)
    }
}

/// One rule a game's engine checks, for `rules GAME`.
#[derive(Debug, Clone)]
pub struct RuleLine {
    pub name: &'static str,
    pub what: Msg,
    /// "rule of the game", or how it may be switched off.
    pub kind: Msg,
}

/// A sheet that prints only when `setting` has `value` (one of its values,
/// for a list of names); with other settings it prints no page.
#[derive(Debug, Clone, Copy, serde::Serialize)]
pub struct SheetNeed {
    pub sheet: &'static str,
    pub setting: &'static str,
    pub value: &'static str,
}

/// What a game is, as the registry lists it and the command line, the
/// settings files and the web page show it.
pub struct Declaration {
    /// The name on the command line and in sheet codes.
    pub name: &'static str,
    pub title: &'static str,
    /// Generator version: what a sheet code's version names. It changes
    /// only when a seed would make another layout; codes of every earlier
    /// version still make theirs.
    pub version: u32,
    /// One line: what the game prints.
    pub about: &'static str,
    /// One command line that shows the game off (without `panicpress`).
    pub example: &'static str,
    /// The game's own settings (the common ones are in [`COMMON`]).
    pub settings: &'static [Setting],
    /// The setting that says how many play, a number among `settings`: a
    /// class pack seats its tables by its limits and sets it to each
    /// table's size. None for a game whose sheets do not depend on it.
    pub players: Option<&'static str>,
    /// Every sheet kind, by name.
    pub sheets: &'static [&'static str],
    /// The sheets printed when none are named.
    pub default_sheets: &'static [&'static str],
    /// Sheets small enough to print several to a page (`--per-page`).
    pub small_sheets: &'static [&'static str],
    /// The sheets that have a large-print layout (`--large-print` refuses
    /// the others rather than print words over each other).
    pub large_print_sheets: &'static [&'static str],
    /// The sheets each player writes on (a tracker); every other sheet is
    /// shared by the players at a table (a map, a score pad, the rules).
    pub player_sheets: &'static [&'static str],
    /// Sheets that print only when a setting has a value (the ★ cards with
    /// the five-codes variant): the web form ticks them only then.
    pub sheets_need: &'static [SheetNeed],
    /// Settings that make a set print more pages (PPE's target lengthens
    /// the score pad): a set over the web's page budget is refused at them.
    pub pages_grow_with: &'static [&'static str],
    /// What the game does besides printing sheets.
    pub actions: &'static [Action],
    /// Its templates, as (name, text): labels, rules card and web words in
    /// every language (see `game_texts!`).
    pub texts: &'static [(&'static str, &'static str)],
    /// Its messages (refusals, verdicts, reports) in every language: its
    /// module's `MESSAGES`, from `texts/LANG/messages.txt` (see `game_messages!`).
    pub messages: &'static crate::message::Book,
    /// Settings the registry-driven tests print (the sheet standards, the
    /// renderers, the parsers): between them every sheet kind and the
    /// layouts' extremes.
    pub samples: &'static [Sample],
}

/// Settings a game is printed with in the registry-driven tests.
pub struct Sample {
    /// Settings as (name, value), the others at their defaults.
    pub settings: &'static [(&'static str, &'static str)],
    /// The sheets, as `--sheets` takes them.
    pub sheets: &'static str,
}

/// A seed, as an action takes it.
pub const SEED_INPUT: Setting = Setting {
    name: "seed",
    kind: Kind::Text,
    default: "",
    help: "Any text or number, with no space at either end; without it a random seed is chosen and printed.",
    sets: &[],
};

/// How many games an action plays: 1 to `max`, `default` when not given.
pub(crate) const fn games_input(max: u32, default: &'static str, help: &'static str) -> Setting {
    Setting {
        name: "games",
        kind: Kind::Number {
            min: 1,
            max: max as i64,
        },
        default,
        help,
        sets: &[],
    }
}

/// What an action reports: lines a person reads and the same as JSON, and
/// a note for the side (a seed chosen at random).
#[derive(Debug, Clone)]
pub struct Report {
    /// Its lines, as messages: worded in the reader's language when shown.
    pub lines: Vec<crate::message::Msg>,
    pub json: serde_json::Value,
    pub note: Option<crate::message::Msg>,
}

impl Report {
    /// The report as a person reads it, in `lang`.
    pub fn text(&self, lang: &str) -> String {
        self.lines.iter().map(|l| l.words(lang)).collect::<Vec<_>>().join("\n")
    }
}

/// Something a game does besides printing sheets (`simulate`, `odds`,
/// `score`): the command line makes a subcommand of it, the web page a panel.
pub struct Action {
    pub name: &'static str,
    /// One line: what it does and reports.
    pub about: &'static str,
    /// The arguments after `panicpress GAME` that show it off.
    pub example: &'static str,
    /// The game's own settings it takes, by name.
    pub settings: &'static [&'static str],
    /// Its own inputs besides them.
    pub inputs: &'static [Setting],
    /// The input given without its name on the command line (`ppe score ROLL`).
    pub positional: Option<&'static str>,
    /// Runs it on values checked against its settings and inputs.
    pub run: fn(&Values) -> Result<Report>,
    /// What running it costs, in simulated games as a request's budget
    /// counts them (a slower game's game counts for more).
    pub cost: fn(&Values) -> u64,
}

/// The cost of an action that plays no games.
pub(crate) fn no_cost(_: &Values) -> u64 {
    0
}

impl Action {
    /// Every setting and input it takes, as the game declares them.
    pub fn takes(&self, game: &dyn Game) -> Vec<&'static Setting> {
        game.settings()
            .iter()
            .filter(|s| self.settings.contains(&s.name))
            .chain(self.inputs.iter())
            .collect()
    }

    /// Runs the action on `values`, checked first.
    pub fn call(&self, game: &dyn Game, values: &Values) -> Result<Report> {
        values.check_against(&self.takes(game), &format!("{} {}", game.name(), self.name))?;
        (self.run)(values)
    }
}

/// A game: its declaration and the functions generic code calls.
pub trait Game: Sync {
    fn declaration(&self) -> &'static Declaration;
    fn name(&self) -> &'static str {
        self.declaration().name
    }
    fn title(&self) -> &'static str {
        self.declaration().title
    }
    fn about(&self) -> &'static str {
        self.declaration().about
    }
    fn example(&self) -> &'static str {
        self.declaration().example
    }
    fn settings(&self) -> &'static [Setting] {
        self.declaration().settings
    }
    fn sheet_kinds(&self) -> Vec<&'static str> {
        self.declaration().sheets.to_vec()
    }
    fn default_sheets(&self) -> Vec<&'static str> {
        self.declaration().default_sheets.to_vec()
    }
    fn small_sheets(&self) -> &'static [&'static str] {
        self.declaration().small_sheets
    }
    fn player_sheets(&self) -> &'static [&'static str] {
        self.declaration().player_sheets
    }
    fn sheets_need(&self) -> &'static [SheetNeed] {
        self.declaration().sheets_need
    }
    fn pages_grow_with(&self) -> &'static [&'static str] {
        self.declaration().pages_grow_with
    }
    fn version(&self) -> u32 {
        self.declaration().version
    }
    /// The setting that says how many play (see [`Declaration::players`]).
    fn players_setting(&self) -> Option<&'static Setting> {
        let name = self.declaration().players?;
        self.settings().iter().find(|s| s.name == name)
    }
    /// Fewest and most players: the players setting's limits.
    fn player_limits(&self) -> Option<(usize, usize)> {
        match self.players_setting()?.kind {
            Kind::Number { min, max } => Some((min as usize, max as usize)),
            _ => None,
        }
    }
    fn actions(&self) -> &'static [Action] {
        self.declaration().actions
    }
    fn action(&self, name: &str) -> Result<&'static Action> {
        self.actions().iter().find(|a| a.name == name).ok_or_else(|| {
            let names: Vec<&str> = self.actions().iter().map(|a| a.name).collect();
            Error::msg(crate::msg!(
                "action.unknown",
                game = self.name(),
                name = crate::error::quote(name),
                actions = names.join(", ")
            ))
        })
    }
    /// The request the settings stand for, checked. A game that makes one
    /// layout per request leaves `common.count` to the caller.
    fn request(&self, common: &Common, values: &Values) -> Result<Box<dyn Request>>;
    /// The request a printed sheet code of this game stands for.
    fn request_for_code(&self, code: &SheetCode) -> Result<Box<dyn Request>>;
    /// Runs the rule engine on a layout file's text (`name` for messages);
    /// `values` are settings given with it.
    fn validate(&self, name: &str, text: &str, values: &Values) -> Result<Verdict>;
    /// The rules the engine checks.
    fn rules(&self) -> Vec<RuleLine>;
}

/// The players at a table, by name, printed where they write (a tracker's
/// name line, a score pad's columns), in seat order.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Seats {
    pub names: Vec<String>,
    /// Printed among other sets in one document (a class pack): a page
    /// number counted within the set would name another set's page.
    pub in_pack: bool,
}

/// One request for a game's sheets: everything commands, regen, class packs
/// and the web page ask of it.
pub trait Request: Send + Sync {
    fn game(&self) -> &'static str;
    fn seed(&self) -> &Seed;
    fn paper(&self) -> Paper;
    /// Standard or large print.
    fn style(&self) -> Style;
    /// The same request printed in another style; its code and its game are unchanged.
    fn with_style(&self, style: Style) -> Box<dyn Request>;
    /// The settings part of a code with the game's default settings: a file
    /// name says only what differs from it.
    fn default_settings(&self) -> String;
    /// How many layouts (maps, boards) the request makes.
    fn count(&self) -> usize {
        1
    }
    /// Most simulated games making the request's layouts plays (ratings,
    /// difficulty searches): what a budget of work counts besides pages.
    fn simulated_games(&self) -> u64 {
        0
    }
    /// The same request for another seed, one layout.
    fn with_seed(&self, seed: Seed) -> Box<dyn Request>;
    /// The sheets chosen, by name, in order.
    fn sheet_names(&self) -> Vec<&'static str>;
    /// The same request for other sheets (a list as `--sheets` takes it).
    fn with_sheets(&self, list: &str) -> Result<Box<dyn Request>>;
    /// The same request laid out on other paper (a share of a sheet, for
    /// small sheets printed several to a page); its code is unchanged.
    fn with_paper(&self, paper: Paper) -> Box<dyn Request>;
    /// The same request with the players' names where they write; its code
    /// is unchanged. A game that prints no names keeps its sheets as they are.
    fn with_seats(&self, seats: &Seats) -> Box<dyn Request> {
        let _ = seats;
        self.with_paper(self.paper())
    }
    /// Everything that can fail on bad settings, checked before any file is made.
    fn check(&self, texts: &Texts) -> Result<()>;
    /// The sheet code of the whole set (for a run of many: the first).
    fn code(&self) -> Result<String>;
    /// The seed the layout was made from (a difficulty may pick another).
    fn layout_seed(&self) -> Result<Seed> {
        Ok(self.seed().clone())
    }
    /// How the layout plays, in a few words of the document's language, as
    /// the teacher key prints it under its code (a deal's simulated wins, a
    /// board's game length), where the game rates layouts.
    fn rating_note(&self, texts: &Texts) -> Option<String> {
        let _ = texts;
        None
    }
    /// How a class pack deals its tables games of one difficulty, where the
    /// game rates layouts by a figure (Particle Panic: the steady player's
    /// simulated wins): the figure's usual value for these settings and the
    /// widest band a pack's tables may spread over, read from the game's
    /// calibration. None where the game has none for these settings.
    fn evenness(&self) -> Option<Evenness> {
        None
    }
    /// The same request with its layout chosen so that its figure lies in
    /// `[low, high)`; its code names the layout chosen, so it makes the same
    /// game alone. Only called where `evenness` is given.
    fn within(&self, low: f64, high: f64) -> Result<Box<dyn Request>> {
        let _ = (low, high);
        Ok(self.with_paper(self.paper()))
    }
    /// The layout as JSON, as `--format json` writes it.
    fn json(&self) -> Result<String>;
    /// A terminal preview (`--format text`).
    fn preview(&self, texts: &Texts) -> Result<String>;
    /// Draws every page and hands each to `emit` as soon as it is made.
    fn pages(&self, texts: &Texts, emit: &mut dyn FnMut(Page) -> Result<()>) -> Result<DocumentInfo>;
}

/// What a class pack evens out across its tables (see [`Request::evenness`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Evenness {
    /// The figure's usual value for these settings (its calibrated mean).
    pub usual: f64,
    /// The widest spread a pack's tables' figures may have.
    pub width: f64,
}

/// The band a pack deals every table from: as wide as the narrowest
/// table's, centred on the tables' usual figures, within 0 to 1.
pub(crate) fn common_band(tables: &[Evenness]) -> Option<(f64, f64)> {
    if tables.is_empty() {
        return None;
    }
    let usual = tables.iter().map(|e| e.usual).sum::<f64>() / tables.len() as f64;
    let width = tables.iter().map(|e| e.width).fold(f64::INFINITY, f64::min);
    let low = (usual - width / 2.0).clamp(0.0, (1.0 - width).max(0.0));
    Some((low, low + width))
}

/// A run of requests for consecutive seeds, for games that make one layout a
/// request: pages one after another, JSON as an array.
struct Run {
    first: Arc<dyn Request>,
    count: usize,
}

impl Run {
    fn each(&self) -> impl Iterator<Item = Box<dyn Request>> + '_ {
        (1..=self.count).map(|k| self.first.with_seed(self.first.seed().nth(k)))
    }
}

impl Request for Run {
    fn game(&self) -> &'static str {
        self.first.game()
    }
    fn seed(&self) -> &Seed {
        self.first.seed()
    }
    fn paper(&self) -> Paper {
        self.first.paper()
    }
    fn style(&self) -> Style {
        self.first.style()
    }
    fn with_style(&self, style: Style) -> Box<dyn Request> {
        Box::new(Run {
            first: Arc::from(self.first.with_style(style)),
            count: self.count,
        })
    }
    fn default_settings(&self) -> String {
        self.first.default_settings()
    }
    fn count(&self) -> usize {
        self.count
    }
    fn simulated_games(&self) -> u64 {
        self.first.simulated_games().saturating_mul(self.count as u64)
    }
    fn with_seed(&self, seed: Seed) -> Box<dyn Request> {
        self.first.with_seed(seed)
    }
    fn sheet_names(&self) -> Vec<&'static str> {
        self.first.sheet_names()
    }
    fn with_sheets(&self, list: &str) -> Result<Box<dyn Request>> {
        Ok(Box::new(Run {
            first: Arc::from(self.first.with_sheets(list)?),
            count: self.count,
        }))
    }
    fn with_paper(&self, paper: Paper) -> Box<dyn Request> {
        Box::new(Run {
            first: Arc::from(self.first.with_paper(paper)),
            count: self.count,
        })
    }
    fn with_seats(&self, seats: &Seats) -> Box<dyn Request> {
        Box::new(Run {
            first: Arc::from(self.first.with_seats(seats)),
            count: self.count,
        })
    }
    fn check(&self, texts: &Texts) -> Result<()> {
        self.first.check(texts)
    }
    fn code(&self) -> Result<String> {
        self.first.code()
    }
    fn layout_seed(&self) -> Result<Seed> {
        self.first.layout_seed()
    }
    fn json(&self) -> Result<String> {
        let mut items = Vec::new();
        for one in self.each() {
            items.push(
                serde_json::from_str::<serde_json::Value>(&one.json()?)
                    .map_err(|e| Error::msg(crate::json::error_msg(&e)))?,
            );
        }
        Ok(crate::json::json_one_or_many(&items))
    }
    fn preview(&self, texts: &Texts) -> Result<String> {
        let mut out = String::new();
        for one in self.each() {
            out.push_str(&one.preview(texts)?);
        }
        Ok(out)
    }
    fn pages(&self, texts: &Texts, emit: &mut dyn FnMut(Page) -> Result<()>) -> Result<DocumentInfo> {
        let mut parts = crate::sheet::Parts::default();
        for one in self.each() {
            parts.push(one.pages(texts, emit)?);
        }
        Ok(parts.finish())
    }
}

/// The request for `common` and `values`, checked; a run of `count` layouts
/// when the game makes one a request.
pub fn request(game: &dyn Game, common: &Common, values: &Values) -> Result<Box<dyn Request>> {
    values.check(game)?;
    if !(1..=MAX_COUNT).contains(&common.count) {
        return Err(Error::setting_msg("count", out_of_range(common.count, 1, MAX_COUNT)));
    }
    let one = game.request(common, values)?;
    if one.count() == common.count {
        return Ok(one);
    }
    Ok(Box::new(Run {
        first: Arc::from(one),
        count: common.count,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setting(name: &'static str, kind: Kind) -> Setting {
        Setting {
            name,
            kind,
            default: "",
            help: "",
            sets: &[],
        }
    }

    /// The copies of this reading the web page's form and actions had
    /// disagreed: an action took `yes` for off and kept an empty name, the
    /// form refused `Easy` and `on`. Every door now reads text alike.
    #[test]
    fn settings_text_is_read_alike_whichever_door_it_came_through() {
        let level = setting(
            "level",
            Kind::Choice {
                values: &["easy", "hard"],
            },
        );
        let rules = setting("rule-off", Kind::Names { values: &["a", "b"] });
        let jungle = setting("jungle", Kind::Flag);
        let faces = setting("faces", Kind::File);
        let seed = setting("seed", Kind::Text);
        let one = |s: &Setting, text: &str| s.read(text).unwrap();
        assert_eq!(one(&level, " Easy "), Some(Value::One("easy".into())));
        assert_eq!(one(&rules, " A, ,b,"), Some(Value::Many(vec!["a".into(), "b".into()])));
        for on in ["true", "on", "Yes", "1"] {
            assert_eq!(one(&jungle, on), Some(Value::One("true".into())), "{on}");
        }
        for off in ["false", "OFF", "no", "0"] {
            assert_eq!(one(&jungle, off), Some(Value::One("false".into())), "{off}");
        }
        let e = jungle.read("maybe").unwrap_err();
        assert_eq!(
            (e.message.as_str(), e.field.as_deref()),
            ("jungle: on or off (true or false)", Some("jungle"))
        );
        assert!(matches!(one(&faces, "mask = 6"), Some(Value::Table(_))));
        assert_eq!(faces.read("mask = [").unwrap_err().field.as_deref(), Some("faces"));
        // A seed is taken as given: its own check refuses spaces at either end.
        assert_eq!(one(&seed, " 5B"), Some(Value::One(" 5B".into())));
        for s in [&level, &rules, &jungle, &faces, &seed] {
            assert_eq!(one(s, "  "), None, "blank text leaves {} at its default", s.name);
        }
    }

    #[test]
    fn names_given_again_add_up_each_once() {
        let rules = setting(
            "rule-off",
            Kind::Names {
                values: &["a", "b", "c"],
            },
        );
        let mut values = Values::default();
        for text in ["b", "a,b", "", "C"] {
            values.give(&rules, text).unwrap();
        }
        assert_eq!(values.names_of("rule-off"), ["b", "a", "c"]);
    }

    #[test]
    fn an_unknown_name_is_refused_with_the_names_and_the_nearest_one() {
        let settings = [
            setting(
                "level",
                Kind::Choice {
                    values: &["easy", "normal", "hard"],
                },
            ),
            setting(
                "rule-off",
                Kind::Names {
                    values: &["reachable", "start-cells"],
                },
            ),
        ];
        let settings: Vec<&Setting> = settings.iter().collect();
        let refusal = |name: &'static str, text: &str| {
            let mut values = Values::default();
            values
                .give(settings.iter().find(|s| s.name == name).unwrap(), text)
                .unwrap();
            values.check_against(&settings, "Test").unwrap_err()
        };
        let e = refusal("level", "esay");
        assert_eq!(
            e.message,
            "level: unknown level 'esay' (choose from: easy, normal, hard); did you mean 'easy'?"
        );
        assert_eq!(e.field.as_deref(), Some("level"));
        let e = refusal("level", "brutal");
        assert_eq!(
            e.message,
            "level: unknown level 'brutal' (choose from: easy, normal, hard)"
        );
        let e = refusal("rule-off", "reachable,counts");
        assert!(e.message.contains("unknown rule-off 'counts'"), "{}", e.message);
        assert!(e.words("de").contains("(zur Wahl: reachable, start-cells)"));
    }
}
