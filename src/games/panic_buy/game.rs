//! Whole games of Panic Buy (RULES.md "Panic Buy", whole-game simulation):
//! the state, the legal moves of each part of a turn, and their effects. The
//! engine rolls the dice and enforces the rules; a [`Policy`] only chooses
//! among the legal moves it is shown, and never sees a die before it is rolled.

use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::moves::{HAZARD_STEPS, allowance};
use super::{Board, Mode, Params, SIZE, SNEEZE_STOCKPILE, Tile};
use crate::grid::{Cell, cell};

/// Where a piece can step from one place: at most four squares.
#[derive(Debug, Clone, Copy, Default)]
struct Steps {
    to: [Pos; 4],
    len: u8,
}

impl Steps {
    fn push(&mut self, p: Pos) {
        self.to[self.len as usize] = p;
        self.len += 1;
    }

    fn all(&self) -> &[Pos] {
        &self.to[..self.len as usize]
    }
}

/// The places whose bits are set in `mask`, lowest first.
fn bits(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let p = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            p
        })
    })
}

/// Whether place `p` is the bathroom or the yard.
fn is_room(p: Pos) -> bool {
    p == BATHROOM || p == YARD
}

/// Whether a step onto place `p` only moves on: a square not in `special`.
fn plain(special: u64, p: Pos) -> bool {
    (p as usize) < SQUARES && special >> p & 1 == 0
}

/// Every place a piece stepping by `steps` ends `left` steps on from `at`,
/// never turning straight back.
fn hazard_walk(steps: &[Vec<Pos>], at: Pos, prev: Option<Pos>, left: u8, ends: &mut Vec<Pos>) {
    if left == 0 {
        ends.push(at);
        return;
    }
    for &n in &steps[at as usize] {
        if Some(n) != prev {
            hazard_walk(steps, n, Some(at), left - 1, ends);
        }
    }
}

/// A place as the engine numbers it: squares 0..64 row by row, then the rooms
/// off the grid and the road below the arrows.
pub type Pos = u8;
pub const SQUARES: usize = (SIZE * SIZE) as usize;
pub const BATHROOM: Pos = SQUARES as Pos;
pub const YARD: Pos = BATHROOM + 1;
pub const ROAD: Pos = YARD + 1;
const PLACES: usize = ROAD as usize + 1;
/// No place: the square before a walk's first step.
const NOWHERE: Pos = Pos::MAX;
/// Distance to somewhere that cannot be reached.
pub const FAR: u8 = 60;
/// Games still running after this many rounds are cut off and counted as stalled.
pub const MAX_ROUNDS: u32 = 200;
/// Race mode: rolls in a trolley that win.
pub const RACE_TARGET: u32 = 2;

/// The rulings of RULES.md (Panic Buy, whole-game simulation) that came in
/// with generator versions 5 and 6. Boards are kept by games played by the
/// rulings of their version, so making a board of an older version again
/// plays by that version's rulings ([`Rulings::of_version`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rulings {
    /// A basket that lands on, or is moved onto or over, the Virus or the Dog
    /// takes the piece home with it ("take The Dog with them", text section 13),
    /// so the room is occupied and escaping needs a 1 or 6.
    pub piece_goes_home: bool,
    /// A basket that cannot use its whole roll (or push) makes the longest
    /// legal walk it can, instead of staying put.
    pub longest_walk: bool,
    /// Sanitiser is a "may" (text section 14: "you may move 3 spaces"): the
    /// player chooses to use it or not.
    pub sanitiser_optional: bool,
    /// "Never back onto the square just left" holds for the whole turn (text
    /// section 5: "in that turn"): the movement part's first step may not
    /// return to the square the Sanitiser move left last.
    pub no_back_all_turn: bool,
    /// Where no walk uses the whole roll, a walk one square longer than the
    /// longest that ends on the Virus or the Dog is offered too: landing on
    /// a piece ends a move (text section 5), so it is a legal walk of its
    /// length, and the player chooses.
    pub fallback_onto_pieces: bool,
    /// Social distance moves a basket on the board's squares or in the
    /// bathroom or yard, never one still waiting on the road (text section
    /// 15: "move another player's basket 3 spaces" on the board).
    pub social_on_board: bool,
}

impl Rulings {
    /// Today's rulings: every sheet's rules and every printed rating.
    pub const CURRENT: Rulings = Rulings {
        piece_goes_home: true,
        longest_walk: true,
        sanitiser_optional: true,
        no_back_all_turn: true,
        fallback_onto_pieces: true,
        social_on_board: true,
    };
    /// The rulings boards of generator version 6 were rated by.
    pub const V6: Rulings = Rulings {
        social_on_board: false,
        ..Rulings::CURRENT
    };
    /// The rulings boards of generator version 5 were rated by.
    pub const V5: Rulings = Rulings {
        piece_goes_home: true,
        longest_walk: true,
        sanitiser_optional: false,
        no_back_all_turn: false,
        fallback_onto_pieces: false,
        social_on_board: false,
    };
    /// The rulings boards of generator versions 3 and 4 were rated by.
    pub const BEFORE_V5: Rulings = Rulings {
        piece_goes_home: false,
        longest_walk: false,
        sanitiser_optional: false,
        no_back_all_turn: false,
        fallback_onto_pieces: false,
        social_on_board: false,
    };

    /// The rulings the boards of generator `version` were made by.
    pub fn of_version(version: u32) -> Rulings {
        match version {
            7.. => Rulings::CURRENT,
            6 => Rulings::V6,
            5 => Rulings::V5,
            _ => Rulings::BEFORE_V5,
        }
    }
}

pub fn pos(c: Cell) -> Pos {
    ((c.row - 1) * SIZE + (c.col - 1)) as Pos
}

pub(crate) fn cell_of(p: Pos) -> Cell {
    cell(p as u16 % SIZE + 1, p as u16 / SIZE + 1)
}

/// The Virus (index 0, home the bathroom) and the Dog (index 1, home the yard).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hazard {
    Virus = 0,
    Dog = 1,
}

impl Hazard {
    pub const BOTH: [Hazard; 2] = [Hazard::Virus, Hazard::Dog];
    pub fn home(self) -> Pos {
        BATHROOM + self as Pos
    }
}

