//! The command line, built from the registry of games: every game's
//! settings are its flags and its actions its subcommands. An adapter over
//! the library's jobs ([`run`]); layer: top, beside the web server, which it
//! does not import. Nothing here knows a game by name.

mod run;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Arg, ArgAction, ArgMatches, Args, Command, ValueEnum};

use crate::error::Result;
use crate::game::{Action, Game, Kind, Setting, Values};
use crate::message::Msg;
use crate::msg;
use std::path::{Path, PathBuf};

pub use run::{asked_language, game_request, run};

/// The whole command line: one subcommand per game of the registry (its
/// settings as flags, its actions as subcommands), then the commands that
/// work for every game.
pub fn command() -> Command {
    let mut cmd = Command::new("panicpress")
        .version(env!("CARGO_PKG_VERSION"))
        .about("Print-ready, rule-checked sheets for pandemic-era paper games")
        .subcommand_required(true)
        .arg_required_else_help(true)
        .arg(
            Arg::new("progress")
                .long("progress")
                .global(true)
                .action(ArgAction::SetTrue)
                .help("Print a progress line every few seconds on standard error, also when it is not a terminal."),
        )
        .after_help("Example: panicpress tp-hunt --seed 42 (see panicpress GAME --help for each game)");
    for game in crate::games::all() {
        cmd = cmd.subcommand(game_command(*game));
    }
    let names: Vec<&'static str> = crate::games::all().iter().map(|g| g.name()).collect();
    let mut validate = Command::new("validate")
        .about("Run a game's rule engine on a layout file (JSON) and list what breaks the rules.")
        .subcommand_required(true)
        .after_help("Example: panicpress validate tp-hunt map.json");
    for game in crate::games::all() {
        let one = Command::new(game.name())
            .about(format!(
                "Check a {} layout (settings from its code unless given).",
                game.title()
            ))
            .arg(
                Arg::new("file")
                    .required(true)
                    .value_name("FILE")
                    .value_parser(clap::value_parser!(PathBuf))
                    .help("The layout as JSON ('-' for standard input)."),
            )
            .after_help(format!(
                "Example: panicpress {} --seed 42 --format json -o layout.json && panicpress validate {} layout.json",
                game.name(),
                game.name()
            ));
        let all: Vec<&str> = game.settings().iter().map(|s| s.name).collect();
        validate = validate.subcommand(
            setting_args(one, game.settings(), &all)
                .arg(lang_arg("Language of the verdict and of error messages [default: en].")),
        );
    }
    cmd.subcommand(
        pack_setting_args(PackArgs::augment_args(Command::new("pack")))
            .about("A class pack: one unique, named set of sheets per student, with a teacher key.")
            .after_help("Example: panicpress pack --game tp-hunt --roster examples/class.csv --seed \"5B spring\""),
    )
    .subcommand(validate)
    .subcommand(
        RegenArgs::augment_args(Command::new("regen"))
            .about("Make again exactly the sheet a printed sheet code names.")
            .after_help("Example: panicpress regen \"tp-hunt:1:g12-s12-a10-d7-p4:a4:default:42\""),
    )
    .subcommand(
        Command::new("rules")
            .about("List the rules a game's engine checks (fairness rules can be switched off).")
            .arg(Arg::new("game").required(true).value_parser(PossibleValuesParser::new(names)))
            .arg(lang_arg("Language of the list and of error messages [default: en]."))
            .after_help("Example: panicpress rules panic-buy"),
    )
    .subcommand(
        CompletionsArgs::augment_args(Command::new("completions"))
            .about("Print a shell completion script (bash, zsh, fish, powershell, elvish).")
            .after_help(
                "Example: mkdir -p ~/.local/share/bash-completion/completions && panicpress completions bash > ~/.local/share/bash-completion/completions/panicpress",
            ),
    )
    .subcommand(
        Command::new("serve")
            .about("Serve the whole tool as a web page on this computer (127.0.0.1), for any browser.")
            .arg(
                Arg::new("port")
                    .long("port")
                    .value_name("N")
                    .default_value("8080")
                    .value_parser(clap::value_parser!(u16).range(1..))
                    .help("Port to listen on."),
            )
            .arg(
                Arg::new("bind")
                    .long("bind")
                    .value_name("ADDR")
                    .default_value("127.0.0.1")
                    .help("Address to listen on: 0.0.0.0 lets every computer on the network use the page (see GUIDE.md)."),
            )
            .arg(
                Arg::new("open")
                    .long("open")
                    .action(ArgAction::SetTrue)
                    .help("Open the page in the default browser."),
            )
            .arg(lang_arg("Language of the lines the server prints here [default: en]; the page has its own choice."))
            .after_help("Example: panicpress serve --open"),
    )
    .subcommand(
        Command::new("man")
            .about("Print the manual page (roff), or with --dir write a page for every command into a folder.")
            .arg(
                Arg::new("dir")
                    .long("dir")
                    .value_name("DIR")
                    .value_parser(clap::value_parser!(PathBuf))
                    .help("Write panicpress.1 and a page for every subcommand (panicpress-tp-hunt.1, ...) into DIR, made if missing."),
            )
            .after_help("Example: panicpress man --dir man && man ./man/panicpress-tp-hunt.1"),
    )
}

