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
    let mut all = Games::new(map, players, switches, rulings, seed);
    all.play_to(games);
    summary(&all.played)
}

/// What a rating of generator version 6 on must settle before it stops:
/// the length band its median is judged by, and the equal share of the
/// first player's wins.
pub struct Questions {
    pub band: (u32, u32),
    pub equal: f64,
    /// How far from `equal` a share may be before it counts as unfair, and
    /// by how many standard errors it must surely be so to be dropped.
    pub margin: f64,
    pub z: f64,
}

/// Games played at each look of a rating of version 6 on: it stops at the
/// first look where every figure it prints and every rule it is judged by
/// is settled, at the last one whatever they say (BENCHMARKS.md, "TP Hunt
/// rated on the games its figures need").
pub const LOOKS: [u32; 6] = [16, 24, 32, 48, 64, 100];

/// Plays games a look at a time until the rating is settled (see [`settled`]).
pub fn rate_until_settled(
    map: &Map,
    players: usize,
    rulings: Rulings,
    seed: &Seed,
    questions: &Questions,
) -> MapRating {
    let mut games = Games::new(map, players, Switches::default(), rulings, seed);
    for n in LOOKS {
        games.play_to(n);
        if n == LOOKS[LOOKS.len() - 1] || settled(&games.played, questions) {
            break;
        }
    }
    summary(&games.played)
}

/// The games of one map, played in order, so that a rating may add more.
struct Games<'a> {
    start: Game,
    table: Table,
    seed: &'a Seed,
    played: Vec<Played>,
}

impl<'a> Games<'a> {
    fn new(map: &'a Map, players: usize, switches: Switches, rulings: Rulings, seed: &'a Seed) -> Games<'a> {
        let mut start = Game::new(map, players, switches);
        start.rulings = rulings;
        let table = Table::new(&start);
        Games {
            start,
            table,
            seed,
            played: Vec::new(),
        }
    }

    /// Plays the games numbered from those played so far up to `n`, on
    /// every core from 8 games (a look's games take about 2 ms a core).
    fn play_to(&mut self, n: u32) {
        let from = self.played.len() as u32;
        let (start, table, seed) = (&self.start, &self.table, self.seed);
        let more = crate::games::many::in_order(n.saturating_sub(from), 8, |range| {
            range
                .map(|g| {
                    let mut policy = Greedy::new(table);
                    let mut dice = seed.stream("tp-hunt-game", u64::from(from + g));
                    play_from(start, &mut dice, &mut policy)
                })
                .collect()
        });
        self.played.extend(more);
    }
}

/// Whether the games so far settle the rating: the median and the 90th
/// percentile each lie within one turn of their estimate (one standard
/// error, by the order statistics around it), the median's range lies
/// wholly inside or wholly outside the length band, and the first
/// player's share is either surely unfair or within one standard error of
/// fair.
fn settled(played: &[Played], q: &Questions) -> bool {
    let mut turns: Vec<u32> = played.iter().map(|p| p.turns).collect();
    turns.sort_unstable();
    let (median_lo, median, median_hi) = around(&turns, 0.5);
    let (p90_lo, p90, p90_hi) = around(&turns, 0.9);
    let figures = median_hi - median <= 1 && median - median_lo <= 1 && p90_hi - p90 <= 1 && p90 - p90_lo <= 1;
    let (lo, hi) = q.band;
    let band = (lo <= median_lo && median_hi <= hi) || median_hi < lo || median_lo > hi;
    let r = summary(played);
    let (off, se) = ((r.first_player_win_share - q.equal).abs(), r.first_player_se);
    let fair = off - q.z * se > q.margin || off - se <= q.margin;
    figures && band && fair
}

/// A quantile of sorted values with the values one standard error of rank
/// below and above it: (below, estimate, above).
fn around(sorted: &[u32], q: f64) -> (u32, u32, u32) {
    let n = sorted.len();
    let at = (n as f64 - 1.0) * q;
    let spread = (q * (1.0 - q) * n as f64).sqrt();
    let pick = |i: f64| sorted[(i.max(0.0) as usize).min(n - 1)];
    (pick((at - spread).floor()), pick(at.round()), pick((at + spread).ceil()))
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
    // Games independent of each other: a binomial share's error.
    let share = first / finished.max(1) as f64;
    MapRating {
        games,
        median_turns: quantile(&mut turns, 0.5),
        p90_turns: quantile(&mut turns, 0.9),
        first_player_win_share: share,
        first_player_se: (share * (1.0 - share) / finished.max(1) as f64).sqrt(),
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
