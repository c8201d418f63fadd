//! What each subcommand does: its arguments made into a job's typed inputs,
//! the job run, and what it did said on the terminal. `serve` is started by
//! the binary itself, so the command line never imports the web server.

use std::path::{Path, PathBuf};

use clap::{ArgMatches, FromArgMatches};

use super::{OutputArgs, PackArgs, RegenArgs};
use crate::config;
use crate::error::{Error, Result};
use crate::game::Game;
use crate::games::request::GameRequest;
use crate::jobs::document::DocumentOptions;
use crate::jobs::{self, DocumentInput, EntryInput, Format, PackInput, TextOptions};
use crate::msg;
use crate::output;
use crate::seed::SheetCode;
use crate::text::Texts;

/// Runs a parsed command line; returns the exit code (0 ok, 1 rules broken).
pub fn run(matches: ArgMatches) -> Result<i32> {
    let parse = clap_error;
    if matches.get_flag("progress") {
        crate::progress::ask_for_lines();
    }
    if let Some(lang) = asked_language(&matches) {
        crate::progress::speak(&lang);
    }
    let Some((name, m)) = matches.subcommand() else {
        return Err(Error::msg(msg!("cli.no_command")));
    };
    if let Ok(game) = crate::games::find(name) {
        if let Some((action, am)) = m.subcommand() {
            return run_action(game, action, am);
        }
        let (request, options) = game_request(game, m)?;
        return write_game(&request, &options);
    }
    match name {
        "pack" => pack(&PackArgs::from_arg_matches(m).map_err(parse)?, m),
        "validate" => {
            let (game_name, vm) = m.subcommand().expect("a game is required");
            validate(crate::games::find(game_name)?, vm)
        }
        "regen" => regen(&RegenArgs::from_arg_matches(m).map_err(parse)?),
        "rules" => {
            let game = crate::games::find(m.get_one::<String>("game").expect("required"))?;
            let lang = language(m)?;
            for r in game.rules() {
                println!("{:<20} {} ({})", r.name, r.what.words(lang), r.kind.words(lang));
            }
            Ok(0)
        }
        "completions" => {
            let args = super::CompletionsArgs::from_arg_matches(m).map_err(parse)?;
            clap_complete::generate(args.shell, &mut super::command(), "panicpress", &mut std::io::stdout());
            Ok(0)
        }
        "man" => manual_pages(m.get_one::<PathBuf>("dir").map(PathBuf::as_path)),
        other => Err(Error::msg(msg!(
            "cli.unknown_command",
            name = crate::error::quote(other)
        ))),
    }
}

/// The `--lang` of the command, or of a game's action.
pub fn asked_language(matches: &clap::ArgMatches) -> Option<String> {
    let (_, m) = matches.subcommand()?;
    let lang = |m: &clap::ArgMatches| m.try_get_one::<String>("lang").ok().flatten().cloned();
    lang(m).or_else(|| m.subcommand().and_then(|(_, sub)| lang(sub)))
}

/// The `--lang` of a command that prints words but no sheets (a verdict,
/// a report), refused as every door refuses a language the texts lack.
fn language(m: &ArgMatches) -> Result<&str> {
    match m.get_one::<String>("lang").map(String::as_str) {
        None => Ok("en"),
        Some(lang) if crate::text::LANGUAGES.contains(&lang) => Ok(lang),
        Some(lang) => Err(Error::setting_msg("lang", crate::text::unknown_language(lang))),
    }
}

/// Arguments the parsed command line does not fit (never, for the commands
/// it declares): clap's own English words, which no key can word.
fn clap_error(e: clap::Error) -> Error {
    Error::msg(msg!("word", word = e.to_string()))
}

