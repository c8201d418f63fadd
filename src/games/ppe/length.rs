//! How long a game runs, worked out exactly from the dice and the way turns
//! are played: the score pad gets rows for nine games in ten to finish, and
//! the sheets say how many turns a game takes and how many players reach the
//! target. Players are independent, so the chance that the game is over by a
//! round follows from one player's chances: over once anyone has reached the
//! target (the round is finished) or everyone is out. What it is given is how
//! often a turn ends each way ([`TurnEnd`]).

/// The share of games the score pad has rows for.
pub const PAD_SHARE: f64 = 0.9;

/// Targets above this, without whammies, are sized by the normal
/// approximation of a sum of many turns: following every total exactly
/// would take minutes at a million points, and the two agree long before.
pub const EXACT_TARGET: u32 = 2_000;

/// Chances below this are dropped while following a player's total.
const NEGLIGIBLE: f64 = 1e-15;

/// How a turn ends, as a score pad records it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum TurnEnd {
    /// The turn adds these points (0 after a bust); `lost`: the next turn is lost.
    Banked { points: u32, lost: bool },
    /// A whammy: the game total goes back to 0.
    Reset { lost: bool },
    /// A triple whammy: out of the game.
    Out,
}

#[derive(Debug, Clone, PartialEq)]
pub struct GameLength {
    /// Rounds by which nine games in ten are over.
    pub rounds: u32,
    /// The expected number of rounds a game lasts.
    pub mean_rounds: f64,
    /// The chance that one player ever reaches the target.
    pub reach: f64,
}

/// The game length for `players` to `target`, a turn ending as
/// `ends[band]` says for a player whose game total is in the band starting at
/// `bands[band]` (with whammies the way a turn is played depends on the
/// total; without, there is one band).
pub(crate) fn game_length(players: u32, target: u32, bands: &[u32], ends: &[Vec<(TurnEnd, f64)>]) -> GameLength {
    let whammies = ends
        .iter()
        .flatten()
        .any(|(end, _)| !matches!(end, TurnEnd::Banked { .. }));
    if target > EXACT_TARGET && !whammies {
        return approximate(players, target, &ends[0]);
    }
    // A turn adds at most this many points: totals are followed only as far
    // as they can have come (with whammies, rarely far from 0).
    let step = ends
        .iter()
        .flatten()
        .map(|(end, _)| match end {
            TurnEnd::Banked { points, .. } => *points as usize,
            _ => 0,
        })
        .max()
        .unwrap_or(0);
    let band_of = |total: usize| bands.iter().rposition(|&low| low as usize <= total).unwrap_or(0);
    let t = target as usize;
    // by_total[lost][total]: a player still playing, with the next turn lost or not.
    let mut by_total = [vec![0.0f64; 1], vec![0.0f64; 1]];
    by_total[0][0] = 1.0;
    let (mut reached, mut out) = (0.0f64, 0.0f64);
    let (mut rounds, mut mean, mut found) = (0u32, 0.0f64, None);
    // Counted while the game may still be on.
    let n = players as i32;
    let mut high = 1usize;
    while rounds < 1_000_000 {
        let over = 1.0 - ((1.0 - reached).powi(n) - out.powi(n));
        if found.is_none() && over >= PAD_SHARE {
            found = Some(rounds);
        }
        let left: f64 = by_total.iter().flatten().sum();
        if 1.0 - over < 1e-9 && left < 1e-9 {
            break;
        }
        mean += 1.0 - over;
        rounds += 1;
        let len = (high + step + 1).min(t);
        let mut next = [vec![0.0f64; len], vec![0.0f64; len]];
        // A lost turn passes: the player plays the round after.
        for total in 0..high {
            next[0][total] += by_total[1][total];
        }
        let mut next_high = high;
        for total in 0..high {
            let here = by_total[0][total];
            if here < NEGLIGIBLE {
                continue;
            }
            for (end, p) in &ends[band_of(total)] {
                let m = here * p;
                match *end {
                    TurnEnd::Out => out += m,
                    TurnEnd::Reset { lost } => next[usize::from(lost)][0] += m,
                    TurnEnd::Banked { points, lost } => {
                        let to = total + points as usize;
                        if to >= t {
                            reached += m;
                        } else {
                            next[usize::from(lost)][to] += m;
                            next_high = next_high.max(to + 1);
                        }
                    }
                }
            }
        }
        by_total = next;
        high = next_high;
    }
    GameLength {
        rounds: found.unwrap_or(rounds).max(1),
        mean_rounds: mean,
        reach: reached,
    }
}

/// A long target without whammies: a player's rounds to the target are
/// near normal (renewal theory: a cycle is a turn and the turn it loses).
fn approximate(players: u32, target: u32, ends: &[(TurnEnd, f64)]) -> GameLength {
    let (mut ex, mut ey, mut exx, mut eyy, mut exy) = (0.0, 0.0, 0.0, 0.0, 0.0);
    for (end, p) in ends {
        let (x, y) = match *end {
            TurnEnd::Banked { points, lost } => (points as f64, 1.0 + f64::from(u8::from(lost))),
            TurnEnd::Reset { lost } => (0.0, 1.0 + f64::from(u8::from(lost))),
            TurnEnd::Out => (0.0, 1.0),
        };
        (ex, ey, exx, eyy, exy) = (
            ex + p * x,
            ey + p * y,
            exx + p * x * x,
            eyy + p * y * y,
            exy + p * x * y,
        );
    }
    // Var(Y E[X] - X E[Y]) per cycle, over E[X]^3 per point of target.
    let var = eyy * ex * ex - 2.0 * exy * ex * ey + exx * ey * ey;
    let mean = target as f64 * ey / ex;
    let sd = (target as f64 * var / ex.powi(3)).sqrt();
    let over = |r: f64| 1.0 - (1.0 - normal_cdf((r - mean) / sd.max(1e-9))).powi(players as i32);
    let mut r = (mean - 10.0 * sd).floor().max(1.0);
    while over(r) < PAD_SHARE {
        r += 1.0;
    }
    // The expected minimum of the players' rounds, summed round by round.
    let mut expected = 0.0;
    let mut k = 0.0;
    while 1.0 - over(k) > 1e-9 {
        expected += 1.0 - over(k);
        k += 1.0;
    }
    GameLength {
        rounds: r as u32,
        mean_rounds: expected,
        reach: 1.0,
    }
}

/// The standard normal distribution function (Abramowitz and Stegun 7.1.26,
/// error below 1.5e-7: far finer than a row).
fn normal_cdf(z: f64) -> f64 {
    let x = z.abs() / std::f64::consts::SQRT_2;
    let t = 1.0 / (1.0 + 0.3275911 * x);
    let poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
    let erf = 1.0 - poly * (-x * x).exp();
    if z >= 0.0 { 0.5 * (1.0 + erf) } else { 0.5 * (1.0 - erf) }
}
