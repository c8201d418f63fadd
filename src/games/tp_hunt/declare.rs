//! TP Hunt as the registry sees it: its settings, and its request, validation
//! and rules behind the common game interface, and `simulate`.

use super::{GAME, GRID_RANGE, MAX_PLACES, PLAYER_RANGE, Params, Request, Rule, sheets::SheetKind};
use crate::error::{Error, Result};
use crate::msg;
use crate::game::{Action, Common, Declaration, Kind, Report, RuleLine, Sample, Setting, Values, Verdict};
use crate::seed::{Seed, SheetCode};
use crate::sheet::{DocumentInfo, Page, Paper};
use crate::text::Texts;

pub struct TpHunt;

/// The fairness rules, the ones `--rule-off` takes.
const FAIRNESS: &[&str] = &[
    "reachable",
    "start-cells",
    "no-walled-in-store",
    "no-walled-in-atm",
    "length-band",
    "first-fair",
];
const PRESETS: &[&str] = &["standard", "harder"];

const SETTINGS: &[Setting] = &[
    Setting {
        name: "players",
        kind: Kind::Number {
            min: PLAYER_RANGE.0 as i64,
            max: PLAYER_RANGE.1 as i64,
        },
        default: "4",
        help: "Players: one tracker for each.",
        sets: &[],
    },
    Setting {
        name: "stores",
        kind: Kind::Number {
            min: 1,
            max: MAX_PLACES as i64,
        },
        default: "12",
        help: "Stores on the map.",
        sets: &[],
    },
    Setting {
        name: "atms",
        kind: Kind::Number {
            min: 0,
            max: MAX_PLACES as i64,
        },
        default: "10",
        help: "Cash machines (ATMs) on the map.",
        sets: &[],
    },
    Setting {
        name: "dangers",
        kind: Kind::Number {
            min: 0,
            max: MAX_PLACES as i64,
        },
        default: "7",
        help: "Danger zones on the map.",
        sets: &[],
    },
    Setting {
        name: "grid",
        kind: Kind::Number {
            min: GRID_RANGE.0 as i64,
            max: GRID_RANGE.1 as i64,
        },
        default: "12",
        help: "Squares along each side of the map.",
        sets: &[],
    },
    Setting {
        name: "preset",
        kind: Kind::Choice { values: PRESETS },
        default: "standard",
        help: "Harder: 9 stores, 10 ATMs, 10 danger zones; standard: 12, 10, 7. Numbers given for those win over it.",
        sets: &[
            ("standard", &[("stores", "12"), ("atms", "10"), ("dangers", "7")]),
            ("harder", &[("stores", "9"), ("atms", "10"), ("dangers", "10")]),
        ],
    },
    Setting {
        name: "rule-off",
        kind: Kind::Names { values: FAIRNESS },
        default: "",
        help: "Every map is checked to be fair; leave a check out only to allow maps that fail it.",
        sets: &[],
    },
];

/// Map settings from defaults, the preset and the values given.
fn params(values: &Values) -> Result<Params> {
    let mut p = match values.text("preset") {
        Some("harder") => Params::harder(),
        _ => Params::default(),
    };
    for (name, field) in [
        ("players", &mut p.players),
        ("stores", &mut p.stores),
        ("atms", &mut p.atms),
        ("dangers", &mut p.dangers),
        ("grid", &mut p.grid),
    ] {
        if let Some(v) = values.number::<u16>(name)? {
            *field = v;
        }
    }
    for name in values.names_of("rule-off") {
        let rule = Rule::by_name(&name)?;
        if !p.off_rules.contains(&rule) {
            p.off_rules.push(rule);
        }
    }
    p.off_rules.sort();
    p.check()?;
    Ok(p)
}

