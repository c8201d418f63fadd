//! A map's rating: what games played with the greedy policy say about it.

use super::Map;
use super::game::{Game, Played, Rulings, Switches, play_from};
use super::policy::{Greedy, Table};
use crate::seed::Seed;

/// What simulated games say about a map.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct MapRating {
    pub games: u32,
    /// Turns each player takes, median and 9 games in 10.
    pub median_turns: u32,
    pub p90_turns: u32,
    /// Share of finished games the first player wins (a tie shares the win).
    pub first_player_win_share: f64,
    /// The standard error of that share: the ± it is printed with.
    pub first_player_se: f64,
    pub median_winning_tp: u32,
    /// Games cut off at [`MAX_TURNS`](super::game::MAX_TURNS) or when no car could drive any more.
    pub stalled: u32,
    /// Dice tape rows 9 games in 10 need.
    pub p90_tape_rows: u32,
}

/// Plays `games` games on a map with the greedy policy, dice from `seed`,
/// each game its own stream.
pub fn rate(
    map: &Map,
    players: usize,
    switches: Switches,
    rulings: Rulings,
    seed: &Seed,
    games: u32,
) -> MapRating {
    let mut start = Game::new(map, players, switches);
    start.rulings = rulings;
    let table = Table::new(&start);
    let played = crate::games::many::in_order(games, 32, |range| {
        range
            .map(|g| {
                let mut policy = Greedy::new(&table);
                let mut dice = seed.stream("tp-hunt-game", g as u64);
                play_from(&start, &mut dice, &mut policy)
            })
            .collect()
    });
    let mut r = summary(&played);
    // Games independent of each other: a binomial share's error.
    let finished = (r.games - r.stalled).max(1) as f64;
    let p = r.first_player_win_share;
    r.first_player_se = (p * (1.0 - p) / finished).sqrt();
    r
}

/// The figures of a map's rating from its games, in the order played.
fn summary(played: &[Played]) -> MapRating {
    let games = played.len() as u32;
    let mut turns = Vec::with_capacity(played.len());
    let mut winning = Vec::with_capacity(played.len());
    let mut rows = Vec::with_capacity(played.len());
    let (mut first, mut finished, mut stalled) = (0.0, 0u32, 0u32);
    for played in played {
        turns.push(played.turns);
        rows.push(played.tape_rows);
        if played.winners.is_empty() {
            stalled += 1;
        } else {
            finished += 1;
            winning.push(played.winning_tp);
            if played.winners.contains(&0) {
                first += 1.0 / played.winners.len() as f64;
            }
        }
    }
    MapRating {
        games,
        median_turns: quantile(&mut turns, 0.5),
        p90_turns: quantile(&mut turns, 0.9),
        first_player_win_share: first / finished.max(1) as f64,
        first_player_se: 1.0,
        median_winning_tp: quantile(&mut winning, 0.5),
        stalled,
        p90_tape_rows: quantile(&mut rows, 0.9),
    }
}

/// The value below which a share `q` of the values lie (nearest rank); 0 for none.
fn quantile(values: &mut [u32], q: f64) -> u32 {
    values.sort_unstable();
    values
        .get(((values.len() as f64 - 1.0) * q).round() as usize)
        .copied()
        .unwrap_or(0)
}
