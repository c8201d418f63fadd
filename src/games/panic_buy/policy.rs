//! The players' choices in simulated games: a greedy policy that looks one
//! move ahead. It sees what players see (the board, the pieces, this turn's
//! dice) and scores each legal move by where it leaves the baskets:
//!
//! - its own basket: fetch rolls until the player has enough to win (race) or
//!   holds two (hoard), then run for the nearer arrow; deliver, steal with a
//!   Sneeze, rest on an object when carrying and a hazard is near; Sanitiser
//!   (a "may", from generator version 6) only where a walk beats standing;
//! - a robbed or distanced basket: as far from its goal as possible, best of
//!   all onto the Virus or the Dog;
//! - the Virus and the Dog: onto the rival carrying most, away from its own.
//!
//! Equal choices of where to send the Virus or the Dog are broken at random
//! (the policy's own stream, not the dice), so no two players can lock the
//! pieces into a loop. So are equally good walks of a player's own basket
//! (from generator version 5): taking the first of them, as the boards of
//! versions 3 and 4 were rated, always turns the same way at a fork, and
//! sends nearly every delivery to one arrow of a board whose arrows are
//! equally far from the TP square (BENCHMARKS.md, "arrow balance").

use super::Mode;
use super::game::{
    BATHROOM, Distances, Game, Hazard, Outcome, Policy, Pos, RACE_TARGET, Table, Walk, WalkKind, through_pieces,
};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// Points for a roll in a trolley, and for one carried.
const DELIVERED: i32 = 30;
const CARRIED: i32 = 12;
/// A basket in a room has to escape first: worth this many steps.
const ROOM_STEPS: i32 = 6;
/// Being sent to a room.
const CAPTURED: i32 = 40;
/// Hazard within reach of a basket carrying rolls, per roll.
const AT_RISK: i32 = 4;
/// A Sneeze card in hand.
const SNEEZE: i32 = 2;
/// Each turn already spent resting on objects, against resting again.
const RESTLESS: i32 = 4;

#[derive(Debug, Clone)]
pub struct Greedy {
    pub rng: ChaCha8Rng,
    maps: Option<Maps>,
    /// Turns in a row each basket carrying rolls has sheltered on objects or
    /// been left standing: waiting grows costlier, so it makes its dash in the end.
    rested: Vec<u32>,
    /// Equally good walks are chosen between at random, not the first taken.
    even_ties: bool,
    equal: Vec<usize>,
}

impl Greedy {
    /// The policy for game `game` on a board rated with `seed`, as boards of
    /// generator `version` were rated.
    pub fn new(seed: &crate::seed::Seed, game: u64, version: u32) -> Greedy {
        Greedy {
            rng: seed.stream("panic-buy-policy", game),
            maps: None,
            rested: Vec::new(),
            even_ties: version >= 5,
            equal: Vec::new(),
        }
    }

    fn track(&mut self, g: &Game) {
        if self.rested.len() != g.baskets.len() {
            self.rested = vec![0; g.baskets.len()];
        }
    }

    /// Makes the distances again when the Virus, the Dog or the toilet paper
    /// lying about have moved since they were made.
    fn refresh(&mut self, g: &Game) -> &Maps {
        let stale = self
            .maps
            .as_ref()
            .is_none_or(|m| m.hazards != g.hazards || m.lying != g.lying);
        if stale {
            self.maps = Some(Maps::new(g));
        }
        self.maps.as_ref().expect("just made")
    }
}

/// Rolls the player still needs to win (race); hoard teams always want more.
fn need(g: &Game, player: u8) -> u32 {
    match g.mode {
        Mode::Race => {
            let carried: u32 = g.baskets.iter().filter(|b| b.owner == player).map(|b| b.carried).sum();
            RACE_TARGET.saturating_sub(g.trolley[player as usize] + carried)
        }
        Mode::Hoard => u32::MAX,
    }
}

