//! The players' choices in simulated games: a greedy policy that looks one
//! drive ahead. It sees what players see (the map as marked so far, the cars,
//! the wallets, this turn's roll) and never a die not yet rolled.
//!
//! - Where to start: the edge square from which the best store or ATM is
//!   nearest, worth what it is worth with $5.
//! - Where to drive: each legal drive is scored by what its square gives now
//!   (TP a store sells as the wallet allows, money at an ATM, a dollar on the
//!   floor, a lost roll in a danger centre) plus what the best square still to
//!   visit is worth from there, less for every turn it is away; a pass costs
//!   what a dollar is worth to the player. Ties go to the first drive listed.
//!   A drive that leaves the car with no dollar where no ATM can be reached
//!   without a pass is avoided: such a car could never earn money again.
//! - How much to buy: as much as the wallet allows (TP is the score; money
//!   only buys TP and passes), but a dollar is kept for a pass where no ATM
//!   can be reached without one, unless the purchase ends the game.

use super::game::{Drive, Game, Policy, Square, Stock};

/// What a turn's wait takes off the worth of a square further away.
const WAIT: f64 = 0.8;
/// How much what can be done next counts against what is done now.
const AHEAD: f64 = 0.7;
/// A danger centre stops the car among ATD squares: worth this many TP besides the loss.
const DANGER_STOP: f64 = 2.0;
/// Standing where only a pass leads out, with no dollar for one: stuck for good.
const TRAPPED: f64 = 20.0;
/// The least and the most a dollar more is worth, in TP.
const DOLLAR: (f64, f64) = (0.1, 0.9);

/// What the policy knows of a map that does not change: from every square,
/// the fewest steps to every store and ATM around the danger centres.
#[derive(Debug, Clone)]
pub struct Table {
    /// The squares of the stores and ATMs.
    targets: Vec<usize>,
    /// Steps from each square to each target, square by square (the
    /// targets of one square side by side): the square count where cut off.
    steps: Vec<u16>,
    /// For each square, its targets from the nearest to the furthest (laid
    /// out as `steps`): [`Greedy`] looks no further than it must.
    by_distance: Vec<u16>,
    /// Expected TP a first visitor buys with a wallet of w dollars: E[min(max of two dice, w)].
    first_visit: Vec<f64>,
    /// Expected dollars an ATM pays: E|a - b|.
    atm: f64,
    /// What waiting takes off a square this many steps away (0 where cut off,
    /// and for the square itself).
    wait: Vec<f64>,
    /// For each square, whether an ATM can be reached from it without a pass.
    money_without_pass: Vec<bool>,
    /// What a dollar more is worth to a player holding w dollars
    /// ([`Greedy::dollar`]); the least it is worth past the end.
    dollar: Vec<f64>,
}

impl Table {
    pub fn new(g: &Game) -> Table {
        let targets: Vec<usize> = (0..g.grid.len())
            .filter(|&i| matches!(g.squares[i], Square::Store(_) | Square::Atm))
            .collect();
        let to_each: Vec<Vec<u16>> = targets.iter().map(|&t| steps_to(g, t)).collect();
        let steps: Vec<u16> = (0..g.grid.len())
            .flat_map(|from| to_each.iter().map(move |d| d[from]))
            .collect();
        let n = targets.len();
        let by_distance = (0..g.grid.len())
            .flat_map(|from| {
                let steps = &steps[from * n..(from + 1) * n];
                let mut order: Vec<u16> = (0..n as u16).collect();
                order.sort_by_key(|t| steps[*t as usize]);
                order
            })
            .collect();
        let n = g.sides;
        let mut first_visit = vec![0.0; n as usize + 1];
        let mut atm = 0.0;
        let share = 1.0 / (n * n) as f64;
        for a in 1..=n {
            for b in 1..=n {
                for (w, e) in first_visit.iter_mut().enumerate() {
                    *e += share * a.max(b).min(w as u32) as f64;
                }
                atm += share * a.abs_diff(b) as f64;
            }
        }
        let per_turn = (n as f64 + 1.0) / 2.0;
        let mut wait: Vec<f64> = (0..=g.grid.len())
            .map(|steps| WAIT.powf((steps as f64 / per_turn).ceil() - 1.0))
            .collect();
        // A target is not ahead of itself; one cut off is worth nothing.
        wait[0] = 0.0;
        wait.push(0.0);
        let enough = first_visit.len() as f64 * 0.6;
        let dollar = (0..first_visit.len())
            .map(|w| (1.0 - w as f64 / enough).clamp(DOLLAR.0, DOLLAR.1))
            .collect();
        Table {
            dollar,
            targets,
            steps,
            by_distance,
            first_visit,
            atm,
            wait,
            money_without_pass: money_without_pass(g),
        }
    }

