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
    /// Rolls in which a Ventilator is used (each costs the next turn).
    pub ventilator_rolls: u32,
    /// Rolls that score, by points and whether a Ventilator was used.
    ok_rolls: [[u32; 2]; DICE + 1],
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
        let (mut lose_next_turn, mut ventilator_rolls, mut sum_points) = (0, 0, 0u64);
        let mut ok_rolls = [[0u32; 2]; DICE + 1];
        let total = SIDES.pow(DICE as u32);
        let mut roll = Vec::with_capacity(DICE);
        for i in 0..total {
            faces_of(dice, &all, i, &mut roll);
            let s = score(&roll);
            *outcomes.entry(s.outcome).or_default() += 1;
            points[s.points as usize] += 1;
            lose_next_turn += u32::from(s.lose_next_turn);
            ventilator_rolls += u32::from(s.ventilator_used);
            if s.outcome == Outcome::Ok {
                ok_rolls[s.points as usize][usize::from(s.ventilator_used)] += 1;
            }
            sum_points += s.points as u64;
        }
        Odds {
            total: total as u32,
            outcomes,
            points,
            lose_next_turn,
            ventilator_rolls,
            ok_rolls,
            sum_points,
        }
    }

    /// How long one player's game to `target` runs: (the expected number of
    /// turns until they reach it or a triple whammy puts them out, the chance
    /// they reach it). Lost turns (a Ventilator, a double whammy) count; a
    /// whammy sends the total back to 0. Worked out exactly: every total's
    /// value is linear in the value at 0.
    pub fn game_length(&self, target: u32) -> (f64, f64) {
        let n = self.total as f64;
        let p = |c: u32| c as f64 / n;
        let count = |o: Outcome| self.outcomes.get(&o).copied().unwrap_or(0);
        let (whammy, double) = (p(count(Outcome::Whammy)), p(count(Outcome::DoubleWhammy)));
        let stay = p(count(Outcome::TurnOver)) + p(self.ok_rolls[0][0]) + p(self.ok_rolls[0][1]);
        let t = target as usize;
        if t == 0 {
            return (0.0, 1.0);
        }
        // turns[s] = a[s] + b[s] * turns[0]; reach[s] = c[s] + d[s] * reach[0].
        // A turn adds at most `ok_rolls.len() - 1` points, so only that many
        // totals ahead are needed: they are kept in a ring, not one entry per
        // total (a target of 790,000 would take 25 MiB).
        let ring = self.ok_rolls.len() + 1;
        let (mut a, mut b, mut c, mut d) = (
            vec![0.0f64; ring],
            vec![0.0f64; ring],
            vec![1.0f64; ring],
            vec![0.0f64; ring],
        );
        for s in (0..t).rev() {
            let mut ai = 1.0 + double + p(self.ok_rolls[0][1]);
            let (mut bi, mut ci, mut di) = (whammy + double, 0.0, whammy + double);
            for (pts, by_vent) in self.ok_rolls.iter().enumerate().skip(1) {
                let at = (s + pts) % ring;
                for (vent, n) in by_vent.iter().enumerate() {
                    let q = p(*n);
                    ai += q * (vent as f64 + a[at]);
                    bi += q * b[at];
                    ci += q * c[at];
                    di += q * d[at];
                }
            }
            let keep = 1.0 - stay;
            let here = s % ring;
            (a[here], b[here], c[here], d[here]) = (ai / keep, bi / keep, ci / keep, di / keep);
        }
        let turns = a[0] / (1.0 - b[0]).max(1e-12);
        let reach = c[0] / (1.0 - d[0]).max(1e-12);
        (turns, reach)
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
/// points for ever). A Ventilator used costs the next turn: worth, on average,
/// a turn's points, which the rule counts against the roll that used it.
///
/// The printed rule is one number per row a player can follow at the table:
/// keyed by how many dice would be re-rolled and how many bad faces are among
/// them, "stop once the turn's total reaches T". Each row's T is the optimal
/// stopping point of the dice sets in that row (weighted by how often a turn
/// comes to each), and the expected points printed are those of this printed
/// rule, worked out exactly.
#[derive(Debug, Clone, PartialEq)]
pub struct StopRule {
    /// (dice to re-roll, bad faces among them) -> stop once the turn total reaches this.
    pub stop_at: BTreeMap<(usize, usize), u32>,
    /// Expected points of a turn played by the printed rule, a lost next turn
    /// counted against each Ventilator used.
    pub expected_turn_points: f64,
    /// Expected points of a turn that always stops after the first roll.
    pub expected_single_roll: f64,
}

/// Outcomes of rolling one subset: (points, next dice, bad faces among them,
/// a Ventilator used) -> count; rolls not listed end the turn with nothing.
struct Transitions {
    ok: Vec<(u32, u8, u8, bool, u32)>,
    rolls: u32,
}

fn transitions(dice: &Dice, mask: u8) -> Transitions {
    let subset: Vec<usize> = (0..DICE).filter(|d| mask & (1 << d) != 0).collect();
    let rolls = SIDES.pow(subset.len() as u32);
    let mut ok: BTreeMap<(u32, u8, u8, bool), u32> = BTreeMap::new();
    let mut roll = Vec::with_capacity(DICE);
    for i in 0..rolls {
        faces_of(dice, &subset, i, &mut roll);
        let s = score(&roll);
        if s.outcome != Outcome::Ok || s.points == 0 {
            continue;
        }
        let bad = roll.iter().filter(|f| f.is_bad()).count() as u8;
        *ok.entry((s.points, next_mask(&subset, &roll), bad, s.ventilator_used))
            .or_default() += 1;
    }
    Transitions {
        ok: ok.into_iter().map(|((p, m, b, v), n)| (p, m, b, v, n)).collect(),
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

/// A printed row: the dice that would be re-rolled and the bad faces among them.
fn row(mask: u8, bad: u8) -> (usize, usize) {
    (mask.count_ones() as usize, bad as usize)
}

impl StopRule {
    pub fn of(dice: &Dice) -> StopRule {
        let trans: Vec<Transitions> = (0..64u8).map(|m| transitions(dice, m)).collect();
        let cap = BANK_CAP as usize;
        let first = &trans[63];
        let expected_single_roll = first.ok.iter().map(|t| t.0 as f64 * t.4 as f64).sum::<f64>() / first.rolls as f64;
        // The cost of a lost turn is a turn's worth: found by iterating to a fixed point.
        let mut lost_turn = expected_single_roll;
        let mut stop_at = BTreeMap::new();
        let mut expected_turn_points = expected_single_roll;
        for _ in 0..8 {
            stop_at = printed_rule(&trans, cap, lost_turn);
            expected_turn_points = evaluate(&trans, cap, lost_turn, &stop_at);
            if (expected_turn_points - lost_turn).abs() < 1e-6 {
                break;
            }
            lost_turn = expected_turn_points.max(0.0);
        }
        StopRule {
            stop_at,
            expected_turn_points,
            expected_single_roll,
        }
    }
}

/// What a Ventilator used costs: the next turn.
fn cost(vent: bool, lost_turn: f64) -> f64 {
    if vent { lost_turn } else { 0.0 }
}

/// The optimal stop points per set of dice, gathered into one threshold per
/// printed row (weighted by how often a turn reaches each set).
fn printed_rule(trans: &[Transitions], cap: usize, lost_turn: f64) -> BTreeMap<(usize, usize), u32> {
    // value[mask][bank]: the best expected turn total from here.
    let mut value = vec![vec![0.0f64; cap + 1]; 64];
    let mut stop = vec![vec![true; cap + 1]; 64];
    for bank in (0..=cap).rev() {
        for mask in 1..64usize {
            let t = &trans[mask];
            let go =
                t.ok.iter()
                    .map(|&(p, next, _, vent, n)| {
                        let b = bank + p as usize;
                        let v = if b >= cap || next == 0 {
                            b as f64
                        } else {
                            value[next as usize][b]
                        };
                        (v - cost(vent, lost_turn)) * n as f64
                    })
                    .sum::<f64>()
                    / t.rolls as f64;
            value[mask][bank] = (bank as f64).max(go);
            stop[mask][bank] = bank as f64 >= go;
        }
    }
    // How often a turn comes to each (dice, bad faces) state: a forward pass.
    let mut reach = vec![vec![0.0f64; 8]; 64];
    let mut frontier: Vec<(usize, usize, f64)> = trans[63]
        .ok
        .iter()
        .filter(|t| t.1 != 0)
        .map(|t| (t.1 as usize, t.2 as usize, t.4 as f64 / trans[63].rolls as f64))
        .collect();
    for _ in 0..12 {
        let mut next_frontier = Vec::new();
        for (mask, bad, w) in frontier {
            reach[mask][bad] += w;
            let t = &trans[mask];
            for &(_, next, b, _, n) in &t.ok {
                if next != 0 {
                    next_frontier.push((next as usize, b as usize, w * n as f64 / t.rolls as f64));
                }
            }
        }
        frontier = next_frontier;
    }
    let mut rows: BTreeMap<(usize, usize), Vec<(u32, f64)>> = BTreeMap::new();
    for (mask, stops) in stop.iter().enumerate().skip(1) {
        let threshold = (0..=cap).find(|&b| stops[b..].iter().all(|s| *s)).unwrap_or(cap) as u32;
        for (bad, w) in reach[mask].iter().enumerate() {
            if *w > 0.0 {
                rows.entry(row(mask as u8, bad as u8))
                    .or_default()
                    .push((threshold, *w));
            }
        }
    }
    rows.into_iter()
        .map(|(k, mut ts)| {
            // The weighted median threshold of the row.
            ts.sort_by_key(|t| t.0);
            let half = ts.iter().map(|t| t.1).sum::<f64>() / 2.0;
            let mut acc = 0.0;
            let t = ts
                .iter()
                .find(|t| {
                    acc += t.1;
                    acc >= half
                })
                .map_or(0, |t| t.0);
            (k, t)
        })
        .collect()
}

/// The expected turn total when playing the printed rule.
fn evaluate(trans: &[Transitions], cap: usize, lost_turn: f64, rule: &BTreeMap<(usize, usize), u32>) -> f64 {
    // value[mask][bad][bank] under the printed rule.
    let mut value = vec![vec![vec![0.0f64; cap + 1]; 8]; 64];
    for bank in (0..=cap).rev() {
        for mask in 1..64usize {
            let t = &trans[mask];
            let go =
                t.ok.iter()
                    .map(|&(p, next, b, vent, n)| {
                        let total = bank + p as usize;
                        let v = if total >= cap || next == 0 {
                            total as f64
                        } else {
                            value[next as usize][b as usize][total]
                        };
                        (v - cost(vent, lost_turn)) * n as f64
                    })
                    .sum::<f64>()
                    / t.rolls as f64;
            for bad in 0..8u8 {
                let stop = rule.get(&row(mask as u8, bad)).is_none_or(|&th| bank as u32 >= th);
                value[mask][bad as usize][bank] = if stop { bank as f64 } else { go };
            }
        }
    }
    let first = &trans[63];
    first
        .ok
        .iter()
        .map(|&(p, next, b, vent, n)| {
            let v = if next == 0 {
                p as f64
            } else {
                value[next as usize][b as usize][p as usize]
            };
            (v - cost(vent, lost_turn)) * n as f64
        })
        .sum::<f64>()
        / first.rolls as f64
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
