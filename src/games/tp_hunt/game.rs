//! Whole games of TP Hunt (RULES.md "TP Hunt", whole games): the state, the
//! legal moves of a turn and their effects. The engine rolls the dice and
//! enforces the rules (how far a car may drive, occupied squares, the ATD
//! pass, no credit); a [`Policy`] only chooses among the legal choices it is
//! shown, and never sees a die before it is rolled.

use std::collections::VecDeque;

use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::{Map, Mark};
use crate::grid::{Cell, Grid, Ring, Squares};

/// TP Hunt: READY TO PLAY, "each player starts with $5".
pub const START_WALLET: u32 = 5;
/// TP Hunt: ATD zone squares, "pay $1 for a temporary ATD zone access pass".
pub const ATD_PASS: u32 = 1;
/// TP Hunt: subsequent visitors "find a dollar bill on the ground".
pub const LATE_VISITOR_FIND: u32 = 1;
/// TP Hunt: danger zones, "you lose 1 roll of toilet paper" (none if you have none).
pub const DANGER_LOSS: u32 = 1;
/// Spreading Infection: a new danger zone when the two dice show more than
/// this many pips below their highest total (20 on two d12, as the text says).
pub const INFECTION_MARGIN: u32 = 4;
/// Spreading Infection: the coordinates are rolled again while they name an
/// occupied square (as when the map is made), at most this many times.
pub const INFECTION_TRIES: u32 = 100;
/// Games still running after this many turns a player are cut off and
/// counted as stalled, as are games in which no car can drive any more.
pub const MAX_TURNS: u32 = 100;

/// Where the dice come from: a seeded stream in simulations, a script in tests.
pub trait Dice {
    /// One roll of a die with `sides` sides, 1 to `sides`.
    fn roll(&mut self, sides: u32) -> u32;
}

impl Dice for ChaCha8Rng {
    fn roll(&mut self, sides: u32) -> u32 {
        self.gen_range(1..=sides)
    }
}

/// Dice that show the given numbers in order (tests); a roll past the end panics.
#[derive(Debug, Clone, Default)]
pub struct Scripted(pub VecDeque<u32>);

impl Scripted {
    pub fn new(rolls: &[u32]) -> Scripted {
        Scripted(rolls.iter().copied().collect())
    }
}

impl Dice for Scripted {
    fn roll(&mut self, sides: u32) -> u32 {
        let r = self.0.pop_front().expect("a scripted roll is left");
        assert!((1..=sides).contains(&r), "scripted roll {r} on a d{sides}");
        r
    }
}

/// The optional rules of the text, each a switch.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Switches {
    /// OPTIONAL LAW OF THE JUNGLE RULE: a car may stop on another's square;
    /// both roll a die, the higher steals 1 TP, the mover wins ties.
    pub jungle: bool,
    /// OPTIONAL SPREADING INFECTION RULE: new danger zones during play.
    pub infection: bool,
}

/// The rulings of RULES.md (TP Hunt, whole games) that came in with a
/// generator version. Maps are kept by games played by the rulings of their
/// version, so making a map of an older version again plays by its rulings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rulings {
    /// A car that starts its turn in a danger area (on its centre or one of
    /// its ATD squares) may drive out of that area without a pass (RULES.md
    /// turn 4: otherwise a car with $0 there can never leave).
    pub free_exit: bool,
}

impl Rulings {
    /// Today's rulings: every rules card and every printed rating.
    pub const CURRENT: Rulings = Rulings { free_exit: true };
    /// The rulings maps of generator versions 3 and 4 were rated by.
    pub const BEFORE_V5: Rulings = Rulings { free_exit: false };

    /// The rulings the maps of generator `version` were made by.
    pub fn of_version(version: u32) -> Rulings {
        match version {
            5.. => Rulings::CURRENT,
            _ => Rulings::BEFORE_V5,
        }
    }
}

/// A store's stock, as written on the map.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stock {
    /// Nobody has visited yet.
    Fresh,
    /// Visited once: the second visitor may buy up to this many.
    Written(u32),
    /// Crossed out.
    Depleted,
}

