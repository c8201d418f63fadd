//! A board's rating from simulated games, and the figures printed from it.

use super::*;

/// A board's rating from [`Params::rating_games`] simulated games. The dice are
/// seeded by the board and the players, so a board rates the same however
/// it was made. Ratings are kept: making a board rates it, and its
/// sheet prints the same rating.
pub fn rating(p: &Params, b: &Board) -> BoardRating {
    // Kept by settings and cells (see [`crate::games::kept`]).
    static RATED: crate::games::kept::Store<BoardRating> = crate::games::kept::Store::new();
    let rulings = game::Rulings::of_version(p.version);
    let text = format!("p{}-{}-{rulings:?}\n{}", p.players, p.mode.name(), describe(b));
    RATED.get_or_make(&text, || {
        rate(b, p, &rating_seed(p, b), p.rating_games())
    })
}

/// What simulated games say about a board.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct BoardRating {
    pub games: u32,
    pub median_rounds: u32,
    pub p90_rounds: u32,
    /// Share of finished games won by the first player (race) or team (hoard).
    pub first_player_win_share: f64,
    /// Games cut off at [`game::MAX_ROUNDS`].
    pub stalled: u32,
    /// Share of deliveries made at the first (left) arrow.
    pub arrow_balance: f64,
}

/// Plays `games` games on a board with the greedy policy, dice from the seed.
pub fn rate(board: &Board, p: &Params, seed: &Seed, games: u32) -> BoardRating {
    // Games are independent; each core's run of games shares one table.
    let played: Vec<game::Played> = crate::games::many::in_order(games, 64, |range| {
        let table = game::Table::new(board);
        range
            .map(|g| {
                let mut policy = policy::Greedy::new(seed, g as u64, p.version);
                game::play(&table, p, &mut seed.stream("panic-buy-game", g as u64), &mut policy)
            })
            .collect()
    });
    let mut rounds = Vec::with_capacity(games as usize);
    let (mut first, mut finished, mut stalled) = (0u32, 0u32, 0u32);
    let mut arrows = [0u32; 2];
    for played in &played {
        rounds.push(played.rounds);
        match played.winner {
            Some(w) => {
                finished += 1;
                first += (w == 0) as u32;
            }
            None => stalled += 1,
        }
        arrows[0] += played.at_arrow[0];
        arrows[1] += played.at_arrow[1];
    }
    rounds.sort_unstable();
    let at = |q: f64| {
        rounds
            .get(((rounds.len() as f64 - 1.0) * q).round() as usize)
            .copied()
            .unwrap_or(0)
    };
    BoardRating {
        games,
        median_rounds: at(0.5),
        p90_rounds: at(0.9),
        first_player_win_share: first as f64 / finished.max(1) as f64,
        stalled,
        arrow_balance: arrows[0] as f64 / (arrows[0] + arrows[1]).max(1) as f64,
    }
}

/// A board's rating as its sheets print it: games played by today's
/// rulings, whatever version made the board (a rating is not the layout).
pub(crate) fn printed_rating(p: &Params, b: &Board) -> BoardRating {
    rating(
        &Params {
            version: VERSION,
            ..p.clone()
        },
        b,
    )
}

/// What a request's sheets say of its boards' printed ratings: the first
/// board's, and the spread over all of them.
#[derive(Debug, Clone, Copy, Default)]
pub struct Ratings {
    pub first: BoardRating,
    pub boards: u32,
    /// The shortest and longest median game, in rounds.
    pub median: (u32, u32),
    /// The longest 90th-percentile game, in rounds.
    pub p90_most: u32,
}

/// The fewest rows of the team tally, whatever the ratings say.
pub const MIN_TALLY_ROWS: u32 = 10;

impl Ratings {
    pub fn of(r: &BoardRating) -> Ratings {
        Ratings {
            first: *r,
            boards: 1,
            median: (r.median_rounds, r.median_rounds),
            p90_most: r.p90_rounds,
        }
    }

    pub fn add(&mut self, r: &BoardRating) {
        self.boards += 1;
        self.median = (self.median.0.min(r.median_rounds), self.median.1.max(r.median_rounds));
        self.p90_most = self.p90_most.max(r.p90_rounds);
    }

    /// Rounds on the team tally: enough for 9 games in 10.
    pub(crate) fn tally_rows(&self) -> u32 {
        self.p90_most.max(MIN_TALLY_ROWS)
    }
}

/// About how long a game of `rounds` rounds takes at the table: half a
/// minute a turn, to the nearest 5 minutes.
pub(crate) fn play_minutes(p: &Params, rounds: u32) -> u32 {
    let minutes = rounds * p.players as u32 / 2;
    (minutes + 2) / 5 * 5
}

/// The seed of a board's simulated dice: made from the board and the players,
/// never from the seed that drew the board.
pub fn rating_seed(p: &Params, b: &Board) -> Seed {
    use sha2::{Digest, Sha256};
    let key = format!("p{}-{}\n{}", p.players, p.mode.name(), describe(b));
    let digest = Sha256::digest(key.as_bytes());
    let hex: String = digest.iter().take(12).map(|x| format!("{x:02x}")).collect();
    Seed::new(&format!("board-{hex}")).expect("a short seed")
}
