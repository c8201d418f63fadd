//! What each subcommand does: its arguments made into a job's typed inputs,
//! the job run, and what it did said on the terminal. `serve` is started by
//! the binary itself, so the command line never imports the web server.

use std::path::{Path, PathBuf};

use clap::{ArgMatches, FromArgMatches};

use super::{OutputArgs, PackArgs, RegenArgs};
use crate::config;
use crate::error::{Error, Result};
use crate::game::{Common, Game, Values};
use crate::games::request::GameRequest;
use crate::jobs::document::DocumentOptions;
use crate::jobs::{self, Format, PackSpec, Students};
use crate::output;
use crate::seed::{Seed, SheetCode};
use crate::text::{Texts, counted};

/// Runs a parsed command line; returns the exit code (0 ok, 1 rules broken).
pub fn run(matches: ArgMatches) -> Result<i32> {
    let parse = |e: clap::Error| Error::input(e.to_string());
    if matches.get_flag("progress") {
        crate::progress::ask_for_lines();
    }
    let Some((name, m)) = matches.subcommand() else {
        return Err(Error::input("no command given (see panicpress --help)"));
    };
    if let Ok(game) = crate::games::find(name) {
        if let Some((action, am)) = m.subcommand() {
            return run_action(game, action, am);
        }
        let (request, options) = game_request(game, m)?;
        return write_game(&request, &options);
    }
    match name {
        "pack" => {
            let mut args = PackArgs::from_arg_matches(m).map_err(parse)?;
            args.settings = super::pack_settings(m);
            pack(&args)
        }
        "validate" => {
            let (game_name, vm) = m.subcommand().expect("a game is required");
            validate(crate::games::find(game_name)?, vm)
        }
        "regen" => regen(&RegenArgs::from_arg_matches(m).map_err(parse)?),
        "rules" => {
            let game = crate::games::find(m.get_one::<String>("game").expect("required"))?;
            for r in game.rules() {
                println!("{:<20} {} ({})", r.name, r.what, r.kind);
            }
            Ok(0)
        }
        "completions" => {
            let args = super::CompletionsArgs::from_arg_matches(m).map_err(parse)?;
            clap_complete::generate(args.shell, &mut super::command(), "panicpress", &mut std::io::stdout());
            Ok(0)
        }
        "man" => manual_pages(m.get_one::<PathBuf>("dir").map(PathBuf::as_path)),
        other => Err(Error::input(format!("unknown command {}", crate::error::quote(other)))),
    }
}

/// A game's action: its values from the flags, its report printed as text or JSON.
fn run_action(game: &dyn Game, name: &str, m: &ArgMatches) -> Result<i32> {
    let action = game.action(name)?;
    let values = super::values_of(m, &action.takes(game));
    let values = config::read_files(game, &values)?;
    let report = action.call(game, &values)?;
    let lang = m.get_one::<String>("lang").map_or("en", String::as_str);
    if m.get_flag("json") {
        println!("{}", crate::json::readable_json(&report.json).trim_end());
    } else {
        println!("{}", report.text(lang));
    }
    if let Some(note) = report.note {
        eprintln!("{}", note.words(lang));
    }
    Ok(0)
}

/// The manual: the top page on standard output, or with `dir` one page for
/// the top command and one for every subcommand (as the top page's SEE ALSO
/// names them: `panicpress-tp-hunt.1`, `panicpress-tp-hunt-simulate.1`, ...).
fn manual_pages(dir: Option<&Path>) -> Result<i32> {
    let render = |cmd: clap::Command| -> Result<(String, Vec<u8>)> {
        let man = clap_mangen::Man::new(cmd);
        let mut out = Vec::new();
        man.render(&mut out)
            .map_err(|e| Error::io(format!("manual page: {e}")))?;
        Ok((man.get_filename(), out))
    };
    let mut top = super::command().disable_help_subcommand(true);
    top.build();
    let Some(dir) = dir else {
        output::write(Path::new("-"), &render(top)?.1)?;
        return Ok(0);
    };
    std::fs::create_dir_all(dir).map_err(|e| Error::io(format!("cannot make folder {}: {e}", dir.display())))?;
    let mut pending = vec![top];
    let mut written = 0;
    while let Some(cmd) = pending.pop() {
        pending.extend(cmd.get_subcommands().filter(|c| !c.is_hide_set()).cloned());
        let (name, bytes) = render(cmd)?;
        output::write(&dir.join(name), &bytes)?;
        written += 1;
    }
    println!("wrote {written} manual pages to {}", dir.display());
    Ok(0)
}