/// The board as the engine reads it: who may step where, and how far things are.
#[derive(Debug, Clone)]
pub struct Table {
    /// A basket's steps from each place: not onto the counter; the road leads
    /// onto either arrow; rooms are left only by escaping.
    basket: [Steps; PLACES],
    /// Where the Virus and the Dog can end their three squares from each place.
    hazard_ends: [Vec<Vec<Pos>>; 2],
    /// The squares with an object, and the floor squares, as bits.
    objects: u64,
    floor: u64,
    /// The floor squares a basket can step onto from each square.
    floor_steps: [u64; SQUARES],
    /// The squares where a basket's step can do more than move on, whatever
    /// the game: objects, the TP square and the arrows (and every place off
    /// the grid: see [`plain`]).
    special: u64,
    pub tp: Pos,
    pub arrows: [Pos; 2],
    /// The squares just outside the bathroom door and the back door.
    pub doors: [Pos; 2],
    /// Steps to the TP square and to the nearer arrow, never over an object.
    to_tp: Distances,
    to_arrow: Distances,
    /// What passing a place can do: 1 the TP square, 2 and 3 the arrows, 0 nothing.
    passing: [u8; PLACES],
    /// The squares at most 2 and at most 3 steps from each square, counted
    /// as the crow flies (rows plus columns), as bits.
    within2: [u64; SQUARES],
    within3: [u64; SQUARES],
    /// Scratch space for listing walks, and lists of walks to be used again.
    seen: std::cell::RefCell<Seen>,
    spare_lists: std::cell::RefCell<Vec<Vec<Walk>>>,
    /// Each place's [`Table::walk_tree`] for each number of steps, made when first wanted.
    walk_trees: std::cell::RefCell<Vec<Option<std::rc::Rc<[Branch]>>>>,
    /// What [`Table::around`] worked out, for each placing of the Virus and the Dog.
    around: std::cell::RefCell<Vec<Option<std::rc::Rc<[Distances; 2]>>>>,
}

/// Steps from every place to somewhere, [`FAR`] where it cannot be reached.
pub type Distances = [u8; PLACES];

/// Steps counted for a way through the Virus or the Dog: they move on, but not soon.
pub const THROUGH_PIECES: u8 = 6;

/// The shorter of the way `around` the Virus and the Dog, and the way
/// `through` them counting [`THROUGH_PIECES`] steps more.
pub(crate) fn through_pieces(around: &Distances, through: &Distances) -> Distances {
    let mut d = *around;
    for (a, b) in d.iter_mut().zip(through) {
        *a = (*a).min(b.saturating_add(THROUGH_PIECES));
    }
    d
}

impl Table {
    pub fn new(b: &Board) -> Table {
        let mut tiles = [Tile::Shop; SQUARES];
        let mut basket = [Steps::default(); PLACES];
        let mut hazard = [vec![Vec::new(); PLACES], vec![Vec::new(); PLACES]];
        let mut objects = 0u64;
        let mut floor = 0u64;
        let mut floor_steps = [0u64; SQUARES];
        for c in super::GRID.cells() {
            let p = pos(c) as usize;
            tiles[p] = b.tile(c);
            objects |= (tiles[p].is_object() as u64) << p;
            floor |= (tiles[p].is_floor() as u64) << p;
            for n in b.steps(c) {
                if b.tile(n) != Tile::Counter {
                    basket[p].push(pos(n));
                }
                if b.tile(n).is_floor() {
                    floor_steps[p] |= 1 << pos(n);
                }
                if b.tile(n).is_floor() {
                    hazard[0][p].push(pos(n));
                    hazard[1][p].push(pos(n));
                }
            }
        }
        let doors = [pos(b.bathroom_door), pos(b.yard_door)];
        for h in Hazard::BOTH {
            let i = h as usize;
            hazard[i][doors[i] as usize].push(h.home());
            hazard[i][h.home() as usize].push(doors[i]);
        }
        let arrows: Vec<Pos> = b.cells_of(Tile::Arrow).into_iter().map(pos).collect();
        let arrows = [arrows[0], *arrows.get(1).unwrap_or(&arrows[0])];
        for a in arrows {
            basket[ROAD as usize].push(a);
        }
        // The Virus and the Dog never turn straight back.
        let hazard_ends = hazard.clone().map(|steps| {
            (0..PLACES as Pos)
                .map(|from| {
                    let mut ends = Vec::new();
                    hazard_walk(&steps, from, None, HAZARD_STEPS, &mut ends);
                    ends.sort_unstable();
                    ends.dedup();
                    ends
                })
                .collect()
        });
        let tp = pos(b.cells_of(Tile::Tp)[0]);
        let mut t = Table {
            basket,
            hazard_ends,
            objects,
            floor,
            floor_steps,
            special: objects | 1 << tp | 1 << arrows[0] | 1 << arrows[1],
            tp,
            arrows,
            doors,
            to_tp: [FAR; PLACES],
            to_arrow: [FAR; PLACES],
            passing: [0; PLACES],
            within2: [0; SQUARES],
            within3: [0; SQUARES],
            seen: Default::default(),
            spare_lists: Default::default(),
            walk_trees: Default::default(),
            around: Default::default(),
        };
        t.passing[tp as usize] = 1;
        t.passing[arrows[0] as usize] = 2;
        t.passing[arrows[1] as usize] = 3;
        t.to_tp = t.distances(&[tp]);
        t.to_arrow = t.distances(&arrows);
        for a in 0..SQUARES as Pos {
            for b in 0..SQUARES as Pos {
                let d = Table::manhattan(a, b);
                t.within2[a as usize] |= ((d <= 2) as u64) << b;
                t.within3[a as usize] |= ((d <= 3) as u64) << b;
            }
        }
        t
    }

    /// The squares at most `d` (2 or 3) steps from square `p` as the crow flies.
    pub fn within(&self, p: Pos, d: u32) -> u64 {
        match d {
            2 => self.within2[p as usize],
            3 => self.within3[p as usize],
            _ => unreachable!("only 2 and 3 are kept"),
        }
    }

    pub fn is_object(&self, p: Pos) -> bool {
        (p as usize) < SQUARES && self.objects >> p & 1 != 0
    }

    /// Steps from anywhere to the nearest of `targets`, by floor squares (a
    /// basket on an object steps off it; one in a room steps out of its door).
    fn distances(&self, targets: &[Pos]) -> Distances {
        self.distances_around(targets, &[])
    }

    /// As [`Table::distances`], never through the squares in `around` (where
    /// the Virus and the Dog stand).
    pub(crate) fn distances_around(&self, targets: &[Pos], around: &[Pos]) -> Distances {
        let mut d = [FAR; PLACES];
        // Breadth first, a whole ring of squares at a time, as bit masks.
        let squares = |places: &[Pos]| {
            places
                .iter()
                .filter(|&&p| (p as usize) < SQUARES)
                .fold(0u64, |mask, &p| mask | 1 << p)
        };
        let open = self.floor & !squares(around);
        let mut ring = squares(targets);
        let mut reached = ring;
        for &t in targets {
            d[t as usize] = 0;
        }
        let mut steps = 0;
        while ring != 0 {
            steps += 1;
            let mut next = 0;
            for p in bits(ring) {
                next |= self.floor_steps[p];
            }
            ring = next & open & !reached;
            reached |= ring;
            for p in bits(ring) {
                d[p] = steps;
            }
        }
        for p in bits(self.objects) {
            let off = self.basket[p].all().iter().map(|&n| d[n as usize]).min().unwrap_or(FAR);
            d[p] = off.saturating_add(1).min(FAR);
        }
        for (room, door) in [BATHROOM, YARD].into_iter().zip(self.doors) {
            d[room as usize] = d[door as usize].saturating_add(1).min(FAR);
        }
        d[ROAD as usize] = self.arrows.iter().map(|&a| d[a as usize]).min().unwrap_or(FAR) + 1;
        d
    }