/// The settings a map is judged by: its own code's, or the values given
/// (with the map's grid). A code that does not fit the map is refused,
/// never replaced by defaults.
fn map_params(m: &super::MapJson, values: &Values) -> Result<Params> {
    let from_code = match m.code.as_deref() {
        Some(text) => {
            let code = crate::seed::layout_code(text, GAME)?;
            let p = Request::from_code(&code).map_err(crate::seed::code_does_not_fit)?.params;
            if p.grid != m.grid {
                return Err(Error::msg(msg!(
                    super::MESSAGES,
                    "tp-hunt.code_grid",
                    code = p.grid,
                    map = m.grid
                )));
            }
            Some(p)
        }
        None => None,
    };
    match from_code {
        Some(p) if values.is_empty() => Ok(p),
        _ => {
            let mut p = params(values)?;
            if values.text("grid").is_some() && p.grid != m.grid {
                return Err(Error::setting_msg(
                    "grid",
                    msg!(super::MESSAGES, "tp-hunt.grid_given", given = p.grid, map = m.grid),
                ));
            }
            p.grid = m.grid;
            Ok(p)
        }
    }
}

/// `tp-hunt simulate`: whole games on the seed's map.
const SIMULATE_INPUTS: &[Setting] = &[
    crate::game::SEED_INPUT,
    crate::game::games_input(
        super::MAX_SIMULATED_GAMES,
        "",
        "Number of games (by default as many as the map's printed rating rests on, 16 to 100).",
    ),
    Setting {
        name: "jungle",
        kind: Kind::Flag,
        default: "",
        help: "Play with the Law of the Jungle (cars may stop on each other and steal TP).",
        sets: &[],
    },
    Setting {
        name: "infection",
        kind: Kind::Flag,
        default: "",
        help: "Play with Spreading Infection (new danger zones during play).",
        sets: &[],
    },
];

/// The settings that shape the map, the ones `simulate` takes.
const MAP_SETTINGS: &[&str] = &["players", "stores", "atms", "dangers", "grid", "preset", "rule-off"];

const DECLARATION: Declaration = Declaration {
    name: GAME,
    title: "TP Hunt",
    version: super::VERSION,
    about: "TP Hunt (roll-and-write): neighbourhood maps, trackers, score pads, dice tapes.",
    example: "tp-hunt --seed 42 --players 3 --sheets map,tracker",
    settings: SETTINGS,
    players: Some("players"),
    sheets: SheetKind::NAMES,
    default_sheets: SheetKind::DEFAULT_NAMES,
    // A tracker has a row for every turn of a whole game: it needs a whole
    // page; the dice tape prints whole too (a share would hold half its rolls).
    small_sheets: &["scorepad", "rules"],
    texts: game_texts!("tp-hunt"),
    messages: &super::MESSAGES,
    samples: &[
        Sample {
            settings: &[],
            sheets: "all",
        },
        Sample {
            settings: &[("players", "6"), ("preset", "harder")],
            sheets: "tracker,scorepad",
        },
        Sample {
            settings: &[("players", "2")],
            sheets: "map,tracker,dice-tape",
        },
        Sample {
            settings: &[("grid", "8"), ("stores", "5"), ("atms", "4"), ("dangers", "3"), ("players", "3")],
            sheets: "map,tracker,rules,dice-tape",
        },
    ],
    large_print_sheets: SheetKind::NAMES,
    player_sheets: &["tracker"],
    pages_grow_with: &[],
    sheets_need: &[],
    actions: &[Action {
        name: "simulate",
        about: "Play whole games on the seed's map with the computer's players; report how long they run and who wins. \
                The dice are seeded by the map, so the default number of games without switches gives its printed rating.",
        example: "simulate --seed 42 --players 4 --games 500 --json",
        settings: MAP_SETTINGS,
        inputs: SIMULATE_INPUTS,
        positional: None,
        run: simulate,
        cost: simulate_cost,
    }],
};