/// How a game's document is written, as the flags ask.
pub struct Options {
    pub out: OutputArgs,
    pub random_seed: bool,
    /// Small sheets to a page (1, 2 or 4).
    pub per_page: usize,
    /// A name to print on every page.
    pub name: Option<String>,
}

/// The request parsed command-line arguments stand for, and how to write
/// it. A `--config` file gives settings and common options the flags do not.
pub fn game_request(game: &'static dyn Game, m: &ArgMatches) -> Result<(GameRequest, Options)> {
    let mut out = OutputArgs::from_arg_matches(m).map_err(|e| Error::input(e.to_string()))?;
    let (file, file_values) = match m.get_one::<PathBuf>("config") {
        Some(path) => config::read_settings_file(game, path)?,
        None => (toml::Table::new(), Values::default()),
    };
    let from_file = |key: &str| file.get(key);
    let values = config::read_files(game, &file_values.overlaid(&super::values(m, game)))?;
    let flag = |key: &str| m.get_one::<String>(key).cloned();
    let seed_text = match (flag("seed"), from_file("seed")) {
        (Some(s), _) => Some(s),
        (None, Some(v)) => Some(config::seed_from_toml(v).map_err(|e| e.within("config: "))?),
        (None, None) => None,
    };
    let number = |key: &str| -> Result<Option<usize>> {
        match (m.get_one::<usize>(key), from_file(key)) {
            (Some(n), _) => Ok(Some(*n)),
            (None, Some(toml::Value::Integer(n))) => usize::try_from(*n)
                .map(Some)
                .map_err(|_| Error::setting(key, "must be a positive whole number").within("config: ")),
            (None, Some(other)) => {
                Err(Error::setting(key, format!("must be a whole number, not {other}")).within("config: "))
            }
            (None, None) => Ok(None),
        }
    };
    let text = |key: &str| -> Result<Option<String>> {
        match (flag(key), from_file(key)) {
            (Some(t), _) => Ok(Some(t)),
            (None, Some(v)) => Ok(Some(
                match v {
                    toml::Value::String(s) => Ok(s.clone()),
                    other => config::NameList::from_toml(other),
                }
                .map_err(|e| e.at(key).within(&format!("config: {key}: ")))?,
            )),
            (None, None) => Ok(None),
        }
    };
    if out.text.lang.is_none() {
        out.text.lang = text("lang")?;
    }
    let (seed, random_seed) = Seed::given_or_random(seed_text.as_deref())?;
    let common = Common {
        random_seed,
        seed,
        count: number("count")?.unwrap_or(1),
        paper: config::paper(text("paper")?.as_deref().unwrap_or("a4"))?,
        sheets: text("sheets")?,
        style: crate::sheet::Style::large(large_print(m.get_flag("large-print"), from_file("large-print"))?),
    };
    let per_page = number("per-page")?.unwrap_or(1);
    let request = crate::game::request(game, &common, &values)?.into();
    Ok((
        request,
        Options {
            out,
            random_seed: common.random_seed,
            per_page,
            name: None,
        },
    ))
}