/// What is on a square as the game goes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Square {
    Empty,
    /// A store, by its index in the map's list.
    Store(usize),
    Atm,
    Danger,
}

/// One player's car and tracker.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Car {
    /// Row-major index of its square, once placed.
    pub at: Option<usize>,
    pub start: Option<usize>,
    pub wallet: u32,
    pub tp: u32,
    pub turns: u32,
    pub tp_first: u32,
    pub tp_second: u32,
    pub tp_lost: u32,
    pub passes: u32,
    /// Rows of the dice tape this car's turns used (two dice a row).
    pub tape_rows: u32,
}

/// A legal drive: where the car ends, how many steps it takes, whether the
/// route needs an ATD pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Drive {
    pub to: usize,
    pub steps: u32,
    pub pass: bool,
}

/// The players' choices. Each is asked with the game as it stands and the
/// legal options; nothing here can see a die that has not been rolled.
pub trait Policy {
    /// Which edge square the car starts on, from `choices` (row-major indices).
    fn start(&mut self, g: &Game, player: usize, choices: &[usize]) -> usize;
    /// Which drive to take this turn (an index into `drives`, never empty).
    fn drive(&mut self, g: &Game, player: usize, roll: u32, drives: &[Drive]) -> usize;
    /// How many rolls of TP to buy, up to `most` (the engine also caps it by the wallet).
    fn buy(&mut self, g: &Game, player: usize, most: u32) -> u32;
}

/// A game in progress.
#[derive(Debug, Clone)]
pub struct Game {
    pub grid: Grid,
    /// Sides of every die: the grid's size (a d12 on the 12 x 12 map).
    pub sides: u32,
    pub squares: Vec<Square>,
    pub atd: Squares,
    /// The danger centres, where a car stops.
    dangers: Squares,
    pub stock: Vec<Stock>,
    pub cars: Vec<Car>,
    /// Whose turn it is.
    pub next: usize,
    pub switches: Switches,
    pub rulings: Rulings,
    /// Danger zones added by Spreading Infection.
    pub added_dangers: u32,
    /// One orthogonal step on this grid, for the search of a turn's drives.
    ring: Ring,
    /// Turns in a row in which no car could drive: a whole round of them
    /// means no car will ever drive again.
    pub stuck_turns: usize,
    /// Room for the search of a turn's drives, kept from turn to turn so
    /// that the game loop allocates nothing.
    scratch: Scratch,
}

/// The working room of [`Game::drives_into`]: the steps to each square
/// the searches reached (read only where they did), and the drives of the turn.
#[derive(Debug, Clone, Default)]
struct Scratch {
    free: Vec<u8>,
    paid: Vec<u8>,
    drives: Vec<Drive>,
}

/// The game's end: every store crossed out.
impl Game {
    pub fn new(map: &Map, players: usize, switches: Switches) -> Game {
        let grid = map.grid();
        let mut squares = vec![Square::Empty; grid.len()];
        for (i, c) in map.stores.iter().enumerate() {
            squares[grid.index(*c)] = Square::Store(i);
        }
        for (m, c) in map.marks() {
            match m {
                Mark::Atm => squares[grid.index(c)] = Square::Atm,
                Mark::Danger => squares[grid.index(c)] = Square::Danger,
                Mark::Store => {}
            }
        }
        let atd = map.atd();
        Game {
            grid,
            sides: grid.size as u32,
            dangers: (0..grid.len()).filter(|&i| squares[i] == Square::Danger).collect(),
            squares,
            atd: (0..grid.len()).filter(|&i| atd[i]).collect(),
            stock: vec![Stock::Fresh; map.stores.len()],
            cars: vec![
                Car {
                    wallet: START_WALLET,
                    ..Car::default()
                };
                players
            ],
            next: 0,
            switches,
            rulings: Rulings::CURRENT,
            added_dangers: 0,
            stuck_turns: 0,
            ring: Ring::new(grid),
            scratch: Scratch::default(),
        }
    }

    pub fn cell(&self, i: usize) -> Cell {
        let n = self.grid.size as usize;
        crate::grid::cell((i % n) as u16 + 1, (i / n) as u16 + 1)
    }