/// Distances the policy steers by: around the Virus and the Dog where they
/// stand, to the TP square, the arrows and any toilet paper lying about.
#[derive(Debug, Clone)]
struct Maps {
    hazards: [Pos; 2],
    /// Squares each of the Virus and the Dog can reach in one move (within 3
    /// steps; from its room, 2 beyond the door), as bits.
    at_risk: [u64; 2],
    lying: Vec<(Pos, u32)>,
    /// To the TP square and to the nearer arrow.
    around: std::rc::Rc<[Distances; 2]>,
    /// Made when first wanted: only once the counter is empty.
    to_lying: std::cell::OnceCell<Option<Distances>>,
}

impl Maps {
    fn new(g: &Game) -> Maps {
        let t = g.table;
        // Around the pieces where that is a short detour; through them (as if
        // they will have moved on) where they block the way or stand on the goal.
        let around = t.around(g.hazards);
        let at_risk = Hazard::BOTH.map(|h| {
            let hp = g.hazards[h as usize];
            if hp >= BATHROOM {
                t.within(t.doors[h as usize], 2)
            } else {
                t.within(hp, 3)
            }
        });
        Maps {
            hazards: g.hazards,
            at_risk,
            lying: g.lying.clone(),
            around,
            to_lying: Default::default(),
        }
    }

    /// Distances to the toilet paper lying about, if any is.
    fn to_lying(&self, g: &Game) -> Option<&Distances> {
        self.to_lying
            .get_or_init(|| {
                let t = g.table;
                let lying: Vec<Pos> = self.lying.iter().map(|(p, _)| *p).collect();
                (!lying.is_empty()).then(|| {
                    through_pieces(
                        &t.distances_around(&lying, &self.hazards),
                        &t.distances_around(&lying, &[]),
                    )
                })
            })
            .as_ref()
    }

    /// How good a basket of `player` standing at `at` with `carried` rolls is.
    fn value(&self, g: &Game, player: u8, at: Pos, carried: u32) -> i32 {
        let t: &Table = g.table;
        let room = at == BATHROOM || at == BATHROOM + 1;
        let enough = match g.mode {
            Mode::Race => g.trolley[player as usize] + carried >= RACE_TARGET,
            Mode::Hoard => carried >= 2,
        };
        let distance = if carried > 0 && (enough || g.counter == 0) {
            self.around[1][at as usize]
        } else if g.counter > 0 {
            self.around[0][at as usize]
        } else if let Some(d) = self.to_lying(g) {
            d[at as usize]
        } else if let Some(d) = rivals_carrying(g, player).map(|p| manhattan_from(at, p, t)).min() {
            // Nothing left to take but what rivals carry: go and sneeze on
            // them. Sharing their square is no good: a Sneeze needs a landing.
            if d == 0 { 2 } else { d as u8 }
        } else {
            self.around[1][at as usize]
        } as i32;
        let mut v = CARRIED * carried as i32 - distance - if room { ROOM_STEPS } else { 0 };
        if carried > 0 && !room && !t.is_object(at) && at < BATHROOM {
            let hazards_near = self.at_risk.iter().filter(|&&risk| risk & 1 << at != 0).count() as i32;
            v -= hazards_near * AT_RISK * carried as i32;
        }
        v
    }
}

/// Squares of rival baskets carrying rolls, when `player` has a Sneeze to take them.
fn rivals_carrying<'g>(g: &'g Game, player: u8) -> impl Iterator<Item = Pos> + 'g {
    let armed = g.sneezes[player as usize] > 0;
    g.baskets
        .iter()
        .filter(move |b| armed && b.carried > 0 && b.at < BATHROOM && g.team(b.owner) != g.team(player))
        .map(|b| b.at)
}

/// Whether place `end` is within 3 squares of square `at` as the crow flies
/// (a room's place number puts it in a row below the board's bottom row).
fn near(t: &Table, at: Pos, end: Pos) -> bool {
    if end < BATHROOM {
        t.within(at, 3) >> end & 1 != 0
    } else {
        Table::manhattan(at, end) <= 3
    }
}

fn manhattan_from(at: Pos, to: Pos, t: &Table) -> u32 {
    if at >= BATHROOM {
        t.to_tp(at)
    } else {
        Table::manhattan(at, to)
    }
}