impl crate::game::Game for TpHunt {
    fn declaration(&self) -> &'static Declaration {
        &DECLARATION
    }

    fn request(&self, common: &Common, values: &Values) -> Result<Box<dyn crate::game::Request>> {
        let request = Request {
            seats: Default::default(),
            params: params(values)?,
            seed: common.seed.clone(),
            count: common.count,
            paper: common.paper,
            style: common.style,
            sheets: match &common.sheets {
                Some(list) => SheetKind::parse_list(list)?,
                None => SheetKind::DEFAULT.to_vec(),
            },
            code_sheets: None,
        };
        request.check()?;
        Ok(Box::new(request))
    }

    fn request_for_code(&self, code: &SheetCode) -> Result<Box<dyn crate::game::Request>> {
        Ok(Box::new(Request::from_code(code)?))
    }

    /// One map, or the array that `--count N` writes. Settings come from the
    /// map's own code unless given.
    fn validate(&self, name: &str, text: &str, values: &Values) -> Result<Verdict> {
        let maps: Vec<super::MapJson> = if text.trim_start().starts_with('[') {
            let items: Vec<serde_json::Value> = crate::json::from_str(text)
                .map_err(|why| Error::msg(msg!(super::MESSAGES, "tp-hunt.not_maps", why = why)).within(name))?;
            items
                .iter()
                .enumerate()
                .map(|(i, v)| super::parse_json(&v.to_string()).map_err(|e| e.within(map_place(i)).within(name)))
                .collect::<Result<_>>()?
        } else {
            vec![super::parse_json(text).map_err(|e| e.within(name))?]
        };
        let mut broken = Vec::new();
        for (i, m) in maps.iter().enumerate() {
            let place = (maps.len() > 1).then(|| map_place(i));
            let at = |e: Error| match &place {
                Some(place) => e.within(place.clone()).within(name),
                None => e.within(name),
            };
            let p = map_params(m, values).map_err(at)?;
            broken.extend(super::validate(&p, &m.map()).into_iter().map(|v| (place.clone(), v)));
        }
        Ok(Verdict {
            broken,
            legal: msg!(super::MESSAGES, "tp-hunt.legal", name = name, rules = Rule::ALL.len()),
        })
    }

    fn rules(&self) -> Vec<RuleLine> {
        Rule::ALL
            .iter()
            .map(|r| RuleLine {
                name: r.name(),
                what: r.describe(),
                kind: if r.is_fairness() {
                    msg!("rule.kind.fairness")
                } else {
                    msg!("rule.kind.game")
                },
            })
            .collect()
    }
}

/// The `i`th map of a file of several, as a refusal or verdict names it.
fn map_place(i: usize) -> crate::message::Msg {
    msg!(super::MESSAGES, "tp-hunt.place.map", n = i + 1)
}

/// Whole simulated games on the seed's map.
fn simulate(values: &Values) -> Result<Report> {
    let params = params(values)?;
    let (seed, random) = Seed::given_or_random(values.text("seed"))?;
    let map = super::generate_for_seed(&params, &seed)?;
    let switches = super::game::Switches {
        jungle: values.flag("jungle"),
        infection: values.flag("infection"),
    };
    // The dice are the map's own, as behind its printed rating; without a
    // number of games or a switch, the printed rating itself.
    let r = match values.number::<u32>("games")? {
        None if switches == Default::default() => super::printed_rating(&params, &map),
        games => super::rate(
            &map,
            params.players as usize,
            switches,
            super::game::Rulings::CURRENT,
            &super::rating_seed(&params, &map),
            games.unwrap_or(super::RATING_GAMES),
        ),
    };
    let code = Request {
        seats: Default::default(),
        params: params.clone(),
        seed: seed.clone(),
        count: 1,
        paper: Paper::A4,
        style: crate::sheet::Style::Standard,
        sheets: SheetKind::DEFAULT.to_vec(),
        code_sheets: None,
    }
    .code(&seed, "default");
    let json = serde_json::json!({
        "seed": seed.text(),
        "code": code.to_string(),
        "players": params.players,
        "jungle": switches.jungle,
        "infection": switches.infection,
        "games": r.games,
        "median_turns": r.median_turns,
        "p90_turns": r.p90_turns,
        "first_player_win_share": r.first_player_win_share,
        "first_player_se": r.first_player_se,
        "median_winning_tp": r.median_winning_tp,
        "stalled": r.stalled,
        "p90_tape_rows": r.p90_tape_rows,
    });
    let dec = crate::message::dec;
    let lines = vec![
        msg!("report.map", code = code.to_string()),
        msg!("report.games_players", games = r.games, players = params.players),
        msg!(
            super::MESSAGES, "tp-hunt.report.turns",
            median = r.median_turns,
            p90 = r.p90_turns,
            minutes = super::play_minutes(params.players, r.median_turns)
        ),
        msg!(
            super::MESSAGES, "tp-hunt.report.first_player",
            share = dec(100.0 * r.first_player_win_share, 1),
            se = dec(100.0 * r.first_player_se, 1),
            equal = dec(100.0 / params.players as f64, 1)
        ),
        msg!(super::MESSAGES, "tp-hunt.report.winning_tp", median = r.median_winning_tp),
        msg!(super::MESSAGES, "tp-hunt.report.tape_rows", p90 = r.p90_tape_rows),
        msg!(super::MESSAGES, "tp-hunt.report.stalled", turns = super::game::MAX_TURNS, stalled = r.stalled),
    ];
    Ok(Report {
        lines,
        json,
        note: random.then(|| msg!("report.random_seed_map", seed = seed.to_string())),
    })
}

