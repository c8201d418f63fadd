//! PPE: The Game as the registry sees it: its settings, its request,
//! validation of a set of dice and rules, and `score` and `odds`.

use super::sheets::SheetKind;
use super::{
    DICE, DiceJson, Face, FaceCounts, GAME, MAX_PLAYERS, MAX_TARGET, Mode, Params, QUICK_TARGET, Request, SIDES, WHAMMIES,
};
use crate::error::{Error, Result};
use crate::msg;
use crate::game::{Action, Common, Declaration, Kind, Report, RuleLine, Sample, Setting, Value, Values, Verdict};
use crate::seed::{Seed, SheetCode};
use crate::sheet::{DocumentInfo, Page, Paper};
use crate::text::Texts;

pub struct Ppe;

const SETTINGS: &[Setting] = &[
    Setting {
        name: "players",
        kind: Kind::Number {
            min: 1,
            max: MAX_PLAYERS as i64,
        },
        default: "4",
        help: "Players: one column each on the score pad.",
        sets: &[],
    },
    Setting {
        name: "mode",
        kind: Kind::Choice { values: &Mode::NAMES },
        default: "quick",
        help: "Quick: one roll a turn, to 19. Long: roll again as often as you dare, to 190 or any total you agree; a bust scores nothing for the turn.",
        sets: &[],
    },
    Setting {
        name: "target",
        kind: Kind::Number {
            min: 1,
            max: MAX_TARGET as i64,
        },
        default: "19 (quick, and long with whammies: a whammy costs the whole total), 190 (long)",
        help: "Points to win: up to 19 for the quick game; 190 or more for a long one (more rows on the score pad).",
        sets: &[],
    },
    Setting {
        name: "variant",
        kind: Kind::Names { values: &[WHAMMIES] },
        default: "",
        help: "Whammies: the long game where an unbeaten Virus costs your whole total.",
        sets: &[],
    },
    Setting {
        name: "faces",
        kind: Kind::File,
        default: "virus 3, long_nosed_man 1, vaccine 3, ventilator 3, heroes 4, face_shield 4, mask 5, social_distancing 5, hand_sanitizer 4, gloves 4",
        help: "Face counts for other dice, one face a line, like mask = 6 (36 faces in all, at most 6 of each); the usual dice when not given.",
        sets: &[],
    },
];

/// What the engine checks of a set of dice, then how it scores a roll.
/// Each: its name, its words' key, and whether it is a rule of scoring.
const RULES: &[(&str, &str, bool)] = &[
    ("six-dice", "ppe.check.six-dice", false),
    ("no-face-twice", "ppe.check.no-face-twice", false),
    ("face-counts", "ppe.check.face-counts", false),
    ("long-nosed-man", "ppe.check.long-nosed-man", true),
    ("virus", "ppe.check.virus", true),
    ("whammies", "ppe.check.whammies", true),
];

/// Face counts from a `faces` value: a TOML file, or a table from a settings file.
fn faces(values: &Values) -> Result<FaceCounts> {
    match values.get("faces") {
        Some(Value::Table(table)) => FaceCounts::from_toml(&toml::to_string(table).unwrap_or_default()),
        // Files are read before a game sees its values.
        Some(_) => Err(Error::setting_msg("faces", msg!(super::MESSAGES, "ppe.faces_table"))),
        _ => Ok(FaceCounts::default()),
    }
}

/// The settings of a new game.
pub(super) fn params(values: &Values) -> Result<Params> {
    let defaults = Params::default();
    let mode = Mode::parse(values.text("mode").unwrap_or("quick"))?;
    let whammies = mode == Mode::Quick || !values.names_of("variant").is_empty();
    if mode == Mode::Quick && !values.names_of("variant").is_empty() {
        return Err(Error::setting_msg("variant", msg!(super::MESSAGES, "ppe.whammies_quick")));
    }
    let params = Params {
        players: values.number("players")?.unwrap_or(defaults.players),
        target: values
            .number("target")?
            .unwrap_or(if whammies { QUICK_TARGET } else { mode.default_target() }),
        mode,
        whammies,
        faces: faces(values)?,
        ..defaults
    };
    params.check()?;
    Ok(params)
}

