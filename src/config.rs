//! Reading settings, layout and pack files. What a game's settings mean is
//! the game's own business (its declaration); here files are only read.

use serde::Deserialize;
use std::path::Path;

use crate::error::{Error, Result, io_reason};
use crate::game::{COMMON, Game, Kind, PAPERS, Setting, Value, Values};
use crate::message::Msg;
use crate::sheet::Paper;

/// A list given either as `"a,b"` or as `["a", "b"]`.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum NameList {
    Text(String),
    List(Vec<String>),
}

impl NameList {
    pub fn joined(&self) -> String {
        match self {
            NameList::Text(t) => t.clone(),
            NameList::List(l) => l.join(","),
        }
    }

    /// A list from a settings file's value: text or an array of names.
    pub fn from_toml(value: &toml::Value) -> Result<String> {
        value.clone().try_into::<NameList>().map(|l| l.joined()).map_err(|_| {
            let value = crate::error::quote(&value.to_string());
            Error::msg(crate::msg!("setting.not_names", value = value))
        })
    }
}

/// The settings file of `--config`: common options and the game's settings.
pub(crate) fn read_settings_file(game: &dyn Game, path: &Path) -> Result<(toml::Table, Values)> {
    let text = read_file(path)?;
    let place = crate::msg!("config.file", file = path.display().to_string());
    let mut table: toml::Table =
        toml::from_str(&text).map_err(|e| Error::msg(crate::game::toml_error(&e, &text)).within(place.clone()))?;
    let mut common = toml::Table::new();
    for key in COMMON {
        if let Some(v) = table.remove(*key) {
            common.insert(key.to_string(), v);
        }
    }
    let values = Values::from_toml(&table).map_err(|e| e.within(place.clone()))?;
    values.check(game).map_err(|e| e.within(place))?;
    Ok((common, values))
}

/// A paper by name.
pub fn paper(name: &str) -> Result<Paper> {
    Paper::parse(name).ok_or_else(|| crate::game::unknown_name("paper", name, PAPERS))
}

/// The values with every file setting read: a path given for a setting of
/// kind [`Kind::File`] becomes the file's table, so a game never reads files.
pub(crate) fn read_files(game: &dyn Game, values: &Values) -> Result<Values> {
    let mut out = values.clone();
    for s in game.settings().iter().filter(|s| matches!(s.kind, Kind::File)) {
        if let Some(Value::One(path)) = values.get(s.name) {
            out.set(s.name, file_value(s, Path::new(path))?);
        }
    }
    Ok(out)
}

/// A file setting's value from the file at `path`: its text, read as the
/// game's contract reads a file setting's text; refusals name the file.
pub(crate) fn file_value(setting: &Setting, path: &Path) -> Result<Value> {
    let text = read_file(path).map_err(|e| e.at(setting.name))?;
    let value = setting.read(&text).map_err(|e| {
        // The setting's own refusal, after the file's name: `faces: FILE: ...`.
        let why = match e.field.as_deref() == Some(setting.name) {
            true => unplaced(e.msg),
            false => e.msg,
        };
        Error::setting_msg(
            setting.name,
            crate::msg!("at", place = path.display().to_string(), message = why),
        )
    })?;
    Ok(value.unwrap_or_else(|| Value::Table(toml::Table::new())))
}

/// A value of a settings or pack file as the text a flag would give: text,
/// a number, true or false, or a list of names (joined by commas).
pub(crate) fn toml_text(value: &toml::Value) -> Result<String> {
    match value {
        toml::Value::String(s) => Ok(s.clone()),
        toml::Value::Integer(n) => Ok(n.to_string()),
        toml::Value::Boolean(b) => Ok(b.to_string()),
        toml::Value::Array(_) => NameList::from_toml(value),
        other => {
            let value = crate::error::quote(&other.to_string());
            Err(Error::msg(crate::msg!("setting.not_a_value", value = value)))
        }
    }
}

/// Largest settings or layout file read (a JSON of 10,000 maps fits).
pub const MAX_FILE_BYTES: u64 = 32 * 1024 * 1024;

/// Reads a settings or layout file (`-`: standard input), at most [`MAX_FILE_BYTES`].
pub(crate) fn read_file(path: &Path) -> Result<String> {
    read_text(path, MAX_FILE_BYTES)
}

/// Reads UTF-8 text from a file or standard input (`-`) without ever holding
/// more than `max_bytes`: a larger input is refused, not loaded.
pub(crate) fn read_text(path: &Path, max_bytes: u64) -> Result<String> {
    read_text_as(path, max_bytes, cannot_read)
}

