//! Exact odds for a set of dice, by enumerating every roll, and the best stop
//! rule for the push-your-luck variant, computed from the same enumeration.

use std::collections::BTreeMap;

use super::{DICE, Dice, Face, Outcome, SIDES, score};

/// Outcome counts over all 6^6 = 46,656 equally likely rolls.
#[derive(Debug, Clone, PartialEq)]
pub struct Odds {
    pub total: u32,
    pub outcomes: BTreeMap<Outcome, u32>,
    /// Rolls scoring 0, 1, ... 6 points.
    pub points: [u32; DICE + 1],
    pub lose_next_turn: u32,
    sum_points: u64,
}

/// The faces of roll number `index` (base 6, die 1 first) of the dice in `subset`.
fn faces_of(dice: &Dice, subset: &[usize], mut index: usize, out: &mut Vec<Face>) {
    out.clear();
    for &d in subset {
        out.push(dice[d][index % SIDES]);
        index /= SIDES;
    }
}

impl Odds {
    pub fn of(dice: &Dice) -> Odds {
        let all: Vec<usize> = (0..DICE).collect();
        let mut outcomes: BTreeMap<Outcome, u32> = Outcome::ALL.iter().map(|o| (*o, 0)).collect();
        let mut points = [0; DICE + 1];
        let (mut lose_next_turn, mut sum_points) = (0, 0u64);
        let total = SIDES.pow(DICE as u32);
        let mut roll = Vec::with_capacity(DICE);
        for i in 0..total {
            faces_of(dice, &all, i, &mut roll);
            let s = score(&roll);
            *outcomes.entry(s.outcome).or_default() += 1;
            points[s.points as usize] += 1;
            lose_next_turn += u32::from(s.lose_next_turn);
            sum_points += s.points as u64;
        }
        Odds {
            total: total as u32,
            outcomes,
            points,
            lose_next_turn,
            sum_points,
        }
    }

    pub fn expected_points(&self) -> f64 {
        self.sum_points as f64 / self.total as f64
    }
}

/// Highest turn total the variant's analysis looks at; past it, stopping is
/// always best (the chance of losing everything outweighs a few points).
pub const BANK_CAP: u32 = 80;

/// The push-your-luck variant as we read it: a turn starts by rolling all six
/// dice. A roll with an uncountered bad face, or a re-roll that scores nothing,
/// ends the turn with nothing. Otherwise its points are banked and the player may
/// stop, or re-roll the bad dice with the good dice that countered them (taking
/// the lowest-numbered matching dice as counters). Six good faces of six may all
/// be rolled again; a re-roll of fewer dice with no bad face is set aside whole,
/// and the turn ends (otherwise dice that cannot show a bad face would bank
/// points for ever).
#[derive(Debug, Clone, PartialEq)]
pub struct StopRule {
    /// For each number of dice to re-roll: the lowest and highest turn total at
    /// which stopping is best (they differ when it depends on which dice).
    pub stop_at: BTreeMap<usize, (u32, u32)>,
    /// Expected points of a turn played by this rule.
    pub expected_turn_points: f64,
    /// Expected points of a turn that always stops after the first roll.
    pub expected_single_roll: f64,
}

/// Outcomes of rolling one subset: (points, next subset as a bit mask) -> count,
/// plus the count of rolls that end the turn with nothing.
struct Transitions {
    ok: Vec<(u32, u8, u32)>,
    rolls: u32,
}

fn transitions(dice: &Dice, mask: u8) -> Transitions {
    let subset: Vec<usize> = (0..DICE).filter(|d| mask & (1 << d) != 0).collect();
    let rolls = SIDES.pow(subset.len() as u32);
    let mut ok: BTreeMap<(u32, u8), u32> = BTreeMap::new();
    let mut roll = Vec::with_capacity(DICE);
    for i in 0..rolls {
        faces_of(dice, &subset, i, &mut roll);
        let s = score(&roll);
        if s.outcome != Outcome::Ok || s.points == 0 {
            continue;
        }
        *ok.entry((s.points, next_mask(&subset, &roll))).or_default() += 1;
    }
    Transitions {
        ok: ok.into_iter().map(|((p, m), n)| (p, m, n)).collect(),
        rolls: rolls as u32,
    }
}

