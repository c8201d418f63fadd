//! Exact odds for a set of dice, by enumerating every roll, and the stop rule
//! of the long game: the exact optimum by dynamic programming over every
//! state of a turn, and the rule the card prints, worked out exactly.

use std::collections::BTreeMap;

use super::length::{GameLength, TurnEnd, game_length};
use super::{
    ALL_DICE, DICE, Dice, Face, Mode, Outcome, Params, RollEffect, SIDES, TurnRules, reroll_choices, roll_effect, score,
};

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
    sum_points: u64,
}

/// What a die can show that a roll's score and re-rolls tell apart, with
/// how many of its sides show it: the bad and beating faces one by one, and
/// every plain good face as one (a roll counts them alike). Counting rolls
/// of these instead of six sides a die gives the same counts with far fewer
/// rolls to score.
fn kinds(die: &[Face; SIDES]) -> Vec<(Face, u32)> {
    let plain = |f: Face| !f.is_bad() && !matches!(f, Face::Vaccine | Face::Ventilator | Face::Heroes);
    let mut out: Vec<(Face, u32)> = Vec::with_capacity(SIDES);
    for &f in die {
        match out.iter_mut().find(|(k, _)| *k == f || plain(*k) && plain(f)) {
            Some((_, n)) => *n += 1,
            None => out.push((f, 1)),
        }
    }
    out
}

/// Every roll of the dice in `subset` that [`kinds`] tells apart, with how
/// many of the `SIDES.pow(subset.len())` equally likely rolls it stands for:
/// `visit(faces, rolls)`, die by die in the order of `subset`.
fn each_roll(dice: &Dice, subset: &[usize], mut visit: impl FnMut(&[Face], u32)) {
    let kinds: Vec<Vec<(Face, u32)>> = subset.iter().map(|&d| kinds(&dice[d])).collect();
    let mut at = vec![0usize; subset.len()];
    let mut roll = Vec::with_capacity(subset.len());
    loop {
        roll.clear();
        let mut rolls = 1;
        for (k, i) in kinds.iter().zip(&at) {
            roll.push(k[*i].0);
            rolls *= k[*i].1;
        }
        visit(&roll, rolls);
        // The next roll: count up, the first die fastest.
        let mut d = 0;
        loop {
            if d == at.len() {
                return;
            }
            at[d] += 1;
            if at[d] < kinds[d].len() {
                break;
            }
            at[d] = 0;
            d += 1;
        }
    }
}

impl Odds {
    pub fn of(dice: &Dice) -> Odds {
        let all: Vec<usize> = (0..DICE).collect();
        let mut outcomes: BTreeMap<Outcome, u32> = Outcome::ALL.iter().map(|o| (*o, 0)).collect();
        let mut points = [0; DICE + 1];
        let (mut lose_next_turn, mut ventilator_rolls, mut sum_points) = (0, 0, 0u64);
        let total = SIDES.pow(DICE as u32);
        each_roll(dice, &all, |roll, n| {
            let s = score(roll);
            *outcomes.entry(s.outcome).or_default() += n;
            points[s.points as usize] += n;
            lose_next_turn += n * u32::from(s.lose_next_turn);
            ventilator_rolls += n * u32::from(s.ventilator_used);
            sum_points += (n * s.points) as u64;
        });
        Odds {
            total: total as u32,
            outcomes,
            points,
            lose_next_turn,
            ventilator_rolls,
            sum_points,
        }
    }

    pub fn expected_points(&self) -> f64 {
        self.sum_points as f64 / self.total as f64
    }
}

/// Highest turn total a turn is followed to; a turn that gets there stops.
/// Stopping is best long before (the tests check it, and that a higher cap
/// changes nothing).
pub const BANK_CAP: usize = 100;

/// A row of the printed stop rule: how many dice would be rolled again and
/// how many BAD faces those blocks carry (each cube's BAD faces are marked:
/// a player turns the blocks to count them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Row {
    pub dice: u8,
    pub bad: u8,
    /// With whammies: the Long-Nosed Men among the BAD faces (an unbeaten
    /// one costs the turn only, a Virus the game total).
    pub men: u8,
}

/// The sets of dice a player may roll next after one scoring roll.
struct Choice {
    sets: Vec<u8>,
    /// The sets whose blocks carry the fewest BAD faces: the card's choice.
    fewest_bad: Vec<u8>,
    /// The row of the card's choice.
    row: usize,
}

