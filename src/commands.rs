//! What each subcommand does, as library calls so tests can drive them.
//! Nothing here knows a game by name: games come from the registry.

use std::path::PathBuf;

use clap::{ArgMatches, FromArgMatches};

use crate::cli::{Format, OutputArgs};
use crate::config;
use crate::error::{Error, Result};
use crate::game::{Common, Game, Values};
use crate::games::request::GameRequest;
use crate::output;
use crate::render::pdf::{Meta, PdfWriter};
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
            return game.run_action(action, am);
        }
        let (request, out) = game_request(game, m)?;
        return write_game(&request, &out, None);
    }
    match name {
        "pack" => {
            let mut args = crate::cli::PackArgs::from_arg_matches(m).map_err(parse)?;
            args.settings = crate::cli::pack_settings(m);
            pack(&args)
        }
        "validate" => {
            let (game_name, vm) = m.subcommand().expect("a game is required");
            validate(crate::games::find(game_name)?, vm)
        }
        "regen" => regen(&crate::cli::RegenArgs::from_arg_matches(m).map_err(parse)?),
        "rules" => {
            let game = crate::games::find(m.get_one::<String>("game").expect("required"))?;
            for r in game.rules() {
                println!("{:<20} {} ({})", r.name, r.what, r.kind);
            }
            Ok(0)
        }
        "completions" => {
            let args = crate::cli::CompletionsArgs::from_arg_matches(m).map_err(parse)?;
            clap_complete::generate(
                args.shell,
                &mut crate::cli::command(),
                "panicpress",
                &mut std::io::stdout(),
            );
            Ok(0)
        }
        "serve" => crate::serve::serve(
            m.get_one::<String>("bind").expect("has a default"),
            *m.get_one::<u16>("port").expect("has a default"),
            m.get_flag("open"),
        ),
        "man" => manual_pages(m.get_one::<PathBuf>("dir").map(PathBuf::as_path)),
        other => Err(Error::input(format!("unknown command {}", crate::error::quote(other)))),
    }
}

