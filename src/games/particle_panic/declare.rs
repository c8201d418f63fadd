//! Particle Panic as the registry sees it: its settings, its request (a deal
//! rated once and kept), validation and rules, and `simulate`.

use std::sync::{Arc, OnceLock};

use super::sheets::SheetKind;
use super::{
    DEFAULT_LEVEL, DEFAULT_SIMULATIONS, Difficulty, GAME, Level, MAX_SIMULATIONS, PLAYER_RANGE, Params, RatedDeal,
    Request, VARIANTS,
};
use crate::error::{Error, Result};
use crate::msg;
use crate::game::{Action, Common, Declaration, Kind, Report, RuleLine, Sample, Setting, Values, Verdict};
use crate::seed::{Seed, SheetCode};
use crate::sheet::{DocumentInfo, Page, Paper};
use crate::text::Texts;

pub struct ParticlePanic;

const SETTINGS: &[Setting] = &[
    Setting {
        name: "players",
        kind: Kind::Number {
            min: PLAYER_RANGE.0 as i64,
            max: PLAYER_RANGE.1 as i64,
        },
        default: "2",
        help: "How many play together.",
        sets: &[],
    },
    Setting {
        name: "level",
        kind: Kind::Choice { values: Level::NAMES },
        default: "normal",
        help: "Easy, normal or hard: house rules chosen by simulation so that a strong and a steady player (simple rules of thumb) average about 65%, 40% or 20% (the rules card says each level's figures); as written: the game as the text has it, near-unwinnable.",
        sets: &[],
    },
    Setting {
        name: "variant",
        kind: Kind::Names { values: VARIANTS },
        default: "standard",
        help: "The standard game when none is chosen; a fifth suit of 26 ★ cards (five-codes); collecting costs an action (collect-as-action).",
        sets: &[],
    },
    Setting {
        name: "simulations",
        kind: Kind::Number {
            min: 1,
            max: MAX_SIMULATIONS as i64,
        },
        default: "2000",
        help: "The deal is played this many times by the computer to rate how hard it is. More is slower and more exact.",
        sets: &[],
    },
    Setting {
        name: "difficulty",
        kind: Kind::Choice {
            values: &["easy", "normal", "hard"],
        },
        default: "",
        help: "Not the level: among the deals of the chosen level, pick one that plays easier or harder than most of them (the deal's seed goes in the code).",
        sets: &[],
    },
];

/// Deal settings from the values given.
fn params(values: &Values) -> Result<Params> {
    let variant = values.names_of("variant").join(",");
    let (five_codes, collect_as_action) = super::parse_variant(if variant.is_empty() { "standard" } else { &variant })?;
    let level = values
        .text("level")
        .map(Level::parse)
        .transpose()?
        .unwrap_or(DEFAULT_LEVEL);
    let players = values.number("players")?.unwrap_or(Params::default().players);
    let params = Params {
        five_codes,
        collect_as_action,
        simulations: values.number("simulations")?.unwrap_or(DEFAULT_SIMULATIONS),
        ..Params::at_level_deck(players, five_codes, level)
    };
    params.check()?;
    Ok(params)
}

/// A request and its deal, rated once when first asked for: rating plays
/// thousands of games.
struct Rated {
    request: Request,
    rated: OnceLock<Arc<RatedDeal>>,
}

impl Rated {
    fn new(request: Request) -> Rated {
        Rated {
            request,
            rated: OnceLock::new(),
        }
    }

    fn deal(&self) -> Result<Arc<RatedDeal>> {
        if let Some(rated) = self.rated.get() {
            return Ok(rated.clone());
        }
        let rated = Arc::new(self.request.deal()?);
        Ok(self.rated.get_or_init(|| rated).clone())
    }
}