    /// Every way a basket can go from place `start` in up to `steps` steps
    /// (at most [`WALK_STEPS`]), never straight back, whatever stands where:
    /// a tree in the order the steps are tried, first step first. A walk's
    /// listing follows it, skipping what the pieces and the rules cut off. A
    /// step into a room is there from outside its door, for Social distance.
    fn walk_tree(&self, start: Pos, steps: u8) -> std::rc::Rc<[Branch]> {
        assert!(steps <= WALK_STEPS, "a walk of {steps} steps is longer than any move");
        let mut trees = self.walk_trees.borrow_mut();
        let per_place = WALK_STEPS as usize + 1;
        if trees.is_empty() {
            trees.resize(PLACES * per_place, None);
        }
        trees[start as usize * per_place + steps as usize]
            .get_or_insert_with(|| {
                let mut tree = vec![Branch {
                    at: start,
                    depth: 0,
                    next: 0,
                }];
                self.grow(&mut tree, start, NOWHERE, 1, steps);
                tree[0].next = tree.len() as u16;
                tree.into()
            })
            .clone()
    }

    fn grow(&self, tree: &mut Vec<Branch>, at: Pos, prev: Pos, depth: u8, steps: u8) {
        if depth > steps {
            return;
        }
        let rooms = [BATHROOM, YARD]
            .into_iter()
            .zip(self.doors)
            .filter(|&(_, door)| door == at);
        for n in self.basket[at as usize]
            .all()
            .iter()
            .copied()
            .chain(rooms.map(|(room, _)| room))
        {
            if n == prev {
                continue;
            }
            let i = tree.len();
            tree.push(Branch { at: n, depth, next: 0 });
            self.grow(tree, n, at, depth + 1, steps);
            tree[i].next = tree.len() as u16;
        }
    }

    /// Steps to the TP square and to the nearer arrow, around the squares
    /// where the Virus and the Dog stand or through them counting
    /// [`THROUGH_PIECES`] steps more; kept for each placing met.
    pub fn around(&self, hazards: [Pos; 2]) -> std::rc::Rc<[Distances; 2]> {
        let mut known = self.around.borrow_mut();
        if known.is_empty() {
            known.resize(PLACES * PLACES, None);
        }
        known[hazards[0] as usize * PLACES + hazards[1] as usize]
            .get_or_insert_with(|| {
                std::rc::Rc::new([
                    through_pieces(&self.distances_around(&[self.tp], &hazards), &self.to_tp),
                    through_pieces(&self.distances_around(&self.arrows, &hazards), &self.to_arrow),
                ])
            })
            .clone()
    }

    pub fn to_tp(&self, p: Pos) -> u32 {
        self.to_tp[p as usize] as u32
    }

    /// Orthogonal steps between two squares, ignoring walls (for "how close").
    pub(crate) fn manhattan(a: Pos, b: Pos) -> u32 {
        let (a, b) = (cell_of(a), cell_of(b));
        (a.col.abs_diff(b.col) + a.row.abs_diff(b.row)) as u32
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Basket {
    pub at: Pos,
    pub carried: u32,
    /// The player who moves it (2 players move two baskets each).
    pub owner: u8,
}

/// A basket's move: the places it enters, in order. A move out of a room
/// starts with the square outside its door. `sneeze` names the basket it
/// sneezes on at the end of the move.
#[derive(Debug, Clone, Copy)]
pub struct Walk {
    steps: [Pos; 8],
    len: u8,
    pub sneeze: Option<u8>,
    /// Known, from the listing that found it, to enter only plain floor:
    /// its effects are where it ends (and a room escaped), nothing more.
    all_plain: bool,
}

/// Walks are the same when their steps and Sneeze are: what the listing
/// knew of them is no part of the walk.
impl PartialEq for Walk {
    fn eq(&self, other: &Walk) -> bool {
        self.steps() == other.steps() && self.sneeze == other.sneeze
    }
}

impl Eq for Walk {}

impl Walk {
    pub const STAY: Walk = Walk {
        steps: [0; 8],
        len: 0,
        sneeze: None,
        all_plain: false,
    };

    pub fn steps(&self) -> &[Pos] {
        &self.steps[..self.len as usize]
    }

    pub fn end(&self) -> Option<Pos> {
        self.steps().last().copied()
    }

    /// Known, from the listing that found it, to enter only plain floor and
    /// not to start in a room: it does nothing but move the basket.
    pub(crate) fn only_moves(&self) -> bool {
        self.all_plain
    }

    fn push(&self, p: Pos) -> Walk {
        let mut w = *self;
        w.steps[w.len as usize] = p;
        w.len += 1;
        w
    }
}

/// The walks [`Game::walks`] lists, in a list the table lends: given back
/// when dropped, for the next listing (a game lists walks a hundred times).
#[derive(Debug)]
pub struct Walks<'t> {
    list: Vec<Walk>,
    spare: &'t std::cell::RefCell<Vec<Vec<Walk>>>,
}

impl std::ops::Deref for Walks<'_> {
    type Target = [Walk];
    fn deref(&self) -> &[Walk] {
        &self.list
    }
}

impl Drop for Walks<'_> {
    fn drop(&mut self) {
        let mut spare = self.spare.borrow_mut();
        // A few are out at once at most (Social distance holds three).
        if spare.len() < 8 {
            spare.push(std::mem::take(&mut self.list));
        }
    }
}

/// The longest walk: the movement die's 6 squares (a basket leaving a room
/// steps out first, then makes its walk from outside the door).
const WALK_STEPS: u8 = 6;

/// A place on a [`Table::walk_tree`]: reached by `depth` steps, its
/// branches up to the place at index `next`.
#[derive(Debug, Clone, Copy)]
struct Branch {
    at: Pos,
    depth: u8,
    next: u16,
}