/// Rolls of one set of dice that score alike: the same points, Ventilator,
/// row and choice of dice to roll next.
struct Scoring {
    points: usize,
    vent: bool,
    /// Index into [`Turns::choices`].
    choices: usize,
    p: f64,
}

/// Rolls of one set of dice that end the turn with nothing.
#[derive(Clone, Copy)]
struct Bust {
    outcome: Outcome,
    vent: bool,
    p: f64,
}

/// Every way a roll of every set of dice can come out, grouped, under one
/// set of turn rules: what the dynamic programming runs over.
pub struct Turns {
    scoring: Vec<Vec<Scoring>>,
    busts: Vec<Vec<Bust>>,
    choices: Vec<Choice>,
    pub rows: Vec<Row>,
    /// BAD faces, and Long-Nosed Men, each die carries.
    bad_on: [u8; DICE],
    men_on: [u8; DICE],
    whammies: bool,
}

impl Turns {
    pub fn of(dice: &Dice, rules: TurnRules) -> Turns {
        let mut choice_index: BTreeMap<Vec<u8>, usize> = BTreeMap::new();
        let mut row_index: BTreeMap<Row, usize> = BTreeMap::new();
        let (mut all_scoring, mut all_busts) = (Vec::new(), Vec::new());
        for mask in 0..64u8 {
            let subset: Vec<usize> = (0..DICE).filter(|d| mask & (1 << d) != 0).collect();
            let rolls = if mask == 0 { 0 } else { SIDES.pow(subset.len() as u32) };
            let mut scoring: BTreeMap<(usize, bool, Vec<u8>), u32> = BTreeMap::new();
            let mut busts: BTreeMap<(Outcome, bool), u32> = BTreeMap::new();
            if mask != 0 {
                each_roll(dice, &subset, |roll, n| {
                    let (effect, s) = roll_effect(roll, rules);
                    match effect {
                        RollEffect::Scores(points) => {
                            *scoring
                                .entry((points as usize, s.ventilator_used, reroll_choices(&subset, roll)))
                                .or_default() += n
                        }
                        RollEffect::Bust(outcome) => *busts.entry((outcome, s.ventilator_used)).or_default() += n,
                    }
                });
            }
            let p = |n: u32| n as f64 / rolls as f64;
            all_busts.push(
                busts
                    .into_iter()
                    .map(|((outcome, vent), n)| Bust { outcome, vent, p: p(n) })
                    .collect(),
            );
            all_scoring.push(
                scoring
                    .into_iter()
                    .map(|((points, vent, choices), n)| {
                        let next = choice_index.len();
                        let choices = *choice_index.entry(choices).or_insert(next);
                        Scoring {
                            points,
                            vent,
                            choices,
                            p: p(n),
                        }
                    })
                    .collect(),
            );
        }
        let carried = |face: &dyn Fn(Face) -> bool| dice.map(|d| d.iter().filter(|f| face(**f)).count() as u8);
        let mut turns = Turns {
            scoring: all_scoring,
            busts: all_busts,
            choices: Vec::new(),
            rows: Vec::new(),
            bad_on: carried(&|f| f.is_bad()),
            men_on: carried(&|f| f == Face::LongNosedMan),
            whammies: rules.whammies,
        };
        let mut by_index: Vec<(usize, Vec<u8>)> = choice_index.into_iter().map(|(c, i)| (i, c)).collect();
        by_index.sort();
        for (_, sets) in by_index {
            let fewest_bad = turns.fewest_bad(&sets);
            let next = row_index.len();
            let row = *row_index.entry(turns.row_of(fewest_bad[0])).or_insert(next);
            turns.choices.push(Choice { sets, fewest_bad, row });
        }
        turns.rows = vec![
            Row {
                dice: 0,
                bad: 0,
                men: 0
            };
            row_index.len()
        ];
        for (r, i) in row_index {
            turns.rows[i] = r;
        }
        turns
    }

    /// The card's row for rolling the dice in `set`.
    fn row_of(&self, set: u8) -> Row {
        let sum = |on: &[u8; DICE]| (0..DICE).filter(|d| set & (1 << d) != 0).map(|d| on[d]).sum::<u8>();
        Row {
            dice: set.count_ones() as u8,
            bad: sum(&self.bad_on),
            men: if self.whammies { sum(&self.men_on) } else { 0 },
        }
    }

    /// The card's choice among the sets a player may roll: those whose
    /// blocks carry the fewest BAD faces.
    fn fewest_bad(&self, sets: &[u8]) -> Vec<u8> {
        let fewest = sets.iter().map(|&c| self.row_of(c).bad).min().unwrap_or(0);
        sets.iter().copied().filter(|&c| self.row_of(c).bad == fewest).collect()
    }

