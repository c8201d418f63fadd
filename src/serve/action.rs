//! `GET /api/GAME/action/NAME?fields`: a game's action (simulated games on
//! a map, the odds of a set of dice, a roll scored) run on the form's
//! settings and the action's own inputs, answered as its report. The same
//! action the command line runs as `panicpress GAME NAME`.

use crate::game::{Action, Game, Values};

use super::form::VIEW_FIELDS;
use super::refusal::Refusal;

/// What the action's report says, for the page: its lines and its JSON.
pub fn answer(game: &'static dyn Game, name: &str, fields: &[(String, String)], lang: &str) -> Result<String, Refusal> {
    let action = game.action(name).map_err(|e| Refusal::new(404, e.msg))?;
    let values = values(game, action, fields)?;
    super::work::check_games((action.cost)(&values), crate::msg!("work.lower_games"))?;
    let report = action.call(game, &values)?;
    Ok(serde_json::json!({ "text": report.text(lang), "json": report.json }).to_string())
}

/// The fields the action takes, read by the game's contract as the command
/// line's flags are; fields of the game's other settings (the whole form is
/// sent) and of the view are left out.
fn values(game: &dyn Game, action: &Action, fields: &[(String, String)]) -> Result<Values, Refusal> {
    let takes = action.takes(game);
    let mut values = Values::default();
    for (name, text) in fields {
        let text = text.trim();
        if VIEW_FIELDS.contains(&name.as_str()) || text.is_empty() {
            continue;
        }
        let Some(setting) = takes.iter().find(|s| s.name == name) else {
            if game.settings().iter().any(|s| s.name == name) || crate::game::COMMON.contains(&name.as_str()) {
                continue;
            }
            let what = format!("{} {}", game.name(), action.name);
            return Err(Refusal::new(
                400,
                crate::msg!("serve.not_an_input", name = crate::error::quote(name), action = what),
            ));
        };
        values.give(setting, text)?;
    }
    Ok(values)
}
