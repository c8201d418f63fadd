//! Merges a TOML settings file and command-line flags into checked parameters.
//! Order: defaults, then the preset, then the file, then the flags.

use serde::Deserialize;
use std::path::Path;

use crate::cli::{TpHuntArgs, TpHuntMapArgs};
use crate::error::{Error, Result};
use crate::games::tp_hunt::{self, Params, Rule, sheets::SheetKind};
use crate::games::{panic_buy, particle_panic, ppe};
use crate::seed::Seed;
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
}

/// The TP Hunt settings a `--config` file may hold (same names as the flags).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct TpHuntFile {
    pub seed: Option<toml::Value>,
    pub count: Option<usize>,
    pub paper: Option<String>,
    pub sheets: Option<NameList>,
    pub players: Option<u16>,
    pub stores: Option<u16>,
    pub atms: Option<u16>,
    pub dangers: Option<u16>,
    pub grid: Option<u16>,
    pub preset: Option<String>,
    #[serde(alias = "rules_off")]
    pub rule_off: Option<Vec<String>>,
}

/// Largest settings or layout file read (a JSON of 10,000 maps fits).
pub const MAX_FILE_BYTES: u64 = 32 * 1024 * 1024;

/// Reads a settings or layout file (`-`: standard input), at most [`MAX_FILE_BYTES`].
pub fn read_file(path: &Path) -> Result<String> {
    read_text(path, MAX_FILE_BYTES)
}

/// Reads UTF-8 text from a file or standard input (`-`) without ever holding
/// more than `max_bytes`: a larger input is refused, not loaded.
pub fn read_text(path: &Path, max_bytes: u64) -> Result<String> {
    use std::io::Read;
    let name = if path == Path::new("-") {
        "standard input".to_string()
    } else {
        path.display().to_string()
    };
    let fail = |e: &dyn std::fmt::Display| Error::input(format!("cannot read {name}: {e}"));
    let source: Box<dyn Read> = if path == Path::new("-") {
        Box::new(std::io::stdin())
    } else {
        let file = std::fs::File::open(path).map_err(|e| fail(&e))?;
        if file.metadata().map_err(|e| fail(&e))?.is_dir() {
            return Err(fail(&"it is a folder"));
        }
        Box::new(file)
    };
    let mut bytes = Vec::new();
    source
        .take(max_bytes + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| fail(&e))?;
    if bytes.len() as u64 > max_bytes {
        return Err(fail(&format!("larger than {} KiB", max_bytes / 1024)));
    }
    String::from_utf8(bytes).map_err(|_| fail(&"not UTF-8 text"))
}

fn load_file(path: Option<&Path>) -> Result<TpHuntFile> {
    let Some(path) = path else {
        return Ok(TpHuntFile::default());
    };
    let text = read_file(path)?;
    toml::from_str(&text).map_err(|e| {
        let msg = e.message().to_string();
        let at = e
            .span()
            .map(|s| {
                let line = text.get(..s.start).unwrap_or(&text).lines().count().max(1);
                format!(" (line {line})")
            })
            .unwrap_or_default();
        Error::input(format!("config {}{at}: {msg}", path.display()))
    })
}

fn preset(name: &str) -> Result<Params> {
    match name {
        "harder" => Ok(Params::harder()),
        "standard" | "normal" => Ok(Params::default()),
        _ => Err(Error::input(format!(
            "preset: unknown preset '{name}' (choose from: standard, harder)"
        ))),
    }
}

/// TP Hunt map settings from defaults, preset, file and flags, checked.
pub fn tp_hunt_params(flags: &TpHuntMapArgs, file: &TpHuntFile) -> Result<Params> {
    let mut p = match flags.preset.as_deref().or(file.preset.as_deref()) {
        Some(name) => preset(name)?,
        None => Params::default(),
    };
    let pick = |flag: Option<u16>, file: Option<u16>, value: &mut u16| {
        if let Some(v) = flag.or(file) {
            *value = v;
        }
    };
    pick(flags.players, file.players, &mut p.players);
    pick(flags.stores, file.stores, &mut p.stores);
    pick(flags.atms, file.atms, &mut p.atms);
    pick(flags.dangers, file.dangers, &mut p.dangers);
    pick(flags.grid, file.grid, &mut p.grid);
    let names = file.rule_off.iter().flatten().chain(flags.rule_off.iter());
    for name in names {
        let rule = Rule::by_name(name)?;
        if !p.off_rules.contains(&rule) {
            p.off_rules.push(rule);
        }
    }
    p.off_rules.sort();
    p.check()?;
    Ok(p)
}