impl crate::game::Request for Rated {
    fn game(&self) -> &'static str {
        GAME
    }
    fn seed(&self) -> &Seed {
        &self.request.seed
    }
    fn paper(&self) -> Paper {
        self.request.paper
    }
    fn style(&self) -> crate::sheet::Style {
        self.request.style
    }
    fn with_style(&self, style: crate::sheet::Style) -> Box<dyn crate::game::Request> {
        let other = Rated::new(Request {
            style,
            ..self.request.clone()
        });
        if let Some(rated) = self.rated.get() {
            let _ = other.rated.set(rated.clone());
        }
        Box::new(other)
    }
    fn default_settings(&self) -> String {
        Params::at_level(Params::default().players, DEFAULT_LEVEL).code()
    }
    fn simulated_games(&self) -> u64 {
        let one = u64::from(self.request.params.simulations);
        match self.request.difficulty {
            // A search rates candidate deals until one is in the band.
            Some(_) => one.max(super::MAX_SEARCH_GAMES),
            None => one,
        }
    }
    fn with_seed(&self, seed: Seed) -> Box<dyn crate::game::Request> {
        Box::new(Rated::new(Request {
            seed,
            ..self.request.clone()
        }))
    }
    fn sheet_names(&self) -> Vec<&'static str> {
        self.request.sheets.iter().map(|k| k.name()).collect()
    }
    fn with_sheets(&self, list: &str) -> Result<Box<dyn crate::game::Request>> {
        let other = Rated::new(Request {
            sheets: SheetKind::parse_list(list)?,
            code_sheets: Some(self.request.set().to_vec()),
            ..self.request.clone()
        });
        // The same deal: keep its rating.
        if let Some(rated) = self.rated.get() {
            let _ = other.rated.set(rated.clone());
        }
        Ok(Box::new(other))
    }
    fn with_paper(&self, paper: Paper) -> Box<dyn crate::game::Request> {
        let other = Rated::new(Request {
            paper,
            ..self.request.clone()
        });
        if let Some(rated) = self.rated.get() {
            let _ = other.rated.set(rated.clone());
        }
        Box::new(other)
    }
    fn with_seats(&self, seats: &crate::game::Seats) -> Box<dyn crate::game::Request> {
        let other = Rated::new(Request {
            seats: seats.clone(),
            ..self.request.clone()
        });
        if let Some(rated) = self.rated.get() {
            let _ = other.rated.set(rated.clone());
        }
        Box::new(other)
    }
    fn check(&self, texts: &Texts) -> Result<()> {
        self.request.check()?;
        self.request.texts(texts, &self.deal()?.rating).map(|_| ())
    }
    fn code(&self) -> Result<String> {
        let list = SheetKind::code_list(self.request.set());
        Ok(self.request.code(&self.deal()?.seed, &list).to_string())
    }
    fn layout_seed(&self) -> Result<Seed> {
        Ok(self.deal()?.seed.clone())
    }
    fn rating_note(&self, texts: &Texts) -> Option<String> {
        let rated = self.deal().ok()?;
        self.request.key_rating(texts, &rated.rating).ok()
    }
    /// The steady player's wins: usually the calibrated mean, over a band
    /// of 20 points or the middle half of the deals where that is narrower.
    /// A near-unwinnable game has none: its deals are all nearly lost.
    fn evenness(&self) -> Option<crate::game::Evenness> {
        let c = super::Calibration::of(&self.request.params).filter(|c| !c.near_unwinnable())?;
        Some(crate::game::Evenness {
            usual: c.mean,
            width: (c.q3 - c.q1).min(PACK_BAND),
        })
    }
    fn within(&self, low: f64, high: f64) -> Result<Box<dyn crate::game::Request>> {
        // In tenths of a percent, inside the band asked for.
        let (low, high) = ((low * 1000.0).ceil() as u16, (high * 1000.0).floor() as u16);
        Ok(Box::new(Rated::new(Request {
            difficulty: Some(Difficulty::Within { low, high }),
            ..self.request.clone()
        })))
    }
    fn json(&self) -> Result<String> {
        Ok(self.request.json(self.deal()?.as_ref()))
    }
    fn preview(&self, texts: &Texts) -> Result<String> {
        let rated = self.deal()?;
        let label = texts.labels("common", &tera::Context::new())?.get("code_label");
        Ok(format!(
            "{label}: {}\n{}",
            crate::game::Request::code(self)?,
            super::describe(&rated.deal, Some(&rated.rating))
        ))
    }
    fn pages(&self, texts: &Texts, emit: &mut dyn FnMut(Page) -> Result<()>) -> Result<DocumentInfo> {
        self.request.pages(self.deal()?.as_ref(), texts, emit)
    }
}