/// A game's action: its values from the flags, its report printed as text or JSON.
fn run_action(game: &dyn Game, name: &str, m: &ArgMatches) -> Result<i32> {
    let action = game.action(name)?;
    let values = super::values_of(m, &action.takes(game))?;
    let lang = language(m)?;
    let report = action.call(game, &values)?;
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
            .map_err(|e| Error::io(msg!("cli.manual", why = crate::error::io_reason(&e))))?;
        Ok((man.get_filename(), out))
    };
    let mut top = super::command().disable_help_subcommand(true);
    top.build();
    let Some(dir) = dir else {
        output::write(Path::new("-"), &render(top)?.1)?;
        return Ok(0);
    };
    std::fs::create_dir_all(dir).map_err(|e| {
        let folder = dir.display().to_string();
        Error::io(msg!(
            "cli.make_folder",
            folder = folder,
            why = crate::error::io_reason(&e)
        ))
    })?;
    let mut pending = vec![top];
    let mut written = 0;
    while let Some(cmd) = pending.pop() {
        pending.extend(cmd.get_subcommands().filter(|c| !c.is_hide_set()).cloned());
        let (name, bytes) = render(cmd)?;
        output::write(&dir.join(name), &bytes)?;
        written += 1;
    }
    let folder = dir.display().to_string();
    println!(
        "{}",
        msg!("cli.wrote_manual", pages = written, folder = folder).words("en")
    );
    Ok(0)
}

/// How a game's document is written, as the flags ask.
pub struct Options {
    pub out: OutputArgs,
    pub format: Format,
    pub random_seed: bool,
    /// Small sheets to a page (1, 2 or 4).
    pub per_page: usize,
    /// A name to print on every page.
    pub name: Option<String>,
}

/// The request parsed command-line arguments stand for, and how to write
/// it. A `--config` file gives settings and common options the flags do not.
pub fn game_request(game: &'static dyn Game, m: &ArgMatches) -> Result<(GameRequest, Options)> {
    let out = OutputArgs::from_arg_matches(m).map_err(clap_error)?;
    let mut input = DocumentInput::new(game);
    input.random_seed_unless_given();
    // The settings file first: the flags given beside it win.
    let mut from_file: Vec<String> = Vec::new();
    if let Some(path) = m.get_one::<PathBuf>("config") {
        let (common, values) = config::read_settings_file(game, path)?;
        input.values(&config::read_files(game, &values)?);
        for (key, value) in &common {
            let text =
                config::toml_text(value).map_err(|e| e.at(key).within(key.as_str()).within(msg!("cli.config")))?;
            input.field(key, &text)?;
            from_file.push(key.clone());
        }
    }
    let mut flags: Vec<(&str, String)> = ["seed", "count", "paper", "sheets", "per-page"]
        .into_iter()
        .filter_map(|key| Some((key, m.get_one::<String>(key)?.clone())))
        .collect();
    flags.extend(out.text.lang.clone().map(|lang| ("lang", lang)));
    if m.get_flag("large-print") {
        flags.push(("large-print", "true".into()));
    }
    for (key, text) in flags {
        input.field(key, &text)?;
        from_file.retain(|k| k != key);
    }
    input.values(&super::values(m, game)?);
    if let Some(format) = &out.format {
        input.format(format);
    }
    let spec = input.build().map_err(|e| match e.field.as_deref() {
        Some(field) if from_file.iter().any(|k| k == field) => e.within(msg!("cli.config")),
        _ => e,
    })?;
    let mut out = out;
    out.text.lang = Some(spec.lang.clone());
    Ok((
        spec.request,
        Options {
            out,
            format: spec.format,
            random_seed: spec.random_seed,
            per_page: spec.per_page,
            name: None,
        },
    ))
}