/// The full TP Hunt request from `tp-hunt` flags and an optional config file.
pub fn tp_hunt_request(args: &TpHuntArgs) -> Result<(tp_hunt::Request, bool)> {
    let file = load_file(args.map.config.as_deref())?;
    let params = tp_hunt_params(&args.map, &file)?;
    let seed_text = match (&args.seed, &file.seed) {
        (Some(s), _) => Some(s.clone()),
        (None, Some(toml::Value::String(s))) => Some(s.clone()),
        (None, Some(toml::Value::Integer(i))) => Some(i.to_string()),
        (None, Some(other)) => {
            return Err(Error::input(format!(
                "config: seed must be text or a whole number, not {other}"
            )));
        }
        (None, None) => None,
    };
    let random = seed_text.is_none();
    let seed = match seed_text {
        Some(t) => Seed::new(&t)?,
        None => Seed::random(),
    };
    let paper_name = args.paper.clone().or(file.paper.clone()).unwrap_or_else(|| "a4".into());
    let paper = Paper::parse(&paper_name)
        .ok_or_else(|| Error::input(format!("paper: unknown paper '{paper_name}' (choose from: a4, letter)")))?;
    let sheets = match args.sheets.clone().or(file.sheets.as_ref().map(NameList::joined)) {
        Some(list) => SheetKind::parse_list(&list)?,
        None => SheetKind::DEFAULT.to_vec(),
    };
    let request = tp_hunt::Request {
        params,
        seed,
        count: args.count.or(file.count).unwrap_or(1),
        paper,
        sheets,
    };
    request.check()?;
    Ok((request, random))
}

/// Settings for `validate tp-hunt`: from the map's own code when it has one,
/// else defaults, preset, file and flags.
pub fn tp_hunt_validate_params(flags: &TpHuntMapArgs, code: Option<&str>) -> Result<Params> {
    let file = load_file(flags.config.as_deref())?;
    let from_flags = flags.players.is_some()
        || flags.stores.is_some()
        || flags.atms.is_some()
        || flags.dangers.is_some()
        || flags.preset.is_some()
        || flags.config.is_some()
        || !flags.rule_off.is_empty();
    if let (Some(code), false) = (code, from_flags)
        && let Ok(c) = crate::seed::SheetCode::parse(code)
        && c.game == tp_hunt::GAME
    {
        return Params::from_code(&c.params);
    }
    tp_hunt_params(flags, &file)
}

/// Particle Panic deal settings from flags: (params, seed, seed chosen at random).
pub fn particle_panic_deal(
    args: &crate::cli::ParticlePanicDealArgs,
    simulations: Option<u32>,
) -> Result<(particle_panic::Params, Seed, bool)> {
    let (five_codes, collect_as_action) = particle_panic::parse_variant(args.variant.as_deref().unwrap_or("standard"))?;
    let params = particle_panic::Params {
        players: args.players.unwrap_or(particle_panic::Params::default().players),
        five_codes,
        collect_as_action,
        simulations: simulations.unwrap_or(particle_panic::DEFAULT_SIMULATIONS),
    };
    params.check()?;
    let (seed, random) = match &args.seed {
        Some(t) => (Seed::new(t)?, false),
        None => (Seed::random(), true),
    };
    Ok((params, seed, random))
}

/// The Particle Panic request from `particle-panic` flags.
pub fn particle_panic_request(args: &crate::cli::ParticlePanicArgs) -> Result<(particle_panic::Request, bool)> {
    let (params, seed, random) = particle_panic_deal(&args.deal, args.simulations)?;
    let request = particle_panic::Request {
        params,
        seed,
        difficulty: args
            .difficulty
            .as_deref()
            .map(particle_panic::Difficulty::parse)
            .transpose()?,
        paper: paper(args.paper.as_deref())?,
        sheets: match &args.sheets {
            Some(list) => particle_panic::sheets::SheetKind::parse_list(list)?,
            None => particle_panic::sheets::SheetKind::DEFAULT.to_vec(),
        },
    };
    Ok((request, random))
}

