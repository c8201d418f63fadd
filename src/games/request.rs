//! One request for any game's sheets, so that commands, regen and class packs
//! treat the four games alike.

use std::sync::{Arc, OnceLock};

use super::{panic_buy, particle_panic, ppe, tp_hunt};
use crate::error::{Error, Result};
use crate::seed::{Seed, SheetCode};
use crate::sheet::{DocumentInfo, Page, Paper};
use crate::text::Texts;

pub enum GameRequest {
    TpHunt(tp_hunt::Request),
    /// The chosen deal is rated once and kept: rating plays thousands of games.
    ParticlePanic(particle_panic::Request, OnceLock<Arc<particle_panic::RatedDeal>>),
    PanicBuy(panic_buy::Request),
    Ppe(ppe::Request),
}

/// The game names, as on the command line and in sheet codes.
pub const GAMES: [&str; 4] = [tp_hunt::GAME, particle_panic::GAME, panic_buy::GAME, ppe::GAME];

impl GameRequest {
    pub fn particle_panic(r: particle_panic::Request) -> GameRequest {
        GameRequest::ParticlePanic(r, OnceLock::new())
    }

    /// The request a printed sheet code stands for.
    pub fn from_code(code: &SheetCode) -> Result<GameRequest> {
        match code.game.as_str() {
            tp_hunt::GAME => Ok(GameRequest::TpHunt(tp_hunt::Request::from_code(code)?)),
            particle_panic::GAME => Ok(GameRequest::particle_panic(particle_panic::Request::from_code(code)?)),
            panic_buy::GAME => Ok(GameRequest::PanicBuy(panic_buy::Request::from_code(code)?)),
            ppe::GAME => Ok(GameRequest::Ppe(ppe::Request::from_code(code)?)),
            other => Err(Error::input(format!(
                "sheet code: unknown game '{other}' (games: {})",
                GAMES.join(", ")
            ))),
        }
    }