/// The widest spread of the steady player's wins over a class pack's
/// tables (RULES.md, "Every sheet").
pub const PACK_BAND: f64 = 0.20;

/// `particle-panic simulate`: a deal played many times.
const SIMULATE_INPUTS: &[Setting] = &[
    crate::game::SEED_INPUT,
    crate::game::games_input(MAX_SIMULATIONS, "2000", "Number of games."),
    Setting {
        name: "policy",
        kind: Kind::Choice {
            values: &["rating", "search"],
        },
        default: "rating",
        help: "Who plays: 'rating' (the steady player that rates deals: simple rules of thumb, quick) or 'search' (tries each choice out ahead: strong and slow).",
        sets: &[],
    },
    Setting {
        name: "rollouts",
        kind: Kind::Number { min: 1, max: 1000 },
        default: "16",
        help: "Games played out ahead for each choice, for the search player.",
        sets: &[],
    },
    Setting {
        name: "deals",
        kind: Kind::Text,
        default: "",
        help: "Rate a range of deals, seeds A to B (e.g. 0..49): one line (or JSON object) per deal.",
        sets: &[],
    },
];

const DECLARATION: Declaration = Declaration {
    name: GAME,
    title: "Particle Panic",
    version: super::VERSION,
    about: "Particle Panic (co-op cards): rated deals, deal records, a pencil board, a rules card.",
    example: "particle-panic --seed 7 --players 2 --level easy",
    settings: SETTINGS,
    players: Some("players"),
    sheets: SheetKind::NAMES,
    default_sheets: SheetKind::DEFAULT_NAMES,
    small_sheets: &["rules"],
    texts: game_texts!("particle-panic"),
    messages: &super::MESSAGES,
    samples: &[
        Sample {
            settings: &[("simulations", "50")],
            sheets: "record,board,stacks,rules",
        },
        Sample {
            settings: &[("players", "4"), ("variant", "five-codes"), ("simulations", "50")],
            sheets: "all",
        },
    ],
    large_print_sheets: SheetKind::NAMES,
    player_sheets: &[],
    pages_grow_with: &[],
    sheets_need: &[crate::game::SheetNeed {
        sheet: "stars",
        setting: "variant",
        value: "five-codes",
    }],
    actions: &[Action {
        name: "simulate",
        about: "Play a deal many times; report the win rate and why games are lost.",
        example: "simulate --policy search --players 2 --deals 0..9",
        settings: &["players", "level", "variant"],
        inputs: SIMULATE_INPUTS,
        positional: None,
        run: simulate,
        cost: simulate_cost,
    }],
};

impl crate::game::Game for ParticlePanic {
    fn declaration(&self) -> &'static Declaration {
        &DECLARATION
    }

    fn request(&self, common: &Common, values: &Values) -> Result<Box<dyn crate::game::Request>> {
        Ok(Box::new(Rated::new(Request {
            params: params(values)?,
            seed: common.seed.clone(),
            difficulty: values.text("difficulty").map(Difficulty::parse).transpose()?,
            paper: common.paper,
            style: common.style,
            version: super::VERSION,
            seats: Default::default(),
            sheets: match &common.sheets {
                Some(list) => SheetKind::parse_list(list)?,
                None => SheetKind::DEFAULT.to_vec(),
            },
            code_sheets: None,
        })))
    }

    fn request_for_code(&self, code: &SheetCode) -> Result<Box<dyn crate::game::Request>> {
        Ok(Box::new(Rated::new(Request::from_code(code)?)))
    }

    fn validate(&self, name: &str, text: &str, _values: &Values) -> Result<Verdict> {
        let with_file = |e: Error| e.within(name);
        let deal = super::parse_json(text).map_err(with_file)?;
        let params = deal.params().map_err(with_file)?;
        Ok(Verdict {
            broken: super::validate(&params, &deal.deal())
                .into_iter()
                .map(|v| (None, v))
                .collect(),
            legal: msg!(super::MESSAGES, "particle-panic.legal", name = name),
        })
    }

    fn rules(&self) -> Vec<RuleLine> {
        super::RULES
            .iter()
            .map(|(name, key)| RuleLine {
                name,
                what: super::MESSAGES.msg(key),
                kind: crate::msg!("rule.kind.game"),
            })
            .collect()
    }
}