/// A new game with whammies must be one players finish: the quick game and
/// the long game's whammies variant take any target that at least half the
/// players ever reach with these dice (worked out exactly; the score pad
/// prints the share). A whammy costs the whole game total; past that share
/// the line says how many ever get there and points to the long game. Codes
/// printed before the modes keep their targets (they read as the quick game).
fn check_reach(params: &Params, seed: &Seed) -> Result<()> {
    if !params.whammies || params.target <= QUICK_TARGET {
        return Ok(());
    }
    let dice = super::generate(&params.faces, seed);
    let one = Params {
        players: 1,
        ..params.clone()
    };
    let reach = super::odds::Analysis::of(&dice, &one).length.reach;
    if reach >= MIN_REACH {
        return Ok(());
    }
    let share = match 100.0 * reach {
        p if p < 1.0 => crate::msg!("share.under_1"),
        p => crate::msg!("share.percent", share = crate::message::dec(p, 0)),
    };
    let key = if params.mode == Mode::Quick {
        crate::msg!(super::MESSAGES, "ppe.target.too_far_quick", target = params.target, share = share)
    } else {
        crate::msg!(super::MESSAGES, "ppe.target.out_of_reach", target = params.target, share = share)
    };
    Err(Error::setting_msg("target", key))
}

/// The least share of players who ever reach a target with whammies.
pub const MIN_REACH: f64 = 0.5;

/// `ppe score`: one roll scored.
const SCORE_INPUTS: &[Setting] = &[Setting {
    name: "roll",
    kind: Kind::Text,
    default: "",
    help: "Six face names separated by commas, one per die.",
    sets: &[],
}];

/// The game's words in every language (the dice's face names among them).
pub(super) const TEXTS: &[(&str, &str)] = game_texts!("ppe");

const DECLARATION: Declaration = Declaration {
    name: GAME,
    title: "PPE: The Game",
    version: super::VERSION,
    about: "PPE: The Game (dice): cube nets, score pad, reference card with exact odds, rules sheet.",
    example: "ppe --seed 42 --players 6 --mode long",
    settings: SETTINGS,
    players: Some("players"),
    sheets: SheetKind::NAMES,
    default_sheets: SheetKind::DEFAULT_NAMES,
    small_sheets: &["scorepad", "reference", "rules"],
    texts: TEXTS,
    messages: &super::MESSAGES,
    samples: &[
        Sample {
            settings: &[],
            sheets: "all",
        },
        Sample {
            settings: &[("players", "8"), ("mode", "long")],
            sheets: "scorepad",
        },
    ],
    large_print_sheets: SheetKind::NAMES,
    player_sheets: &[],
    pages_grow_with: &["target"],
    sheets_need: &[],
    actions: &[
        Action {
            name: "score",
            about: "Score one roll: points, outcome and what it costs.",
            example: "score virus,vaccine,mask,gloves,heroes,mask",
            settings: &[],
            inputs: SCORE_INPUTS,
            positional: Some("roll"),
            run: score,
            cost: crate::game::no_cost,
        },
        Action {
            name: "odds",
            about: "Exact outcome counts over all 46,656 rolls of the seed's dice.",
            example: "odds --seed 42 --json",
            settings: &["faces"],
            inputs: &[crate::game::SEED_INPUT],
            positional: None,
            run: odds,
            cost: crate::game::no_cost,
        },
    ],
};

