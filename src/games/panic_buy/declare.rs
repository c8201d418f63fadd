//! Panic Buy as the registry sees it: its settings, its request, validation
//! and rules behind the common game interface, and `simulate`.

use super::sheets::{BoardLayout, SheetKind};
use super::{GAME, GoodRule, Length, Mode, Params, Request};
use crate::error::{Error, Result};
use crate::msg;
use crate::game::{Action, Common, Declaration, Kind, Report, RuleLine, Sample, Setting, Values, Verdict};
use crate::seed::{Seed, SheetCode};
use crate::sheet::{DocumentInfo, Page, Paper};
use crate::text::Texts;

pub struct PanicBuy;

/// The good-board rules, the ones `--rule-off` takes: the engine's names.
const GOOD_RULES: [&str; GoodRule::ALL.len()] = {
    let mut names = [""; GoodRule::ALL.len()];
    let mut i = 0;
    while i < names.len() {
        names[i] = GoodRule::ALL[i].name();
        i += 1;
    }
    names
};

const SETTINGS: &[Setting] = &[
    Setting {
        name: "players",
        kind: Kind::Number { min: 2, max: 6 },
        default: "3 (race), 4 (hoard)",
        help: "Race: 2 to 4 players (two players move two counters each). Hoard: 4 or 6, in teams of two.",
        sets: &[],
    },
    Setting {
        name: "mode",
        kind: Kind::Choice {
            values: &["race", "hoard"],
        },
        default: "race",
        help: "Race: first to bring home 2 rolls. Hoard: teams of two; the team with the most rolls wins.",
        sets: &[],
    },
    Setting {
        name: "board",
        kind: Kind::Choice {
            values: &["single", "tiled"],
        },
        default: "single",
        help: "One landscape page, or two pages to glue together for a bigger board.",
        sets: &[],
    },
    Setting {
        name: "length",
        kind: Kind::Choice {
            values: &["any", "short", "normal", "long"],
        },
        default: "any",
        help: "Pick a board whose simulated games run short, normal or long.",
        sets: &[],
    },
    Setting {
        name: "rule-off",
        kind: Kind::Names { values: &GOOD_RULES },
        default: "",
        help: "Every board is checked to play well; leave a check out only to allow boards that fail it.",
        sets: &[],
    },
];

/// Board settings from the values given.
fn params(values: &Values) -> Result<Params> {
    let mode = Mode::parse(values.text("mode").unwrap_or("race"))?;
    let default_players = if mode == Mode::Hoard { 4 } else { 3 };
    let mut off_rules = values
        .names_of("rule-off")
        .iter()
        .map(|r| GoodRule::by_name(r))
        .collect::<Result<Vec<_>>>()?;
    off_rules.sort();
    off_rules.dedup();
    let params = Params {
        players: values.number("players")?.unwrap_or(default_players),
        mode,
        off_rules,
        length: Length::parse(values.text("length").unwrap_or("any"))?,
        ..Params::default()
    };
    params.check()?;
    Ok(params)
}

/// `panic-buy simulate`: whole games on the seed's board.
const SIMULATE_INPUTS: &[Setting] = &[
    crate::game::SEED_INPUT,
    crate::game::games_input(
        super::MAX_SIMULATED_GAMES,
        "",
        "Number of games (as many as behind a board's printed rating: 300, or 600 for 2 players).",
    ),
];

/// The settings that shape the board, the ones `simulate` takes.
const BOARD_SETTINGS: &[&str] = &["players", "mode", "length", "rule-off"];