/// What a walk does, worked out before anything changes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Outcome {
    pub end: Pos,
    /// Rolls in the basket afterwards.
    pub carried: u32,
    /// Rolls put into the trolley on the way.
    pub delivered: u32,
    /// Deliveries at each arrow.
    pub at_arrow: [u32; 2],
    /// Rolls taken from the counter.
    pub from_counter: u32,
    /// Squares whose lying toilet paper was picked up, as bits.
    pub picked: u64,
    /// Rolls taken from a room on escaping it.
    pub from_room: Option<usize>,
    /// Captured: the room it went to (its rolls go with it).
    pub captured: Option<Pos>,
    /// Captured by stepping onto the Virus or the Dog: which one.
    pub onto_piece: Option<Hazard>,
    pub gains_sneeze: bool,
}

/// How a walk may go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WalkKind {
    /// The player's own basket in the movement part: `steps` from the die.
    Own { steps: u8, free: bool },
    /// Moved 3 squares by another player: by a Sneeze, or by Social distance
    /// (which may also put it into a room).
    Pushed { into_rooms: bool },
}

/// The choices a game asks for. A policy sees the game as the players do:
/// everything on the table, this turn's two dice, never a future die.
pub trait Policy {
    /// Which of the player's baskets moves this turn (2 players have two).
    fn basket(&mut self, game: &Game, choices: &[usize], red: u8, blue: u8) -> usize;
    /// Which walk the player's own basket makes (`walks` holds at least one).
    fn walk(&mut self, game: &Game, basket: usize, walks: &[Walk]) -> usize;
    /// Where a Sneeze pushes the basket it robbed.
    fn push(&mut self, game: &Game, victim: usize, walks: &[Walk]) -> usize;
    /// Social distance: which other basket to move and where, or none.
    fn social(&mut self, game: &Game, options: &[(usize, Walk)]) -> Option<usize>;
    /// Sanitiser (a "may"): which walk the player's own basket makes, or
    /// none to let it stand (`walks` holds at least one). Unless a policy
    /// says otherwise, it moves as in the movement part.
    fn sanitiser(&mut self, game: &Game, basket: usize, walks: &[Walk]) -> Option<usize> {
        Some(self.walk(game, basket, walks))
    }
    /// Where the Virus or the Dog ends its three squares.
    fn hazard(&mut self, game: &Game, hazard: Hazard, ends: &[Pos]) -> usize;
    /// How many rolls a basket takes at the counter on this move (one per pass).
    fn rolls_wanted(&self, game: &Game, basket: usize) -> u32;
}

/// One basket's walks being listed: what stays the same meanwhile, the walk
/// being followed and the walks kept.
struct Search<'s> {
    pushed: bool,
    /// Social distance: the move may go into a room from outside its door.
    into_rooms: bool,
    owner: u8,
    /// Squares with a basket to sneeze on, as bits.
    rivals: u64,
    /// Squares where a step does more than move on: objects, the TP square,
    /// the arrows, the Virus and the Dog, toilet paper lying and rivals.
    special: u64,
    /// With it, only the first walk of each effect is kept.
    seen: Option<&'s mut Seen>,
    walks: Vec<Walk>,
    /// The most places any legal walk followed so far has entered.
    longest: u8,
    /// Keeps only the walks that end on the Virus or the Dog on their last
    /// step (the longest-walk fallback's second look).
    onto_pieces_only: bool,
}

impl Search<'_> {
    /// Keeps the walk `trail`, ending with a Sneeze on `sneeze` if given.
    fn keep(&mut self, effect: u64, trail: Trail, sneeze: Option<u8>) {
        if self.onto_pieces_only {
            return;
        }
        self.keep_any(effect, trail, sneeze);
    }

    /// Keeps the walk `trail` even on the fallback's second look.
    fn keep_any(&mut self, effect: u64, trail: Trail, sneeze: Option<u8>) {
        self.longest = self.longest.max(trail.len());
        if self.seen.as_deref_mut().is_none_or(|seen| seen.insert(effect)) {
            self.walks.push(Walk {
                steps: trail.places(),
                len: trail.len(),
                sneeze,
                all_plain: trail.plain(),
            });
        }
    }
}

/// The walk being followed, passed along in one register: the places it
/// entered, a byte each (at most 7), how many in the top byte but one, and
/// in the top bit whether any was more than plain floor.
#[derive(Debug, Clone, Copy)]
struct Trail(u64);

impl Trail {
    const LEN: u32 = 56;
    const SPECIAL: u64 = 1 << 63;

    /// Walk `w` so far; the step out of a room (its only step, if any) is
    /// counted as special: what it passes is not checked.
    fn new(w: &Walk) -> Trail {
        let places = u64::from_le_bytes(w.steps) & ((1 << Self::LEN) - 1);
        let special = if w.len == 0 { 0 } else { Self::SPECIAL };
        Trail(places | (w.len as u64) << Self::LEN | special)
    }

    fn len(self) -> u8 {
        (self.0 >> Self::LEN) as u8 & 0x7f
    }

    fn plain(self) -> bool {
        self.0 & Self::SPECIAL == 0
    }

    fn places(self) -> [Pos; 8] {
        (self.0 & ((1 << Self::LEN) - 1)).to_le_bytes()
    }

    fn then(self, p: Pos) -> Trail {
        Trail((self.0 | (p as u64) << (8 * self.len())) + (1 << Self::LEN))
    }

    fn special(self) -> Trail {
        Trail(self.0 | Self::SPECIAL)
    }
}

/// A set of walks' effects (numbers below 2^48), emptied in constant time:
/// a game lists walks a hundred times and more, each with a dozen paths.
#[derive(Debug, Clone, Default)]
struct Seen {
    /// Each slot holds a number and, in bits 48 to 62, the listing it was
    /// added in; slots of earlier listings are empty.
    slots: Vec<u64>,
    stamp: u64,
    len: usize,
    /// The effects of walks that pass nothing on the way, sneeze on nobody
    /// and end on a square, as bits of where they end (the second word: those
    /// stepping onto an object). Most walks' effects, kept out of the slots.
    ends: [u64; 2],
}

impl Seen {
    const STAMP: u64 = 0x7fff << 48;

    fn clear(&mut self) {
        self.len = 0;
        self.ends = [0; 2];
        self.stamp = (self.stamp + (1 << 48)) & Self::STAMP;
        if self.stamp == 0 || self.slots.is_empty() {
            self.slots = vec![0; 256];
            self.stamp = 1 << 48;
        }
    }

    /// Adds `key`; false if it was already there.
    #[inline(always)]
    fn insert(&mut self, key: u64) -> bool {
        debug_assert!(key < 1 << 48, "an effect's passes fit in 24 bits");
        // An effect key: passes << 24 | onto an object << 16 | Sneeze << 8 | end.
        if key & !(1 << 16 | 63) == 0 {
            let (ends, end) = (&mut self.ends[(key >> 16) as usize], key & 63);
            let new = *ends & 1 << end == 0;
            *ends |= 1 << end;
            return new;
        }
        self.insert_in_slots(key)
    }