/// Every game's settings as flags of `pack`, for a one-game pack
/// (`pack --game panic-buy --mode hoard`): read by the chosen game's
/// contract when the pack is asked for, as a pack-file entry's are.
fn pack_setting_args(mut cmd: Command) -> Command {
    for s in pack_settings() {
        let arg = Arg::new(s.name).long(s.name).help(format!(
            "With --game: the game's '{}' setting (see panicpress GAME --help).",
            s.name
        ));
        cmd = cmd.arg(match s.kind {
            Kind::Names { .. } => arg.value_name("VALUE").action(ArgAction::Append),
            Kind::Flag => arg.action(ArgAction::SetTrue),
            _ => arg.value_name("VALUE"),
        });
    }
    cmd
}

/// The settings of every game, each name once, as `pack` takes them as
/// flags (`--players` is the pack's own).
fn pack_settings() -> Vec<&'static Setting> {
    let mut out: Vec<&'static Setting> = Vec::new();
    for game in crate::games::all() {
        for s in game.settings() {
            if s.name != "players" && !out.iter().any(|o| o.name == s.name) {
                out.push(s);
            }
        }
    }
    out
}

/// Each of `settings` given on the command line, with the text it was
/// given as (a repeated flag once for each).
fn given<'a>(m: &ArgMatches, settings: &[&'a Setting]) -> Vec<(&'a Setting, String)> {
    let mut out = Vec::new();
    for s in settings {
        if let Kind::Flag = s.kind {
            if m.try_get_one::<bool>(s.name).ok().flatten() == Some(&true) {
                out.push((*s, "true".to_string()));
            }
            continue;
        }
        if let Ok(Some(texts)) = m.try_get_many::<String>(s.name) {
            out.extend(texts.map(|t| (*s, t.clone())));
        }
    }
    out
}

/// The text a setting's flag stands for, as the game's contract reads it:
/// a file setting's flag names its file, read here.
fn setting_text(setting: &Setting, given: &str) -> Result<String> {
    match setting.kind {
        Kind::File => crate::config::read_file(Path::new(given)).map_err(|e| e.at(setting.name)),
        _ => Ok(given.to_string()),
    }
}

