//! panicpress: seeded, rule-checked, print-ready sheets for pandemic-era paper games.
//!
//! Data flows one way: command line, settings file or web form → values →
//! jobs → a game's generator → its rule engine → a page model in
//! millimetres → PDF, SVG, PNG, JSON or text.
//!
//! Layers, from the bottom (a module imports only modules below it):
//! `message`, `error`; `fonts`, `grid`, `json`, `output`, `progress`, `sheet`; `seed`,
//! `text`, `render`; `kit`; `game` (the contract); `games`; `config`;
//! `pack`; `jobs`; and on top the two adapters, `cli` and `serve`.

pub mod cli;
pub mod config;
pub mod error;
pub(crate) mod fonts;
pub mod game;
pub mod games;
pub(crate) mod grid;
pub mod jobs;
pub(crate) mod json;
pub(crate) mod kit;
pub mod message;
pub mod output;
pub mod pack;
pub(crate) mod progress;
pub mod render;
pub mod seed;
pub mod serve;
pub mod sheet;
pub mod text;

pub use error::{Error, ErrorKind, Result};