    #[inline(never)]
    fn insert_in_slots(&mut self, key: u64) -> bool {
        if 2 * (self.len + 1) > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40) as usize & mask;
        let entry = key | self.stamp;
        loop {
            let slot = self.slots[i];
            if slot == entry {
                return false;
            }
            if slot & Self::STAMP != self.stamp {
                self.slots[i] = entry;
                self.len += 1;
                return true;
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let old: Vec<u64> = self
            .slots
            .iter()
            .filter(|&&slot| slot & Self::STAMP == self.stamp)
            .map(|&slot| slot & !Self::STAMP)
            .collect();
        self.slots = vec![0; self.slots.len() * 2];
        self.stamp = 1 << 48;
        self.len = 0;
        for key in old {
            self.insert(key);
        }
    }
}

/// A game in progress.
#[derive(Debug, Clone)]
pub struct Game<'a> {
    pub table: &'a Table,
    pub mode: Mode,
    pub players: u8,
    pub baskets: Vec<Basket>,
    /// Sneeze cards in each player's hand, and in the stockpile.
    pub sneezes: Vec<u32>,
    pub stockpile: u32,
    /// Rolls in each player's trolley.
    pub trolley: Vec<u32>,
    /// Rolls behind the counter.
    pub counter: u32,
    /// Toilet paper left lying on squares.
    pub lying: Vec<(Pos, u32)>,
    /// Toilet paper taken into the bathroom and the yard by captured baskets.
    pub room_tp: [u32; 2],
    /// Where the Virus and the Dog are.
    pub hazards: [Pos; 2],
    pub to_move: u8,
    pub turns: u32,
    /// The winning player (race) or team (hoard).
    pub winner: Option<u8>,
    pub at_arrow: [u32; 2],
    /// The rulings played by: those of the board's generator version.
    pub rulings: Rulings,
    /// This turn's Sanitiser move: the basket and the square it left last,
    /// which the movement part may not step straight back onto.
    pub left_last: Option<(usize, Pos)>,
    /// Sanitiser rolled with a move to make, and declined by the player.
    pub sanitiser_moves: u32,
    pub sanitiser_declined: u32,
}

impl<'a> Game<'a> {
    pub fn new(table: &'a Table, p: &Params) -> Game<'a> {
        let counters = p.counters() as usize;
        let per_player = counters / p.players as usize;
        Game {
            table,
            mode: p.mode,
            players: p.players,
            baskets: (0..counters)
                .map(|i| Basket {
                    at: ROAD,
                    carried: 0,
                    owner: (i / per_player) as u8,
                })
                .collect(),
            sneezes: vec![1; p.players as usize],
            stockpile: SNEEZE_STOCKPILE,
            trolley: vec![0; p.players as usize],
            counter: p.toilet_paper(),
            lying: Vec::new(),
            room_tp: [0; 2],
            hazards: [BATHROOM, YARD],
            to_move: 0,
            turns: 0,
            winner: None,
            at_arrow: [0; 2],
            rulings: Rulings::of_version(p.version),
            left_last: None,
            sanitiser_moves: 0,
            sanitiser_declined: 0,
        }
    }

    /// The side player `player` plays for: themselves in race mode, a team
    /// of partners seated apart in hoard mode ([`Params::team`]).
    pub fn team(&self, player: u8) -> u8 {
        self.params().team(player)
    }

    pub fn teams(&self) -> u8 {
        self.params().teams() as u8
    }

    /// The settings that shape sides and counts.
    fn params(&self) -> Params {
        Params {
            players: self.players,
            mode: self.mode,
            ..Params::default()
        }
    }

    /// The rounds played so far, a started round counting whole.
    pub fn rounds(&self) -> u32 {
        self.turns.div_ceil(self.players as u32)
    }

    pub(crate) fn in_room(&self, b: usize) -> Option<usize> {
        match self.baskets[b].at {
            BATHROOM => Some(0),
            YARD => Some(1),
            _ => None,
        }
    }

    fn hazard_on(&self, p: Pos) -> bool {
        p < BATHROOM && self.hazards.contains(&p)
    }

    /// The legal walks for basket `b`, one for each different thing a move can
    /// do (the first path found for each). An empty list means the basket
    /// cannot move and stays where it is.
    pub(crate) fn walks(&self, b: usize, kind: WalkKind) -> Walks<'a> {
        let spare = &self.table.spare_lists;
        let mut list = spare.borrow_mut().pop().unwrap_or_default();
        list.clear();
        let mut seen = self.table.seen.borrow_mut();
        seen.clear();
        Walks {
            list: self.list_walks(b, kind, Some(&mut seen), list),
            spare,
        }
    }

    /// Every legal walk for basket `b`, each path separately.
    #[cfg(test)]
    pub(crate) fn all_walks(&self, b: usize, kind: WalkKind) -> Vec<Walk> {
        self.list_walks(b, kind, None, Vec::new())
    }

    /// What passing place `p` adds to a walk's effects: the TP square, an
    /// arrow, or toilet paper lying there (in the order they are passed).
    fn passes_after(&self, passes: u64, p: Pos) -> u64 {
        let mut code = self.table.passing[p as usize] as u64;
        if code == 0
            && !self.lying.is_empty()
            && let Some(i) = self.lying.iter().position(|(q, _)| *q == p)
        {
            code = 4 + i.min(3) as u64;
        }
        if code > 0 { passes << 3 | code } else { passes }
    }

    /// What a walk's effects depend on: where it ends, whom it sneezes on,
    /// whether it steps onto an object from the floor (from `before_end`),
    /// and the order in which it passes the TP square, the arrows and toilet
    /// paper lying about (`passes`).
    fn effect_key(&self, passes: u64, before_end: Pos, end: Pos, sneeze: Option<usize>) -> u64 {
        let t = self.table;
        let onto_object = t.is_object(end) && !t.is_object(before_end);
        let sneeze = sneeze.map_or(0, |v| v as u64 + 1);
        passes << 24 | (onto_object as u64) << 16 | sneeze << 8 | end as u64
    }