/// Large print from the flag, else from a settings file's `large-print = true`.
fn large_print(flag: bool, file: Option<&toml::Value>) -> Result<bool> {
    match file {
        _ if flag => Ok(true),
        Some(toml::Value::Boolean(b)) => Ok(*b),
        Some(other) => {
            Err(Error::setting("large-print", format!("must be true or false, not {other}")).within("config: "))
        }
        None => Ok(false),
    }
}

/// `regen CODE`: the sheets the code names, in the language it names unless
/// `--lang` says otherwise.
fn regen(args: &RegenArgs) -> Result<i32> {
    if let Some(rest) = args.code.trim().strip_prefix("pack:") {
        // A pack code names the pack, not one sheet: the roster is not in it.
        let seed = rest.rsplit(':').next().unwrap_or("");
        return Err(Error::setting(
            "code",
            format!(
                "{} is a pack code from a teacher key; make the pack again with its roster and the same settings (panicpress pack --roster FILE --seed {} ...), or regen one student's sheet code from the key with --name",
                crate::error::quote(&args.code),
                crate::error::quote(seed)
            ),
        )
        .within("regen: "));
    }
    let code = SheetCode::parse(&args.code)?;
    let mut out = args.out.clone();
    out.text.lang = out.text.lang.or(Some(code.lang().to_string()));
    let options = Options {
        out,
        random_seed: false,
        per_page: 1,
        name: args.name.clone(),
    };
    let mut request = GameRequest::from_code(&code)?.with_style(crate::sheet::Style::large(args.large_print));
    if let Some(list) = &args.sheets {
        request = request.narrowed(list)?;
    }
    write_game(&request, &options)
}

/// `validate GAME FILE`: the game's rule engine on a layout file, its
/// verdict worded in `--lang` (each broken rule still named as `rules` lists it).
fn validate(game: &dyn Game, m: &ArgMatches) -> Result<i32> {
    let path = m.get_one::<PathBuf>("file").expect("required");
    let lang = m.get_one::<String>("lang").map_or("en", String::as_str);
    let values = super::values(m, game);
    values.check(game)?;
    let text = config::read_file(path)?;
    let verdict = game.validate(&path.display().to_string(), &text, &values)?;
    for (place, v) in &verdict.broken {
        println!("{}", v.line_in(lang, place));
    }
    if verdict.broken.is_empty() {
        println!("{}", crate::text::message_in(lang, &verdict.legal, None));
        Ok(0)
    } else {
        Ok(1)
    }
}

/// Says what was written: on standard output, or standard error when the
/// result itself went to standard output.
fn report(to_stdout: bool, line: &str) {
    if to_stdout {
        eprintln!("{line}");
    } else {
        println!("{line}");
    }
}

/// Writes a game's sheets in the chosen format and says what was written.
fn write_game(request: &GameRequest, options: &Options) -> Result<i32> {
    let out = &options.out;
    let texts = jobs::texts(&out.text.options())?;
    let format = out.format.map_or(Format::Pdf, super::Format::job);
    let written = jobs::write_document(
        request,
        &texts,
        &DocumentOptions {
            format,
            dpi: out.dpi,
            path: out.output.clone(),
            per_page: options.per_page,
            name: options.name.clone(),
            progress: true,
        },
    )?;
    let to_stdout = output::is_stdout(&written.path);
    if let Some(note) = jobs::per_page_note(&[request], &texts, options.per_page)? {
        eprintln!(
            "note: {}",
            crate::text::message_in(texts.lang(), &note, Some("per-page"))
        );
    }
    if !to_stdout {
        let what = written
            .pages
            .map(|n| format!(" ({})", counted(n, "page")))
            .unwrap_or_default();
        report(false, &format!("wrote {}{what}", written.shown));
    }
    if format != Format::Text {
        let more = match request.count() {
            1 => String::new(),
            n => format!(" (first of {n})"),
        };
        report(to_stdout, &format!("code: {}{more}", written.code));
    }
    if options.random_seed {
        let seed = request.seed();
        report(
            to_stdout,
            &format!("seed: {seed} (chosen at random; --seed {seed} makes the same sheets)"),
        );
    }
    Ok(0)
}