impl crate::game::Game for Ppe {
    fn declaration(&self) -> &'static Declaration {
        &DECLARATION
    }

    fn request(&self, common: &Common, values: &Values) -> Result<Box<dyn crate::game::Request>> {
        let params = params(values)?;
        check_reach(&params, &common.seed)?;
        Ok(Box::new(Request {
            seats: Default::default(),
            params,
            seed: common.seed.clone(),
            paper: common.paper,
            style: common.style,
            sheets: match &common.sheets {
                Some(list) => SheetKind::parse_list(list)?,
                None => SheetKind::DEFAULT.to_vec(),
            },
            code_sheets: None,
        }))
    }

    fn request_for_code(&self, code: &SheetCode) -> Result<Box<dyn crate::game::Request>> {
        Ok(Box::new(Request::from_code(code)?))
    }

    /// A set of dice as `ppe --format json` writes it: six dice of six
    /// distinct faces, carrying the face counts of their code (or of the
    /// values given).
    fn validate(&self, name: &str, text: &str, values: &Values) -> Result<Verdict> {
        let json: DiceJson = crate::json::from_str(text).map_err(|why| {
            // A face serde could not read is said in the game's own words: the
            // first such face, found again among the file's values.
            let dice = serde_json::from_str::<serde_json::Value>(text).ok();
            let faces = dice.iter().filter_map(|v| v["dice"].as_array()).flatten();
            let bad_face = faces
                .filter_map(|die| die.as_array())
                .flatten()
                .filter_map(|f| f.as_str())
                .find_map(|f| Face::parse(f).err());
            let why = bad_face.map_or(why, |bad| bad.msg);
            Error::msg(msg!(super::MESSAGES, "ppe.not_dice", why = why)).within(name)
        })?;
        let counts = match SheetCode::parse(&json.code) {
            Ok(code) if values.is_empty() && code.game == GAME => Params::from_code(&code.params)?.faces,
            _ => params(values)?.faces,
        };
        let mut broken = Vec::new();
        let mut says = |rule: &'static str, m: crate::message::Msg| {
            broken.push((None, crate::game::Violation::keyed(rule, m)));
        };
        if json.dice.len() != DICE || json.dice.iter().any(|d| d.len() != SIDES) {
            let sizes: Vec<usize> = json.dice.iter().map(|d| d.len()).collect();
            says("six-dice", msg!(super::MESSAGES, "ppe.six_dice", dice = json.dice.len(), faces = sizes));
        }
        for (i, die) in json.dice.iter().enumerate() {
            for f in Face::ALL {
                let n = die.iter().filter(|x| **x == f).count();
                if n > 1 {
                    says(
                        "no-face-twice",
                        msg!(super::MESSAGES, "ppe.no_face_twice", die = i + 1, face = super::face_words(f), n = n),
                    );
                }
            }
        }
        for f in Face::ALL {
            let n = json.dice.iter().flatten().filter(|x| **x == f).count();
            if n != counts.get(f) as usize {
                says(
                    "face-counts",
                    msg!(super::MESSAGES, "ppe.face_counts", face = super::face_words(f), n = n, want = counts.get(f)),
                );
            }
        }
        Ok(Verdict {
            broken,
            legal: msg!(super::MESSAGES, "ppe.legal", name = name),
        })
    }

    fn rules(&self) -> Vec<RuleLine> {
        RULES
            .iter()
            .map(|&(name, key, scoring)| RuleLine {
                name,
                what: super::MESSAGES.msg(key),
                kind: if scoring { msg!("rule.kind.scoring") } else { msg!("rule.kind.game") },
            })
            .collect()
    }
}

fn score(values: &Values) -> Result<Report> {
    let roll = super::parse_roll(values.text("roll").unwrap_or(""))?;
    let s = super::score(&roll);
    let yes = |b: bool| if b { msg!("yes") } else { msg!("no") };
    let lines = vec![
        msg!(super::MESSAGES, "ppe.report.points", points = s.points),
        msg!(super::MESSAGES, "ppe.report.outcome", outcome = super::outcome_words(s.outcome)),
        msg!(super::MESSAGES, "ppe.report.lose_next_turn", yes = yes(s.lose_next_turn)),
        msg!(super::MESSAGES, "ppe.report.lose_game_total", yes = yes(s.lose_game_total)),
        msg!(super::MESSAGES, "ppe.report.out", yes = yes(s.out)),
    ];
    Ok(Report {
        lines,
        json: serde_json::to_value(&s).expect("a score serialises"),
        note: None,
    })
}