/// A game's subcommand: the common options, its settings, its actions.
fn game_command(game: &'static dyn Game) -> Command {
    let sheets = game.sheet_kinds().join(",");
    let defaults = game.default_sheets().join(",");
    let cmd = Command::new(game.name())
        .about(game.about())
        .args_conflicts_with_subcommands(true)
        .after_help(format!("Example: panicpress {}", game.example()))
        .arg(
            Arg::new("seed")
                .long("seed")
                .value_name("TEXT")
                .help("Any text or number, with no space at either end; without it a random seed is chosen and printed."),
        )
        .arg(
            Arg::new("count")
                .long("count")
                .value_name("N")
                .help(format!(
                    "How many different layouts (seeds derived from --seed), each with its sheets [1 to {}; default: 1]",
                    crate::game::MAX_COUNT
                )),
        )
        .arg(
            Arg::new("paper")
                .long("paper")
                .value_name("NAME")
                .value_parser(Listed(crate::game::PAPERS))
                .help("Paper size [default: a4]"),
        )
        .arg(Arg::new("sheets").long("sheets").value_name("LIST").help(format!(
            "Which sheets, comma-separated, or 'all' [possible values: {sheets}] [default: {defaults}]"
        )))
        .arg(
            Arg::new("per-page")
                .long("per-page")
                .value_name("N")
                .help("Print small sheets (trackers, score pads, cards) 2 or 4 to a page [default: 1]"),
        )
        .arg(
            Arg::new("large-print")
                .long("large-print")
                .action(clap::ArgAction::SetTrue)
                .help("Large print: text at least 14 pt, boxes to write in at least 12 mm, heavier lines, hatching instead of grey; the same game, on more pages where it must"),
        )
        .arg(
            Arg::new("config")
                .long("config")
                .value_name("FILE")
                .value_parser(clap::value_parser!(PathBuf))
                .help("TOML file with any of these settings, as seed = ..., players = ... (flags win over the file)."),
        );
    let all: Vec<&str> = game.settings().iter().map(|s| s.name).collect();
    // Added last: the arguments' own derive would otherwise name the command.
    let cmd = OutputArgs::augment_args(setting_args(cmd, game.settings(), &all)).about(game.about());
    game.actions()
        .iter()
        .fold(cmd, |cmd, action| cmd.subcommand(action_command(game, action)))
}

/// A game action's subcommand: the game's settings it takes, its own
/// inputs, and `--json`.
fn action_command(game: &dyn Game, action: &Action) -> Command {
    let takes = action.takes(game);
    let mut cmd = Command::new(action.name).about(action.about).after_help(format!(
        "Example: panicpress {} {}",
        game.name(),
        action.example
    ));
    if let Some(name) = action.positional {
        let help = takes.iter().find(|s| s.name == name).map_or("", |s| s.help);
        cmd = cmd.arg(Arg::new(name).required(true).value_name(name).help(help));
    }
    let flags: Vec<&str> = takes
        .iter()
        .map(|s| s.name)
        .filter(|n| Some(*n) != action.positional)
        .collect();
    let settings: Vec<Setting> = takes.iter().map(|s| **s).collect();
    setting_args(cmd, &settings, &flags)
        .arg(
            Arg::new("json")
                .long("json")
                .action(ArgAction::SetTrue)
                .help("Print the result as JSON."),
        )
        .arg(lang_arg("Language of the report and of error messages [default: en]."))
}