    /// Lists into `walks` (empty).
    fn list_walks(&self, b: usize, kind: WalkKind, seen: Option<&mut Seen>, mut walks: Vec<Walk>) -> Vec<Walk> {
        let from = self.baskets[b].at;
        let (start, prev, first, steps) = match self.in_room(b) {
            // Out of a room onto the square outside its door, then the steps.
            Some(room) => {
                let door = self.table.doors[room];
                if self.hazard_on(door) {
                    return walks;
                }
                let out_of_room = Walk::STAY.push(door);
                let steps = match kind {
                    // Without Sanitiser the move ends on stepping out.
                    WalkKind::Own { free: false, .. } => {
                        walks.push(out_of_room);
                        return walks;
                    }
                    WalkKind::Own { steps, .. } => steps,
                    WalkKind::Pushed { .. } => 3,
                };
                (door, from, out_of_room, steps)
            }
            None => {
                let steps = match kind {
                    WalkKind::Own { steps, free } if self.table.is_object(from) && !free => steps.min(1),
                    WalkKind::Own { steps, .. } => steps,
                    WalkKind::Pushed { .. } => 3,
                };
                // Not straight back onto the square this turn's Sanitiser move left last.
                let prev = match (kind, self.left_last) {
                    (WalkKind::Own { .. }, Some((moved, left))) if moved == b && self.rulings.no_back_all_turn => left,
                    _ => NOWHERE,
                };
                (from, prev, Walk::STAY, steps)
            }
        };
        let owner = self.baskets[b].owner;
        let pushed = matches!(kind, WalkKind::Pushed { .. });
        // Squares with a basket to sneeze on, if the player holds a Sneeze.
        let mut rivals = 0u64;
        if !pushed && self.sneezes[owner as usize] > 0 {
            for x in self.baskets.iter().filter(|x| x.owner != owner && x.at < BATHROOM) {
                rivals |= 1 << x.at;
            }
        }
        let passes = first.steps().iter().fold(0, |passes, &p| self.passes_after(passes, p));
        let mut search = Search {
            pushed,
            into_rooms: kind == WalkKind::Pushed { into_rooms: true },
            owner,
            rivals,
            special: self.special_squares() | rivals,
            seen,
            walks,
            longest: 0,
            onto_pieces_only: false,
        };
        let trail = Trail::new(&first);
        let tree = self.table.walk_tree(start, steps);
        self.follow(&mut search, &tree, trail, prev, steps, passes);
        let longest = search.longest.saturating_sub(first.len);
        if !self.rulings.longest_walk || longest >= steps {
            return search.walks;
        }
        let from_room = !first.steps().is_empty();
        if longest > 0 || from_room {
            // No legal walk uses the whole roll: the longest legal walks
            // instead (RULES.md, Panic Buy: "the longest legal walk it can").
            search.walks.clear();
            if let Some(seen) = search.seen.as_deref_mut() {
                seen.clear();
            }
            let tree = self.table.walk_tree(start, longest);
            self.follow(&mut search, &tree, trail, prev, longest, passes);
        }
        if self.rulings.fallback_onto_pieces && !pushed {
            // And the walks one square longer that end on the Virus or the
            // Dog (a pushed basket's walks onto them are listed already).
            let before = search.walks.len();
            search.onto_pieces_only = true;
            let tree = self.table.walk_tree(start, longest + 1);
            self.follow(&mut search, &tree, trail, prev, longest + 1, passes);
            if before == 0 && !from_room && search.walks.len() > before {
                // Standing is the longest other walk: the player chooses.
                search.walks.insert(0, Walk::STAY);
            }
        }
        search.walks
    }

    /// Follows every walk on `tree` (from its start, reached from `prev`)
    /// of `steps` steps that the rules allow, keeping them in `s` in the
    /// order met; `first` and `passes`: the walk so far.
    fn follow(&self, s: &mut Search, tree: &[Branch], first: Trail, prev: Pos, steps: u8, passes: u64) {
        let start = tree[0].at;
        if steps == 0 {
            let before_end = if is_room(prev) { prev } else { start };
            s.keep(self.effect_key(passes, before_end, start, None), first, None);
            return;
        }
        // The walk being followed, by steps taken: where it is, the walk so
        // far and its passes.
        let mut at = [start; WALK_STEPS as usize + 1];
        let mut trails = [first; WALK_STEPS as usize + 1];
        let mut passed = [passes; WALK_STEPS as usize + 1];
        let mut i = 1;
        while i < tree.len() {
            let Branch { at: n, depth, next } = tree[i];
            let d = depth as usize;
            // Not straight back out of the room it left; into a room only by Social distance.
            if (d == 1 && n == prev) || (is_room(n) && !s.into_rooms) {
                i = next as usize;
                continue;
            }
            let left = steps + 1 - depth;
            let trail = trails[d - 1].then(n);
            let passes = passed[d - 1];
            let on = if plain(s.special, n) {
                // Plain floor: nothing happens, nothing is passed.
                Some((trail, passes))
            } else {
                self.special_step(s, trail.special(), at[d - 1], n, left, passes)
            };
            if let Some((trail, _)) = on {
                s.longest = s.longest.max(trail.len());
            }
            match on {
                Some((trail, passes)) if left > 1 => {
                    (at[d], trails[d], passed[d]) = (n, trail, passes);
                    i += 1;
                }
                Some((trail, passes)) => {
                    // The walk ends here, not on an object.
                    s.keep(passes << 24 | n as u64, trail, None);
                    i = next as usize;
                }
                None => i = next as usize,
            }
        }
    }

    /// The step of the walk `trail` from `at` onto `n`, a place where more
    /// can happen than moving on, with `left` steps to go before it. Keeps
    /// the walks that end there; gives the walk and passes to go on with, if
    /// it may go on.
    fn special_step(
        &self,
        s: &mut Search,
        trail: Trail,
        at: Pos,
        n: Pos,
        left: u8,
        passes: u64,
    ) -> Option<(Trail, u64)> {
        let passes = self.passes_after(passes, n);
        let ends_here = self.effect_key(passes, at, n, None);
        if is_room(n) {
            s.keep(ends_here, trail, None); // pushed into a room: the move ends there
            None
        } else if self.hazard_on(n) {
            // A pushed basket is captured on passing over the Virus or Dog;
            // a player may end the move on one but never pass over it.
            if s.pushed || left == 1 {
                s.keep_any(ends_here, trail, None);
            }
            None
        } else if self.table.is_object(n) {
            s.keep(ends_here, trail, None); // resting on an object ends the move
            None
        } else {
            if n < BATHROOM && s.rivals & 1 << n != 0 {
                // Sneezing on the basket there forfeits the rest of the move.
                for v in 0..self.baskets.len() {
                    let x = &self.baskets[v];
                    if x.at == n && x.owner != s.owner {
                        s.keep(self.effect_key(passes, at, n, Some(v)), trail, Some(v as u8));
                    }
                }
            }
            Some((trail, passes))
        }
    }

    /// The squares where a basket's step can do more than move on: those of
    /// the table, the Virus, the Dog and toilet paper lying about.
    fn special_squares(&self) -> u64 {
        let mut special = self.table.special;
        for p in self.hazards {
            if (p as usize) < SQUARES {
                special |= 1 << p;
            }
        }
        // Toilet paper only ever lies on squares.
        for &(p, _) in &self.lying {
            special |= 1 << p;
        }
        special
    }

