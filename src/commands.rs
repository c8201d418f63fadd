//! What each subcommand does, as library calls so tests can drive them.

use std::path::PathBuf;

use crate::cli::{Cli, Command, Format, GameName, OutputArgs, ValidateArgs};
use crate::config;
use crate::error::{Error, Result};
use crate::games::request::GameRequest;
use crate::games::{panic_buy, particle_panic, ppe, tp_hunt};
use crate::output;
use crate::render::pdf::{Meta, PdfWriter};
use crate::seed::SheetCode;
use crate::text::Texts;

/// Runs a parsed command line; returns the exit code (0 ok, 1 rules broken).
pub fn run(cli: Cli) -> Result<i32> {
    match cli.command {
        Command::TpHunt(args) => {
            let (request, random) = config::tp_hunt_request(&args)?;
            write_game(&GameRequest::TpHunt(request), &args.out, random, None)
        }
        Command::ParticlePanic(args) => match &args.action {
            Some(crate::cli::ParticlePanicAction::Simulate(sim)) => simulate(sim),
            None => {
                let (request, random) = config::particle_panic_request(&args)?;
                write_game(&GameRequest::particle_panic(request), &args.out, random, None)
            }
        },
        Command::PanicBuy(args) => match &args.action {
            Some(crate::cli::PanicBuyAction::Simulate(sim)) => panic_buy_simulate(sim),
            None => {
                let (request, random) = config::panic_buy_request(&args)?;
                write_game(&GameRequest::PanicBuy(request), &args.out, random, None)
            }
        },
        Command::Ppe(args) => match &args.action {
            Some(crate::cli::PpeAction::Score(a)) => ppe_score(a),
            Some(crate::cli::PpeAction::Odds(a)) => ppe_odds(a),
            None => {
                let (request, random) = config::ppe_request(&args)?;
                write_game(&GameRequest::Ppe(request), &args.out, random, None)
            }
        },
        Command::Pack(args) => pack(&args),
        Command::Validate(args) => validate(&args),
        Command::Regen(args) => {
            if let Some(rest) = args.code.trim().strip_prefix("pack:") {
                // A pack code names the pack, not one sheet: the roster is not in it.
                let seed = rest.rsplit(':').next().unwrap_or("");
                return Err(Error::input(format!(
                    "regen: {} is a pack code from a teacher key; make the pack again with its roster and the same settings (panicpress pack --roster FILE --seed {} ...), or regen one student's sheet code from the key with --name",
                    crate::error::quote(&args.code),
                    crate::error::quote(seed)
                )));
            }
            // Printed in the language the code names, unless --lang says otherwise.
            let code = SheetCode::parse(&args.code)?;
            let mut out = args.out.clone();
            out.text.lang = out.text.lang.or(Some(code.lang().to_string()));
            write_game(&GameRequest::from_code(&code)?, &out, false, args.name.as_deref())
        }
        Command::Completions(args) => {
            use clap::CommandFactory;
            let mut cmd = Cli::command();
            clap_complete::generate(args.shell, &mut cmd, "panicpress", &mut std::io::stdout());
            Ok(0)
        }
        Command::Man => {
            use clap::CommandFactory;
            let mut out = Vec::new();
            clap_mangen::Man::new(Cli::command())
                .render(&mut out)
                .map_err(|e| Error::input(format!("manual page: {e}")))?;
            output::write(std::path::Path::new("-"), &out)?;
            Ok(0)
        }
        Command::Rules(args) => {
            match args.game {
                GameName::TpHunt => {
                    for r in tp_hunt::Rule::ALL {
                        let kind = if r.is_fairness() {
                            "fairness, can be switched off"
                        } else {
                            "rule of the game"
                        };
                        println!("{:<20} {} ({kind})", r.name(), r.describe());
                    }
                }
                GameName::ParticlePanic => {
                    for (name, what) in particle_panic::RULES {
                        println!("{name:<20} {what}");
                    }
                }
                GameName::PanicBuy => {
                    for (name, what) in panic_buy::RULES {
                        println!("{name:<20} {what} (rule of the game)");
                    }
                    for r in panic_buy::GoodRule::ALL {
                        println!("{:<20} {} (good board, can be switched off)", r.name(), r.describe());
                    }
                }
            }
            Ok(0)
        }
    }
}