/// The Panic Buy request from `panic-buy` flags.
/// Panic Buy board settings and seed from the flags; `true` when the seed was chosen at random.
pub fn panic_buy_board(args: &crate::cli::PanicBuyBoardArgs) -> Result<(panic_buy::Params, Seed, bool)> {
    let mode = panic_buy::Mode::parse(args.mode.as_deref().unwrap_or("race"))?;
    let default_players = if mode == panic_buy::Mode::Hoard { 4 } else { 3 };
    let mut off_rules = args
        .rule_off
        .iter()
        .map(|r| panic_buy::GoodRule::by_name(r))
        .collect::<Result<Vec<_>>>()?;
    off_rules.sort();
    off_rules.dedup();
    let params = panic_buy::Params {
        players: args.players.unwrap_or(default_players),
        mode,
        off_rules,
        length: panic_buy::Length::parse(args.length.as_deref().unwrap_or("any"))?,
        ..panic_buy::Params::default()
    };
    params.check()?;
    let (seed, random) = match &args.seed {
        Some(t) => (Seed::new(t)?, false),
        None => (Seed::random(), true),
    };
    Ok((params, seed, random))
}

/// The Panic Buy request from `panic-buy` flags.
pub fn panic_buy_request(args: &crate::cli::PanicBuyArgs) -> Result<(panic_buy::Request, bool)> {
    let (params, seed, random) = panic_buy_board(&args.settings)?;
    let request = panic_buy::Request {
        params,
        seed,
        count: args.count.unwrap_or(1),
        paper: paper(args.paper.as_deref())?,
        layout: panic_buy::sheets::BoardLayout::parse(args.board.as_deref().unwrap_or("single"))?,
        sheets: match &args.sheets {
            Some(list) => panic_buy::sheets::SheetKind::parse_list(list)?,
            None => panic_buy::sheets::SheetKind::DEFAULT.to_vec(),
        },
    };
    request.check()?;
    Ok((request, random))
}

/// The PPE settings a `--config` file may hold.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PpeFile {
    pub seed: Option<toml::Value>,
    pub players: Option<u32>,
    pub target: Option<u32>,
    pub paper: Option<String>,
    pub sheets: Option<NameList>,
    pub faces: Option<toml::Table>,
}

fn seed_from(flag: &Option<String>, file: &Option<toml::Value>) -> Result<(Seed, bool)> {
    match (flag, file) {
        (Some(s), _) => Ok((Seed::new(s)?, false)),
        (None, Some(toml::Value::String(s))) => Ok((Seed::new(s)?, false)),
        (None, Some(toml::Value::Integer(i))) => Ok((Seed::new(&i.to_string())?, false)),
        (None, Some(other)) => Err(Error::input(format!(
            "config: seed must be text or a whole number, not {other}"
        ))),
        (None, None) => Ok((Seed::random(), true)),
    }
}

/// PPE dice settings: (config file, face counts, seed, seed chosen at random).
/// `--faces` wins over a `[faces]` table in the config file.
pub fn ppe_dice(args: &crate::cli::PpeDiceArgs) -> Result<(PpeFile, ppe::FaceCounts, Seed, bool)> {
    let file: PpeFile = match &args.config {
        Some(path) => {
            let text = read_file(path)?;
            toml::from_str(&text).map_err(|e| Error::input(format!("config {}: {}", path.display(), e.message())))?
        }
        None => PpeFile::default(),
    };
    let faces = match (&args.faces, &file.faces) {
        (Some(path), _) => ppe::FaceCounts::from_toml(&read_file(path)?)
            .map_err(|e| Error::input(format!("{}: {}", path.display(), e.message)))?,
        (None, Some(table)) => ppe::FaceCounts::from_toml(&toml::to_string(table).unwrap_or_default())?,
        (None, None) => ppe::FaceCounts::default(),
    };
    let (seed, random) = seed_from(&args.seed, &file.seed)?;
    Ok((file, faces, seed, random))
}