    /// What the card says after a scoring roll of the dice `rolled` showing
    /// `roll`: the sets it lets the player roll next, and its row (an index
    /// into [`Turns::rows`]).
    #[cfg(test)]
    pub(crate) fn card_choice(&self, rolled: &[usize], roll: &[Face]) -> (Vec<u8>, usize) {
        let sets = self.fewest_bad(&reroll_choices(rolled, roll));
        let row = self.row_of(sets[0]);
        let index = self
            .rows
            .iter()
            .position(|r| *r == row)
            .expect("every row a roll can come to is on the card");
        (sets, index)
    }
}

/// What a turn's end costs beyond its points, in points: a lost next turn
/// (a turn's worth), and with whammies the game total and being out.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Charges {
    pub lost_turn: f64,
    pub game_total: f64,
    pub out: f64,
}

impl Charges {
    /// A turn that busts with `outcome`, the next turn lost or not.
    fn bust(&self, outcome: Outcome, lost: bool) -> f64 {
        match outcome {
            Outcome::TripleWhammy => -self.out,
            Outcome::Whammy => -self.game_total - self.lost(lost),
            Outcome::DoubleWhammy => -self.game_total - self.lost_turn,
            _ => -self.lost(lost),
        }
    }

    fn lost(&self, lost: bool) -> f64 {
        if lost { self.lost_turn } else { 0.0 }
    }
}

/// How a player decides, after a roll that scores, whether to stop and
/// which dice to roll again.
#[derive(Debug, Clone, Copy)]
pub enum Policy<'a> {
    /// Stop after the first roll (the quick game's turn).
    Single,
    /// The exact optimum: the best of stopping and every choice of dice.
    Optimal,
    /// The printed rule: stop once the turn total reaches the row's number
    /// (indexed as [`Turns::rows`]); when several dice could beat a bad face,
    /// roll the blocks with the fewest BAD faces (among equals, any, each as
    /// likely).
    Printed(&'a [u32]),
}

/// The value of each state of a turn: `roll[vent][mask][bank]` is what is
/// still to come when the dice in `mask` are about to be rolled with `bank`
/// points in the turn, `vent` saying whether a Ventilator was used.
struct Values {
    roll: [Vec<f64>; 2],
}

const BANKS: usize = BANK_CAP + 1;

impl Values {
    fn at(&self, vent: bool, mask: u8, bank: usize) -> f64 {
        self.roll[usize::from(vent)][mask as usize * BANKS + bank]
    }
}

impl Turns {
    /// The turn's expected points less its charges, played by `policy`.
    pub fn value(&self, charges: &Charges, policy: Policy) -> f64 {
        self.values(charges, policy).at(false, ALL_DICE, 0)
    }

    /// What a player who stands at `bank` (with `vent`) after a scoring roll
    /// with these `choices` and `row` does, and what it is worth.
    fn decide(&self, v: &Values, charges: &Charges, policy: Policy, g: &Scoring, bank: usize, vent: bool) -> f64 {
        let stop = bank as f64 - charges.lost(vent);
        if bank > BANK_CAP {
            return stop;
        }
        let choice = &self.choices[g.choices];
        match policy {
            Policy::Single => stop,
            Policy::Optimal => choice.sets.iter().map(|&c| v.at(vent, c, bank)).fold(stop, f64::max),
            Policy::Printed(stop_at) if bank as u32 >= stop_at[choice.row] => stop,
            Policy::Printed(_) => {
                let sets = &choice.fewest_bad;
                sets.iter().map(|&c| v.at(vent, c, bank)).sum::<f64>() / sets.len() as f64
            }
        }
    }

    fn values(&self, charges: &Charges, policy: Policy) -> Values {
        let mut v = Values {
            roll: [vec![0.0; 64 * BANKS], vec![0.0; 64 * BANKS]],
        };
        for bank in (0..BANKS).rev() {
            for mask in 1..64u8 {
                for vent in [false, true] {
                    let busted: f64 = self.busts[mask as usize]
                        .iter()
                        .map(|b| b.p * charges.bust(b.outcome, vent || b.vent))
                        .sum();
                    let scored: f64 = self.scoring[mask as usize]
                        .iter()
                        .map(|g| g.p * self.decide(&v, charges, policy, g, bank + g.points, vent || g.vent))
                        .sum();
                    v.roll[usize::from(vent)][mask as usize * BANKS + bank] = busted + scored;
                }
            }
        }
        v
    }