/// Reads text as [`read_text`] does, its refusals after `place` (the
/// file's name, or standard input, as a message: `roster FILE`).
pub(crate) fn read_text_as(path: &Path, max_bytes: u64, place: fn(Msg) -> Msg) -> Result<String> {
    let bytes = read_bytes_as(path, max_bytes, place)?;
    String::from_utf8(bytes).map_err(|_| Error::msg(crate::msg!("file.not_utf8")).within(place(shown(path))))
}

/// Reads a file or standard input (`-`), at most `max_bytes`.
pub(crate) fn read_bytes(path: &Path, max_bytes: u64) -> Result<Vec<u8>> {
    read_bytes_as(path, max_bytes, cannot_read)
}

/// "cannot read FILE", as a place a refusal stands after.
fn cannot_read(file: Msg) -> Msg {
    crate::msg!("file.cannot_read", file = file)
}

/// A file as refusals name it: its path, or standard input for `-`.
fn shown(path: &Path) -> Msg {
    match path == Path::new("-") {
        true => crate::msg!("file.stdin"),
        false => crate::msg!("word", word = path.display().to_string()),
    }
}

fn read_bytes_as(path: &Path, max_bytes: u64, place: fn(Msg) -> Msg) -> Result<Vec<u8>> {
    use std::io::Read;
    let fail = |why: Msg| Error::msg(why).within(place(shown(path)));
    let source: Box<dyn Read> = if path == Path::new("-") {
        Box::new(std::io::stdin())
    } else {
        let file = std::fs::File::open(path).map_err(|e| fail(io_reason(&e)))?;
        if file.metadata().map_err(|e| fail(io_reason(&e)))?.is_dir() {
            return Err(fail(crate::msg!("io.is_a_folder")));
        }
        Box::new(file)
    };
    let mut bytes = Vec::new();
    source
        .take(max_bytes + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| fail(io_reason(&e)))?;
    if bytes.len() as u64 > max_bytes {
        return Err(fail(crate::msg!("file.larger_than", kib = max_bytes / 1024)));
    }
    Ok(bytes)
}

/// A setting's refusal without the setting it stands after (`faces: ...`).
fn unplaced(msg: Msg) -> Msg {
    match (msg.key, msg.args.iter().find(|(name, _)| *name == "message")) {
        ("at", Some((_, crate::message::Arg::Msg(inner)))) => (**inner).clone(),
        _ => msg,
    }
}

/// A pack file: who gets what.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct PackFile {
    pub seed: Option<toml::Value>,
    pub roster: Option<String>,
    pub count: Option<usize>,
    pub paper: Option<String>,
    pub date: Option<String>,
    #[serde(alias = "per_page")]
    pub per_page: Option<usize>,
    pub lang: Option<String>,
    #[serde(alias = "large_print")]
    pub large_print: Option<bool>,
    /// Tables' games as their seeds deal them, however far apart in difficulty.
    pub spread: Option<bool>,
    #[serde(default)]
    pub entry: Vec<PackEntry>,
}

/// One entry of a pack file: a game, its sheets and settings, and whether each
/// student or each table gets it. Settings are the game's own flags.
#[derive(Debug, Default, Clone, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct PackEntry {
    pub game: String,
    pub sheets: Option<NameList>,
    /// "student" (default) or "table".
    pub per: Option<String>,
    #[serde(alias = "table_size")]
    pub table_size: Option<usize>,
    /// The game's own settings, as its flags name them.
    #[serde(flatten)]
    pub settings: toml::Table,
}

pub fn read_pack_file(path: &Path) -> Result<PackFile> {
    let place = crate::msg!("config.pack_file", file = path.display().to_string());
    parse_pack_file(place, &read_file(path)?)
}

/// Most entries in one pack file: every game in several settings, for
/// students and for tables, fits; 200,000 entries ran for minutes.
pub const MAX_PACK_ENTRIES: usize = 32;

/// A pack file from its text; `what` names it in messages. Its entries are
/// counted before the file is read as TOML, and again after (an `entry =
/// [...]` array hides them from the first count).
pub(crate) fn parse_pack_file(what: Msg, text: &str) -> Result<PackFile> {
    let too_many = || {
        Error::setting_msg("entry", crate::msg!("config.too_many_entries", most = MAX_PACK_ENTRIES))
            .within(what.clone())
    };
    if text.lines().filter(|l| l.trim_start().starts_with("[[entry]]")).count() > MAX_PACK_ENTRIES {
        return Err(too_many());
    }
    let file: PackFile =
        toml::from_str(text).map_err(|e| Error::msg(crate::game::toml_error(&e, text)).within(what.clone()))?;
    if file.entry.len() > MAX_PACK_ENTRIES {
        return Err(too_many());
    }
    Ok(file)
}
