//! What each subcommand does, as library calls so tests can drive them.

use std::path::PathBuf;

use crate::cli::{Cli, Command, Format, GameName, OutputArgs, ValidateArgs};
use crate::config;
use crate::error::{Error, Result};
use crate::games::tp_hunt;
use crate::output;
use crate::render::pdf::{Meta, PdfWriter};
use crate::seed::SheetCode;
use crate::text::Texts;

/// Runs a parsed command line; returns the exit code (0 ok, 1 rules broken).
pub fn run(cli: Cli) -> Result<i32> {
    match cli.command {
        Command::TpHunt(args) => {
            let (request, random) = config::tp_hunt_request(&args)?;
            write_tp_hunt(&request, &args.out, random)
        }
        Command::Validate(args) => validate(&args),
        Command::Regen(args) => {
            let code = SheetCode::parse(&args.code)?;
            match code.game.as_str() {
                tp_hunt::GAME => {
                    write_tp_hunt(&tp_hunt::Request::from_code(&code)?, &args.out, false)
                }
                other => Err(Error::input(format!("sheet code: unknown game '{other}'"))),
            }
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
            }
            Ok(0)
        }
    }
}

fn texts(out: &OutputArgs) -> Result<Texts> {
    Ok(Texts::load(
        out.lang.as_deref().unwrap_or("en"),
        out.templates.as_deref(),
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

fn write_tp_hunt(request: &tp_hunt::Request, out: &OutputArgs, random_seed: bool) -> Result<i32> {
    let texts = texts(out)?;
    let format = out.format.unwrap_or(Format::Pdf);
    let ext = match format {
        Format::Pdf => "pdf",
        Format::Json => "json",
        Format::Text => "txt",
    };
    let path: PathBuf = match (&out.output, format) {
        (Some(p), _) => p.clone(),
        (None, Format::Text) => PathBuf::from("-"),
        (None, _) => {
            output::default_path(tp_hunt::GAME, &request.seed.file_stem(), request.count, ext)
        }
    };
    let mut pages = None;
    match format {
        Format::Pdf => {
            // Check everything that can fail before the file is created.
            request.check()?;
            request.labels(&texts)?;
            output::write_with(&path, |w| {
                pages = Some(write_pdf(w, |emit| request.pages(&texts, emit))?);
                Ok(())
            })?
        }
        Format::Json => output::write(&path, request.json()?.as_bytes())?,
        Format::Text => output::write(&path, request.preview(&texts)?.as_bytes())?,
    }
    let to_stdout = output::is_stdout(&path);
    if !to_stdout {
        let what = match pages {
            Some(n) => format!(" ({n} pages)"),
            None => String::new(),
        };
        report(false, &format!("wrote {}{what}", path.display()));
    }
    let list = tp_hunt::sheets::SheetKind::code_list(&request.sheets);
    if format != Format::Text {
        let code = request.code(&request.seed, &list);
        let more = if request.count > 1 {
            format!(" (first of {})", request.count)
        } else {
            String::new()
        };
        report(to_stdout, &format!("code: {code}{more}"));
    }
    if random_seed {
        report(
            to_stdout,
            &format!(
                "seed: {} (chosen at random; --seed {} makes the same sheets)",
                request.seed, request.seed
            ),
        );
    }
    Ok(0)
}

/// Streams pages from `make` into a PDF on `out`; returns the page count.
pub fn write_pdf(
    out: &mut dyn std::io::Write,
    make: impl FnOnce(
        &mut dyn FnMut(crate::sheet::Page) -> Result<()>,
    ) -> Result<crate::sheet::DocumentInfo>,
) -> Result<usize> {
    let io = |e: std::io::Error| Error::input(format!("writing the PDF: {e}"));
    let mut writer = PdfWriter::new(out).map_err(io)?;
    let mut count = 0;
    let info = make(&mut |page| {
        count += 1;
        writer.page(&page).map_err(io)
    })?;
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
                let values: Vec<serde_json::Value> = serde_json::from_str(&text).map_err(|e| {
                    with_file(Error::input(format!("not a list of TP Hunt maps: {e}")))
                })?;
                values
                    .iter()
                    .enumerate()
                    .map(|(i, v)| {
                        tp_hunt::parse_json(&v.to_string()).map_err(|e| {
                            Error::input(format!("{name}: map {}: {}", i + 1, e.message))
                        })
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
    }
}
