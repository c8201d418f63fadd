//! TP Hunt as the registry sees it: its settings, and its request, validation
//! and rules behind the common game interface.

use super::{GAME, GRID_RANGE, PLAYER_RANGE, Params, Request, Rule, sheets::SheetKind};
use crate::error::{Error, Result};
use crate::game::{Common, Declaration, Kind, RuleLine, Setting, Values, Verdict};
use crate::seed::{Seed, SheetCode};
use crate::sheet::{DocumentInfo, Page, Paper};
use crate::text::Texts;

pub struct TpHunt;

/// The fairness rules, the ones `--rule-off` takes.
const FAIRNESS: &[&str] = &["reachable", "start-cells", "no-walled-in-store"];
const PRESETS: &[&str] = &["standard", "harder"];

const SETTINGS: &[Setting] = &[
    Setting {
        name: "players",
        kind: Kind::Number {
            min: PLAYER_RANGE.0 as i64,
            max: PLAYER_RANGE.1 as i64,
        },
        default: "4",
        help: "Number of players (the trackers on the sheet).",
        in_code: "p4",
    },
    Setting {
        name: "stores",
        kind: Kind::Number { min: 1, max: 676 },
        default: "12",
        help: "Stores on the map.",
        in_code: "s12",
    },
    Setting {
        name: "atms",
        kind: Kind::Number { min: 0, max: 676 },
        default: "10",
        help: "ATMs on the map.",
        in_code: "a10",
    },
    Setting {
        name: "dangers",
        kind: Kind::Number { min: 0, max: 676 },
        default: "7",
        help: "Danger zones on the map.",
        in_code: "d7",
    },
    Setting {
        name: "grid",
        kind: Kind::Number {
            min: GRID_RANGE.0 as i64,
            max: GRID_RANGE.1 as i64,
        },
        default: "12",
        help: "Grid size (squares a side).",
        in_code: "g12",
    },
    Setting {
        name: "preset",
        kind: Kind::Choice { values: PRESETS },
        default: "standard",
        help: "'harder': 9 stores, 10 ATMs, 10 danger zones; 'standard': 12, 10, 7 (the other settings win).",
        in_code: "",
    },
    Setting {
        name: "rule-off",
        kind: Kind::Names { values: FAIRNESS },
        default: "",
        help: "Switch off a fairness rule by name (see 'panicpress rules tp-hunt'); repeatable.",
        in_code: "-xNAME",
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

const DECLARATION: Declaration = Declaration {
    name: GAME,
    title: "TP Hunt",
    about: "TP Hunt (roll-and-write): neighbourhood maps, trackers, score pads, dice tapes.",
    example: "tp-hunt --seed 42 --players 3 --sheets map,tracker",
    settings: SETTINGS,
    sheets: SheetKind::NAMES,
    default_sheets: SheetKind::DEFAULT_NAMES,
    // The dice tape prints whole: a share would hold half its rolls.
    small_sheets: &["tracker", "scorepad", "rules"],
};

impl crate::game::Game for TpHunt {
    fn declaration(&self) -> &'static Declaration {
        &DECLARATION
    }

    fn request(&self, common: &Common, values: &Values) -> Result<Box<dyn crate::game::Request>> {
        let request = Request {
            params: params(values)?,
            seed: common.seed.clone(),
            count: common.count,
            paper: common.paper,
            sheets: match &common.sheets {
                Some(list) => SheetKind::parse_list(list)?,
                None => SheetKind::DEFAULT.to_vec(),
            },
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
            let items: Vec<serde_json::Value> = serde_json::from_str(text)
                .map_err(|e| Error::input(format!("{name}: not a list of TP Hunt maps: {e}")))?;
            items
                .iter()
                .enumerate()
                .map(|(i, v)| {
                    super::parse_json(&v.to_string())
                        .map_err(|e| Error::input(format!("{name}: map {}: {}", i + 1, e.message)))
                })
                .collect::<Result<_>>()?
        } else {
            vec![super::parse_json(text).map_err(|e| Error::input(format!("{name}: {}", e.message)))?]
        };
        let mut broken = Vec::new();
        for (i, m) in maps.iter().enumerate() {
            let from_code = m
                .code
                .as_deref()
                .and_then(|c| SheetCode::parse(c).ok())
                .filter(|c| c.game == GAME && values.is_empty());
            let mut p = match from_code {
                Some(c) => Params::from_code(&c.params)?,
                None => params(values)?,
            };
            p.grid = m.grid;
            let prefix = if maps.len() > 1 {
                format!("map {}: ", i + 1)
            } else {
                String::new()
            };
            broken.extend(super::validate(&p, &m.map()).iter().map(|v| format!("{prefix}{v}")));
        }
        Ok(Verdict {
            broken,
            legal: format!("legal: {name} breaks none of the {} TP Hunt rules", Rule::ALL.len()),
        })
    }

    fn rules(&self) -> Vec<RuleLine> {
        Rule::ALL
            .iter()
            .map(|r| RuleLine {
                name: r.name(),
                what: r.describe().to_string(),
                kind: if r.is_fairness() {
                    "fairness, can be switched off"
                } else {
                    "rule of the game"
                },
            })
            .collect()
    }
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
    fn check(&self, texts: &Texts) -> Result<()> {
        self.labels(texts)?;
        Request::check(self)
    }
    fn code(&self) -> Result<String> {
        Ok(Request::code(self, &self.seed, &SheetKind::code_list(&self.sheets)).to_string())
    }
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
    fn settings_override_the_preset() {
        let p = params(&values(&[("preset", "harder"), ("stores", "11"), ("players", "5")])).unwrap();
        assert_eq!((p.stores, p.atms, p.dangers, p.players), (11, 10, 10, 5));
    }

    #[test]
    fn a_rule_of_the_game_cannot_be_switched_off() {
        let e = params(&values(&[("rule-off", "counts")])).unwrap_err();
        assert!(e.message.contains("cannot be switched off"), "{}", e.message);
    }
}