fn texts(out: &OutputArgs) -> Result<Texts> {
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
fn write_game(request: &GameRequest, out: &OutputArgs, random_seed: bool, name: Option<&str>) -> Result<i32> {
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
    let mut pages = None;
    match format {
        Format::Pdf => output::write_with(&path, |w| {
            pages = Some(write_pdf(w, request.count() >= 100, |emit| {
                request.pages(&texts, &mut |mut page| {
                    if let Some(n) = name {
                        crate::pack::stamp(&mut page, n);
                    }
                    emit(page)
                })
            })?);
            Ok(())
        })?,
        Format::Json => output::write(&path, request.json()?.as_bytes())?,
        Format::Text => output::write(&path, request.preview(&texts)?.as_bytes())?,
        Format::Svg | Format::Png => {
            pages = Some(write_pictures(&path, format, out.dpi, |emit| {
                request.pages(&texts, &mut |mut page| {
                    if let Some(n) = name {
                        crate::pack::stamp(&mut page, n);
                    }
                    emit(page)
                })
            })?);
        }
    }
    let to_stdout = output::is_stdout(&path);
    if !to_stdout {
        let what = pages
            .map(|n| format!(" ({n} page{})", if n == 1 { "" } else { "s" }))
            .unwrap_or_default();
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
    if random_seed {
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

/// Builds a class pack from flags or a pack file, then writes it: one PDF,
/// one PDF per student (`--split`), or the JSON manifest.
fn pack(args: &crate::cli::PackArgs) -> Result<i32> {
    use crate::pack::{Entry, Pack};
    let file = match &args.file {
        Some(path) => config::read_pack_file(path)?,
        None => config::PackFile::default(),
    };
    let base = args
        .file
        .as_deref()
        .and_then(|p| p.parent())
        .map(PathBuf::from)
        .unwrap_or_default();
    let entries_spec: Vec<config::PackEntry> = match (&args.game, args.file.is_some()) {
        (Some(_), true) => return Err(Error::input("pack: give --game or a pack file, not both")),
        (Some(game), false) => vec![config::PackEntry {
            game: game.clone(),
            sheets: args.sheets.clone().map(config::NameList::Text),
            players: args.players,
            ..Default::default()
        }],
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
    let seed = crate::seed::Seed::new(&seed_text)?;
    let paper_name = args.paper.clone().or(file.paper.clone());
    let roster = args.roster.clone().or(file.roster.as_ref().map(|r| base.join(r)));
    let count = args.count.or(file.count);
    let mut out = args.out.general();
    out.text.lang = out.text.lang.or(file.lang.clone());
    let texts = texts(&out)?;
    let pack_labels = texts.labels("pack", &tera::Context::new())?;
    let names: Vec<String> = match (roster, count) {
        (Some(_), Some(_)) => return Err(Error::input("pack: give --roster or --count, not both")),
        (Some(path), None) => crate::pack::read_roster(&path)?,
        (None, Some(0)) => return Err(Error::input("count: 0 students is an empty pack")),
        (None, Some(n)) if n > crate::pack::MAX_STUDENTS => {
            return Err(Error::input(format!(
                "count: {n} is out of range (1 to {})",
                crate::pack::MAX_STUDENTS
            )));
        }
        (None, Some(n)) => (1..=n).map(|i| format!("{} {i}", pack_labels.get("student"))).collect(),
        (None, None) => {
            return Err(Error::input(
                "pack: give a roster (--roster class.csv) or a number of sets (--count 30)",
            ));
        }
    };
    let entries: Vec<Entry> = entries_spec
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let where_ = if entries_spec.len() > 1 {
                format!("entry {}: ", i + 1)
            } else {
                String::new()
            };
            let wrap = |err: Error| Error::input(format!("{where_}{}", err.message));
            Ok(Entry {
                request: e.request(&seed, paper_name.as_deref()).map_err(wrap)?,
                per: e.per().map_err(wrap)?,
            })
        })
        .collect::<Result<_>>()?;
    for e in &entries {
        e.request.check(&texts)?;
    }
    let paper = entries[0].request.paper();
    let per_page = args.per_page.or(file.per_page).unwrap_or(1);
    let date = args.date.clone().or(file.date.clone());
    let options = crate::pack::Options {
        seed: seed.clone(),
        paper,
        date,
        per_page,
        group_word: pack_labels.get("group"),
        lang: texts.lang().to_string(),
    };
    let pack = Pack::plan(options, &names, &entries)?;
    for warning in [
        crate::pack::undrawable_warning(&names),
        crate::pack::unjoined_warning(&names),
    ]
    .into_iter()
    .flatten()
    {
        eprintln!("warning: {warning}");
    }
    let stem = seed.file_stem();
    let format = out.format.unwrap_or(Format::Pdf);
    if format == Format::Json {
        let path = out
            .output
            .clone()
            .unwrap_or_else(|| output::default_path("pack", &stem, 1, "json"));
        output::write(&path, pack.manifest()?.as_bytes())?;
        if !output::is_stdout(&path) {
            println!("wrote {} ({} students)", path.display(), pack.students.len());
        }
        return Ok(0);
    }
    if args.split {
        let dir = out
            .output
            .clone()
            .unwrap_or_else(|| PathBuf::from(output::DEFAULT_DIR).join(format!("pack-{stem}")));
        let files = write_split(&pack, &texts, &dir)?;
        println!("wrote {} files in {}", files, dir.display());
        println!("code: {}", pack.code);
        return Ok(0);
    }
    let path = out
        .output
        .clone()
        .unwrap_or_else(|| output::default_path("pack", &stem, 1, "pdf"));
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
                "wrote {} ({pages} pages, {} students)",
                path.display(),
                pack.students.len()
            ),
        );
    }
    report(to_stdout, &format!("code: {}", pack.code));
    Ok(0)
}