    /// What walk `w` does to basket `b`, taking at most `wanted` rolls at the counter.
    pub fn outcome(&self, b: usize, w: &Walk, wanted: u32) -> Outcome {
        let basket = &self.baskets[b];
        let mut o = Outcome {
            end: basket.at,
            carried: basket.carried,
            ..Outcome::default()
        };
        let mut counter = self.counter;
        let mut prev = basket.at;
        if let Some(room) = self.in_room(b)
            && !w.steps().is_empty()
        {
            o.carried += self.room_tp[room];
            o.from_room = Some(room);
        }
        if w.all_plain {
            o.end = w.end().unwrap_or(o.end);
            return o;
        }
        let special = self.special_squares();
        for &p in w.steps() {
            o.end = p;
            if plain(special, p) {
                prev = p; // plain floor
                continue;
            }
            if is_room(p) {
                o.captured = Some(p);
                return o;
            }
            if let Some(h) = Hazard::BOTH.into_iter().find(|h| self.hazards[*h as usize] == p) {
                o.end = h.home();
                o.captured = Some(h.home());
                o.onto_piece = Some(h);
                return o;
            }
            if let Some(&(_, n)) = self.lying.iter().find(|(q, _)| *q == p)
                && o.picked & 1 << p == 0
            {
                o.carried += n;
                o.picked |= 1 << p;
            }
            if p == self.table.tp && counter > 0 && o.from_counter < wanted {
                counter -= 1;
                o.from_counter += 1;
                o.carried += 1;
            }
            if let Some(a) = self.table.arrows.iter().position(|&x| x == p)
                && o.carried > 0
            {
                o.delivered += o.carried;
                o.at_arrow[a] += 1;
                o.carried = 0;
            }
            if self.table.is_object(p) && !self.table.is_object(prev) {
                o.gains_sneeze = true;
            }
            prev = p;
        }
        o
    }

    /// Makes walk `w` for basket `b`: the effects of [`Game::outcome`], and
    /// the race won at once by a delivery that fills a trolley.
    fn commit(&mut self, b: usize, o: &Outcome) {
        let owner = self.baskets[b].owner as usize;
        if let Some(room) = o.from_room {
            self.room_tp[room] = 0;
        }
        self.lying.retain(|(p, _)| o.picked & 1 << p == 0);
        self.counter -= o.from_counter;
        self.trolley[owner] += o.delivered;
        for a in 0..2 {
            self.at_arrow[a] += o.at_arrow[a];
        }
        if o.gains_sneeze && self.stockpile > 0 {
            self.stockpile -= 1;
            self.sneezes[owner] += 1;
        }
        let basket = &mut self.baskets[b];
        basket.at = o.end;
        basket.carried = o.carried;
        if let Some(room) = o.captured {
            // Sent to a room by moving: the rolls go along (text section 8).
            self.room_tp[(room - BATHROOM) as usize] += basket.carried;
            basket.carried = 0;
        }
        if let Some(h) = o.onto_piece
            && self.rulings.piece_goes_home
        {
            self.hazards[h as usize] = h.home();
        }
        self.check_race_won(owner as u8);
    }

    fn check_race_won(&mut self, player: u8) {
        if self.mode == Mode::Race && self.winner.is_none() && self.trolley[player as usize] >= RACE_TARGET {
            self.winner = Some(player);
        }
    }

    /// Hoard mode ends when no toilet paper is left to take: the counter is
    /// empty and nothing is carried, lying about or held in a room. A draw
    /// puts one more roll on the counter.
    fn check_hoard_over(&mut self) {
        if self.mode != Mode::Hoard || self.winner.is_some() || self.counter > 0 {
            return;
        }
        if !self.lying.is_empty() || self.room_tp != [0, 0] || self.baskets.iter().any(|b| b.carried > 0) {
            return;
        }
        let mut totals = vec![0; self.teams() as usize];
        for p in 0..self.players {
            totals[self.team(p) as usize] += self.trolley[p as usize];
        }
        let best = totals.iter().copied().max().unwrap_or(0);
        let leaders: Vec<usize> = (0..totals.len()).filter(|&t| totals[t] == best).collect();
        if leaders.len() == 1 {
            self.winner = Some(leaders[0] as u8);
        } else {
            self.counter += 1;
        }
    }

    /// A walk the engine was asked to make must be one of the legal ones.
    #[cfg(test)]
    fn legal(&self, b: usize, kind: WalkKind, w: &Walk) -> bool {
        let walks = self.all_walks(b, kind);
        if walks.is_empty() {
            return *w == Walk::STAY;
        }
        walks.contains(w)
    }

    /// Basket `b` makes walk `w`, then its Sneeze if the walk ends in one.
    /// Refuses (returns false, changing nothing) a walk that is not legal.
    #[cfg(test)]
    pub(crate) fn play_walk(&mut self, b: usize, kind: WalkKind, w: &Walk, policy: &mut impl Policy) -> bool {
        if !self.legal(b, kind, w) {
            return false;
        }
        self.make_walk(b, w, policy);
        true
    }

    /// Makes a walk taken from [`Game::walks`] (so already known legal).
    fn make_walk(&mut self, b: usize, w: &Walk, policy: &mut impl Policy) {
        let wanted = policy.rolls_wanted(self, b);
        let o = self.outcome(b, w, wanted);
        self.commit(b, &o);
        if let Some(victim) = w.sneeze
            && self.winner.is_none()
        {
            self.sneeze(b, victim as usize, policy);
        }
    }

    /// Sneezing on `victim`: take all its rolls, push it 3 squares; the
    /// Sneeze goes back to the stockpile. Rolls taken on an arrow are delivered.
    fn sneeze(&mut self, b: usize, victim: usize, policy: &mut impl Policy) {
        let owner = self.baskets[b].owner as usize;
        self.sneezes[owner] -= 1;
        self.stockpile += 1;
        let stolen = std::mem::take(&mut self.baskets[victim].carried);
        self.baskets[b].carried += stolen;
        if let Some(a) = self.table.arrows.iter().position(|&x| x == self.baskets[b].at)
            && self.baskets[b].carried > 0
        {
            self.trolley[owner] += std::mem::take(&mut self.baskets[b].carried);
            self.at_arrow[a] += 1;
            self.check_race_won(owner as u8);
            if self.winner.is_some() {
                return;
            }
        }
        let kind = WalkKind::Pushed { into_rooms: false };
        let walks = self.walks(victim, kind);
        if !walks.is_empty() {
            let w = walks[policy.push(self, victim, &walks).min(walks.len() - 1)];
            self.make_walk(victim, &w, policy);
        }
    }