    /// Points a turn played by `policy` is worth, net of the turns it loses:
    /// its expected points (less `charges` other than lost turns) over the
    /// turns it takes, itself and the lost one.
    pub fn worth(&self, charges: &Charges, policy: Policy) -> f64 {
        if let Policy::Optimal = policy {
            return self.optimum(charges);
        }
        let free = Charges {
            lost_turn: 0.0,
            ..*charges
        };
        let points = self.value(&free, policy);
        let lost = points - self.value(&Charges { lost_turn: 1.0, ..free }, policy);
        points / (1.0 + lost)
    }

    /// The exact optimum's worth: the fixed point where a lost turn costs
    /// what the best play makes of a turn. The value of a turn falls with
    /// the cost of a lost turn at a slope above -1, so iterating converges.
    fn optimum(&self, charges: &Charges) -> f64 {
        let mut worth = self.worth(charges, Policy::Single);
        for _ in 0..200 {
            let next = self.value(
                &Charges {
                    lost_turn: worth,
                    ..*charges
                },
                Policy::Optimal,
            );
            let done = (next - worth).abs() < 1e-12;
            worth = next;
            if done {
                break;
            }
        }
        worth
    }
}

impl Turns {
    /// The printed rule for `charges`: one number per row, each the turn
    /// total to stop at, chosen for the best worth of the rule as a whole.
    /// Starts from the optimum's own stopping points and moves one row's
    /// number at a time while the rule's worth improves.
    pub(crate) fn printed_rule(&self, charges: &Charges) -> Vec<u32> {
        let worth = self.optimum(charges);
        let best = self.values(
            &Charges {
                lost_turn: worth,
                ..*charges
            },
            Policy::Optimal,
        );
        // Where the optimum stops, per row: the lowest total from which it
        // stops for good, the commonest over the row's dice (Ventilator unused).
        let mut from: Vec<BTreeMap<u32, usize>> = vec![BTreeMap::new(); self.rows.len()];
        for groups in &self.scoring {
            for g in groups {
                let goes = |bank: usize| {
                    let stop = bank as f64;
                    self.choices[g.choices]
                        .fewest_bad
                        .iter()
                        .any(|&c| best.at(false, c, bank) > stop + 1e-12)
                };
                let at = (0..BANKS).rev().find(|&b| goes(b)).map_or(0, |b| b + 1) as u32;
                *from[self.choices[g.choices].row].entry(at).or_default() += 1;
            }
        }
        let mut stop_at: Vec<u32> = from
            .iter()
            .map(|m| m.iter().max_by_key(|(_, n)| **n).map_or(0, |(at, _)| *at))
            .collect();
        let mut current = self.worth(charges, Policy::Printed(&stop_at));
        loop {
            let mut improved = false;
            for row in 0..stop_at.len() {
                for step in [1i64, -1] {
                    loop {
                        let moved = stop_at[row] as i64 + step;
                        if !(0..=BANKS as i64).contains(&moved) {
                            break;
                        }
                        let mut trial = stop_at.clone();
                        trial[row] = moved as u32;
                        let w = self.worth(charges, Policy::Printed(&trial));
                        if w <= current + 1e-12 {
                            break;
                        }
                        (stop_at, current, improved) = (trial, w, true);
                    }
                }
            }
            if !improved {
                return stop_at;
            }
        }
    }
}

/// The long game's stop rule as the card prints it, and what it is worth.
#[derive(Debug, Clone, PartialEq)]
pub struct StopRule {
    /// The card's rows.
    pub rows: Vec<Row>,
    /// The lowest game total of each band the card's columns are keyed by:
    /// one band (0) without whammies.
    pub bands: Vec<u32>,
    /// `stop_at[band][row]`: stop once the turn total reaches it.
    pub stop_at: Vec<Vec<u32>>,
    /// Points a turn played by the card is worth, net of lost turns (from a
    /// game total of 0 with whammies).
    pub turn_worth: f64,
    /// The same of the exact optimum.
    pub optimum: f64,
    /// The same of a turn that always stops after its first roll.
    pub single_roll: f64,
}

/// How many game-total bands the card's whammies table has at most.
const BANDS: u32 = 4;