fn simulate(values: &Values) -> Result<Report> {
    use super::engine;
    use super::policy::{RatingPolicy, SearchPlayer};
    let params = &params(values)?;
    let games = values.number::<u32>("games")?.unwrap_or(DEFAULT_SIMULATIONS);
    let search = values.text("policy") == Some("search");
    let rollouts = values
        .number::<u32>("rollouts")?
        .unwrap_or(super::policy::YARDSTICK_ROLLOUTS);
    let mut note = None;
    let seeds: Vec<Seed> = match values.text("deals") {
        None => {
            let (seed, random) = Seed::given_or_random(values.text("seed"))?;
            if random {
                note = Some(msg!("report.random_seed_deal", seed = seed.to_string()));
            }
            vec![seed]
        }
        Some(range) => deal_range(range)?,
    };
    let policy = if search { "search" } else { "rating" };
    let progress = crate::progress::bar(seeds.len() as u64, msg!(super::MESSAGES, "particle-panic.progress.deals"));
    let mut lines = Vec::new();
    let mut items = Vec::new();
    for seed in &seeds {
        progress.inc(1);
        let deal = super::generate(params, seed);
        let r = if search {
            engine::rate_with(params, &deal, seed, games, |g| SearchPlayer {
                rollouts,
                rng: engine::rollout_rng(seed, g as u64),
            })
        } else {
            engine::rate_with(params, &deal, seed, games, |_| RatingPolicy)
        };
        // The rating in player words, for the rating policy (the bands are its).
        let band = super::Difficulty::of(params, r.win_rate);
        let near_unwinnable = super::Calibration::of(params).is_some_and(|c| c.near_unwinnable());
        let difficulty = match (search, band) {
            (true, _) => None,
            (_, Some(band)) => Some(band.name().to_string()),
            (_, None) if near_unwinnable => Some("near-unwinnable".to_string()),
            (_, None) => None,
        };
        items.push(serde_json::json!({
            "seed": seed.text(),
            "players": params.players,
            "level": params.level.name(),
            "rules": params.rules().to_string(),
            "variant": params.variant(),
            "policy": policy,
            "games": r.games,
            "wins": r.wins,
            "win_rate": r.win_rate,
            "error": r.error(),
            "losses": r.losses,
            // RULES.md, the whole board is played: wins drawing every card
            // from one stack, and how often cards come from elsewhere.
            "one_stack_wins": r.one_stack_wins,
            "off_start_collections_per_game": r.off_start_collections as f64 / f64::from(r.games.max(1)),
            "difficulty": difficulty,
        }));
        let dec = crate::message::dec;
        let policy_words = if search {
            msg!(super::MESSAGES, "particle-panic.policy.search")
        } else {
            msg!(super::MESSAGES, "particle-panic.policy.rating")
        };
        let difficulty_words = difficulty.as_deref().map(|d| match d {
            "easy" => msg!(super::MESSAGES, "particle-panic.difficulty.easy"),
            "normal" => msg!(super::MESSAGES, "particle-panic.difficulty.normal"),
            "hard" => msg!(super::MESSAGES, "particle-panic.difficulty.hard"),
            _ => msg!(super::MESSAGES, "particle-panic.difficulty.near-unwinnable"),
        });
        if seeds.len() > 1 {
            lines.push(msg!(
                super::MESSAGES, "particle-panic.report.deal_line",
                seed = seed.to_string(),
                policy = policy_words,
                share = dec(100.0 * r.win_rate, 2),
                se = dec(100.0 * r.error(), 2),
                games = r.games,
                difficulty = difficulty_words.map_or(msg!("empty"), |d| msg!(super::MESSAGES, "particle-panic.report.band", band = d)),
            ));
            continue;
        }
        let share = |n: u32| msg!("report.share_of", share = dec(100.0 * n as f64 / r.games as f64, 1), n = n);
        lines.push(msg!(
            super::MESSAGES, "particle-panic.report.deal",
            seed = seed.to_string(),
            players = params.players,
            variant = params.variant(),
            level = params.level.name(),
            rules = params.rules().to_string(),
            policy = policy_words,
        ));
        lines.push(msg!("report.games", games = r.games));
        lines.push(msg!(
            super::MESSAGES, "particle-panic.report.won",
            share = share(r.wins),
            se = dec(100.0 * r.error(), 1)
        ));
        lines.push(msg!(
            super::MESSAGES, "particle-panic.report.one_stack",
            one_stack = r.one_stack_wins,
            wins = r.wins,
            off_start = dec(r.off_start_collections as f64 / f64::from(r.games.max(1)), 1)
        ));
        lines.push(msg!(super::MESSAGES, "particle-panic.report.lost_board_full", share = share(r.losses.no_room)));
        lines.push(msg!(super::MESSAGES, "particle-panic.report.lost_hand_limit", share = share(r.losses.hand_limit_zero)));
        lines.push(msg!(super::MESSAGES, "particle-panic.report.lost_empty_stack", share = share(r.losses.empty_stack)));
        if r.losses.turn_limit > 0 {
            lines.push(msg!(
                super::MESSAGES, "particle-panic.report.stopped",
                turns = engine::TURN_LIMIT,
                share = share(r.losses.turn_limit)
            ));
        }
        if let Some(d) = difficulty_words {
            lines.push(msg!(super::MESSAGES, "particle-panic.report.difficulty", band = d));
            if near_unwinnable && let Some(row) = super::levels::LevelRow::of(params.players, false, DEFAULT_LEVEL) {
                lines.push(msg!(
                    super::MESSAGES, "particle-panic.report.normal_wins",
                    share = dec(100.0 * row.search, 0),
                    deals = super::levels::LEVEL_SEARCH_DEALS
                ));
            }
        }
    }
    progress.finish_and_clear();
    let json = match <[serde_json::Value; 1]>::try_from(items) {
        Ok([one]) => one,
        Err(many) => serde_json::Value::Array(many),
    };
    Ok(Report { lines, json, note })
}