/// `regen CODE`: the sheets the code names, in the language it names unless
/// `--lang` says otherwise.
fn regen(args: &RegenArgs) -> Result<i32> {
    if let Some(rest) = args.code.trim().strip_prefix("pack:") {
        // A pack code names the pack, not one sheet: the roster is not in it.
        let seed = rest.rsplit(':').next().unwrap_or("");
        let pack_code = msg!(
            "cli.pack_code",
            code = crate::error::quote(&args.code),
            seed = crate::error::quote(seed)
        );
        return Err(Error::setting_msg("code", pack_code).within("regen"));
    }
    let code = SheetCode::parse(&args.code)?;
    let mut out = args.out.clone();
    out.text.lang = out.text.lang.or(Some(code.lang().to_string()));
    let format = Format::parse(out.format.as_deref().unwrap_or("pdf"))?;
    let options = Options {
        out,
        format,
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
    let lang = language(m)?;
    let values = super::values(m, game)?;
    values.check(game)?;
    let text = config::read_file(path)?;
    let verdict = game.validate(&path.display().to_string(), &text, &values)?;
    for (place, v) in &verdict.broken {
        println!("{}", v.line_in(lang, place.as_ref()));
    }
    if verdict.broken.is_empty() {
        println!("{}", verdict.legal.words(lang));
        Ok(0)
    } else {
        Ok(1)
    }
}

/// The resolutions `--dpi` takes.
const DPI: (u32, u32) = (10, 600);

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
    let (least, most) = DPI;
    if !(least..=most).contains(&out.dpi) {
        return Err(Error::setting_msg(
            "dpi",
            crate::game::out_of_range(out.dpi, least, most),
        ));
    }
    let texts = jobs::texts(&out.text.options())?;
    let format = options.format;
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
    let lang = texts.lang();
    if let Some(note) = jobs::per_page_note(&[request], &texts, options.per_page)? {
        eprintln!("{}", msg!("cli.note", message = note).words(lang));
    }
    if !to_stdout {
        let wrote = match written.pages {
            Some(n) => msg!("cli.wrote_pages", file = written.shown.as_str(), pages = n),
            None => msg!("cli.wrote", file = written.shown.as_str()),
        };
        report(false, &wrote.words(lang));
    }
    if format != Format::Text {
        let code = written.code.as_str();
        let line = match request.count() {
            1 => msg!("cli.code", code = code),
            n => msg!("cli.code_first", code = code, n = n),
        };
        report(to_stdout, &line.words(lang));
    }
    if options.random_seed {
        let seed = request.seed().to_string();
        report(to_stdout, &msg!("cli.random_seed", seed = seed).words(lang));
    }
    Ok(0)
}

/// A pack planned from its options: every student's sheets chosen and checked.
struct PlannedPack {
    pack: crate::pack::Pack,
    texts: Texts,
    /// The name it is saved under by default, without the extension.
    name: String,
    /// Names the fonts cannot print as they are.
    warnings: Vec<crate::message::Msg>,
}

/// What the pack's flags and pack file ask for: the pack file's fields
/// first, the flags given beside it over them.
fn pack_input(args: &PackArgs, m: &ArgMatches) -> Result<PackInput> {
    let file = match &args.file {
        Some(path) => Some(config::read_pack_file(path)?),
        None => None,
    };
    if args.players.is_some() && args.game.is_some() && args.per.as_deref() != Some("student") {
        return Err(Error::setting_msg("players", msg!("cli.pack_players")).within(msg!("cli.pack")));
    }
    let settings = super::given(m, &super::pack_settings());
    let mut input = PackInput::default();
    match (&args.game, &file) {
        (Some(_), Some(_)) => return Err(Error::msg(msg!("cli.pack_both")).within(msg!("cli.pack"))),
        (Some(game), None) => input.entry(flag_entry(crate::games::find(game)?, args, &settings)?),
        (None, _) if !settings.is_empty() => {
            let mut names: Vec<String> = settings.iter().map(|(s, _)| format!("--{}", s.name)).collect();
            names.dedup();
            let flags = msg!("cli.pack_flags", flags = names.join(", "));
            return Err(Error::msg(flags).within(msg!("cli.pack")));
        }
        (None, Some(file)) if file.entry.is_empty() => {
            return Err(Error::msg(msg!("cli.pack_no_entries")).within(msg!("cli.pack_file")));
        }
        (None, Some(file)) => {
            for (i, entry) in file.entry.iter().enumerate() {
                let label = (file.entry.len() > 1).then_some(i + 1);
                input.entry(EntryInput::from_pack_file(entry, label)?);
            }
        }
        (None, None) => return Err(Error::msg(msg!("cli.pack_none")).within(msg!("cli.pack"))),
    }
    let mut roster = args.roster.clone();
    if let Some(file) = &file {
        if let Some(seed) = &file.seed {
            let text =
                config::toml_text(seed).map_err(|e| e.at("seed").within("seed").within(msg!("cli.pack_file")))?;
            input.field("seed", &text)?;
        }
        let typed = [
            ("count", file.count.map(|n| n.to_string())),
            ("paper", file.paper.clone()),
            ("lang", file.lang.clone()),
            ("per-page", file.per_page.map(|n| n.to_string())),
            ("large-print", file.large_print.map(|b| b.to_string())),
            ("date", file.date.clone()),
            ("spread", file.spread.map(|b| b.to_string())),
        ];
        for (key, text) in typed {
            if let Some(text) = text {
                input.field(key, &text)?;
            }
        }
        // A roster named in the pack file is beside it.
        let beside = args.file.as_deref().and_then(Path::parent).unwrap_or(Path::new(""));
        roster = roster.or(file.roster.as_ref().map(|r| beside.join(r)));
    }
    let mut flags: Vec<(&str, String)> = [
        ("seed", &args.seed),
        ("count", &args.count),
        ("paper", &args.paper),
        ("lang", &args.out.text.lang),
        ("per-page", &args.per_page),
        ("date", &args.date),
    ]
    .into_iter()
    .filter_map(|(key, given)| Some((key, given.clone()?)))
    .collect();
    if args.large_print {
        flags.push(("large-print", "true".into()));
    }
    if args.spread {
        flags.push(("spread", "true".into()));
    }
    for (key, text) in flags {
        input.field(key, &text)?;
    }
    if let Some(path) = roster {
        input.class_list(crate::pack::read_roster(&path)?);
    }
    Ok(input)
}