/// A pack planned from its options: every student's sheets chosen and checked.
pub struct PlannedPack {
    pub pack: crate::pack::Pack,
    pub texts: Texts,
    pub out: OutputArgs,
    /// Names the fonts cannot print as they are.
    pub warnings: Vec<String>,
}

/// Plans a class pack from flags or a pack file.
pub fn plan_pack(args: &PackArgs) -> Result<PlannedPack> {
    let file = match &args.file {
        Some(path) => Some(config::read_pack_file(path)?),
        None => None,
    };
    let has_file = file.is_some();
    let file = file.unwrap_or_default();
    let base = args
        .file
        .as_deref()
        .and_then(|p| p.parent())
        .map(PathBuf::from)
        .unwrap_or_default();
    if args.players.is_some() && args.game.is_some() && args.per.as_deref() != Some("student") {
        return Err(Error::setting(
            "players",
            "at tables each table plays with as many players as sit at it: give --table-size, or --per student for a take-home set of that many players",
        )
        .within("pack: "));
    }
    let entries: Vec<config::PackEntry> = match (&args.game, has_file) {
        (Some(_), true) => return Err(Error::input("pack: give --game or a pack file, not both")),
        (Some(game), false) => vec![config::PackEntry {
            game: game.clone(),
            per: Some(args.per.clone().unwrap_or_else(|| "table".to_string())),
            table_size: args.table_size,
            sheets: args.sheets.clone().map(config::NameList::Text),
            settings: {
                let mut settings = args.settings.clone();
                if let Some(n) = args.players {
                    settings.insert("players".to_string(), toml::Value::Integer(n.into()));
                }
                settings
            },
        }],
        (None, _) if !args.settings.is_empty() => {
            let names: Vec<&String> = args.settings.keys().collect();
            return Err(Error::input(format!(
                "pack: settings given as flags ({}) go with --game; in a pack file they belong in its entries",
                names.iter().map(|n| format!("--{n}")).collect::<Vec<_>>().join(", ")
            )));
        }
        (None, true) if file.entry.is_empty() => {
            return Err(Error::input(
                "pack file: no [[entry]] tables (each names a game and its sheets)",
            ));
        }
        (None, true) => file.entry.clone(),
        (None, false) => return Err(Error::input("pack: name a game (--game tp-hunt) or a pack file")),
    };
    let seed_text = match (&args.seed, &file.seed) {
        (Some(s), _) => s.clone(),
        (None, Some(toml::Value::String(s))) => s.clone(),
        (None, Some(toml::Value::Integer(i))) => i.to_string(),
        (None, Some(other)) => {
            return Err(Error::setting("seed", format!("must be text or a number, not {other}")).within("pack file: "));
        }
        (None, None) => {
            return Err(Error::setting(
                "seed",
                "a seed is needed (--seed \"5B spring\"), so the pack can be made again",
            )
            .within("pack: "));
        }
    };
    let roster = args.roster.clone().or(file.roster.as_ref().map(|r| base.join(r)));
    let students = match (roster, args.count.or(file.count)) {
        (Some(_), Some(_)) => return Err(Error::input("pack: give --roster or --count, not both")),
        (Some(path), None) => Students::Named(crate::pack::read_roster(&path)?),
        (None, Some(n)) => Students::Numbered(n),
        (None, None) => {
            return Err(Error::input(
                "pack: give a roster (--roster class.csv) or a number of sets (--count 30)",
            ));
        }
    };
    let mut out = args.out.general();
    out.text.lang = out.text.lang.or(file.lang.clone());
    let seed = Seed::new(&seed_text)?;
    let paper = args.paper.clone().or(file.paper.clone());
    let style = crate::sheet::Style::large(args.large_print || file.large_print == Some(true));
    let several = entries.len() > 1;
    let entries = entries
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let within = |err: Error| {
                if several {
                    err.within(&format!("entry {}: ", i + 1))
                } else {
                    err
                }
            };
            e.entry(&seed, paper.as_deref(), style).map_err(within)
        })
        .collect::<Result<_>>()?;
    let spec = PackSpec {
        seed,
        students,
        entries,
        per_page: args.per_page.or(file.per_page).unwrap_or(1),
        date: args.date.clone().or(file.date.clone()),
        spread: args.spread || file.spread == Some(true),
    };
    let texts = jobs::texts(&out.text.options())?;
    let (pack, warnings) = jobs::plan_pack(&spec, &texts)?;
    Ok(PlannedPack {
        pack,
        texts,
        out,
        warnings,
    })
}