/// One PDF per student (and per table) in `dir`, plus the teacher key, made
/// whole: `dir` appears with every file or not at all.
fn write_split(pack: &crate::pack::Pack, texts: &Texts, dir: &std::path::Path) -> Result<usize> {
    let total = pack.students.len() + pack.groups.len();
    let width = total.to_string().len().max(3);
    let mut files = 0;
    let progress = crate::progress::bar(total as u64 + 1, "files");
    output::write_folder(dir, |tmp| {
        let mut one = |file: String, make: &dyn Fn(&mut crate::sheet::Emit) -> Result<()>| -> Result<()> {
            output::write_with(&tmp.join(file), |w| {
                write_pdf(w, false, |emit| {
                    make(emit)?;
                    Ok(crate::sheet::DocumentInfo {
                        title: pack.code.clone(),
                        subject: pack.code.clone(),
                        id_source: pack.code.clone(),
                    })
                })
                .map(|_| ())
            })?;
            files += 1;
            progress.inc(1);
            Ok(())
        };
        one(crate::pack::file_name(0, width, "teacher key"), &|emit| {
            pack.key_pages(texts, emit)
        })?;
        for i in 0..total {
            let member = pack
                .students
                .get(i)
                .or_else(|| pack.groups.get(i - pack.students.len()))
                .expect("in range");
            one(crate::pack::file_name(i + 1, width, &member.name), &|emit| {
                pack.member(texts, i, emit)
            })?;
        }
        Ok(())
    })?;
    progress.finish_and_clear();
    Ok(files)
}