    fn first_visit(&self, wallet: u32) -> f64 {
        self.first_visit[(wallet as usize).min(self.first_visit.len() - 1)]
    }
}

/// For each square, whether a car there reaches an ATM without entering an
/// ATD square (leaving one is free) or a danger centre.
fn money_without_pass(g: &Game) -> Vec<bool> {
    let free = |c: crate::grid::Cell| {
        let i = g.grid.index(c);
        !g.atd[i] && g.squares[i] != Square::Danger
    };
    let atms: Vec<crate::grid::Cell> = g
        .grid
        .cells()
        .filter(|c| g.squares[g.grid.index(*c)] == Square::Atm)
        .collect();
    // An ATM among ATD squares is reached by its own square only.
    let mut near = g.grid.reachable(atms.iter().copied().filter(|c| free(*c)), free);
    for c in atms {
        near[g.grid.index(c)] = true;
    }
    (0..g.grid.len())
        .map(|i| {
            near[i]
                || g.grid.orthogonal(g.cell(i)).any(|n| {
                    let j = g.grid.index(n);
                    near[j] && (free(n) || g.squares[j] == Square::Atm && !g.atd[j])
                })
        })
        .collect()
}

/// Fewest steps from every square to `target`, not through danger centres.
fn steps_to(g: &Game, target: usize) -> Vec<u16> {
    let far = g.grid.len() as u16 + 1;
    let mut dist = vec![far; g.grid.len()];
    dist[target] = 0;
    let mut queue = std::collections::VecDeque::from([target]);
    while let Some(i) = queue.pop_front() {
        for n in g.grid.orthogonal(g.cell(i)) {
            let j = g.grid.index(n);
            if dist[j] == far && g.squares[j] != Square::Danger {
                dist[j] = dist[i] + 1;
                queue.push_back(j);
            }
        }
    }
    dist
}

/// The greedy policy over a map's [`Table`].
pub struct Greedy<'t> {
    pub table: &'t Table,
    /// The wallets this turn's drives may leave, and after them (side by
    /// side, a wallet's targets together) what each target is worth with
    /// it: room kept from turn to turn.
    wallets: Vec<u32>,
    worths: Vec<f64>,
    /// For each wallet, the most any target is worth.
    top: Vec<f64>,
}