    /// TP Hunt: GAME END, "as soon as the last store has depleted its TP inventory".
    pub fn over(&self) -> bool {
        self.stock.iter().all(|s| *s == Stock::Depleted)
    }

    /// No car can drive again: each is boxed in (or, by the rulings before
    /// [`Rulings::free_exit`], stands among ATD squares with no dollar for a pass).
    pub(crate) fn deadlocked(&self) -> bool {
        self.stuck_turns >= self.cars.len()
    }

    fn occupied(&self, i: usize, except: usize) -> bool {
        self.cars
            .iter()
            .enumerate()
            .any(|(k, c)| k != except && c.at == Some(i))
    }

    /// Where a car may start: an edge square that is not a danger centre and
    /// has no car on it (READY TO PLAY: "any of the edge spots").
    pub(crate) fn start_choices(&self, player: usize) -> Vec<usize> {
        (0..self.grid.len())
            .filter(|&i| {
                self.grid.is_edge(self.cell(i)) && self.squares[i] != Square::Danger && !self.occupied(i, player)
            })
            .collect()
    }

    /// Every legal drive for `player` with a roll of `roll`: at least one
    /// step, at most `roll`, orthogonal, never through another car, never
    /// ending where it started, never onto another car (unless the Law of
    /// the Jungle is on), never past a danger centre (entering one stops
    /// the car). A route that enters an ATD square needs a pass the car
    /// can pay for; a square reached without one is listed without one.
    /// With [`Rulings::free_exit`], a car that starts in a danger area may
    /// cross that area's ATD squares without a pass on its way out of it
    /// (ending outside it).
    pub fn drives(&self, player: usize, roll: u32) -> Vec<Drive> {
        let mut scratch = Scratch::default();
        self.drives_into(player, roll, &mut scratch);
        scratch.drives
    }

    /// [`Game::drives`] into `s.drives`, in the same order: the squares
    /// reached without a pass by index, then those only a pass reaches.
    fn drives_into(&self, player: usize, roll: u32, s: &mut Scratch) {
        s.drives.clear();
        let Some(from) = self.cars[player].at else {
            return;
        };
        let cars: Squares = (self.cars.iter().enumerate())
            .filter(|(k, _)| *k != player)
            .filter_map(|(_, c)| c.at)
            .collect();
        let home = self.home_area(from);
        let most = roll.min(u8::MAX as u32) as u8;
        let (free, held_back) = self.steps_from(cars, home, from, most, false, &mut s.free);
        s.drives.extend(free.iter().map(|to| Drive {
            to,
            steps: s.free[to] as u32,
            pass: false,
        }));
        // Only a search that met an ATD square can reach more with a pass.
        if held_back && self.cars[player].wallet >= ATD_PASS {
            let (paid, _) = self.steps_from(cars, home, from, most, true, &mut s.paid);
            s.drives.extend((paid - free).iter().map(|to| Drive {
                to,
                steps: s.paid[to] as u32,
                pass: true,
            }));
        }
    }

    /// The squares of every danger area (a centre and its ATD squares)
    /// that `from` lies in, when [`Rulings::free_exit`] lets a car drive
    /// out of them without a pass; else none.
    fn home_area(&self, from: usize) -> Squares {
        let mut home = Squares::EMPTY;
        if !self.rulings.free_exit || !(self.atd[from] || self.dangers[from]) {
            return home;
        }
        let area = |c: Cell| std::iter::once(c).chain(self.grid.surrounding(c));
        for centre in area(self.cell(from)).filter(|c| self.dangers[self.grid.index(*c)]) {
            for c in area(centre) {
                home.insert(self.grid.index(c));
            }
        }
        home
    }