/// Builds a class pack, then writes it: one PDF, one PDF per student
/// (`--split`), or the JSON manifest.
fn pack(args: &PackArgs) -> Result<i32> {
    let PlannedPack {
        pack,
        texts,
        out,
        warnings,
    } = plan_pack(args)?;
    for warning in warnings {
        eprintln!("warning: {warning}");
    }
    let stem = pack.seed.file_stem();
    let default_path = |ext: &str| output::named_path("pack", &stem, &pack_differs(args), 1, ext);
    let format = out.format.map_or(Format::Pdf, super::Format::job);
    if format == Format::Json {
        let path = out.output.clone().unwrap_or_else(|| default_path("json"));
        output::write_with(&path, |w| pack.write_manifest(w))?;
        if !output::is_stdout(&path) {
            println!("wrote {} ({})", path.display(), counted(pack.students.len(), "student"));
        }
        return Ok(0);
    }
    if args.split {
        let dir = out
            .output
            .clone()
            .unwrap_or_else(|| default_path("pdf").with_extension(""));
        let files = jobs::write_split(&pack, &texts, &dir)?;
        println!("wrote {} files in {}", files, dir.display());
        println!("code: {}", pack.code);
        return Ok(0);
    }
    let path = out.output.clone().unwrap_or_else(|| default_path("pdf"));
    let mut pages = 0;
    output::write_with(&path, |w| {
        pages = jobs::write_pdf(w, pack.students.len() >= 50, |emit| pack.pages(&texts, emit))?;
        Ok(())
    })?;
    let to_stdout = output::is_stdout(&path);
    if !to_stdout {
        report(
            false,
            &format!(
                "wrote {} ({}, {})",
                path.display(),
                counted(pages, "page"),
                counted(pack.students.len(), "student")
            ),
        );
    }
    report(to_stdout, &format!("code: {}", pack.code));
    Ok(0)
}

/// What a pack's default file name says beyond its seed: the game, the
/// settings given as flags, the sheets, the paper and the sheets to a page,
/// so packs of other settings do not overwrite each other.
fn pack_differs(args: &PackArgs) -> Vec<String> {
    let mut out: Vec<String> = args.game.iter().cloned().collect();
    if let Some(n) = args.players {
        out.push(format!("p{n}"));
    }
    if let Some(per) = &args.per {
        out.push(per.clone());
    }
    if let Some(n) = args.table_size {
        out.push(format!("tables-of-{n}"));
    }
    for (name, value) in &args.settings {
        let value = match value {
            toml::Value::String(s) => s.clone(),
            toml::Value::Array(items) => items.iter().filter_map(|i| i.as_str()).collect::<Vec<_>>().join("+"),
            other => other.to_string(),
        };
        out.push(format!("{name}-{value}"));
    }
    out.extend(args.sheets.iter().map(|s| s.replace(',', "+")));
    out.extend(args.paper.iter().filter(|p| p.as_str() != "a4").cloned());
    if let Some(n) = args.per_page.filter(|n| *n > 1) {
        out.push(format!("{n}up"));
    }
    out
}