/// The seeds of `A..B`, at most 10,000 of them.
fn deal_range(range: &str) -> Result<Vec<Seed>> {
    let bad = || {
        Error::setting_msg(
            "deals",
            msg!(super::MESSAGES, "particle-panic.deals.form", range = crate::error::quote(range)),
        )
    };
    let (a, b) = range.split_once("..").ok_or_else(bad)?;
    let (a, b): (u64, u64) = (
        a.trim().parse().map_err(|_| bad())?,
        b.trim().parse().map_err(|_| bad())?,
    );
    if a > b || b - a >= 10_000 {
        return Err(Error::setting_msg(
            "deals",
            msg!(
                super::MESSAGES,
                "particle-panic.deals.order",
                range = crate::error::quote(range),
                most = crate::message::big(10_000)
            ),
        ));
    }
    Ok((a..=b)
        .map(|n| Seed::new(&n.to_string()))
        .collect::<std::result::Result<_, _>>()?)
}

/// Games times deals; the search player tries every choice out ahead.
fn simulate_cost(values: &Values) -> u64 {
    let games = values
        .number::<u64>("games")
        .ok()
        .flatten()
        .unwrap_or(DEFAULT_SIMULATIONS.into());
    let deals = values
        .text("deals")
        .map_or(Ok(1), |range| deal_range(range).map(|d| d.len() as u64))
        .unwrap_or(1);
    let per_game = match values.text("policy") {
        Some("search") => values
            .number::<u64>("rollouts")
            .ok()
            .flatten()
            .unwrap_or(16)
            .saturating_mul(20),
        _ => 1,
    };
    games.saturating_mul(deals).saturating_mul(per_game)
}