/// Adds the named settings as flags, with their limits, allowed values and
/// defaults in the help. A flag takes any text: the game's contract reads
/// and checks it, as it does a form field's.
pub(crate) fn setting_args(mut cmd: Command, settings: &[Setting], names: &[&str]) -> Command {
    for s in settings.iter().filter(|s| names.contains(&s.name)) {
        let default = match s.default {
            "" => String::new(),
            d => format!(" [default: {d}]"),
        };
        let arg = Arg::new(s.name).long(s.name);
        let arg = match s.kind {
            Kind::Number { min, max } => arg
                .value_name("N")
                .help(format!("{} [{min} to {max}]{default}", s.help)),
            Kind::Choice { values } => arg
                .value_name("NAME")
                .value_parser(Listed(values))
                .help(format!("{}{default}", s.help)),
            Kind::Names { values } => arg
                .value_name("NAME")
                .action(ArgAction::Append)
                .value_parser(Listed(values))
                .help(format!(
                    "{} Several: repeat the flag, or join with ','.{default}",
                    s.help
                )),
            Kind::File => arg
                .value_name("FILE")
                .value_hint(clap::ValueHint::FilePath)
                .help(format!(
                    "{} Given as a TOML file, or as a table in a settings file.{default}",
                    s.help
                )),
            Kind::Text => arg.value_name("TEXT").help(format!("{}{default}", s.help)),
            Kind::Flag => arg.action(ArgAction::SetTrue).help(s.help),
        };
        cmd = cmd.arg(arg);
    }
    cmd
}

/// Any text, its allowed values listed for the help and for shell
/// completion only: what is given is checked where every door's is.
#[derive(Clone)]
struct Listed(&'static [&'static str]);

impl TypedValueParser for Listed {
    type Value = String;

    fn parse_ref(&self, cmd: &Command, arg: Option<&Arg>, value: &std::ffi::OsStr) -> clap::error::Result<String> {
        clap::builder::StringValueParser::new().parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(self.0.iter().map(|v| PossibleValue::new(*v))))
    }
}

/// The game's settings given on the command line (those the command has),
/// read by the game's contract as any door's are.
pub fn values(matches: &ArgMatches, game: &dyn Game) -> Result<Values> {
    let settings: Vec<&Setting> = game.settings().iter().collect();
    values_of(matches, &settings)
}

/// The values of `settings` given on the command line (those the command has).
fn values_of(matches: &ArgMatches, settings: &[&Setting]) -> Result<Values> {
    let mut out = Values::default();
    for (setting, text) in given(matches, settings) {
        out.give(setting, &setting_text(setting, &text)?)?;
    }
    Ok(out)
}

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete in.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// Output options shared by every command that writes sheets.
#[derive(Debug, Args, Default, Clone)]
pub struct OutputArgs {
    /// pdf (default), json (the layout), text (a terminal preview), or svg / png
    /// (one file per page: NAME-001.svg, NAME-002.svg, ...).
    #[arg(long, value_name = "FORMAT", value_parser = Listed(crate::jobs::Format::NAMES))]
    pub format: Option<String>,
    /// Resolution of --format png, 10 to 600 dots per inch.
    // Its limits are checked with the other settings (`run::write_game`),
    // so a value out of them is refused in the catalogues' words.
    #[arg(long, value_name = "N", default_value_t = 96, value_parser = clap::value_parser!(u32))]
    pub dpi: u32,
    /// Where to write; '-' for standard output. Default: output/GAME-SEED.EXT.
    #[arg(short = 'o', long = "output", value_name = "PATH")]
    pub output: Option<PathBuf>,
    #[command(flatten)]
    pub text: TextArgs,
}

