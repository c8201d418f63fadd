//! A board's rating from simulated games, and the figures printed from it.

use super::*;

/// A board's rating from [`Params::rating_games`] simulated games. The dice are
/// seeded by the board and the players, so a board rates the same however
/// it was made. Ratings are kept: making a board rates it, and its
/// sheet prints the same rating.
pub fn rating(p: &Params, b: &Board) -> game::BoardRating {
    // Kept by settings and cells (see [`crate::games::kept`]).
    static RATED: crate::games::kept::Store<game::BoardRating> = crate::games::kept::Store::new();
    let rulings = game::Rulings::of_version(p.version);
    let text = format!("p{}-{}-{rulings:?}\n{}", p.players, p.mode.name(), describe(b));
    RATED.get_or_make(&text, || {
        game::rate(b, p, &rating_seed(p, b), p.rating_games())
    })
}

/// A board's rating as its sheets print it: games played by today's
/// rulings, whatever version made the board (a rating is not the layout).
pub fn printed_rating(p: &Params, b: &Board) -> game::BoardRating {
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
    pub first: game::BoardRating,
    pub boards: u32,
    /// The shortest and longest median game, in rounds.
    pub median: (u32, u32),
    /// The longest 90th-percentile game, in rounds.
    pub p90_most: u32,
}

/// The fewest rows of the team tally, whatever the ratings say.
pub const MIN_TALLY_ROWS: u32 = 10;

impl Ratings {
    pub fn of(r: &game::BoardRating) -> Ratings {
        Ratings {
            first: *r,
            boards: 1,
            median: (r.median_rounds, r.median_rounds),
            p90_most: r.p90_rounds,
        }
    }

    pub fn add(&mut self, r: &game::BoardRating) {
        self.boards += 1;
        self.median = (self.median.0.min(r.median_rounds), self.median.1.max(r.median_rounds));
        self.p90_most = self.p90_most.max(r.p90_rounds);
    }

    /// Rounds on the team tally: enough for 9 games in 10.
    pub fn tally_rows(&self) -> u32 {
        self.p90_most.max(MIN_TALLY_ROWS)
    }
}

/// About how long a game of `rounds` rounds takes at the table: half a
/// minute a turn, to the nearest 5 minutes.
pub fn play_minutes(p: &Params, rounds: u32) -> u32 {
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
