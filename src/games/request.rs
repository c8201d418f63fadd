//! One request for any game's sheets, so that commands, regen, class packs
//! and the web page treat the games alike.

use std::ops::Deref;

use crate::error::{Error, Result};
use crate::game::Request;
use crate::seed::{Seed, SheetCode};

pub struct GameRequest(Box<dyn Request>);

impl Deref for GameRequest {
    type Target = dyn Request;
    fn deref(&self) -> &(dyn Request + 'static) {
        self.0.as_ref()
    }
}

impl From<Box<dyn Request>> for GameRequest {
    fn from(r: Box<dyn Request>) -> GameRequest {
        GameRequest(r)
    }
}

impl GameRequest {
    /// The request a printed sheet code stands for.
    pub fn from_code(code: &SheetCode) -> Result<GameRequest> {
        let game = super::find(&code.game).map_err(|e| Error::input(format!("sheet code: {}", e.message)))?;
        Ok(GameRequest(game.request_for_code(code)?))
    }

    /// The same request for another seed (and one layout).
    pub fn with_seed(&self, seed: Seed) -> GameRequest {
        GameRequest(self.0.with_seed(seed))
    }

    /// The same request for other sheets (a list as `--sheets` takes it).
    pub fn with_sheets(&self, list: &str) -> Result<GameRequest> {
        Ok(GameRequest(self.0.with_sheets(list)?))
    }

    /// The same request laid out on other paper; its code is unchanged.
    pub fn with_paper(&self, paper: crate::sheet::Paper) -> GameRequest {
        GameRequest(self.0.with_paper(paper))
    }

    /// The same request printed in another style; its code is unchanged.
    pub fn with_style(&self, style: crate::sheet::Style) -> GameRequest {
        GameRequest(self.0.with_style(style))
    }

    /// The same request with the players' names where they write.
    pub fn with_seats(&self, seats: &crate::game::Seats) -> GameRequest {
        GameRequest(self.0.with_seats(seats))
    }

    /// The layout as the game's own `--format json` writes it.
    pub fn layout(&self) -> Result<serde_json::Value> {
        serde_json::from_str(&self.json()?).map_err(|e| Error::input(format!("layout JSON: {e}")))
    }
}