/// The PPE request from `ppe` flags and files.
pub fn ppe_request(args: &crate::cli::PpeArgs) -> Result<(ppe::Request, bool)> {
    let (file, faces, seed, random) = ppe_dice(&args.dice)?;
    let params = ppe::Params {
        players: args.players.or(file.players).unwrap_or(4),
        target: args.target.or(file.target).unwrap_or(19),
        faces,
    };
    params.check()?;
    let request = ppe::Request {
        params,
        seed,
        paper: paper(args.paper.as_deref().or(file.paper.as_deref()))?,
        sheets: match args.sheets.clone().or(file.sheets.as_ref().map(NameList::joined)) {
            Some(list) => ppe::sheets::SheetKind::parse_list(&list)?,
            None => ppe::sheets::SheetKind::DEFAULT.to_vec(),
        },
    };
    Ok((request, random))
}

fn paper(name: Option<&str>) -> Result<Paper> {
    let name = name.unwrap_or("a4");
    Paper::parse(name).ok_or_else(|| Error::input(format!("paper: unknown paper '{name}' (choose from: a4, letter)")))
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
    #[serde(default)]
    pub entry: Vec<PackEntry>,
}

/// One entry of a pack file: a game, its sheets and settings, and whether each
/// student or each table gets it. Settings are the game's own flags.
#[derive(Debug, Default, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct PackEntry {
    pub game: String,
    pub sheets: Option<NameList>,
    /// "student" (default) or "table".
    pub per: Option<String>,
    #[serde(alias = "table_size")]
    pub table_size: Option<usize>,
    pub players: Option<u32>,
    pub stores: Option<u16>,
    pub atms: Option<u16>,
    pub dangers: Option<u16>,
    pub grid: Option<u16>,
    pub preset: Option<String>,
    #[serde(alias = "rule_off")]
    pub rule_off: Option<Vec<String>>,
    pub variant: Option<String>,
    pub simulations: Option<u32>,
    pub difficulty: Option<String>,
    pub mode: Option<String>,
    pub board: Option<String>,
    pub length: Option<String>,
    pub target: Option<u32>,
    pub faces: Option<toml::Table>,
}

pub fn read_pack_file(path: &Path) -> Result<PackFile> {
    let text = read_file(path)?;
    toml::from_str(&text).map_err(|e| Error::input(format!("pack {}: {}", path.display(), e.message())))
}