    /// The squares a car at `from` may end on, within `most` steps, with
    /// the fewest steps to each in `dist` (read only where reached); and
    /// whether an ATD square may have held the search back (never with a
    /// pass: without one, more may be reached with one). Without a pass,
    /// ATD squares of the `home` area (empty for none) are crossed from
    /// within it but never ended on. Breadth first, a ring of squares a step.
    fn steps_from(
        &self,
        cars: Squares,
        home: Squares,
        from: usize,
        most: u8,
        pass: bool,
        dist: &mut Vec<u8>,
    ) -> (Squares, bool) {
        dist.resize(self.grid.len(), 0);
        let mut reached = Squares::EMPTY;
        // Squares never entered again: those reached, and the start.
        let mut seen = Squares::one(from);
        let mut ring = seen;
        let mut held_back = false;
        for d in 1..=most {
            if ring.is_empty() {
                break;
            }
            let next = self.ring.around(ring) - seen;
            let mut open = next;
            if !pass {
                let atd = next & self.atd;
                let from_home = atd & home & self.ring.around(ring & home);
                held_back |= !(atd - from_home).is_empty();
                open = (next - atd) | from_home;
            }
            // Onto another car only by the Law of the Jungle; never through one.
            let ends = if self.switches.jungle { open } else { open - cars };
            for j in ends.iter() {
                dist[j] = d;
            }
            reached |= ends;
            seen |= ends;
            // A danger centre stops the car.
            ring = open - cars - self.dangers;
        }
        if !pass && !home.is_empty() {
            // The way out of the home area is free, a stop inside it is not.
            let inside = reached & home & self.atd;
            if !inside.is_empty() {
                reached = reached - inside;
                held_back = true;
            }
        }
        (reached, held_back)
    }

    /// Places every car, in turn order, where the policy chooses.
    pub(crate) fn place_cars(&mut self, policy: &mut impl Policy) {
        for p in 0..self.cars.len() {
            let choices = self.start_choices(p);
            if choices.is_empty() {
                continue;
            }
            let pick = choices[policy.start(self, p, &choices).min(choices.len() - 1)];
            self.cars[p].at = Some(pick);
            self.cars[p].start = Some(pick);
        }
    }

    /// One player's turn: roll, drive, what the square does, then Spreading
    /// Infection where it is on.
    pub fn turn(&mut self, dice: &mut impl Dice, policy: &mut impl Policy) {
        let p = self.next;
        self.next = (p + 1) % self.cars.len();
        self.cars[p].turns += 1;
        // TP Hunt: EACH PLAYER'S TURN, "roll a D12: that's how many squares you can move".
        let roll = dice.roll(self.sides);
        self.cars[p].tape_rows += 1;
        let mut scratch = std::mem::take(&mut self.scratch);
        self.drives_into(p, roll, &mut scratch);
        let drives = &scratch.drives;
        let chosen = (!drives.is_empty()).then(|| drives[policy.drive(self, p, roll, drives).min(drives.len() - 1)]);
        self.scratch = scratch;
        let Some(d) = chosen else {
            // Boxed in: the car stays and the turn ends.
            self.stuck_turns += 1;
            return;
        };
        self.stuck_turns = 0;
        if d.pass {
            self.cars[p].wallet -= ATD_PASS;
            self.cars[p].passes += 1;
        }
        self.cars[p].at = Some(d.to);
        if self.switches.jungle
            && let Some(other) = (0..self.cars.len()).find(|&k| k != p && self.cars[k].at == Some(d.to))
        {
            self.jungle(p, other, dice);
        }
        self.arrive(p, d.to, dice, policy);
        if self.switches.infection && !self.over() {
            self.spread(dice);
        }
    }

    /// Law of the Jungle: both roll; the higher steals 1 TP, the mover (`p`) wins ties.
    fn jungle(&mut self, p: usize, other: usize, dice: &mut impl Dice) {
        let mine = dice.roll(self.sides);
        let theirs = dice.roll(self.sides);
        self.cars[p].tape_rows += 1;
        let (winner, loser) = if mine >= theirs { (p, other) } else { (other, p) };
        if self.cars[loser].tp > 0 {
            self.cars[loser].tp -= 1;
            self.cars[winner].tp += 1;
        }
    }