impl Greedy {
    /// The score of basket `b`'s move with outcome `o` (and the Sneeze at its end).
    fn own_score(m: &Maps, g: &Game, b: usize, w: &Walk, o: &Outcome) -> i32 {
        let owner = g.baskets[b].owner;
        if g.mode == Mode::Race && g.trolley[owner as usize] + o.delivered >= RACE_TARGET {
            return i32::MAX / 2;
        }
        let mut carried = o.carried;
        let mut score = DELIVERED * o.delivered as i32;
        if let Some(v) = w.sneeze {
            let victim = &g.baskets[v as usize];
            if g.team(victim.owner) == g.team(owner) {
                return i32::MIN / 2;
            }
            carried += victim.carried;
            score -= SNEEZE;
        }
        if o.gains_sneeze && g.stockpile > 0 {
            score += SNEEZE;
        }
        match o.captured {
            Some(room) => score - CAPTURED - CARRIED * carried as i32 + m.value(g, owner, room, 0),
            None => score + m.value(g, owner, o.end, carried),
        }
    }

    /// Where basket `b` stands now, as [`Maps::value`] scores it.
    fn standing(m: &Maps, g: &Game, b: usize) -> i32 {
        let basket = &g.baskets[b];
        m.value(g, basket.owner, basket.at, basket.carried)
    }

    /// How much worse off a moved basket is after `w` (for its owner), from
    /// `before`, its [`Greedy::standing`].
    fn harm(m: &Maps, g: &Game, b: usize, before: i32, w: &Walk) -> i32 {
        let basket = &g.baskets[b];
        let after = match w.end() {
            // Only where it ends counts: nothing delivered, no capture.
            Some(end) if w.only_moves() => m.value(g, basket.owner, end, basket.carried),
            _ => {
                let o = g.outcome(b, w, 0);
                match o.captured {
                    // Pushed into a room, its rolls go along.
                    Some(room) => m.value(g, basket.owner, room, o.carried) - CAPTURED,
                    None => m.value(g, basket.owner, o.end, o.carried) + DELIVERED * o.delivered as i32,
                }
            }
        };
        before - after
    }

    fn best_walk(&mut self, g: &Game, b: usize, walks: &[Walk]) -> (usize, i32) {
        let wanted = self.rolls_wanted(g, b);
        let restless = RESTLESS * self.rested.get(b).copied().unwrap_or(0) as i32;
        self.refresh(g);
        let m = self.maps.as_ref().expect("just made");
        // The walks as good as the best so far: a list kept by the policy.
        let equal = &mut self.equal;
        equal.clear();
        let basket = &g.baskets[b];
        let won = g.mode == Mode::Race && g.trolley[basket.owner as usize] >= RACE_TARGET;
        let mut best = (0, i32::MIN);
        for (i, w) in walks.iter().enumerate() {
            let mut s = match w.end() {
                // Only where it ends counts: [`Greedy::own_score`] without a delivery,
                // Sneeze or capture.
                Some(end) if w.only_moves() && !won => m.value(g, basket.owner, end, basket.carried),
                _ => Self::own_score(m, g, b, w, &g.outcome(b, w, wanted)),
            };
            if w.end().is_some_and(|e| g.table.is_object(e)) {
                s -= restless;
            }
            if s > best.1 {
                best = (i, s);
                equal.clear();
                equal.push(i);
            } else if s == best.1 {
                equal.push(i);
            }
        }
        if self.even_ties && self.equal.len() > 1 {
            best.0 = self.equal[self.rng.gen_range(0..self.equal.len())];
        }
        best
    }
}

impl Policy for Greedy {
    fn basket(&mut self, g: &Game, choices: &[usize], _red: u8, blue: u8) -> usize {
        if choices.len() == 1 {
            return 0;
        }
        self.track(g);
        let mut best = (0, i32::MIN);
        for (i, &b) in choices.iter().enumerate() {
            let basket = &g.baskets[b];
            let steps = super::moves::allowance(blue, basket.carried);
            let walks = g.walks(b, WalkKind::Own { steps, free: false });
            let now = self.refresh(g).value(g, basket.owner, basket.at, basket.carried);
            let gain = if walks.is_empty() {
                0
            } else {
                self.best_walk(g, b, &walks).1 - now + RESTLESS * self.rested[b] as i32
            };
            if gain > best.1 {
                best = (i, gain);
            }
        }
        for (i, &b) in choices.iter().enumerate() {
            if i != best.0 && g.baskets[b].carried > 0 {
                self.rested[b] += 1;
            }
        }
        best.0
    }