const DECLARATION: Declaration = Declaration {
    name: GAME,
    title: "Panic Buy",
    version: super::VERSION,
    about: "Panic Buy (board game): generated boards, rules, player cards, Sneezes, counters, tokens.",
    example: "panic-buy --seed 42 --players 4 --length short",
    settings: SETTINGS,
    players: Some("players"),
    sheets: SheetKind::NAMES,
    default_sheets: SheetKind::DEFAULT_NAMES,
    small_sheets: &["tally"],
    texts: game_texts!("panic-buy"),
    messages: &super::MESSAGES,
    samples: &[
        Sample {
            settings: &[],
            sheets: "board,rules,components",
        },
        Sample {
            settings: &[("players", "6"), ("mode", "hoard"), ("length", "short")],
            sheets: "default",
        },
        Sample {
            settings: &[("players", "2"), ("length", "long"), ("board", "tiled")],
            sheets: "board",
        },
        Sample {
            settings: &[("players", "4"), ("mode", "hoard"), ("board", "tiled")],
            sheets: "default",
        },
        Sample {
            settings: &[("players", "4")],
            sheets: "components",
        },
    ],
    large_print_sheets: SheetKind::NAMES,
    player_sheets: &[],
    pages_grow_with: &[],
    sheets_need: &[crate::game::SheetNeed {
        sheet: "tally",
        setting: "mode",
        value: "hoard",
    }],
    actions: &[Action {
        name: "simulate",
        about: "Play whole games on the seed's board; report how long they run and who wins. \
                The dice are seeded by the board, so the default number of games gives its printed rating.",
        example: "simulate --seed 42 --players 2 --json",
        settings: BOARD_SETTINGS,
        inputs: SIMULATE_INPUTS,
        positional: None,
        run: simulate,
        cost: simulate_cost,
    }],
};

impl crate::game::Game for PanicBuy {
    fn declaration(&self) -> &'static Declaration {
        &DECLARATION
    }

    fn request(&self, common: &Common, values: &Values) -> Result<Box<dyn crate::game::Request>> {
        let request = Request {
            params: params(values)?,
            seed: common.seed.clone(),
            count: common.count,
            paper: common.paper,
            style: common.style,
            layout: BoardLayout::parse(values.text("board").unwrap_or("single"))?,
            sheets: match &common.sheets {
                Some(list) => SheetKind::parse_list(list)?,
                None => SheetKind::DEFAULT.to_vec(),
            },
            seats: Default::default(),
            code_sheets: None,
        };
        request.check()?;
        // Asked for alone, the tally would print nothing in race mode.
        if request.params.mode == Mode::Race && request.sheets == [SheetKind::Tally] {
            return Err(Error::setting_msg("sheets", crate::msg!(super::MESSAGES, "panic-buy.tally_in_race")));
        }
        Ok(Box::new(request))
    }

    fn request_for_code(&self, code: &SheetCode) -> Result<Box<dyn crate::game::Request>> {
        Ok(Box::new(Request::from_code(code)?))
    }

    /// One board, or the array that `--count N` writes. Settings come from
    /// the board's own code, else the values given (race mode for 3 players).
    fn validate(&self, name: &str, text: &str, values: &Values) -> Result<Verdict> {
        let items: Vec<String> = if text.trim_start().starts_with('[') {
            let list: Vec<serde_json::Value> = crate::json::from_str(text)
                .map_err(|why| Error::msg(msg!(super::MESSAGES, "panic-buy.not_boards", why = why)).within(name))?;
            list.iter().map(|v| v.to_string()).collect()
        } else {
            vec![text.to_string()]
        };
        let many = items.len() > 1;
        let mut broken = Vec::new();
        for (i, one) in items.iter().enumerate() {
            let place = many.then(|| msg!(super::MESSAGES, "panic-buy.place.board", n = i + 1));
            let at = |e: Error| match &place {
                Some(place) => e.within(place.clone()).within(name),
                None => e.within(name),
            };
            let (json, board) = super::parse_json(one).map_err(at)?;
            let p = match json.code.as_deref() {
                Some(c) if values.is_empty() => {
                    let code = SheetCode::parse(c).map_err(|e| at(e.into()))?;
                    if code.game != GAME {
                        let other = crate::error::quote(&code.game);
                        return Err(at(Error::msg(msg!("code.names_game", game = other, own = GAME))));
                    }
                    Request::from_code(&code).map_err(at)?.params
                }
                _ => params(values).map_err(at)?,
            };
            broken.extend(super::validate(&p, &board).into_iter().map(|v| (place.clone(), v)));
        }
        Ok(Verdict {
            broken,
            legal: msg!(
                super::MESSAGES,
                "panic-buy.legal",
                name = name,
                rules = super::RULES.len() + GoodRule::ALL.len()
            ),
        })
    }

    fn rules(&self) -> Vec<RuleLine> {
        let game = super::RULES.iter().map(|(name, key)| RuleLine {
            name,
            what: super::MESSAGES.msg(key),
            kind: msg!("rule.kind.game"),
        });
        let good = GoodRule::ALL.iter().map(|r| RuleLine {
            name: r.name(),
            what: r.describe(),
            kind: msg!("rule.kind.good_board"),
        });
        game.chain(good).collect()
    }
}