    /// What the square a car stops on does.
    fn arrive(&mut self, p: usize, at: usize, dice: &mut impl Dice, policy: &mut impl Policy) {
        match self.squares[at] {
            Square::Empty => {}
            Square::Store(s) => match self.stock[s] {
                Stock::Fresh => {
                    // First visitor: buy up to the larger die; the second
                    // (red) die's number is written on the store.
                    let blue = dice.roll(self.sides);
                    let red = dice.roll(self.sides);
                    self.cars[p].tape_rows += 1;
                    let bought = self.buy(p, blue.max(red), policy);
                    self.cars[p].tp_first += bought;
                    self.stock[s] = Stock::Written(red);
                }
                Stock::Written(n) => {
                    let bought = self.buy(p, n, policy);
                    self.cars[p].tp_second += bought;
                    self.stock[s] = Stock::Depleted;
                }
                Stock::Depleted => self.cars[p].wallet += LATE_VISITOR_FIND,
            },
            Square::Atm => {
                let a = dice.roll(self.sides);
                let b = dice.roll(self.sides);
                self.cars[p].tape_rows += 1;
                // Doubles: the ATM is busted (a difference of 0).
                self.cars[p].wallet += a.abs_diff(b);
            }
            Square::Danger => {
                let lost = self.cars[p].tp.min(DANGER_LOSS);
                self.cars[p].tp -= lost;
                self.cars[p].tp_lost += lost;
            }
        }
    }

    /// Buys what the policy asks for, at most `most` and what the wallet holds
    /// ("no loans or credit options").
    fn buy(&mut self, p: usize, most: u32, policy: &mut impl Policy) -> u32 {
        let most = most.min(self.cars[p].wallet);
        let n = policy.buy(self, p, most).min(most);
        self.cars[p].wallet -= n;
        self.cars[p].tp += n;
        n
    }

    /// Spreading Infection: two dice; on a high total, a new danger zone where
    /// the next two dice point, rolled again while that square is occupied.
    fn spread(&mut self, dice: &mut impl Dice) {
        let a = dice.roll(self.sides);
        let b = dice.roll(self.sides);
        if a + b <= 2 * self.sides - INFECTION_MARGIN {
            return;
        }
        for _ in 0..INFECTION_TRIES {
            let col = dice.roll(self.sides) as u16;
            let row = dice.roll(self.sides) as u16;
            let i = self.grid.index(crate::grid::cell(col, row));
            if self.squares[i] == Square::Empty && !self.occupied(i, usize::MAX) {
                self.squares[i] = Square::Danger;
                self.dangers.insert(i);
                self.atd.remove(i);
                for n in self.grid.surrounding(self.cell(i)) {
                    let j = self.grid.index(n);
                    if self.squares[j] != Square::Danger {
                        self.atd.insert(j);
                    }
                }
                self.added_dangers += 1;
                return;
            }
        }
    }
}

/// One finished (or cut-off) game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Played {
    /// Turns the first player took (the most any player took).
    pub turns: u32,
    /// The players with the most TP (several on a tie); empty when stalled.
    pub winners: Vec<usize>,
    pub winning_tp: u32,
    /// Dice tape rows used in the whole game.
    pub tape_rows: u32,
}

/// Plays one game from the placing of the cars to the end.
pub fn play(map: &Map, players: usize, switches: Switches, dice: &mut impl Dice, policy: &mut impl Policy) -> Played {
    play_from(&Game::new(map, players, switches), dice, policy)
}

/// Plays one game from `start`, a game whose cars are not placed yet (made
/// once a map, copied for each game).
pub(crate) fn play_from(start: &Game, dice: &mut impl Dice, policy: &mut impl Policy) -> Played {
    let players = start.cars.len();
    let mut g = start.clone();
    g.place_cars(policy);
    while !g.over() && !g.deadlocked() && g.cars[0].turns < MAX_TURNS {
        g.turn(dice, policy);
    }
    let best = g.cars.iter().map(|c| c.tp).max().unwrap_or(0);
    Played {
        turns: g.cars[0].turns,
        winners: if g.over() {
            (0..players).filter(|&p| g.cars[p].tp == best).collect()
        } else {
            Vec::new()
        },
        winning_tp: best,
        tape_rows: g.cars.iter().map(|c| c.tape_rows).sum(),
    }
}

#[cfg(test)]
#[path = "game_tests.rs"]
mod tests;