    pub fn game(&self) -> &'static str {
        match self {
            GameRequest::TpHunt(_) => tp_hunt::GAME,
            GameRequest::ParticlePanic(..) => particle_panic::GAME,
            GameRequest::PanicBuy(_) => panic_buy::GAME,
            GameRequest::Ppe(_) => ppe::GAME,
        }
    }

    pub fn seed(&self) -> &Seed {
        match self {
            GameRequest::TpHunt(r) => &r.seed,
            GameRequest::ParticlePanic(r, _) => &r.seed,
            GameRequest::PanicBuy(r) => &r.seed,
            GameRequest::Ppe(r) => &r.seed,
        }
    }

    pub fn paper(&self) -> Paper {
        match self {
            GameRequest::TpHunt(r) => r.paper,
            GameRequest::ParticlePanic(r, _) => r.paper,
            GameRequest::PanicBuy(r) => r.paper,
            GameRequest::Ppe(r) => r.paper,
        }
    }

    /// The settings part of the code with the game's default settings: a
    /// file name says only what differs from it.
    pub fn default_settings(&self) -> String {
        match self {
            GameRequest::TpHunt(_) => tp_hunt::Params::default().code(),
            GameRequest::ParticlePanic(..) => particle_panic::Params::default().code(),
            GameRequest::PanicBuy(_) => panic_buy::Params::default().code(),
            GameRequest::Ppe(_) => ppe::Params::default().code(),
        }
    }

    /// How many layouts (maps, boards) the request makes.
    pub fn count(&self) -> usize {
        match self {
            GameRequest::TpHunt(r) => r.count,
            GameRequest::PanicBuy(r) => r.count,
            _ => 1,
        }
    }

    /// The same request for another seed (and one layout).
    pub fn with_seed(&self, seed: Seed) -> GameRequest {
        match self {
            GameRequest::TpHunt(r) => GameRequest::TpHunt(tp_hunt::Request {
                seed,
                count: 1,
                ..r.clone()
            }),
            GameRequest::ParticlePanic(r, _) => {
                GameRequest::particle_panic(particle_panic::Request { seed, ..r.clone() })
            }
            GameRequest::PanicBuy(r) => GameRequest::PanicBuy(panic_buy::Request {
                seed,
                count: 1,
                ..r.clone()
            }),
            GameRequest::Ppe(r) => GameRequest::Ppe(ppe::Request { seed, ..r.clone() }),
        }
    }

    /// The sheets chosen, by name, in order.
    pub fn sheet_names(&self) -> Vec<&'static str> {
        match self {
            GameRequest::TpHunt(r) => r.sheets.iter().map(|k| k.name()).collect(),
            GameRequest::ParticlePanic(r, _) => r.sheets.iter().map(|k| k.name()).collect(),
            GameRequest::PanicBuy(r) => r.sheets.iter().map(|k| k.name()).collect(),
            GameRequest::Ppe(r) => r.sheets.iter().map(|k| k.name()).collect(),
        }
    }

    /// The same request for other sheets (a list as `--sheets` takes it).
    pub fn with_sheets(&self, list: &str) -> Result<GameRequest> {
        Ok(match self {
            GameRequest::TpHunt(r) => GameRequest::TpHunt(tp_hunt::Request {
                sheets: tp_hunt::sheets::SheetKind::parse_list(list)?,
                ..r.clone()
            }),
            GameRequest::ParticlePanic(r, rated) => GameRequest::ParticlePanic(
                particle_panic::Request {
                    sheets: particle_panic::sheets::SheetKind::parse_list(list)?,
                    ..r.clone()
                },
                rated.clone(),
            ),
            GameRequest::PanicBuy(r) => GameRequest::PanicBuy(panic_buy::Request {
                sheets: panic_buy::sheets::SheetKind::parse_list(list)?,
                ..r.clone()
            }),
            GameRequest::Ppe(r) => GameRequest::Ppe(ppe::Request {
                sheets: ppe::sheets::SheetKind::parse_list(list)?,
                ..r.clone()
            }),
        })
    }

    fn rated(&self) -> Result<Arc<particle_panic::RatedDeal>> {
        let GameRequest::ParticlePanic(r, cell) = self else {
            unreachable!("only Particle Panic deals are rated")
        };
        if let Some(rated) = cell.get() {
            return Ok(rated.clone());
        }
        let rated = Arc::new(r.deal()?);
        Ok(cell.get_or_init(|| rated).clone())
    }

    /// Everything that can fail on bad settings, checked before any file is made.
    pub fn check(&self, texts: &Texts) -> Result<()> {
        match self {
            GameRequest::TpHunt(r) => r.labels(texts).map(|_| ()).and(r.check()),
            GameRequest::ParticlePanic(r, _) => r.check().and(r.texts(texts, &self.rated()?.rating).map(|_| ())),
            GameRequest::PanicBuy(r) => r.check().and(r.texts(texts).map(|_| ())),
            GameRequest::Ppe(r) => r.check(texts),
        }
    }

    /// The sheet code of the whole set (for a run of many: the first).
    pub fn code(&self) -> Result<String> {
        Ok(match self {
            GameRequest::TpHunt(r) => r
                .code(&r.seed, &tp_hunt::sheets::SheetKind::code_list(&r.sheets))
                .to_string(),
            GameRequest::ParticlePanic(r, _) => r
                .code(
                    &self.rated()?.seed,
                    &particle_panic::sheets::SheetKind::code_list(&r.sheets),
                )
                .to_string(),
            GameRequest::PanicBuy(r) => r.code(&r.seed, &r.sheet_list()).to_string(),
            GameRequest::Ppe(r) => r.code(&ppe::sheets::SheetKind::code_list(&r.sheets)).to_string(),
        })
    }

    /// The seed the layout was actually made from (a difficulty may pick another).
    pub fn layout_seed(&self) -> Result<Seed> {
        match self {
            GameRequest::ParticlePanic(..) => Ok(self.rated()?.seed.clone()),
            other => Ok(other.seed().clone()),
        }
    }

    pub fn json(&self) -> Result<String> {
        match self {
            GameRequest::TpHunt(r) => r.json(),
            GameRequest::ParticlePanic(r, _) => Ok(r.json(self.rated()?.as_ref())),
            GameRequest::PanicBuy(r) => r.json(),
            GameRequest::Ppe(r) => r.json(),
        }
    }

    /// The layout as the game's own `--format json` writes it.
    pub fn layout(&self) -> Result<serde_json::Value> {
        serde_json::from_str(&self.json()?).map_err(|e| Error::input(format!("layout JSON: {e}")))
    }

    pub fn preview(&self, texts: &Texts) -> Result<String> {
        match self {
            GameRequest::TpHunt(r) => r.preview(texts),
            GameRequest::ParticlePanic(..) => {
                let rated = self.rated()?;
                let label = texts.labels("common", &tera::Context::new())?.get("code_label");
                Ok(format!(
                    "{label}: {}\n{}",
                    self.code()?,
                    particle_panic::describe(&rated.deal, Some(&rated.rating))
                ))
            }
            GameRequest::PanicBuy(r) => r.preview(texts),
            GameRequest::Ppe(r) => r.preview(texts),
        }
    }

    /// Draws every page and hands each to `emit` as soon as it is made.
    pub fn pages(&self, texts: &Texts, emit: &mut dyn FnMut(Page) -> Result<()>) -> Result<DocumentInfo> {
        match self {
            GameRequest::TpHunt(r) => r.pages(texts, emit),
            GameRequest::ParticlePanic(r, _) => r.pages(self.rated()?.as_ref(), texts, emit),
            GameRequest::PanicBuy(r) => r.pages(texts, emit),
            GameRequest::Ppe(r) => r.pages(texts, emit),
        }
    }
}
