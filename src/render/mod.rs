//! Output formats for the game-neutral page model.
pub mod pdf;
pub mod svg;