fn ppe_score(args: &crate::cli::PpeScoreArgs) -> Result<i32> {
    let roll = ppe::parse_roll(&args.roll)?;
    let s = ppe::score(&roll);
    if args.json {
        println!("{}", serde_json::to_string_pretty(&s).expect("score serialises"));
        return Ok(0);
    }
    let yes = |b: bool| if b { "yes" } else { "no" };
    println!("points: {}", s.points);
    println!("outcome: {}", s.outcome.name());
    println!("lose next turn: {}", yes(s.lose_next_turn));
    println!("lose game total: {}", yes(s.lose_game_total));
    println!("out of the game: {}", yes(s.out));
    Ok(0)
}

fn ppe_odds(args: &crate::cli::PpeOddsArgs) -> Result<i32> {
    let (_, faces, seed, random) = config::ppe_dice(&args.dice)?;
    let dice = ppe::generate(&faces, &seed);
    let o = ppe::odds::Odds::of(&dice);
    if args.json {
        let outcomes: serde_json::Map<String, serde_json::Value> = o
            .outcomes
            .iter()
            .map(|(k, v)| (k.name().to_string(), (*v).into()))
            .collect();
        let j = serde_json::json!({
            "seed": seed.text(),
            "dice": dice.iter().map(|d| d.to_vec()).collect::<Vec<_>>(),
            "total": o.total,
            "outcomes": outcomes,
            "expected_points": o.expected_points(),
        });
        println!("{}", serde_json::to_string_pretty(&j).expect("odds serialise"));
    } else {
        println!("dice from seed {seed}:");
        for (i, d) in dice.iter().enumerate() {
            let names: Vec<&str> = d.iter().map(|f| f.name()).collect();
            println!("  die {}: {}", i + 1, names.join(", "));
        }
        println!("all {} rolls:", o.total);
        for (k, v) in &o.outcomes {
            println!("  {:<14} {v:>6}  {:6.2}%", k.name(), 100.0 * *v as f64 / o.total as f64);
        }
        println!("expected points per roll: {:.4}", o.expected_points());
    }
    if random {
        eprintln!("seed: {seed} (chosen at random; --seed {seed} gives the same dice)");
    }
    Ok(0)
}

/// Whole simulated games on the seed's board.
fn panic_buy_simulate(args: &crate::cli::PanicBuySimulateArgs) -> Result<i32> {
    let (params, seed, random) = config::panic_buy_board(&args.settings)?;
    let games = args.games.unwrap_or(params.rating_games());
    if !(1..=panic_buy::MAX_SIMULATED_GAMES).contains(&games) {
        return Err(Error::input(format!(
            "games: {games} is out of range (1 to {})",
            panic_buy::MAX_SIMULATED_GAMES
        )));
    }
    let board = panic_buy::generate_for_seed(&params, &seed)?;
    // The dice are the board's own, as behind its printed rating.
    let r = panic_buy::game::rate(&board, &params, &panic_buy::rating_seed(&params, &board), games);
    let code = panic_buy::Request {
        params: params.clone(),
        seed: seed.clone(),
        count: 1,
        paper: crate::sheet::Paper::A4,
        layout: panic_buy::sheets::BoardLayout::Single,
        sheets: panic_buy::sheets::SheetKind::DEFAULT.to_vec(),
    }
    .code(&seed, "default");
    if args.json {
        let j = serde_json::json!({
            "seed": seed.text(),
            "code": code.to_string(),
            "players": params.players,
            "mode": params.mode.name(),
            "games": r.games,
            "median_rounds": r.median_rounds,
            "p90_rounds": r.p90_rounds,
            "first_player_win_share": r.first_player_win_share,
            "stalled": r.stalled,
            "arrow_balance": r.arrow_balance,
        });
        println!("{}", serde_json::to_string_pretty(&j).expect("serialises"));
    } else {
        println!("board: {code}");
        println!(
            "games: {} ({} players, {} mode)",
            r.games,
            params.players,
            params.mode.name()
        );
        println!(
            "rounds: median {}, 90% of games within {}",
            r.median_rounds, r.p90_rounds
        );
        println!(
            "first player wins: {:.1}% (an equal share is {:.1}%)",
            100.0 * r.first_player_win_share,
            100.0 / params.teams() as f64
        );
        println!("deliveries at the left arrow: {:.0}%", 100.0 * r.arrow_balance);
        println!(
            "stalled (cut off at {} rounds): {}",
            panic_buy::game::MAX_ROUNDS,
            r.stalled
        );
    }
    if random {
        eprintln!("seed: {seed} (chosen at random; --seed {seed} gives the same board and dice)");
    }
    Ok(0)
}