/// Whole simulated games on the seed's board.
fn simulate(values: &Values) -> Result<Report> {
    let params = params(values)?;
    let (seed, random) = Seed::given_or_random(values.text("seed"))?;
    let games = values.number::<u32>("games")?.unwrap_or(params.rating_games());
    let board = super::generate_for_seed(&params, &seed)?;
    // The dice are the board's own, as behind its printed rating.
    let r = super::rate(&board, &params, &super::rating_seed(&params, &board), games);
    let code = Request {
        params: params.clone(),
        seed: seed.clone(),
        count: 1,
        paper: Paper::A4,
        style: crate::sheet::Style::Standard,
        layout: BoardLayout::Single,
        sheets: SheetKind::DEFAULT.to_vec(),
        seats: Default::default(),
        code_sheets: None,
    }
    .code(&seed, "default");
    let json = serde_json::json!({
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
    let dec = crate::message::dec;
    let lines = vec![
        msg!("report.board", code = code.to_string()),
        msg!(
            super::MESSAGES, "panic-buy.report.games",
            games = r.games,
            players = params.players,
            mode = mode_words(params.mode)
        ),
        msg!(super::MESSAGES, "panic-buy.report.rounds", median = r.median_rounds, p90 = r.p90_rounds),
        msg!(
            super::MESSAGES, "panic-buy.report.first_player",
            share = dec(100.0 * r.first_player_win_share, 1),
            equal = dec(100.0 / params.teams() as f64, 1)
        ),
        msg!(super::MESSAGES, "panic-buy.report.arrow", share = dec(100.0 * r.arrow_balance, 0)),
        msg!(super::MESSAGES, "panic-buy.report.stalled", rounds = super::game::MAX_ROUNDS, stalled = r.stalled),
    ];
    Ok(Report {
        lines,
        json,
        note: random.then(|| msg!("report.random_seed_board", seed = seed.to_string())),
    })
}

/// A mode as the reader's language names it.
fn mode_words(mode: Mode) -> crate::message::Msg {
    match mode {
        Mode::Race => msg!(super::MESSAGES, "panic-buy.mode.race"),
        Mode::Hoard => msg!(super::MESSAGES, "panic-buy.mode.hoard"),
    }
}

impl crate::game::Request for Request {
    fn with_seats(&self, seats: &crate::game::Seats) -> Box<dyn crate::game::Request> {
        Box::new(Request {
            seats: seats.clone(),
            ..self.clone()
        })
    }
    request_basics!();
    fn count(&self) -> usize {
        self.count
    }
    fn simulated_games(&self) -> u64 {
        u64::from(self.params.rating_games()).saturating_mul(self.count as u64)
    }
    fn with_seed(&self, seed: Seed) -> Box<dyn crate::game::Request> {
        Box::new(Request {
            seed,
            count: 1,
            ..self.clone()
        })
    }
    fn rating_note(&self, texts: &Texts) -> Option<String> {
        self.key_rating(texts).ok().flatten()
    }
    fn check(&self, texts: &Texts) -> Result<()> {
        Request::check(self)?;
        self.texts(texts).map(|_| ())
    }
    fn code(&self) -> Result<String> {
        Ok(Request::code(self, &self.seed, &self.sheet_list()).to_string())
    }
}

/// A Panic Buy game costs about as much as 100 of the cheapest simulated games.
fn simulate_cost(values: &Values) -> u64 {
    let games = values
        .number::<u64>("games")
        .ok()
        .flatten()
        .unwrap_or(super::RATING_GAMES.into());
    games.saturating_mul(100)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_declared_good_board_rules_are_the_engines() {
        let names: Vec<&str> = GoodRule::ALL.iter().map(|r| r.name()).collect();
        assert_eq!(names, GOOD_RULES);
    }
}
