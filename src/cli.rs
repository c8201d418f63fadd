//! The command line, exactly as typed; merging with config files and checking
//! happen in `config`.

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

#[derive(Debug, Parser)]
#[command(
    name = "panicpress",
    version,
    about = "Print-ready, rule-checked sheets for pandemic-era paper games"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// TP Hunt (roll-and-write): neighbourhood maps, trackers, score pads, dice tapes.
    #[command(name = "tp-hunt")]
    TpHunt(TpHuntArgs),
    /// Particle Panic (co-op cards): rated deals, deal records, a pencil board, a rules card.
    #[command(name = "particle-panic", args_conflicts_with_subcommands = true)]
    ParticlePanic(ParticlePanicArgs),
    /// Panic Buy (board game): generated boards, player cards, Sneezes, counters, tokens.
    #[command(name = "panic-buy", args_conflicts_with_subcommands = true)]
    PanicBuy(PanicBuyArgs),
    /// PPE: The Game (dice): cube nets, score pad, reference card with exact odds.
    #[command(name = "ppe", args_conflicts_with_subcommands = true)]
    Ppe(PpeArgs),
    /// A class pack: one unique, named set of sheets per student, with a teacher key.
    Pack(PackArgs),
    /// Run a game's rule engine on a layout file (JSON) and list what breaks the rules.
    Validate(ValidateArgs),
    /// Make again exactly the sheet a printed sheet code names.
    Regen(RegenArgs),
    /// List the rules a game's engine checks (fairness rules can be switched off).
    Rules(RulesArgs),
    /// Print a shell completion script: panicpress completions bash > ~/.local/share/bash-completion/completions/panicpress
    Completions(CompletionsArgs),
    /// Print the manual page (roff): panicpress man > panicpress.1; man ./panicpress.1
    Man,
}

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete in.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Pdf,
    Json,
    Text,
    /// One SVG file per page.
    Svg,
    /// One PNG file per page, rendered from the SVG (`--dpi`).
    Png,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PolicyName {
    Rating,
    Search,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum GameName {
    #[value(name = "tp-hunt")]
    TpHunt,
    #[value(name = "particle-panic")]
    ParticlePanic,
    #[value(name = "panic-buy")]
    PanicBuy,
}

/// Output options shared by every command that writes sheets.
#[derive(Debug, Args, Default, Clone)]
pub struct OutputArgs {
    /// pdf (default), json (the layout), text (a terminal preview), or svg / png
    /// (one file per page: NAME-001.svg, NAME-002.svg, ...).
    #[arg(long, value_enum)]
    pub format: Option<Format>,
    /// Resolution of --format png, 10 to 600 dots per inch.
    #[arg(long, value_name = "N", default_value_t = 96, value_parser = clap::value_parser!(u32).range(10..=600))]
    pub dpi: u32,
    /// Where to write; '-' for standard output. Default: output/GAME-SEED.EXT.
    #[arg(short = 'o', long = "output", value_name = "PATH")]
    pub output: Option<PathBuf>,
    #[command(flatten)]
    pub text: TextArgs,
}

/// Where the printed words come from: shared by games and packs.
#[derive(Debug, Args, Default, Clone)]
pub struct TextArgs {
    /// Folder of .tera files replacing the built-in texts of the same name.
    #[arg(long, value_name = "DIR")]
    pub templates: Option<PathBuf>,
    /// Language of the printed texts.
    #[arg(long, value_name = "LANG")]
    pub lang: Option<String>,
}

/// The settings that shape a TP Hunt map.
#[derive(Debug, Args, Default, Clone)]
pub struct TpHuntMapArgs {
    /// Number of players, 2 to 6 (default 4).
    #[arg(long, value_name = "N")]
    pub players: Option<u16>,
    /// Stores on the map (default 12).
    #[arg(long, value_name = "N")]
    pub stores: Option<u16>,
    /// ATMs on the map (default 10).
    #[arg(long, value_name = "N")]
    pub atms: Option<u16>,
    /// Danger zones on the map (default 7).
    #[arg(long, value_name = "N")]
    pub dangers: Option<u16>,
    /// Grid size, 4 to 26 (default 12).
    #[arg(long, value_name = "N")]
    pub grid: Option<u16>,
    /// 'harder': 9 stores, 10 ATMs, 10 danger zones; 'standard': 12, 10, 7.
    #[arg(long, value_name = "NAME")]
    pub preset: Option<String>,
    /// Switch off a fairness rule by name (see 'panicpress rules tp-hunt'); repeatable.
    #[arg(long = "rule-off", value_name = "RULE")]
    pub rule_off: Vec<String>,
    /// TOML file with any of these settings (flags win over the file).
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct TpHuntArgs {
    /// Any text or number; without it a random seed is chosen and printed.
    #[arg(long)]
    pub seed: Option<String>,
    /// How many different maps (seeds derived from --seed), each with its sheets.
    #[arg(long, value_name = "N")]
    pub count: Option<usize>,
    /// a4 (default) or letter.
    #[arg(long)]
    pub paper: Option<String>,
    /// Which sheets, comma-separated: map,tracker,scorepad,rules,dice-tape (or 'all').
    #[arg(long)]
    pub sheets: Option<String>,
    #[command(flatten)]
    pub map: TpHuntMapArgs,
    #[command(flatten)]
    pub out: OutputArgs,
}

/// Settings that shape a Particle Panic deal.
#[derive(Debug, Args, Default, Clone)]
pub struct ParticlePanicDealArgs {
    /// Any text or number; without it a random seed is chosen and printed.
    #[arg(long)]
    pub seed: Option<String>,
    /// Number of players, 1 to 4 (default 2).
    #[arg(long, value_name = "N")]
    pub players: Option<u8>,
    /// 'standard' (two decks, four codes) or 'five-codes' (a fifth suit of 26 cards).
    #[arg(long, value_name = "NAME")]
    pub variant: Option<String>,
}

#[derive(Debug, Args)]
pub struct ParticlePanicArgs {
    #[command(subcommand)]
    pub action: Option<ParticlePanicAction>,
    #[command(flatten)]
    pub deal: ParticlePanicDealArgs,
    /// Simulated games behind the printed rating (default 2000).
    #[arg(long, value_name = "N")]
    pub simulations: Option<u32>,
    /// easy, normal or hard: pick a seeded deal whose rating is in that band.
    #[arg(long)]
    pub difficulty: Option<String>,
    /// a4 (default) or letter.
    #[arg(long)]
    pub paper: Option<String>,
    /// Which sheets, comma-separated: record,board,rules (or 'all').
    #[arg(long)]
    pub sheets: Option<String>,
    #[command(flatten)]
    pub out: OutputArgs,
}

#[derive(Debug, Subcommand)]
pub enum ParticlePanicAction {
    /// Play a deal many times with the policy; print the win rate and loss causes.
    Simulate(SimulateArgs),
}

#[derive(Debug, Args)]
pub struct SimulateArgs {
    #[command(flatten)]
    pub deal: ParticlePanicDealArgs,
    /// Number of games (default 2000).
    #[arg(long, value_name = "N")]
    pub games: Option<u32>,
    /// Who plays: 'rating' (the fast policy that rates deals) or 'search'
    /// (Monte-Carlo rollouts at every choice: strong and slow).
    #[arg(long, value_enum, default_value = "rating")]
    pub policy: PolicyName,
    /// Rollouts per action for --policy search.
    #[arg(long, value_name = "N", default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub rollouts: u32,
    /// Rate a range of deals, seeds A to B (e.g. 0..49): one line (or JSON object) per deal.
    #[arg(long, value_name = "A..B")]
    pub deals: Option<String>,
    /// Print the result as JSON.
    #[arg(long)]
    pub json: bool,
}

/// Settings that shape a Panic Buy board.
#[derive(Debug, Args, Default, Clone)]
pub struct PanicBuyBoardArgs {
    /// Any text or number; without it a random seed is chosen and printed.
    #[arg(long)]
    pub seed: Option<String>,
    /// Players: 2-4 in race mode (2 players play two counters each), 4 or 6 in hoard mode.
    #[arg(long, value_name = "N")]
    pub players: Option<u8>,
    /// race (default) or hoard (teams of 2).
    #[arg(long)]
    pub mode: Option<String>,
    /// Switch off a good-board rule by name (see 'panicpress rules panic-buy'); repeatable.
    #[arg(long = "rule-off", value_name = "RULE")]
    pub rule_off: Vec<String>,
    /// short, normal or long: keep a board whose simulated games run that long
    /// for the players and mode (default any usual length).
    #[arg(long)]
    pub length: Option<String>,
}

#[derive(Debug, Args)]
pub struct PanicBuyArgs {
    #[command(subcommand)]
    pub action: Option<PanicBuyAction>,
    #[command(flatten)]
    pub settings: PanicBuyBoardArgs,
    /// single (one landscape page, default) or tiled (two pages to glue together).
    #[arg(long)]
    pub board: Option<String>,
    /// How many different boards (seeds derived from --seed).
    #[arg(long, value_name = "N")]
    pub count: Option<usize>,
    /// a4 (default) or letter.
    #[arg(long)]
    pub paper: Option<String>,
    /// Which sheets, comma-separated: board,components,tally (or 'all').
    #[arg(long)]
    pub sheets: Option<String>,
    #[command(flatten)]
    pub out: OutputArgs,
}

#[derive(Debug, Subcommand)]
pub enum PanicBuyAction {
    /// Play whole games on the seed's board; print how long they run and who wins.
    /// The dice are seeded by the board, so the default number of games gives its printed rating.
    Simulate(PanicBuySimulateArgs),
}

#[derive(Debug, Args)]
pub struct PanicBuySimulateArgs {
    #[command(flatten)]
    pub settings: PanicBuyBoardArgs,
    /// Number of games (default as behind a board's printed rating: 300, or 600 for 2 players).
    #[arg(long, value_name = "N")]
    pub games: Option<u32>,
    /// Print the result as JSON.
    #[arg(long)]
    pub json: bool,
}

/// Settings that shape a set of PPE dice.
#[derive(Debug, Args, Default, Clone)]
pub struct PpeDiceArgs {
    /// Any text or number; without it a random seed is chosen and printed.
    #[arg(long)]
    pub seed: Option<String>,
    /// TOML file of face counts (face names as keys; 36 faces, at most 6 of each).
    #[arg(long, value_name = "FILE")]
    pub faces: Option<PathBuf>,
    /// TOML settings file: seed, players, target, paper, sheets and a [faces] table.
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct PpeArgs {
    #[command(subcommand)]
    pub action: Option<PpeAction>,
    #[command(flatten)]
    pub dice: PpeDiceArgs,
    /// Players on the score pad (default 4).
    #[arg(long, value_name = "N")]
    pub players: Option<u32>,
    /// Points to win: 19 (default), 190, 1900 ... (more rows on the score pad).
    #[arg(long, value_name = "N")]
    pub target: Option<u32>,
    /// a4 (default) or letter.
    #[arg(long)]
    pub paper: Option<String>,
    /// Which sheets, comma-separated: nets,scorepad,reference (or 'all').
    #[arg(long)]
    pub sheets: Option<String>,
    #[command(flatten)]
    pub out: OutputArgs,
}

#[derive(Debug, Subcommand)]
pub enum PpeAction {
    /// Score one roll, e.g. `ppe score virus,vaccine,mask,gloves,heroes,mask`.
    Score(PpeScoreArgs),
    /// Exact outcome counts over all 46,656 rolls of the seed's dice.
    Odds(PpeOddsArgs),
}

#[derive(Debug, Args)]
pub struct PpeScoreArgs {
    /// Six face names separated by commas.
    pub roll: String,
    /// Print the result as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct PpeOddsArgs {
    #[command(flatten)]
    pub dice: PpeDiceArgs,
    /// Print the result as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct PackArgs {
    /// A pack file (TOML) listing the games, sheets and settings; see README.
    pub file: Option<PathBuf>,
    /// The game, for a one-game pack without a pack file.
    #[arg(long)]
    pub game: Option<String>,
    /// Class list: a .csv with a 'name' column, or one name per line.
    #[arg(long, value_name = "FILE")]
    pub roster: Option<PathBuf>,
    /// Numbered sets instead of a roster.
    #[arg(long, value_name = "N")]
    pub count: Option<usize>,
    /// The pack's seed; every student's seed is made from it and their name.
    #[arg(long)]
    pub seed: Option<String>,
    /// Which sheets each student gets (the game's names, comma-separated).
    #[arg(long)]
    pub sheets: Option<String>,
    /// Players setting of the game (e.g. the trackers on a TP Hunt sheet).
    #[arg(long, value_name = "N")]
    pub players: Option<u32>,
    /// a4 (default) or letter.
    #[arg(long)]
    pub paper: Option<String>,
    /// A date to print on the teacher key (none unless given).
    #[arg(long)]
    pub date: Option<String>,
    /// Print small sheets (trackers, score pads, cards) 2 or 4 to a page.
    #[arg(long = "per-page", value_name = "N")]
    pub per_page: Option<usize>,
    /// One PDF per student in the folder given by -o (default output/pack-SEED/).
    #[arg(long)]
    pub split: bool,
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
    /// Where to write; '-' for standard output. Default: output/pack-SEED.pdf (or .json).
    #[arg(short = 'o', long = "output", value_name = "PATH")]
    pub output: Option<PathBuf>,
    #[command(flatten)]
    pub text: TextArgs,
}

impl PackOutputArgs {
    /// The same options as a game's, for the code shared with them.
    pub fn general(&self) -> OutputArgs {
        OutputArgs {
            format: self.format.map(|f| match f {
                PackFormat::Pdf => Format::Pdf,
                PackFormat::Json => Format::Json,
            }),
            output: self.output.clone(),
            text: self.text.clone(),
            dpi: 96,
        }
    }
}

#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// The game whose rules to apply.
    #[arg(value_enum)]
    pub game: GameName,
    /// The layout as JSON ('-' for standard input).
    pub file: PathBuf,
    #[command(flatten)]
    pub map: TpHuntMapArgs,
}

#[derive(Debug, Args)]
pub struct RegenArgs {
    /// The sheet code printed in a sheet's footer.
    pub code: String,
    /// A student's name to print on every page, as in a class pack.
    #[arg(long)]
    pub name: Option<String>,
    #[command(flatten)]
    pub out: OutputArgs,
}

#[derive(Debug, Args)]
pub struct RulesArgs {
    #[arg(value_enum)]
    pub game: GameName,
}