fn simulate(args: &crate::cli::SimulateArgs) -> Result<i32> {
    use particle_panic::engine;
    use particle_panic::policy::{RatingPolicy, SearchPlayer};
    let (params, seed, _) = config::particle_panic_deal(&args.deal, None)?;
    let games = args.games.unwrap_or(particle_panic::DEFAULT_SIMULATIONS);
    particle_panic::Params {
        simulations: games,
        ..params.clone()
    }
    .check()
    .map_err(|e| Error::input(e.message.replace("simulations", "games")))?;
    let seeds: Vec<crate::seed::Seed> = match &args.deals {
        None => vec![seed],
        Some(range) => {
            let bad = || {
                Error::input(format!(
                    "deals: {} is not a range A..B of seeds (e.g. 0..49)",
                    crate::error::quote(range)
                ))
            };
            let (a, b) = range.split_once("..").ok_or_else(bad)?;
            let (a, b): (u64, u64) = (
                a.trim().parse().map_err(|_| bad())?,
                b.trim().parse().map_err(|_| bad())?,
            );
            if a > b || b - a >= 10_000 {
                return Err(Error::input(format!(
                    "deals: {} must run upwards and hold at most 10000 deals",
                    crate::error::quote(range)
                )));
            }
            (a..=b)
                .map(|n| crate::seed::Seed::new(&n.to_string()))
                .collect::<std::result::Result<_, _>>()?
        }
    };
    let policy = format!("{:?}", args.policy).to_lowercase();
    let progress = crate::progress::bar(seeds.len() as u64, "deals");
    for seed in &seeds {
        progress.inc(1);
        let deal = particle_panic::generate(&params, seed);
        let r = match args.policy {
            crate::cli::PolicyName::Rating => engine::rate_with(&params, &deal, seed, games, |_| RatingPolicy),
            crate::cli::PolicyName::Search => engine::rate_with(&params, &deal, seed, games, |g| SearchPlayer {
                rollouts: args.rollouts,
                rng: engine::rollout_rng(seed, g as u64),
            }),
        };
        if args.json {
            let j = serde_json::json!({
                "seed": seed.text(),
                "players": params.players,
                "variant": params.variant(),
                "policy": policy,
                "games": r.games,
                "wins": r.wins,
                "win_rate": r.win_rate,
                "error": r.error(),
                "losses": r.losses,
            });
            let text = if seeds.len() > 1 {
                serde_json::to_string(&j)
            } else {
                serde_json::to_string_pretty(&j)
            };
            println!("{}", text.expect("serialises"));
            continue;
        }
        if seeds.len() > 1 {
            println!(
                "deal {seed}: {} wins {:.2}% ± {:.2}% ({} games)",
                policy,
                100.0 * r.win_rate,
                100.0 * r.error(),
                r.games
            );
            continue;
        }
        let share = |n: u32| format!("{:5.1}% ({n})", 100.0 * n as f64 / r.games as f64);
        println!(
            "deal: seed {seed}, {} players, {}, {policy} policy",
            params.players,
            params.variant()
        );
        println!("games: {}", r.games);
        println!("won:                 {} ± {:.1}%", share(r.wins), 100.0 * r.error());
        println!("lost, no room:       {}", share(r.losses.no_room));
        println!("lost, hand limit 0:  {}", share(r.losses.hand_limit_zero));
        println!("lost, empty stack:   {}", share(r.losses.empty_stack));
        if r.losses.turn_limit > 0 {
            println!(
                "stopped at {} turns: {}",
                engine::TURN_LIMIT,
                share(r.losses.turn_limit)
            );
        }
    }
    progress.finish_and_clear();
    Ok(0)
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

fn validate(args: &ValidateArgs) -> Result<i32> {
    let name = args.file.display().to_string();
    let text = config::read_file(&args.file)?;
    let with_file = |e: Error| Error::input(format!("{name}: {}", e.message));
    match args.game {
        GameName::TpHunt => {
            // One map, or the array that --count N writes.
            let maps: Vec<tp_hunt::MapJson> = if text.trim_start().starts_with('[') {
                let values: Vec<serde_json::Value> = serde_json::from_str(&text)
                    .map_err(|e| with_file(Error::input(format!("not a list of TP Hunt maps: {e}"))))?;
                values
                    .iter()
                    .enumerate()
                    .map(|(i, v)| {
                        tp_hunt::parse_json(&v.to_string())
                            .map_err(|e| Error::input(format!("{name}: map {}: {}", i + 1, e.message)))
                    })
                    .collect::<Result<_>>()?
            } else {
                vec![tp_hunt::parse_json(&text).map_err(with_file)?]
            };
            let mut broken = 0;
            for (i, m) in maps.iter().enumerate() {
                let mut params = config::tp_hunt_validate_params(&args.map, m.code.as_deref())?;
                params.grid = m.grid;
                let prefix = if maps.len() > 1 {
                    format!("map {}: ", i + 1)
                } else {
                    String::new()
                };
                let violations = tp_hunt::validate(&params, &m.map());
                broken += violations.len();
                for v in violations {
                    println!("{prefix}{v}");
                }
            }
            if broken == 0 {
                let rules = tp_hunt::Rule::ALL.len();
                println!("legal: {name} breaks none of the {rules} TP Hunt rules");
                Ok(0)
            } else {
                Ok(1)
            }
        }
        GameName::PanicBuy => {
            // One board, or the array that --count N writes.
            let texts: Vec<String> = if text.trim_start().starts_with('[') {
                let values: Vec<serde_json::Value> = serde_json::from_str(&text)
                    .map_err(|e| with_file(Error::input(format!("not a list of Panic Buy boards: {e}"))))?;
                values.iter().map(|v| v.to_string()).collect()
            } else {
                vec![text.clone()]
            };
            let many = texts.len() > 1;
            let mut broken = 0;
            for (i, one) in texts.iter().enumerate() {
                let prefix = if many {
                    format!("board {}: ", i + 1)
                } else {
                    String::new()
                };
                let at = |e: Error| Error::input(format!("{name}: {prefix}{}", e.message));
                let (json, board) = panic_buy::parse_json(one).map_err(at)?;
                // Settings from the board's own code, else race mode for 3 players;
                // a code that does not parse or names another game is an error.
                let params = match json.code.as_deref() {
                    None => panic_buy::Params::default(),
                    Some(c) => {
                        let code = SheetCode::parse(c).map_err(|e| at(e.into()))?;
                        if code.game != panic_buy::GAME {
                            return Err(at(Error::input(format!(
                                "its code names the game {}, not {}",
                                crate::error::quote(&code.game),
                                panic_buy::GAME
                            ))));
                        }
                        panic_buy::Request::from_code(&code).map_err(at)?.params
                    }
                };
                let violations = panic_buy::validate(&params, &board);
                broken += violations.len();
                for v in &violations {
                    println!("{prefix}{v}");
                }
            }
            if broken == 0 {
                println!(
                    "legal: {name} breaks none of the {} Panic Buy rules",
                    panic_buy::RULES.len() + panic_buy::GoodRule::ALL.len()
                );
                Ok(0)
            } else {
                Ok(1)
            }
        }
        GameName::ParticlePanic => {
            let deal = particle_panic::parse_json(&text).map_err(with_file)?;
            let params = deal.params().map_err(with_file)?;
            let violations = particle_panic::validate(&params, &deal.deal());
            for v in &violations {
                println!("{v}");
            }
            if violations.is_empty() {
                println!("legal: {name} is a complete Particle Panic deal");
                Ok(0)
            } else {
                Ok(1)
            }
        }
    }
}