impl PackEntry {
    /// Names of the settings given that `game` does not take.
    fn foreign_settings(&self) -> Vec<&'static str> {
        let given = [
            ("stores", self.stores.is_some()),
            ("atms", self.atms.is_some()),
            ("dangers", self.dangers.is_some()),
            ("grid", self.grid.is_some()),
            ("preset", self.preset.is_some()),
            ("rule-off", self.rule_off.is_some()),
            ("variant", self.variant.is_some()),
            ("simulations", self.simulations.is_some()),
            ("difficulty", self.difficulty.is_some()),
            ("mode", self.mode.is_some()),
            ("board", self.board.is_some()),
            ("length", self.length.is_some()),
            ("target", self.target.is_some()),
            ("faces", self.faces.is_some()),
        ];
        let own: &[&str] = match self.game.as_str() {
            "tp-hunt" => &["stores", "atms", "dangers", "grid", "preset", "rule-off"],
            "particle-panic" => &["variant", "simulations", "difficulty"],
            "panic-buy" => &["mode", "board", "rule-off", "length"],
            _ => &["target", "faces"],
        };
        given
            .iter()
            .filter(|(k, set)| *set && !own.contains(k))
            .map(|(k, _)| *k)
            .collect()
    }

    /// The entry as a game request (with the pack seed; each member gets their own).
    pub fn request(&self, seed: &Seed, paper_name: Option<&str>) -> Result<crate::games::request::GameRequest> {
        use crate::games::request::GameRequest;
        if !crate::games::request::GAMES.contains(&self.game.as_str()) {
            return Err(Error::input(format!(
                "unknown game '{}' (games: {})",
                self.game,
                crate::games::request::GAMES.join(", ")
            )));
        }
        if let Some(k) = self.foreign_settings().first() {
            return Err(Error::input(format!("'{k}' is not a {} setting", self.game)));
        }
        let players_u8 = |p: Option<u32>| p.map(|n| u8::try_from(n).unwrap_or(u8::MAX));
        let sheets = self.sheets.as_ref().map(NameList::joined);
        let seed_text = Some(seed.text().to_string());
        Ok(match self.game.as_str() {
            "tp-hunt" => {
                let args = crate::cli::TpHuntArgs {
                    seed: seed_text,
                    count: None,
                    paper: paper_name.map(str::to_string),
                    sheets,
                    map: TpHuntMapArgs {
                        players: self.players.map(|n| u16::try_from(n).unwrap_or(u16::MAX)),
                        stores: self.stores,
                        atms: self.atms,
                        dangers: self.dangers,
                        grid: self.grid,
                        preset: self.preset.clone(),
                        rule_off: self.rule_off.clone().unwrap_or_default(),
                        config: None,
                    },
                    out: Default::default(),
                };
                GameRequest::TpHunt(tp_hunt_request(&args)?.0)
            }
            "particle-panic" => {
                let args = crate::cli::ParticlePanicArgs {
                    action: None,
                    deal: crate::cli::ParticlePanicDealArgs {
                        seed: seed_text,
                        players: players_u8(self.players),
                        variant: self.variant.clone(),
                    },
                    simulations: self.simulations,
                    difficulty: self.difficulty.clone(),
                    paper: paper_name.map(str::to_string),
                    sheets,
                    out: Default::default(),
                };
                GameRequest::particle_panic(particle_panic_request(&args)?.0)
            }
            "panic-buy" => {
                let args = crate::cli::PanicBuyArgs {
                    action: None,
                    settings: crate::cli::PanicBuyBoardArgs {
                        seed: seed_text,
                        players: players_u8(self.players),
                        mode: self.mode.clone(),
                        rule_off: self.rule_off.clone().unwrap_or_default(),
                        length: self.length.clone(),
                    },
                    board: self.board.clone(),
                    count: None,
                    paper: paper_name.map(str::to_string),
                    sheets,
                    out: Default::default(),
                };
                GameRequest::PanicBuy(panic_buy_request(&args)?.0)
            }
            _ => {
                let faces = match &self.faces {
                    Some(t) => ppe::FaceCounts::from_toml(&toml::to_string(t).unwrap_or_default())?,
                    None => ppe::FaceCounts::default(),
                };
                let params = ppe::Params {
                    players: self.players.unwrap_or(4),
                    target: self.target.unwrap_or(19),
                    faces,
                };
                params.check()?;
                GameRequest::Ppe(ppe::Request {
                    params,
                    seed: seed.clone(),
                    paper: paper(paper_name)?,
                    sheets: match &sheets {
                        Some(list) => ppe::sheets::SheetKind::parse_list(list)?,
                        None => ppe::sheets::SheetKind::DEFAULT.to_vec(),
                    },
                })
            }
        })
    }

    pub fn per(&self) -> Result<crate::pack::Per> {
        match self.per.as_deref() {
            None | Some("student") => Ok(crate::pack::Per::Student),
            Some("table") | Some("group") => Ok(crate::pack::Per::Group(self.table_size.unwrap_or(4).max(1))),
            Some(other) => Err(Error::input(format!("per: '{other}' is not 'student' or 'table'"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flags() -> TpHuntMapArgs {
        TpHuntMapArgs::default()
    }

    #[test]
    fn flags_override_file_which_overrides_preset() {
        let file: TpHuntFile = toml::from_str("preset = \"harder\"\nstores = 11\nplayers = 3\n").unwrap();
        let mut f = flags();
        f.players = Some(5);
        let p = tp_hunt_params(&f, &file).unwrap();
        assert_eq!((p.stores, p.atms, p.dangers, p.players), (11, 10, 10, 5));
    }

    #[test]
    fn unknown_keys_and_bad_values_are_named() {
        let e = toml::from_str::<TpHuntFile>("storez = 3").unwrap_err();
        assert!(e.message().contains("storez"), "{}", e.message());
        let mut f = flags();
        f.preset = Some("brutal".into());
        assert!(
            tp_hunt_params(&f, &TpHuntFile::default())
                .unwrap_err()
                .message
                .contains("brutal")
        );
        let mut f = flags();
        f.rule_off = vec!["counts".into()];
        assert!(
            tp_hunt_params(&f, &TpHuntFile::default())
                .unwrap_err()
                .message
                .contains("cannot be switched off")
        );
    }

    #[test]
    fn sheets_may_be_a_list_or_text() {
        let a: TpHuntFile = toml::from_str("sheets = [\"map\", \"rules\"]").unwrap();
        let b: TpHuntFile = toml::from_str("sheets = \"map,rules\"").unwrap();
        assert_eq!(a.sheets.unwrap().joined(), b.sheets.unwrap().joined());
    }
}