/// The dice that may be rolled again after a scoring roll of `subset`.
fn next_mask(subset: &[usize], roll: &[Face]) -> u8 {
    let bad: Vec<usize> = (0..roll.len()).filter(|&i| roll[i].is_bad()).collect();
    let mut mask = 0u8;
    if bad.is_empty() {
        return if subset.len() == DICE { 0b11_1111 } else { 0 };
    }
    let mut used = vec![false; roll.len()];
    let take = |wanted: &[Face], used: &mut Vec<bool>| -> Option<usize> {
        let i = (0..roll.len()).find(|&i| !used[i] && wanted.contains(&roll[i]))?;
        used[i] = true;
        Some(i)
    };
    for &b in &bad {
        used[b] = true;
    }
    for &b in &bad {
        mask |= 1 << subset[b];
        let counter = match roll[b] {
            Face::LongNosedMan => take(&[Face::Heroes], &mut used),
            _ => take(&[Face::Vaccine], &mut used).or_else(|| take(&[Face::Ventilator], &mut used)),
        };
        if let Some(c) = counter {
            mask |= 1 << subset[c];
        }
    }
    mask
}

impl StopRule {
    pub fn of(dice: &Dice) -> StopRule {
        let trans: Vec<Transitions> = (0..64u8).map(|m| transitions(dice, m)).collect();
        // value[mask][bank]: the best expected turn total from here.
        let cap = BANK_CAP as usize;
        let mut value = vec![vec![0.0f64; cap + 1]; 64];
        let mut stop = vec![vec![true; cap + 1]; 64];
        for bank in (0..=cap).rev() {
            for mask in 1..64usize {
                let t = &trans[mask];
                let go: f64 =
                    t.ok.iter()
                        .map(|&(p, next, n)| {
                            let b = bank + p as usize;
                            let v = if b >= cap || next == 0 {
                                b as f64
                            } else {
                                value[next as usize][b]
                            };
                            v * n as f64
                        })
                        .sum::<f64>()
                        / t.rolls as f64;
                let keep = bank as f64;
                value[mask][bank] = keep.max(go);
                stop[mask][bank] = keep >= go;
            }
        }
        let first = &trans[63];
        let expected_turn_points = first
            .ok
            .iter()
            .map(|&(p, next, n)| value[next as usize][p as usize] * n as f64)
            .sum::<f64>()
            / first.rolls as f64;
        let expected_single_roll =
            first.ok.iter().map(|&(p, _, n)| p as f64 * n as f64).sum::<f64>() / first.rolls as f64;
        // Only the sets of dice a turn can actually come to.
        let mut reachable = [false; 64];
        let mut todo = vec![63usize];
        while let Some(m) = todo.pop() {
            if std::mem::replace(&mut reachable[m], true) {
                continue;
            }
            todo.extend(
                trans[m]
                    .ok
                    .iter()
                    .map(|t| t.1 as usize)
                    .filter(|&n| n != 0 && !reachable[n]),
            );
        }
        let mut stop_at: BTreeMap<usize, (u32, u32)> = BTreeMap::new();
        for mask in (1..64usize).filter(|&m| reachable[m]) {
            let k = mask.count_ones() as usize;
            let threshold = (0..=cap).find(|&b| (b..=cap).all(|x| stop[mask][x])).unwrap_or(cap) as u32;
            let e = stop_at.entry(k).or_insert((threshold, threshold));
            e.0 = e.0.min(threshold);
            e.1 = e.1.max(threshold);
        }
        StopRule {
            stop_at,
            expected_turn_points,
            expected_single_roll,
        }
    }
}

/// What the sheets print about a set of dice, computed once per document.
pub struct Analysis {
    pub odds: Odds,
    /// Only when the reference card is printed: it takes the longest to work out.
    pub rule: Option<StopRule>,
}

impl Analysis {
    pub fn of(dice: &Dice, with_rule: bool) -> Analysis {
        Analysis {
            odds: Odds::of(dice),
            rule: with_rule.then(|| StopRule::of(dice)),
        }
    }
}