impl StopRule {
    /// The rule for `target` under `rules`. Without whammies a bust costs
    /// the turn's points alone, and one column serves every game total. With
    /// them a whammy costs the game total and being out costs the whole
    /// target (the total and every point still to come): a column per band
    /// of game totals, each worked out for the middle of its band.
    pub fn of(turns: &Turns, rules: TurnRules, target: u32) -> StopRule {
        let bands: Vec<u32> = if rules.whammies {
            let width = target.div_ceil(BANDS).max(1);
            (0..target).step_by(width as usize).collect()
        } else {
            vec![0]
        };
        let charges = |total: f64| Charges {
            lost_turn: 0.0,
            game_total: if rules.whammies { total } else { 0.0 },
            out: if rules.whammies { target as f64 } else { 0.0 },
        };
        let stop_at: Vec<Vec<u32>> = bands
            .iter()
            .enumerate()
            .map(|(i, &low)| {
                let high = bands.get(i + 1).copied().unwrap_or(target);
                turns.printed_rule(&charges((low + high - 1) as f64 / 2.0))
            })
            .collect();
        StopRule {
            turn_worth: turns.worth(&charges(0.0), Policy::Printed(&stop_at[0])),
            optimum: turns.worth(&charges(0.0), Policy::Optimal),
            single_roll: turns.worth(&charges(0.0), Policy::Single),
            rows: turns.rows.clone(),
            bands,
            stop_at,
        }
    }

    /// The card's numbers for a player at `game_total`.
    pub fn band(&self, game_total: u32) -> &[u32] {
        let i = self.bands.iter().rposition(|&low| low <= game_total).unwrap_or(0);
        &self.stop_at[i]
    }
}

/// What the sheets print about a set of dice, computed once per document.
pub struct Analysis {
    pub odds: Odds,
    /// The long game's stop rule.
    pub rule: Option<StopRule>,
    /// How long a game runs, played by the card.
    pub length: GameLength,
}

impl Analysis {
    pub fn of(dice: &Dice, params: &Params) -> Analysis {
        let rules = params.rules();
        let turns = Turns::of(dice, rules);
        let rule = (rules.mode == Mode::Long).then(|| StopRule::of(&turns, rules, params.target));
        let (bands, ends) = match &rule {
            Some(rule) => (
                rule.bands.clone(),
                rule.stop_at.iter().map(|at| turns.ends(Policy::Printed(at))).collect(),
            ),
            None => (vec![0], vec![turns.ends(Policy::Single)]),
        };
        Analysis {
            odds: Odds::of(dice),
            rule,
            length: game_length(params.players, params.target, &bands, &ends),
        }
    }
}

impl Turns {
    /// How often a turn played by `policy` ends each way (rule policies
    /// only: the optimum is a value, not a rule to play by).
    pub fn ends(&self, policy: Policy) -> Vec<(TurnEnd, f64)> {
        let mut ends: BTreeMap<TurnEnd, f64> = BTreeMap::new();
        // mass[vent][mask][bank]: the chance a turn comes to roll `mask` there.
        let mut mass = [vec![0.0f64; 64 * BANKS], vec![0.0f64; 64 * BANKS]];
        mass[0][ALL_DICE as usize * BANKS] = 1.0;
        for bank in 0..BANKS {
            for mask in 1..64usize {
                for vent in [false, true] {
                    let here = mass[usize::from(vent)][mask * BANKS + bank];
                    if here == 0.0 {
                        continue;
                    }
                    for b in &self.busts[mask] {
                        let lost = vent || b.vent;
                        let end = match b.outcome {
                            Outcome::TripleWhammy => TurnEnd::Out,
                            Outcome::Whammy => TurnEnd::Reset { lost },
                            Outcome::DoubleWhammy => TurnEnd::Reset { lost: true },
                            _ => TurnEnd::Banked { points: 0, lost },
                        };
                        *ends.entry(end).or_default() += here * b.p;
                    }
                    for g in &self.scoring[mask] {
                        let (total, lost) = (bank + g.points, vent || g.vent);
                        let choice = &self.choices[g.choices];
                        let stops = match policy {
                            Policy::Printed(stop_at) => total > BANK_CAP || total as u32 >= stop_at[choice.row],
                            _ => true,
                        };
                        if stops {
                            let end = TurnEnd::Banked {
                                points: total as u32,
                                lost,
                            };
                            *ends.entry(end).or_default() += here * g.p;
                        } else {
                            let share = here * g.p / choice.fewest_bad.len() as f64;
                            for &c in &choice.fewest_bad {
                                mass[usize::from(lost)][c as usize * BANKS + total] += share;
                            }
                        }
                    }
                }
            }
        }
        ends.into_iter().collect()
    }
}