fn odds(values: &Values) -> Result<Report> {
    let faces = faces(values)?;
    let (seed, random) = Seed::given_or_random(values.text("seed"))?;
    let dice = super::generate(&faces, &seed);
    let o = super::odds::Odds::of(&dice);
    let outcomes: serde_json::Map<String, serde_json::Value> = o
        .outcomes
        .iter()
        .map(|(k, v)| (k.name().to_string(), (*v).into()))
        .collect();
    let json = serde_json::json!({
        "seed": seed.text(),
        "dice": dice.iter().map(|d| d.to_vec()).collect::<Vec<_>>(),
        "total": o.total,
        "outcomes": outcomes,
        "expected_points": o.expected_points(),
    });
    let mut lines = vec![msg!(super::MESSAGES, "ppe.report.dice_from", seed = seed.to_string())];
    for (i, d) in dice.iter().enumerate() {
        let names: Vec<crate::message::Msg> = d.iter().map(|f| super::face_words(*f)).collect();
        lines.push(msg!(super::MESSAGES, "ppe.report.die", n = i + 1, faces = names));
    }
    lines.push(msg!(super::MESSAGES, "ppe.report.all_rolls", total = o.total));
    for (k, v) in &o.outcomes {
        lines.push(msg!(
            super::MESSAGES, "ppe.report.outcome_line",
            outcome = super::outcome_words(*k),
            rolls = *v,
            share = crate::message::dec(100.0 * *v as f64 / o.total as f64, 2)
        ));
    }
    lines.push(msg!(
        super::MESSAGES, "ppe.report.expected",
        points = crate::message::dec(o.expected_points(), 4)
    ));
    Ok(Report {
        lines,
        json,
        note: random.then(|| msg!("report.random_seed_dice", seed = seed.to_string())),
    })
}

impl crate::game::Request for Request {
    fn with_seats(&self, seats: &crate::game::Seats) -> Box<dyn crate::game::Request> {
        Box::new(Request {
            seats: seats.clone(),
            ..self.clone()
        })
    }
    request_basics!();
    fn with_seed(&self, seed: Seed) -> Box<dyn crate::game::Request> {
        Box::new(Request { seed, ..self.clone() })
    }
    fn check(&self, texts: &Texts) -> Result<()> {
        Request::check(self, texts)
    }
    fn code(&self) -> Result<String> {
        Ok(Request::code(self, &SheetKind::code_list(self.set())).to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    #[test]
    fn dice_the_game_writes_are_legal_and_a_swapped_face_is_not() {
        let r = Request {
            style: Default::default(),
            seats: Default::default(),
            params: Params::default(),
            seed: Seed::new("42").unwrap(),
            paper: Paper::A4,
            sheets: SheetKind::DEFAULT.to_vec(),
            code_sheets: None,
        };
        let json = Request::json(&r).unwrap();
        assert!(
            Ppe.validate("d.json", &json, &Values::default())
                .unwrap()
                .broken
                .is_empty()
        );
        let first = json.find("\"virus\"").unwrap();
        let broken = format!("{}\"mask\"{}", &json[..first], &json[first + 7..]);
        let v = Ppe.validate("d.json", &broken, &Values::default()).unwrap();
        assert!(
            v.lines().iter().any(|l| l.starts_with("face-counts: Virus")),
            "{:?}",
            v.lines()
        );
        // In German by key: the face as the German dice print it.
        let de: Vec<String> = v.broken.iter().map(|(place, r)| r.line_in("de", place.as_ref())).collect();
        assert!(
            de.iter().any(|l| l.starts_with("face-counts: Virus steht auf")),
            "{de:?}"
        );
    }
}
