//! panicpress: seeded, rule-checked, print-ready sheets for pandemic-era paper games.
//!
//! Data flows one way: command line or TOML → parameters → a game's generator →
//! its rule engine → a page model in millimetres → PDF, JSON or text.

pub mod cli;
pub mod commands;
pub mod config;
pub mod error;
pub mod fonts;
pub mod game;
pub mod games;
pub mod grid;
pub mod output;
pub mod pack;
pub mod progress;
pub mod render;
pub mod seed;
pub mod serve;
pub mod sheet;
pub mod text;

pub use error::{Error, ErrorKind, Result};