/// Arguments clap could not read, said as a message of the catalogues:
/// by the kind of problem and the argument, value and names clap gives as
/// data. Only clap's own words for a rarer problem are carried as given.
pub fn arguments_refused(e: &clap::Error) -> Msg {
    use clap::error::{ContextKind as C, ContextValue as V, ErrorKind as K};
    let text = |kind: C| match e.get(kind) {
        Some(V::String(s)) => Some(s.clone()),
        Some(V::Strings(list)) if !list.is_empty() => Some(list.join(", ")),
        _ => None,
    };
    let quoted = |kind: C| text(kind).map(|t| crate::error::quote(&t)).unwrap_or_default();
    let arg = quoted(C::InvalidArg);
    let near = [C::SuggestedValue, C::SuggestedArg, C::SuggestedSubcommand]
        .into_iter()
        .find_map(|kind| match e.get(kind) {
            Some(V::String(s)) => Some(s.clone()),
            Some(V::Strings(list)) => list.first().cloned(),
            _ => None,
        });
    let refused = match e.kind() {
        K::InvalidValue if text(C::InvalidValue).is_none_or(|v| v.is_empty()) => {
            msg!("cli.value_required", arg = arg)
        }
        K::InvalidValue => {
            let value = quoted(C::InvalidValue);
            match text(C::ValidValue) {
                Some(choices) => msg!("cli.invalid_choice", value = value, arg = arg, choices = choices),
                None => msg!("cli.invalid_value", value = value, arg = arg, why = msg!("empty")),
            }
        }
        K::ValueValidation => {
            let value = quoted(C::InvalidValue);
            msg!("cli.invalid_value", value = value, arg = arg, why = value_refused(e))
        }
        K::UnknownArgument => msg!("cli.unexpected", arg = arg),
        K::ArgumentConflict if text(C::PriorArg) == text(C::InvalidArg) => msg!("cli.twice", arg = arg),
        K::ArgumentConflict => msg!("cli.conflict", arg = arg, other = quoted(C::PriorArg)),
        K::MissingRequiredArgument => msg!("cli.missing", args = text(C::InvalidArg).unwrap_or_default()),
        K::InvalidSubcommand => msg!("cli.unknown_command", name = quoted(C::InvalidSubcommand)),
        K::InvalidUtf8 => msg!("cli.not_utf8"),
        _ => {
            // clap's first line, without its `error: `.
            let rendered = e.render().to_string();
            let first = rendered.lines().next().unwrap_or("");
            msg!(
                "word",
                word = first.strip_prefix("error: ").unwrap_or(first).to_string()
            )
        }
    };
    let refused = match near {
        Some(near) => msg!("cli.did_you_mean", message = refused, near = crate::error::quote(&near)),
        None => refused,
    };
    msg!("cli.see_help", message = refused)
}

/// Why a value did not parse, by the number parser's kind of error; any
/// other parser's reason in its own words, carried as given.
fn value_refused(e: &clap::Error) -> Msg {
    use std::num::IntErrorKind;
    let source = std::error::Error::source(e);
    match source
        .and_then(|s| s.downcast_ref::<std::num::ParseIntError>())
        .map(|p| p.kind())
    {
        Some(IntErrorKind::PosOverflow) => msg!("cli.number_too_large"),
        Some(IntErrorKind::NegOverflow) => msg!("cli.number_too_small"),
        Some(_) => msg!("cli.not_a_number"),
        None => {
            let why = source.map(|s| s.to_string()).unwrap_or_default();
            msg!("cli.because", why = why)
        }
    }
}

/// `--lang` as the printed texts take it, with its own help.
fn lang_arg(help: &'static str) -> Arg {
    TextArgs::augment_args(Command::new("text"))
        .get_arguments()
        .find(|a| a.get_id() == "lang")
        .cloned()
        .expect("TextArgs declares --lang")
        .help(help)
}

/// Where the printed words come from: shared by games and packs.
#[derive(Debug, Args, Default, Clone)]
pub struct TextArgs {
    /// Folder of .tera files replacing the built-in texts of the same name.
    #[arg(long, value_name = "DIR")]
    pub templates: Option<PathBuf>,
    /// A TrueType or OpenType font file for characters the built-in fonts
    /// lack (names in other scripts); only the glyphs used are embedded.
    #[arg(long, value_name = "FILE")]
    pub font: Option<PathBuf>,
    /// Language of the printed texts [default: en].
    // Any text, so that an unknown language is refused in the same words
    // as on the web page (see `run::language`).
    #[arg(long, value_name = "LANG", ignore_case = true,
        value_parser = Listed(crate::text::LANGUAGES).map(|v| v.to_lowercase()))]
    pub lang: Option<String>,
}