    fn walk(&mut self, g: &Game, b: usize, walks: &[Walk]) -> usize {
        self.track(g);
        let choice = self.best_walk(g, b, walks).0;
        let rests = walks[choice].end().is_some_and(|e| g.table.is_object(e));
        self.rested[b] = if rests { self.rested[b] + 1 } else { 0 };
        choice
    }

    /// Sanitiser is a "may": the best walk, unless standing is as good
    /// (sheltering on an object, or already where the basket wants to be).
    fn sanitiser(&mut self, g: &Game, b: usize, walks: &[Walk]) -> Option<usize> {
        self.track(g);
        let (choice, score) = self.best_walk(g, b, walks);
        let stand = Self::standing(self.refresh(g), g, b);
        if score <= stand {
            return None;
        }
        let rests = walks[choice].end().is_some_and(|e| g.table.is_object(e));
        self.rested[b] = if rests { self.rested[b] + 1 } else { 0 };
        Some(choice)
    }

    fn push(&mut self, g: &Game, victim: usize, walks: &[Walk]) -> usize {
        let m = self.refresh(g);
        let before = Self::standing(m, g, victim);
        let mut best = (0, i32::MIN);
        for (i, w) in walks.iter().enumerate() {
            let h = Self::harm(m, g, victim, before, w);
            if h > best.1 {
                best = (i, h);
            }
        }
        best.0
    }

    fn social(&mut self, g: &Game, options: &[(usize, Walk)]) -> Option<usize> {
        let me = g.team(g.to_move);
        let m = self.refresh(g);
        let mut best = (None, 0);
        // Options come basket by basket: each basket's standing is worked out once.
        let mut standing = (usize::MAX, 0);
        for (i, (v, w)) in options.iter().enumerate() {
            if standing.0 != *v {
                standing = (*v, Self::standing(m, g, *v));
            }
            let owner = g.baskets[*v].owner;
            let threat = 1 + g.trolley[owner as usize] as i32;
            let harm = Self::harm(m, g, *v, standing.1, w);
            let score = if g.team(owner) == me { -harm } else { threat * harm };
            if score > best.1 {
                best = (Some(i), score);
            }
        }
        best.0
    }

    fn hazard(&mut self, g: &Game, _h: Hazard, ends: &[Pos]) -> usize {
        let me = g.team(g.to_move);
        let mut best = (0, i32::MIN);
        let mut ties = 0;
        // Each basket's side, worked out once (at most 6 baskets).
        let mut sign = [0i32; 8];
        for (s, b) in sign.iter_mut().zip(&g.baskets) {
            *s = if g.team(b.owner) == me { -1 } else { 1 };
        }
        for (i, &end) in ends.iter().enumerate() {
            let mut score = 0;
            for (b, &sign) in g.baskets.iter().zip(&sign) {
                if b.at == end {
                    score += sign * (CAPTURED + CARRIED * b.carried as i32);
                } else if b.carried > 0 && b.at < BATHROOM && near(g.table, b.at, end) {
                    score += sign * AT_RISK * b.carried as i32;
                }
            }
            if score > best.1 {
                best = (i, score);
                ties = 1;
            } else if score == best.1 {
                // Reservoir sampling: each equal choice as likely as the others.
                ties += 1;
                if self.rng.gen_range(0..ties) == 0 {
                    best.0 = i;
                }
            }
        }
        best.0
    }

    fn rolls_wanted(&self, g: &Game, b: usize) -> u32 {
        let basket = &g.baskets[b];
        match g.mode {
            Mode::Race => need(g, basket.owner),
            Mode::Hoard => 2u32.saturating_sub(basket.carried),
        }
    }
}