/// The manual: the top page on standard output, or with `dir` one page for
/// the top command and one for every subcommand (as the top page's SEE ALSO
/// names them: `panicpress-tp-hunt.1`, `panicpress-tp-hunt-simulate.1`, ...).
fn manual_pages(dir: Option<&std::path::Path>) -> Result<i32> {
    let render = |cmd: clap::Command| -> Result<(String, Vec<u8>)> {
        let man = clap_mangen::Man::new(cmd);
        let mut out = Vec::new();
        man.render(&mut out)
            .map_err(|e| Error::input(format!("manual page: {e}")))?;
        Ok((man.get_filename(), out))
    };
    let mut top = crate::cli::command().disable_help_subcommand(true);
    top.build();
    let Some(dir) = dir else {
        output::write(std::path::Path::new("-"), &render(top)?.1)?;
        return Ok(0);
    };
    std::fs::create_dir_all(dir).map_err(|e| Error::input(format!("cannot make folder {}: {e}", dir.display())))?;
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

/// Writes a game's sheets from parsed command-line arguments: the request
/// they stand for and the output options. A `--config` file gives settings
/// and common options the flags do not.
pub fn game_request(game: &'static dyn Game, m: &ArgMatches) -> Result<(GameRequest, Options)> {
    let mut out = OutputArgs::from_arg_matches(m).map_err(|e| Error::input(e.to_string()))?;
    let (file, file_values) = match m.get_one::<PathBuf>("config") {
        Some(path) => crate::game::read_settings_file(game, path)?,
        None => (toml::Table::new(), Values::default()),
    };
    let from_file = |key: &str| file.get(key);
    let values = file_values.overlaid(&crate::cli::values(m, game));
    let flag = |key: &str| m.get_one::<String>(key).cloned();
    let seed_text = match (flag("seed"), from_file("seed")) {
        (Some(s), _) => Some(s),
        (None, Some(v)) => {
            Some(crate::game::seed_from_toml(v).map_err(|e| Error::input(format!("config: {}", e.message)))?)
        }
        (None, None) => None,
    };
    let number = |key: &str| -> Result<Option<usize>> {
        match (m.get_one::<usize>(key), from_file(key)) {
            (Some(n), _) => Ok(Some(*n)),
            (None, Some(toml::Value::Integer(n))) => usize::try_from(*n)
                .map(Some)
                .map_err(|_| Error::input(format!("config: {key} must be a positive whole number"))),
            (None, Some(other)) => Err(Error::input(format!(
                "config: {key} must be a whole number, not {other}"
            ))),
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
                .map_err(|e| Error::input(format!("config: {key}: {}", e.message)))?,
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
        paper: crate::game::paper(text("paper")?.as_deref().unwrap_or("a4"))?,
        sheets: text("sheets")?,
    };
    let per_page = number("per-page")?.unwrap_or(1);
    let request = crate::game::request(game, &common, &values)?.into();
    Ok((
        request,
        Options {
            out,
            random_seed: common.random_seed,
            per_page,
        },
    ))
}

/// How a request's sheets are written.
pub struct Options {
    pub out: OutputArgs,
    pub random_seed: bool,
    /// Small sheets to a page (1, 2 or 4).
    pub per_page: usize,
}

/// `regen CODE`: the sheets the code names, in the language it names unless
/// `--lang` says otherwise.
fn regen(args: &crate::cli::RegenArgs) -> Result<i32> {
    if let Some(rest) = args.code.trim().strip_prefix("pack:") {
        // A pack code names the pack, not one sheet: the roster is not in it.
        let seed = rest.rsplit(':').next().unwrap_or("");
        return Err(Error::input(format!(
            "regen: {} is a pack code from a teacher key; make the pack again with its roster and the same settings (panicpress pack --roster FILE --seed {} ...), or regen one student's sheet code from the key with --name",
            crate::error::quote(&args.code),
            crate::error::quote(seed)
        )));
    }
    let code = SheetCode::parse(&args.code)?;
    let mut out = args.out.clone();
    out.text.lang = out.text.lang.or(Some(code.lang().to_string()));
    let options = Options {
        out,
        random_seed: false,
        per_page: 1,
    };
    write_game(&GameRequest::from_code(&code)?, &options, args.name.as_deref())
}

/// `validate GAME FILE`: the game's rule engine on a layout file.
fn validate(game: &dyn Game, m: &ArgMatches) -> Result<i32> {
    let path = m.get_one::<PathBuf>("file").expect("required");
    let values = crate::cli::values(m, game);
    values.check(game)?;
    let text = config::read_file(path)?;
    let verdict = game.validate(&path.display().to_string(), &text, &values)?;
    for line in &verdict.broken {
        println!("{line}");
    }
    if verdict.broken.is_empty() {
        println!("{}", verdict.legal);
        Ok(0)
    } else {
        Ok(1)
    }
}

/// The texts to print in, with the `--font` file added first.
pub fn texts(out: &OutputArgs) -> Result<Texts> {
    if let Some(path) = &out.text.font {
        /// Large CJK fonts run to some 20 MiB.
        const MAX_FONT_BYTES: u64 = 64 * 1024 * 1024;
        let bytes = config::read_bytes(path, MAX_FONT_BYTES)?;
        crate::fonts::add_font(bytes).map_err(|e| Error::input(format!("font {}: {e}", path.display())))?;
    }
    Ok(Texts::load(
        out.text.lang.as_deref().unwrap_or("en"),
        out.text.templates.as_deref(),
    )?)
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
/// Everything that can fail on bad settings is checked before a file is made.
fn write_game(request: &GameRequest, options: &Options, name: Option<&str>) -> Result<i32> {
    let out = &options.out;
    let texts = texts(out)?;
    request.check(&texts)?;
    let format = out.format.unwrap_or(Format::Pdf);
    let ext = match format {
        Format::Pdf => "pdf",
        Format::Json => "json",
        Format::Text => "txt",
        Format::Svg => "svg",
        Format::Png => "png",
    };
    let path: PathBuf = match (&out.output, format) {
        (Some(p), _) => p.clone(),
        (None, Format::Text) => PathBuf::from("-"),
        (None, _) => output::named_path(
            request.game(),
            &request.seed().file_stem(),
            &differs_from_defaults(request, texts.lang())?,
            request.count(),
            ext,
        ),
    };
    output::refuse_folder(&path)?;
    let mut pages = None;
    match format {
        Format::Pdf => output::write_with(&path, |w| {
            pages = Some(write_pdf(w, request.count() >= 100, |emit| {
                crate::pack::sheets_imposed(request, &texts, options.per_page, name, emit)
            })?);
            Ok(())
        })?,
        Format::Json => output::write(&path, request.json()?.as_bytes())?,
        Format::Text => output::write(&path, request.preview(&texts)?.as_bytes())?,
        Format::Svg | Format::Png => {
            pages = Some(write_pictures(&path, format, out.dpi, |emit| {
                crate::pack::sheets_imposed(request, &texts, options.per_page, name, emit)
            })?);
        }
    }
    let to_stdout = output::is_stdout(&path);
    if !to_stdout {
        let what = pages.map(|n| format!(" ({})", counted(n, "page"))).unwrap_or_default();
        let shown = match (format, pages) {
            (Format::Svg | Format::Png, Some(n)) if n > 1 => {
                let stem = path.with_extension("").display().to_string();
                format!("{stem}-001.{ext} to {stem}-{n:03}.{ext}")
            }
            _ => path.display().to_string(),
        };
        report(false, &format!("wrote {shown}{what}"));
    }
    if format != Format::Text {
        let more = match request.count() {
            1 => String::new(),
            n => format!(" (first of {n})"),
        };
        let code = SheetCode::text_with_lang(&request.code()?, texts.lang());
        report(to_stdout, &format!("code: {code}{more}"));
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

/// What a request's code says that the game's defaults do not: settings that
/// differ, the paper and language when not A4 and English, the sheets when
/// not the default set.
fn differs_from_defaults(request: &GameRequest, lang: &str) -> Result<Vec<String>> {
    let code = SheetCode::parse(&request.code()?)?;
    let default = request.default_settings();
    let default: Vec<&str> = default.split('-').collect();
    let mut out: Vec<String> = code
        .params
        .split('-')
        .filter(|p| !default.contains(p))
        .map(str::to_string)
        .collect();
    let paper = code.paper()?.name();
    if paper != "a4" {
        out.push(paper.to_string());
    }
    if lang != "en" {
        out.push(lang.to_string());
    }
    if code.sheets != "default" {
        out.push(code.sheets.clone());
    }
    Ok(out)
}

/// A pack planned from its options: every student's sheets chosen and checked.
pub struct PlannedPack {
    pub pack: crate::pack::Pack,
    pub texts: Texts,
    pub out: OutputArgs,
    /// Names the fonts cannot print as they are.
    pub warnings: Vec<String>,
}

/// Who a pack is for: the names of a class list, or numbered sets.
pub enum Students {
    Named(Vec<String>),
    Numbered(usize),
}

/// What a class pack is made of, however it was asked for (flags, a pack
/// file, the web page's form): the pack seed, who gets sheets, the entries
/// (each a game with its sheets and settings) and how it prints.
pub struct PackSpec {
    pub seed: crate::seed::Seed,
    pub students: Students,
    pub entries: Vec<config::PackEntry>,
    pub paper: Option<String>,
    pub per_page: usize,
    pub date: Option<String>,
}

/// Plans a class pack from flags or a pack file; `names` (a roster already
/// read) stand in for `--roster` and `--count`.
pub fn plan_pack(args: &crate::cli::PackArgs, names: Option<Vec<String>>) -> Result<PlannedPack> {
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
    let entries: Vec<config::PackEntry> = match (&args.game, has_file) {
        (Some(_), true) => return Err(Error::input("pack: give --game or a pack file, not both")),
        (Some(game), false) => vec![config::PackEntry {
            game: game.clone(),
            sheets: args.sheets.clone().map(config::NameList::Text),
            settings: {
                let mut settings = args.settings.clone();
                if let Some(n) = args.players {
                    settings.insert("players".to_string(), toml::Value::Integer(n.into()));
                }
                settings
            },
            ..Default::default()
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
            return Err(Error::input(format!(
                "pack file: seed must be text or a number, not {other}"
            )));
        }
        (None, None) => {
            return Err(Error::input(
                "pack: a seed is needed (--seed \"5B spring\"), so the pack can be made again",
            ));
        }
    };
    let roster = args.roster.clone().or(file.roster.as_ref().map(|r| base.join(r)));
    let count = args.count.or(file.count);
    let students = match (roster, count) {
        _ if names.is_some() => Students::Named(names.unwrap_or_default()),
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
    let spec = PackSpec {
        seed: crate::seed::Seed::new(&seed_text)?,
        students,
        entries,
        paper: args.paper.clone().or(file.paper.clone()),
        per_page: args.per_page.or(file.per_page).unwrap_or(1),
        date: args.date.clone().or(file.date.clone()),
    };
    let texts = texts(&out)?;
    let (pack, warnings) = plan_pack_spec(&spec, &texts)?;
    Ok(PlannedPack {
        pack,
        texts,
        out,
        warnings,
    })
}

/// Plans a class pack from its parts, in the language of `texts`: each
/// entry's request made and checked, every student's layout chosen. Returns
/// the pack and the warnings about names the fonts cannot print.
pub fn plan_pack_spec(spec: &PackSpec, texts: &Texts) -> Result<(crate::pack::Pack, Vec<String>)> {
    use crate::pack::{Entry, Pack};
    let pack_labels = texts.labels("pack", &tera::Context::new())?;
    let names: Vec<String> = match &spec.students {
        Students::Named(names) => names.clone(),
        Students::Numbered(0) => return Err(Error::input("count: 0 students is an empty pack")),
        Students::Numbered(n) if *n > crate::pack::MAX_STUDENTS => {
            return Err(Error::input(format!(
                "count: {n} is out of range (1 to {})",
                crate::pack::MAX_STUDENTS
            )));
        }
        Students::Numbered(n) => (1..=*n)
            .map(|i| format!("{} {i}", pack_labels.get("student")))
            .collect(),
    };
    if spec.entries.is_empty() {
        return Err(Error::input("pack: no game chosen"));
    }
    let entries: Vec<Entry> = spec
        .entries
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let where_ = if spec.entries.len() > 1 {
                format!("entry {}: ", i + 1)
            } else {
                String::new()
            };
            let wrap = |err: Error| Error::input(format!("{where_}{}", err.message));
            Ok(Entry {
                request: e.request(&spec.seed, spec.paper.as_deref()).map_err(wrap)?,
                per: e.per().map_err(wrap)?,
            })
        })
        .collect::<Result<_>>()?;
    for e in &entries {
        e.request.check(texts)?;
    }
    let options = crate::pack::Options {
        seed: spec.seed.clone(),
        paper: entries[0].request.paper(),
        date: spec.date.clone(),
        per_page: spec.per_page,
        group_word: pack_labels.get("group"),
        lang: texts.lang().to_string(),
    };
    let pack = Pack::plan(options, &names, &entries)?;
    let warnings = crate::pack::undrawable_warning(&names).into_iter().collect();
    Ok((pack, warnings))
}

/// Builds a class pack, then writes it: one PDF, one PDF per student
/// (`--split`), or the JSON manifest.
fn pack(args: &crate::cli::PackArgs) -> Result<i32> {
    let PlannedPack {
        pack,
        texts,
        out,
        warnings,
    } = plan_pack(args, None)?;
    for warning in warnings {
        eprintln!("warning: {warning}");
    }
    let seed = pack.seed.clone();
    let stem = seed.file_stem();
    let default_path = |ext: &str| output::named_path("pack", &stem, &pack_differs(args), 1, ext);
    let format = out.format.unwrap_or(Format::Pdf);
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
        let files = write_split(&pack, &texts, &dir)?;
        println!("wrote {} files in {}", files, dir.display());
        println!("code: {}", pack.code);
        return Ok(0);
    }
    let path = out.output.clone().unwrap_or_else(|| default_path("pdf"));
    let mut pages = 0;
    output::write_with(&path, |w| {
        pages = write_pdf(w, pack.students.len() >= 50, |emit| pack.pages(&texts, emit))?;
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
fn pack_differs(args: &crate::cli::PackArgs) -> Vec<String> {
    let mut out: Vec<String> = args.game.iter().cloned().collect();
    if let Some(n) = args.players {
        out.push(format!("p{n}"));
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

/// One PDF per student (and per table) in `dir`, plus the teacher key, made
/// whole: `dir` appears with every file or not at all.
fn write_split(pack: &crate::pack::Pack, texts: &Texts, dir: &std::path::Path) -> Result<usize> {
    let mut files = 0;
    let progress = crate::progress::bar(pack.members() as u64 + 1, "files");
    output::write_folder(dir, |tmp| {
        split_pdfs(pack, texts, &mut |file, pdf| {
            output::write(&tmp.join(file), &pdf)?;
            files += 1;
            progress.inc(1);
            Ok(())
        })
    })?;
    progress.finish_and_clear();
    Ok(files)
}

/// A pack as separate PDFs, each handed to `each` with its file name: the
/// teacher key, then every student and table in order.
pub fn split_pdfs(
    pack: &crate::pack::Pack,
    texts: &Texts,
    each: &mut dyn FnMut(String, Vec<u8>) -> Result<()>,
) -> Result<()> {
    let total = pack.members();
    let width = total.to_string().len().max(3);
    let mut one = |file: String, make: &dyn Fn(&mut crate::sheet::Emit) -> Result<()>| -> Result<()> {
        let mut pdf = Vec::new();
        write_pdf(&mut pdf, false, |emit| {
            make(emit)?;
            Ok(crate::sheet::DocumentInfo {
                title: pack.code.clone(),
                subject: pack.code.clone(),
                id_source: pack.code.clone(),
            })
        })?;
        each(file, pdf)
    };
    one(crate::pack::file_name(0, width, "teacher key"), &|emit| {
        pack.key_pages(texts, false, emit)
    })?;
    for i in 0..total {
        one(crate::pack::file_name(i + 1, width, &pack.member_at(i).name), &|emit| {
            pack.member(texts, i, emit)
        })?;
    }
    Ok(())
}

/// Writes each page from `make` as its own SVG or PNG file: a one-page
/// document to `path` itself, more pages to `NAME-001.svg`, `NAME-002.svg` ...
/// beside it (`-` takes a one-page document only). Returns the page count.
fn write_pictures(
    path: &std::path::Path,
    format: Format,
    dpi: u32,
    make: impl FnOnce(&mut dyn FnMut(crate::sheet::Page) -> Result<()>) -> Result<crate::sheet::DocumentInfo>,
) -> Result<usize> {
    let picture = |page: &crate::sheet::Page| -> Result<Vec<u8>> {
        match format {
            Format::Png => crate::render::svg::page_png(page, dpi).map_err(Error::input),
            _ => Ok(crate::render::svg::page_svg(page).into_bytes()),
        }
    };
    let ext = if format == Format::Png { "png" } else { "svg" };
    let numbered = |k: usize| std::path::PathBuf::from(format!("{}-{k:03}.{ext}", path.with_extension("").display()));
    let mut count = 0;
    // The first page waits until a second shows whether names need numbers.
    let mut first: Option<Vec<u8>> = None;
    make(&mut |page| {
        count += 1;
        let bytes = picture(&page)?;
        if count == 1 {
            first = Some(bytes);
            return Ok(());
        }
        if output::is_stdout(path) {
            return Err(Error::input(format!(
                "--format {ext} to standard output takes a one-page document; pick one sheet with --sheets, or give a file name"
            )));
        }
        if let Some(first) = first.take() {
            output::write(&numbered(1), &first)?;
        }
        output::write(&numbered(count), &bytes)
    })?;
    if let Some(only) = first {
        output::write(path, &only)?;
    }
    Ok(count)
}

/// Streams pages from `make` into a PDF on `out`; returns the page count.
pub fn write_pdf(
    out: &mut dyn std::io::Write,
    long: bool,
    make: impl FnOnce(&mut dyn FnMut(crate::sheet::Page) -> Result<()>) -> Result<crate::sheet::DocumentInfo>,
) -> Result<usize> {
    let io = |e: std::io::Error| Error::input(format!("writing the PDF: {e}"));
    let mut writer = PdfWriter::new(out).map_err(io)?;
    let mut count = 0;
    let progress = crate::progress::pages(long);
    let info = make(&mut |page| {
        count += 1;
        progress.inc(1);
        writer.page(&page).map_err(io)
    })?;
    progress.finish_and_clear();
    writer
        .finish(&Meta {
            title: &info.title,
            subject: &info.subject,
            id_source: &info.id_source,
        })
        .map_err(io)?;
    Ok(count)
}