    /// The Virus or the Dog moves exactly 3 squares, never onto an object; on
    /// ending on baskets it captures them: their rolls stay on the square, and
    /// it goes home with them. With no legal move it stays put.
    pub(crate) fn hazard_ends(&self, h: Hazard) -> &'a [Pos] {
        &self.table.hazard_ends[h as usize][self.hazards[h as usize] as usize]
    }

    pub(crate) fn move_hazard(&mut self, h: Hazard, to: Pos) -> bool {
        if !self.hazard_ends(h).contains(&to) {
            return false;
        }
        self.hazards[h as usize] = to;
        if to < BATHROOM {
            let mut caught = false;
            for b in 0..self.baskets.len() {
                if self.baskets[b].at == to {
                    caught = true;
                    self.baskets[b].at = h.home();
                    let rolls = std::mem::take(&mut self.baskets[b].carried);
                    if rolls > 0 {
                        self.drop_tp(to, rolls);
                    }
                }
            }
            if caught {
                self.hazards[h as usize] = h.home();
            }
        }
        true
    }

    fn drop_tp(&mut self, at: Pos, rolls: u32) {
        match self.lying.iter_mut().find(|(p, _)| *p == at) {
            Some(entry) => entry.1 += rolls,
            None => self.lying.push((at, rolls)),
        }
    }

    /// The baskets the player to move may choose from.
    pub(crate) fn own_baskets(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.baskets.len()).filter(|&b| self.baskets[b].owner == self.to_move)
    }

    /// One whole turn: both dice, the event part, then the movement part.
    pub fn turn(&mut self, rng: &mut ChaCha8Rng, policy: &mut impl Policy) {
        let red: u8 = rng.gen_range(1..=6);
        let blue: u8 = rng.gen_range(1..=6);
        self.turn_with(red, blue, policy);
    }

    /// One whole turn with these dice.
    pub(crate) fn turn_with(&mut self, red: u8, blue: u8, policy: &mut impl Policy) {
        // Two at most (2 players move two baskets each), kept without allocating.
        let (mut own, mut n) = ([0; 2], 0);
        for b in self.own_baskets() {
            own[n] = b;
            n += 1;
        }
        let choices = &own[..n];
        let b = choices[policy.basket(self, choices, red, blue).min(choices.len() - 1)];
        // The movement allowance is counted at the start of the turn.
        let steps = allowance(blue, self.baskets[b].carried);
        self.left_last = None;
        self.event(b, red, policy);
        if self.winner.is_none() {
            self.movement(b, blue, steps, policy);
        }
        self.left_last = None;
        self.check_hoard_over();
        self.turns += 1;
        self.to_move = (self.to_move + 1) % self.players;
    }

    /// The event part, by the red die: 1 or 4 the Virus, 2 or 5 the Dog,
    /// 3 Social distance, 6 Sanitiser.
    pub fn event(&mut self, b: usize, red: u8, policy: &mut impl Policy) {
        match red {
            1 | 4 | 2 | 5 => {
                let h = if red % 3 == 1 { Hazard::Virus } else { Hazard::Dog };
                let ends = self.hazard_ends(h);
                if !ends.is_empty() {
                    let to = ends[policy.hazard(self, h, ends).min(ends.len() - 1)];
                    self.move_hazard(h, to);
                }
            }
            3 => {
                let kind = WalkKind::Pushed { into_rooms: true };
                let me = self.baskets[b].owner;
                let mut options: Vec<(usize, Walk)> = Vec::with_capacity(32);
                let movable = |v: usize| !(self.rulings.social_on_board && self.baskets[v].at == ROAD);
                for v in (0..self.baskets.len()).filter(|&v| self.baskets[v].owner != me && movable(v)) {
                    options.extend(self.walks(v, kind).iter().map(|&w| (v, w)));
                }
                if let Some(i) = policy.social(self, &options)
                    && let Some(&(v, w)) = options.get(i)
                {
                    self.make_walk(v, &w, policy);
                }
            }
            _ => self.sanitiser(b, policy),
        }
    }

    /// Sanitiser: the basket may move 3 squares, free of the limits for
    /// objects and rolls carried, out of a room too. The player may decline
    /// (from generator version 6; before, it always moved).
    pub(crate) fn sanitiser(&mut self, b: usize, policy: &mut impl Policy) {
        let walks = self.walks(b, WalkKind::Own { steps: 3, free: true });
        if walks.is_empty() {
            return;
        }
        self.sanitiser_moves += 1;
        let choice = if self.rulings.sanitiser_optional {
            policy.sanitiser(self, b, &walks)
        } else {
            Some(policy.walk(self, b, &walks))
        };
        let Some(w) = choice.map(|i| walks[i.min(walks.len() - 1)]) else {
            self.sanitiser_declined += 1;
            return;
        };
        drop(walks);
        let from = self.baskets[b].at;
        self.make_walk(b, &w, policy);
        // The square it left last: the one before its last step.
        let steps = w.steps();
        if let Some(left) = steps
            .len()
            .checked_sub(2)
            .map(|i| steps[i])
            .or((!steps.is_empty()).then_some(from))
        {
            self.left_last = Some((b, left));
        }
    }

    /// The movement part: out of a room on a 1 or 6 or once its Virus (Dog) has
    /// left; otherwise the blue die's squares, reduced by rolls carried.
    pub fn movement(&mut self, b: usize, blue: u8, steps: u8, policy: &mut impl Policy) {
        if let Some(room) = self.in_room(b) {
            let home_empty = self.hazards[room] != BATHROOM + room as Pos;
            if !(blue == 1 || blue == 6 || home_empty) {
                return;
            }
        }
        self.own_walk(b, WalkKind::Own { steps, free: false }, policy);
    }

    fn own_walk(&mut self, b: usize, kind: WalkKind, policy: &mut impl Policy) {
        let walks = self.walks(b, kind);
        if walks.is_empty() {
            return;
        }
        let w = walks[policy.walk(self, b, &walks).min(walks.len() - 1)];
        self.make_walk(b, &w, policy);
    }

    pub fn over(&self) -> bool {
        self.winner.is_some() || self.rounds() >= MAX_ROUNDS
    }
}

/// One finished (or cut-off) game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Played {
    pub rounds: u32,
    pub winner: Option<u8>,
    pub at_arrow: [u32; 2],
}

/// Plays one game from the start with `policy`; the dice come from `rng`.
pub fn play(table: &Table, p: &Params, rng: &mut ChaCha8Rng, policy: &mut impl Policy) -> Played {
    let mut g = Game::new(table, p);
    while !g.over() {
        g.turn(rng, policy);
    }
    Played {
        rounds: g.rounds(),
        winner: g.winner,
        at_arrow: g.at_arrow,
    }
}

#[cfg(test)]
#[path = "game_tests.rs"]
mod tests;