#[derive(Debug, Args)]
pub struct PackArgs {
    /// A pack file (TOML) listing the games, sheets and settings; see GUIDE.md.
    pub file: Option<PathBuf>,
    /// The game, for a one-game pack without a pack file.
    #[arg(long)]
    pub game: Option<String>,
    /// Class list: a .csv with a 'name' column, or one name per line.
    #[arg(long, value_name = "FILE")]
    pub roster: Option<PathBuf>,
    /// Numbered sets instead of a roster.
    #[arg(long, value_name = "N")]
    pub count: Option<String>,
    /// The pack's seed; every student's seed is made from it and their name.
    #[arg(long)]
    pub seed: Option<String>,
    /// Which sheets each student gets (the game's names, comma-separated).
    #[arg(long)]
    pub sheets: Option<String>,
    /// Players setting of the game (e.g. the trackers on a TP Hunt sheet).
    #[arg(long, value_name = "N")]
    pub players: Option<String>,
    /// a4 (default) or letter.
    #[arg(long)]
    pub paper: Option<String>,
    /// A date to print on the teacher key (none unless given).
    #[arg(long)]
    pub date: Option<String>,
    /// Print small sheets (trackers, score pads, cards) 2 or 4 to a page.
    #[arg(long = "per-page", value_name = "N")]
    pub per_page: Option<String>,
    /// Large print: text at least 14 pt, boxes to write in at least 12 mm.
    #[arg(long = "large-print")]
    pub large_print: bool,
    /// One PDF per student in the folder given by -o (default output/pack-SEED/).
    #[arg(long)]
    pub split: bool,
    /// Deal each table the game its seed makes, however far apart their
    /// difficulty; without it every table's game is chosen from one band of
    /// its level (Particle Panic: the steady player's wins within 20 points).
    #[arg(long)]
    pub spread: bool,
    /// With --game: 'table' (default) prints a set for each table of
    /// students, shared sheets once and each student's own sheet with their
    /// name; 'student' a whole take-home set for each student.
    #[arg(long, value_name = "WHO", value_parser = Listed(&["table", "student"]))]
    pub per: Option<String>,
    /// Students at a table, with --per table [default: the game's usual group]; the
    /// rest of the class is spread so that every table can play.
    #[arg(long = "table-size", value_name = "N")]
    pub table_size: Option<String>,
    #[command(flatten)]
    pub out: PackOutputArgs,
}

/// What a pack can be written as.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PackFormat {
    /// One PDF: the teacher key, then every student's sheets.
    Pdf,
    /// The manifest: every student's name, code and layout.
    Json,
}

/// Output options of a pack.
#[derive(Debug, Args, Default, Clone)]
pub struct PackOutputArgs {
    /// pdf (default) or json (the manifest).
    #[arg(long, value_enum)]
    pub format: Option<PackFormat>,
    /// Where to write; '-' for standard output. Default: output/pack-SEED.pdf (or .json),
    /// the games and what differs from their defaults added after the seed.
    #[arg(short = 'o', long = "output", value_name = "PATH")]
    pub output: Option<PathBuf>,
    #[command(flatten)]
    pub text: TextArgs,
}

impl TextArgs {
    fn options(&self) -> crate::jobs::TextOptions {
        crate::jobs::TextOptions {
            lang: self.lang.clone(),
            templates: self.templates.clone(),
            font: self.font.clone(),
        }
    }
}

#[derive(Debug, Args)]
pub struct RegenArgs {
    /// The sheet code printed in a sheet's footer.
    pub code: String,
    /// A student's name to print on every page, as in a class pack.
    #[arg(long)]
    pub name: Option<String>,
    /// Only these sheets of the set the code names (comma-separated); every
    /// page still carries the set's code.
    #[arg(long)]
    pub sheets: Option<String>,
    /// Large print: text at least 14 pt, boxes to write in at least 12 mm.
    #[arg(long = "large-print")]
    pub large_print: bool,
    #[command(flatten)]
    pub out: OutputArgs,
}