/// The one entry of `pack --game`: each table's set unless `--per` says
/// otherwise, with the game's settings given as flags.
fn flag_entry(
    game: &'static dyn Game,
    args: &PackArgs,
    settings: &[(&'static crate::game::Setting, String)],
) -> Result<EntryInput> {
    let mut entry = EntryInput::new(game);
    let fields = [
        ("per", &args.per),
        ("table-size", &args.table_size),
        ("sheets", &args.sheets),
        ("players", &args.players),
    ];
    for (name, given) in fields {
        if let Some(text) = given {
            entry.field(name, text)?;
        }
    }
    for (setting, text) in settings {
        entry.field(setting.name, &super::setting_text(setting, text)?)?;
    }
    Ok(entry)
}

/// Plans a class pack from flags or a pack file.
fn plan_pack(args: &PackArgs, m: &ArgMatches) -> Result<PlannedPack> {
    let spec = pack_input(args, m)?.build()?;
    let texts = jobs::texts(&TextOptions {
        lang: Some(spec.lang.clone()),
        ..args.out.text.options()
    })?;
    let (pack, warnings) = jobs::plan_pack(&spec, &texts)?;
    Ok(PlannedPack {
        name: jobs::pack_file_name(&spec, "")?,
        pack,
        texts,
        warnings,
    })
}

/// Builds a class pack, then writes it: one PDF, one PDF per student
/// (`--split`), or the JSON manifest.
fn pack(args: &PackArgs, m: &ArgMatches) -> Result<i32> {
    let PlannedPack {
        pack,
        texts,
        name,
        warnings,
    } = plan_pack(args, m)?;
    for warning in warnings {
        eprintln!("{}", msg!("cli.warning", message = warning).words(texts.lang()));
    }
    let default_path = |ext: &str| Path::new(output::DEFAULT_DIR).join(format!("{name}{ext}"));
    let out = &args.out;
    let lang = texts.lang();
    let students = pack.students.len();
    let code = msg!("cli.code", code = pack.code.as_str());
    if out.format == Some(super::PackFormat::Json) {
        let path = out.output.clone().unwrap_or_else(|| default_path(".json"));
        output::write_with(&path, |w| pack.write_manifest(w))?;
        if !output::is_stdout(&path) {
            let file = path.display().to_string();
            println!(
                "{}",
                msg!("cli.wrote_manifest", file = file, students = students).words(lang)
            );
        }
        return Ok(0);
    }
    if args.split {
        let dir = out.output.clone().unwrap_or_else(|| default_path(""));
        let files = jobs::write_split(&pack, &texts, &dir)?;
        let folder = dir.display().to_string();
        println!(
            "{}",
            msg!("cli.wrote_files", files = files, folder = folder).words(lang)
        );
        println!("{}", code.words(lang));
        return Ok(0);
    }
    let path = out.output.clone().unwrap_or_else(|| default_path(".pdf"));
    let mut pages = 0;
    output::write_with(&path, |w| {
        pages = jobs::write_pdf(w, pack.students.len() >= 50, |emit| pack.pages(&texts, emit))?;
        Ok(())
    })?;
    let to_stdout = output::is_stdout(&path);
    if !to_stdout {
        let file = path.display().to_string();
        let wrote = msg!("cli.wrote_pack", file = file, pages = pages, students = students);
        report(false, &wrote.words(lang));
    }
    report(to_stdout, &code.words(lang));
    Ok(0)
}