impl crate::game::Request for Request {
    request_basics!();
    fn count(&self) -> usize {
        self.count
    }
    fn with_seed(&self, seed: Seed) -> Box<dyn crate::game::Request> {
        Box::new(Request {
            seed,
            count: 1,
            ..self.clone()
        })
    }
    fn with_seats(&self, seats: &crate::game::Seats) -> Box<dyn crate::game::Request> {
        Box::new(Request {
            seats: seats.clone(),
            ..self.clone()
        })
    }
    fn check(&self, texts: &Texts) -> Result<()> {
        self.labels(texts)?;
        Request::check(self)
    }
    fn code(&self) -> Result<String> {
        Ok(Request::code(self, &self.seed, &SheetKind::code_list(self.set())).to_string())
    }
}

/// A TP Hunt game costs about as much as 200 of the cheapest simulated games.
fn simulate_cost(values: &Values) -> u64 {
    let games = values
        .number::<u64>("games")
        .ok()
        .flatten()
        .unwrap_or(super::RATING_GAMES.into());
    games.saturating_mul(200)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Value;

    fn values(pairs: &[(&str, &str)]) -> Values {
        let mut v = Values::default();
        for (k, x) in pairs {
            v.set(k, Value::One(x.to_string()));
        }
        v
    }

    #[test]
    fn the_declared_fairness_rules_are_the_engines() {
        let fair: Vec<&str> = Rule::ALL.iter().filter(|r| r.is_fairness()).map(|r| r.name()).collect();
        assert_eq!(fair, FAIRNESS);
    }

    #[test]
    fn each_preset_declares_what_it_sets() {
        let preset = SETTINGS.iter().find(|s| s.name == "preset").unwrap();
        for (name, sets) in preset.sets {
            let p = params(&values(&[("preset", name)])).unwrap();
            for (setting, value) in *sets {
                let got = match *setting {
                    "stores" => p.stores,
                    "atms" => p.atms,
                    "dangers" => p.dangers,
                    other => panic!("{other}"),
                };
                assert_eq!(got.to_string(), *value, "{name}: {setting}");
            }
        }
        assert_eq!(preset.sets.len(), PRESETS.len());
    }

    #[test]
    fn settings_override_the_preset() {
        let p = params(&values(&[("preset", "harder"), ("stores", "11"), ("players", "5")])).unwrap();
        assert_eq!((p.stores, p.atms, p.dangers, p.players), (11, 10, 10, 5));
    }

    #[test]
    fn simulate_gives_the_printed_rating_by_default() {
        let r = simulate(&values(&[("seed", "42")])).unwrap();
        let p = super::super::Params::default();
        let map = super::super::generate_for_seed(&p, &Seed::new("42").unwrap()).unwrap();
        let printed = super::super::printed_rating(&p, &map);
        assert_eq!(r.json["games"], printed.games);
        assert_eq!(r.json["median_turns"], printed.median_turns);
        assert_eq!(r.json["p90_turns"], printed.p90_turns);
        assert!(printed.games < super::super::RATING_GAMES, "{} games", printed.games);
        let more = simulate(&values(&[("seed", "42"), ("games", "100")])).unwrap();
        assert_eq!(more.json["games"], 100);
    }

    #[test]
    fn a_rule_of_the_game_cannot_be_switched_off() {
        let e = params(&values(&[("rule-off", "counts")])).unwrap_err();
        assert!(e.message.contains("cannot be switched off"), "{}", e.message);
    }
}