impl<'t> Greedy<'t> {
    pub fn new(table: &'t Table) -> Greedy<'t> {
        Greedy {
            table,
            wallets: Vec::new(),
            worths: Vec::new(),
            top: Vec::new(),
        }
    }

    /// Where, in `self.worths`, the targets' worth with `wallet` starts
    /// (worked out the first time the turn asks).
    fn worths_with(&mut self, g: &Game, player: usize, wallet: u32) -> usize {
        let n = self.table.targets.len();
        if let Some(k) = self.wallets.iter().position(|w| *w == wallet) {
            return k * n;
        }
        self.wallets.push(wallet);
        let k = (self.wallets.len() - 1) * n;
        for &t in &self.table.targets {
            let w = self.worth(g, player, t, wallet).0;
            self.worths.push(w);
        }
        let top = self.worths[k..k + n].iter().copied().fold(0.0, f64::max);
        self.top.push(top);
        k
    }

    /// [`Greedy::ahead`] with the targets looked at from the nearest out:
    /// waiting only takes off more the further a target is, so no target
    /// beyond one at which the most worth, waited for, would not beat the
    /// best found, nor `enough`, can count. The same value wherever it is
    /// above `enough` (the maximum does not depend on the order); at most
    /// `enough` where the true value is. It reads a few targets instead of all.
    fn ahead_nearest_first(&self, from: usize, worths: &[f64], top: f64, enough: f64) -> f64 {
        let n = worths.len();
        let steps = &self.table.steps[from * n..(from + 1) * n];
        let mut best = 0.0f64;
        for &t in &self.table.by_distance[from * n..(from + 1) * n] {
            let wait = self.table.wait[steps[t as usize] as usize];
            // The target's own square (no wait ahead of itself) comes first.
            if steps[t as usize] > 0 && top * wait <= best.max(enough) {
                break;
            }
            best = best.max(worths[t as usize] * wait);
        }
        best
    }
    /// How many TP a dollar more is worth to a player holding `wallet`:
    /// much while the wallet cannot pay for a store's stock, little after.
    fn dollar(&self, wallet: u32) -> f64 {
        // Past the table's end the wallet holds more than 0.9 of enough.
        self.table.dollar.get(wallet as usize).copied().unwrap_or(DOLLAR.0)
    }

    /// What stopping on square `i` is worth now, in TP, and the wallet after.
    fn worth(&self, g: &Game, player: usize, i: usize, wallet: u32) -> (f64, u32) {
        match g.squares[i] {
            Square::Store(s) => match g.stock[s] {
                Stock::Fresh => {
                    let tp = self.table.first_visit(wallet);
                    (tp, wallet.saturating_sub(tp.round() as u32))
                }
                Stock::Written(n) => (n.min(wallet) as f64, wallet - n.min(wallet)),
                Stock::Depleted => (self.dollar(wallet), wallet + 1),
            },
            Square::Atm => {
                let more = self.table.atm;
                (more * self.dollar(wallet), wallet + more.round() as u32)
            }
            Square::Danger => (-(g.cars[player].tp.min(1) as f64) - DANGER_STOP, wallet),
            Square::Empty => (0.0, wallet),
        }
    }

    /// What each target is worth now to a player holding `wallet`.
    fn worths(&self, g: &Game, player: usize, wallet: u32) -> Vec<f64> {
        self.table
            .targets
            .iter()
            .map(|&t| self.worth(g, player, t, wallet).0)
            .collect()
    }

    /// The best square still worth visiting from `from`, less for the turns
    /// to get there; `worths` as [`Greedy::worths`] gives them.
    fn ahead(&self, from: usize, worths: &[f64]) -> f64 {
        let n = worths.len();
        self.table.steps[from * n..(from + 1) * n]
            .iter()
            .zip(worths)
            .map(|(steps, w)| w * self.table.wait[*steps as usize])
            .fold(0.0, f64::max)
    }
}

impl Policy for Greedy<'_> {
    fn start(&mut self, g: &Game, player: usize, choices: &[usize]) -> usize {
        let worths = self.worths(g, player, g.cars[player].wallet);
        best_index(choices.iter().map(|&c| self.ahead(c, &worths)))
    }

    fn drive(&mut self, g: &Game, player: usize, _roll: u32, drives: &[Drive]) -> usize {
        let wallet = g.cars[player].wallet;
        let n = self.table.targets.len();
        // The targets' worth for each wallet a drive may leave, made once a turn.
        self.wallets.clear();
        self.worths.clear();
        self.top.clear();
        let mut best = (0, f64::NEG_INFINITY);
        for (i, d) in drives.iter().enumerate() {
            let w = wallet - d.pass as u32;
            let (now, after) = self.worth(g, player, d.to, w);
            let pass = if d.pass { self.dollar(w) } else { 0.0 };
            let trapped = if after == 0 && !self.table.money_without_pass[d.to] {
                TRAPPED
            } else {
                0.0
            };
            let k = self.worths_with(g, player, after);
            let top = self.top[k / n.max(1)];
            // What lies ahead need only be known where it could beat the
            // best drive so far (a hair under, so rounding never decides).
            let enough = (best.1 - now + pass + trapped) * (1.0 / AHEAD) - 1e-9;
            let ahead = self.ahead_nearest_first(d.to, &self.worths[k..k + n], top, enough);
            let score = now + AHEAD * ahead - pass - trapped;
            // Ties go to the first drive listed, as in `best_index`.
            if score > best.1 {
                best = (i, score);
            }
        }
        best.0
    }

    fn buy(&mut self, g: &Game, player: usize, most: u32) -> u32 {
        let Some(at) = g.cars[player].at else {
            return most;
        };
        let last_store = g.stock.iter().filter(|s| **s != Stock::Depleted).count() == 1
            && matches!(g.squares[at], Square::Store(s) if matches!(g.stock[s], Stock::Written(_)));
        if !self.table.money_without_pass[at] && !last_store && most == g.cars[player].wallet {
            most.saturating_sub(1)
        } else {
            most
        }
    }
}

/// The index of the highest score, the first of equal ones.
fn best_index(scores: impl Iterator<Item = f64>) -> usize {
    let mut best = (0, f64::NEG_INFINITY);
    for (i, s) in scores.enumerate() {
        if s > best.1 {
            best = (i, s);
        }
    }
    best.0
}
