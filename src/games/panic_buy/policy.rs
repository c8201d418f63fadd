//! The players' choices in simulated games: a greedy policy that looks one
//! move ahead. It sees what players see (the board, the pieces, this turn's
//! dice) and scores each legal move by where it leaves the baskets:
//!
//! - its own basket: fetch rolls until the player has enough to win (race) or
//!   holds two (hoard), then run for the nearer arrow; deliver, steal with a
//!   Sneeze, rest on an object when carrying and a hazard is near;
//! - a robbed or distanced basket: as far from its goal as possible, best of
//!   all onto the Virus or the Dog;
//! - the Virus and the Dog: onto the rival carrying most, away from its own.

use super::Mode;
use super::game::{BATHROOM, Game, Hazard, Outcome, Policy, Pos, RACE_TARGET, Table, Walk, WalkKind};

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

#[derive(Debug, Clone, Copy, Default)]
pub struct Greedy;

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

/// How good a basket of `player` standing at `at` with `carried` rolls is.
fn value(g: &Game, player: u8, at: Pos, carried: u32) -> i32 {
    let t: &Table = g.table;
    let room = at == BATHROOM || at == BATHROOM + 1;
    let enough = match g.mode {
        Mode::Race => g.trolley[player as usize] + carried >= RACE_TARGET,
        Mode::Hoard => carried >= 2,
    };
    let distance = if carried > 0 && (enough || g.counter == 0) {
        t.to_arrow(at)
    } else if g.counter > 0 {
        t.to_tp(at)
    } else if let Some(d) = g.lying.iter().map(|(p, _)| manhattan_from(at, *p, t)).min() {
        d
    } else {
        t.to_arrow(at)
    } as i32;
    let mut v = CARRIED * carried as i32 - distance - if room { ROOM_STEPS } else { 0 };
    if carried > 0 && !room && !t.is_object(at) && at < BATHROOM {
        for h in Hazard::BOTH {
            let hp = g.hazards[h as usize];
            let reach = if hp >= BATHROOM {
                Table::manhattan(t.doors[h as usize], at) + 1
            } else {
                Table::manhattan(hp, at)
            };
            if reach <= 3 {
                v -= AT_RISK * carried as i32;
            }
        }
    }
    v
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
    fn own_score(g: &Game, b: usize, w: &Walk, o: &Outcome) -> i32 {
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
            Some(room) => score - CAPTURED - CARRIED * carried as i32 + value(g, owner, room, 0),
            None => score + value(g, owner, o.end, carried),
        }
    }

    /// How much worse off a moved basket is after `w` (for its owner).
    fn harm(g: &Game, b: usize, w: &Walk) -> i32 {
        let basket = &g.baskets[b];
        let before = value(g, basket.owner, basket.at, basket.carried);
        let o = g.outcome(b, w, 0);
        let after = match o.captured {
            Some(room) => value(g, basket.owner, room, 0) - CAPTURED,
            None => value(g, basket.owner, o.end, o.carried) + DELIVERED * o.delivered as i32,
        };
        before - after
    }

    fn best_walk(&self, g: &Game, b: usize, walks: &[Walk]) -> (usize, i32) {
        let wanted = self.rolls_wanted(g, b);
        let mut best = (0, i32::MIN);
        for (i, w) in walks.iter().enumerate() {
            let s = Self::own_score(g, b, w, &g.outcome(b, w, wanted));
            if s > best.1 {
                best = (i, s);
            }
        }
        best
    }
}

impl Policy for Greedy {
    fn basket(&mut self, g: &Game, choices: &[usize], _red: u8, blue: u8) -> usize {
        if choices.len() == 1 {
            return 0;
        }
        let mut best = (0, i32::MIN);
        for (i, &b) in choices.iter().enumerate() {
            let basket = &g.baskets[b];
            let steps = super::moves::allowance(blue, basket.carried);
            let walks = g.walks(b, WalkKind::Own { steps, free: false });
            let now = value(g, basket.owner, basket.at, basket.carried);
            let gain = if walks.is_empty() {
                0
            } else {
                self.best_walk(g, b, &walks).1 - now
            };
            if gain > best.1 {
                best = (i, gain);
            }
        }
        best.0
    }

    fn walk(&mut self, g: &Game, b: usize, walks: &[Walk]) -> usize {
        self.best_walk(g, b, walks).0
    }

    fn push(&mut self, g: &Game, victim: usize, walks: &[Walk]) -> usize {
        let mut best = (0, i32::MIN);
        for (i, w) in walks.iter().enumerate() {
            let h = Self::harm(g, victim, w);
            if h > best.1 {
                best = (i, h);
            }
        }
        best.0
    }

    fn social(&mut self, g: &Game, options: &[(usize, Walk)]) -> Option<usize> {
        let me = g.team(g.to_move);
        let mut best = (None, 0);
        for (i, (v, w)) in options.iter().enumerate() {
            let owner = g.baskets[*v].owner;
            let threat = 1 + g.trolley[owner as usize] as i32;
            let score = if g.team(owner) == me {
                -Self::harm(g, *v, w)
            } else {
                threat * Self::harm(g, *v, w)
            };
            if score > best.1 {
                best = (Some(i), score);
            }
        }
        best.0
    }

    fn hazard(&mut self, g: &Game, _h: Hazard, ends: &[Pos]) -> usize {
        let me = g.team(g.to_move);
        let mut best = (0, i32::MIN);
        for (i, &end) in ends.iter().enumerate() {
            let mut score = 0;
            for b in &g.baskets {
                let sign = if g.team(b.owner) == me { -1 } else { 1 };
                if b.at == end {
                    score += sign * (CAPTURED + CARRIED * b.carried as i32);
                } else if b.carried > 0 && b.at < BATHROOM && Table::manhattan(b.at, end) <= 3 {
                    score += sign * AT_RISK * b.carried as i32;
                }
            }
            if score > best.1 {
                best = (i, score);
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
