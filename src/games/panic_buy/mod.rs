//! Panic Buy, the board game (rules text: seeds/000, RULES.md "Panic Buy"). The
//! text describes a fixed board whose picture is missing; we generate 8 x 8
//! boards and print only those the rule engine proves playable.

pub mod declare;
pub mod game;
pub mod moves;
pub mod policy;
pub mod sheets;

use rand::Rng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeSet, HashMap, VecDeque};

use crate::error::{Error, Result};
use crate::games::{Violation, generate_valid};
use crate::grid::{Cell, Grid, cell};
use crate::seed::{Seed, SheetCode};

pub const GAME: &str = "panic-buy";
/// Generator version: the board-making algorithm a code names. It changes
/// only when a seed would give a different board; sheets always print in the
/// current design, and every version's codes still make their boards.
/// 2: boards also keep the good-board rules ([`GoodRule`]); codes of version 1
/// still make their boards without them.
/// 3: boards are also kept by their simulated rating (length and fairness).
/// 4: the same boards as 3 (it once marked a sheet change).
/// 5: boards are rated by games played with the rulings of version 5
/// ([`game::Rulings`]) and a policy that chooses between equally good walks
/// at random, kept in length bands measured with them and by the arrows'
/// balance ([`GoodRule::ArrowBalance`]).
/// 6: boards are rated by games played with the rulings of version 6
/// (Sanitiser a choice, no step straight back in the whole turn, walks onto
/// the Virus or the Dog offered where no walk uses the whole roll), kept in
/// length bands measured with them.
pub const VERSION: u32 = 6;
pub const SIZE: u16 = 8;
const GRID: Grid = Grid { size: SIZE };

/// What a cell is. Floor: shop, carpark, arrow, TP square. Objects (a basket may
/// stop on one, never pass over it): unit, car. The counter is shop furniture
/// nobody enters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tile {
    Shop,
    Carpark,
    Arrow,
    Tp,
    Unit,
    Car,
    Counter,
}

impl Tile {
    pub fn letter(self) -> char {
        match self {
            Tile::Shop => '.',
            Tile::Carpark => ',',
            Tile::Arrow => 'A',
            Tile::Tp => 'T',
            Tile::Unit => 'U',
            Tile::Car => 'C',
            Tile::Counter => 'K',
        }
    }

    pub fn from_letter(c: char) -> Option<Tile> {
        [
            Tile::Shop,
            Tile::Carpark,
            Tile::Arrow,
            Tile::Tp,
            Tile::Unit,
            Tile::Car,
            Tile::Counter,
        ]
        .into_iter()
        .find(|t| t.letter() == c)
    }

    pub fn is_floor(self) -> bool {
        matches!(self, Tile::Shop | Tile::Carpark | Tile::Arrow | Tile::Tp)
    }

    /// The tile in words, for messages.
    pub fn word(self) -> &'static str {
        match self {
            Tile::Shop => "shop floor",
            Tile::Carpark => "carpark floor",
            Tile::Arrow => "an arrow",
            Tile::Tp => "the TP square",
            Tile::Unit => "a unit",
            Tile::Car => "the car",
            Tile::Counter => "the counter",
        }
    }

    pub fn is_object(self) -> bool {
        matches!(self, Tile::Unit | Tile::Car)
    }

    /// Carpark tiles: the carpark floor, its arrows and the car.
    pub fn in_carpark(self) -> bool {
        matches!(self, Tile::Carpark | Tile::Arrow | Tile::Car)
    }
}

/// An edge between two orthogonally adjacent cells, smaller cell first.
pub type Edge = (Cell, Cell);

pub fn edge(a: Cell, b: Cell) -> Edge {
    if a <= b { (a, b) } else { (b, a) }
}

/// An outer wall of the board: the back of the shop (row 1), its sides, and
/// the front (the bottom row, where the road is).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Wall {
    Back,
    Left,
    Right,
    Front,
}

impl Wall {
    /// The outer walls square `c` lies along: two at a corner, none inside.
    pub fn of(c: Cell) -> Vec<Wall> {
        [
            (c.row == 1, Wall::Back),
            (c.col == 1, Wall::Left),
            (c.col == SIZE, Wall::Right),
            (c.row == SIZE, Wall::Front),
        ]
        .into_iter()
        .filter_map(|(on, w)| on.then_some(w))
        .collect()
    }

    pub fn name(self) -> &'static str {
        match self {
            Wall::Back => "back",
            Wall::Left => "left",
            Wall::Right => "right",
            Wall::Front => "front",
        }
    }

    /// The wall a door on square `c` is in when the layout does not say: the
    /// door's own kind of wall (`own`) where the square lies along one, else
    /// the one wall it lies along; none for a square inside the board.
    pub fn assumed(c: Cell, own: &[Wall]) -> Option<Wall> {
        let walls = Wall::of(c);
        walls
            .iter()
            .copied()
            .find(|w| own.contains(w))
            .or(walls.first().copied())
    }
}

/// The walls the bathroom door may be in, and the back door.
pub const BATHROOM_WALLS: [Wall; 2] = [Wall::Left, Wall::Right];
pub const YARD_WALLS: [Wall; 1] = [Wall::Back];

/// A board. `walls` holds every wall between two cells of the grid (the outer
/// edge is a wall except beyond the arrows); glass doors are gaps in the wall
/// between carpark and shop.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    /// `tiles[row - 1][col - 1]`.
    pub tiles: [[Tile; SIZE as usize]; SIZE as usize],
    pub walls: BTreeSet<Edge>,
    pub glass_doors: BTreeSet<Edge>,
    /// The shop cell just outside the bathroom door (the Virus's home).
    pub bathroom_door: Cell,
    /// The shop cell just outside the back door to the yard (the Dog's home).
    pub yard_door: Cell,
    /// The outer wall each door is in (a corner square lies along two);
    /// none for a door square inside the board.
    pub bathroom_wall: Option<Wall>,
    pub yard_wall: Option<Wall>,
}

impl Board {
    pub fn tile(&self, c: Cell) -> Tile {
        self.tiles[c.row as usize - 1][c.col as usize - 1]
    }

    pub fn cells_of(&self, t: Tile) -> Vec<Cell> {
        GRID.cells().filter(|c| self.tile(*c) == t).collect()
    }

    /// Whether one orthogonal step from `a` to `b` crosses no wall.
    pub fn open(&self, a: Cell, b: Cell) -> bool {
        !self.walls.contains(&edge(a, b))
    }

    /// Orthogonal neighbours reachable in one step (no wall between).
    pub fn steps(&self, c: Cell) -> impl Iterator<Item = Cell> + '_ {
        GRID.orthogonal(c).filter(move |n| self.open(c, *n))
    }

    /// Connected groups of cells of tile `t` (units that touch would merge).
    pub fn pieces(&self, t: Tile) -> Vec<Vec<Cell>> {
        let mut seen = BTreeSet::new();
        let mut out = Vec::new();
        for c in self.cells_of(t) {
            if seen.contains(&c) {
                continue;
            }
            let mask = GRID.reachable([c], |x| self.tile(x) == t);
            let piece: Vec<Cell> = GRID.cells().filter(|x| mask[GRID.index(*x)]).collect();
            seen.extend(piece.iter().copied());
            out.push(piece);
        }
        out
    }

    /// Shortest path lengths from `start` over cells where `open` holds, by BFS
    /// (walls respected). `None` where unreachable.
    pub fn distances(&self, start: Cell, open: impl Fn(Tile) -> bool) -> Vec<Option<u32>> {
        let mut dist = vec![None; GRID.len()];
        if !open(self.tile(start)) {
            return dist;
        }
        dist[GRID.index(start)] = Some(0);
        let mut q = VecDeque::from([start]);
        while let Some(c) = q.pop_front() {
            let d = dist[GRID.index(c)].unwrap_or(0);
            for n in self.steps(c) {
                if dist[GRID.index(n)].is_none() && open(self.tile(n)) {
                    dist[GRID.index(n)] = Some(d + 1);
                    q.push_back(n);
                }
            }
        }
        dist
    }

    /// Steps from `start` over floor squares, never entering `avoid`.
    pub fn distances_avoiding(&self, start: Cell, avoid: Cell) -> Vec<Option<u32>> {
        let mut dist = vec![None; GRID.len()];
        dist[GRID.index(start)] = Some(0);
        let mut q = VecDeque::from([start]);
        while let Some(c) = q.pop_front() {
            let d = dist[GRID.index(c)].unwrap_or(0);
            for n in self.steps(c) {
                if n != avoid && dist[GRID.index(n)].is_none() && self.tile(n).is_floor() {
                    dist[GRID.index(n)] = Some(d + 1);
                    q.push_back(n);
                }
            }
        }
        dist
    }

    /// The carpark's first row (the shop is above it).
    pub fn carpark_top(&self) -> u16 {
        (1..=SIZE)
            .find(|&r| (1..=SIZE).all(|c| self.tile(cell(c, r)).in_carpark()))
            .unwrap_or(SIZE + 1)
    }
}

/// Race or hoard (RULES: "1. Game Objectives").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Race,
    Hoard,
}

impl Mode {
    pub fn name(self) -> &'static str {
        match self {
            Mode::Race => "race",
            Mode::Hoard => "hoard",
        }
    }

    pub fn parse(s: &str) -> Result<Mode> {
        match s {
            "race" => Ok(Mode::Race),
            "hoard" => Ok(Mode::Hoard),
            _ => Err(Error::setting(
                "mode",
                format!(
                    "unknown mode {s_q} (choose from: race, hoard)",
                    s_q = crate::error::quote(s)
                ),
            )),
        }
    }
}

/// Settings that shape a board and its components.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Params {
    pub players: u8,
    pub mode: Mode,
    /// Fair path lengths from each arrow to the TP square, in steps.
    pub band: (u32, u32),
    /// Good-board rules switched off by name (`--rule-off`).
    pub off_rules: Vec<GoodRule>,
    /// How long a game the board should give (`--length`).
    pub length: Length,
    /// The generator version the board is made by: version 1 boards came
    /// before the good-board rules, and their codes still make them.
    pub version: u32,
}

/// The generator's rules for good boards (RULES.md, Panic Buy: good boards),
/// each switchable by name. `validate` checks them too, unless switched off.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum GoodRule {
    /// The TP square has at least two open neighbours.
    TpOpen,
    /// The TP square lies on a loop of at most 8 squares ("pass over it again", text §7).
    TpLoop,
    /// The squares outside the bathroom and the back door are 3 or more steps from the TP square.
    DoorsFar,
    /// At least one unit lengthens some arrow's path: units are obstacles, not decoration.
    UnitsMatter,
    /// Simulated games last a usual time for the players and mode (or the `--length` asked for).
    LengthBand,
    /// The first player wins about an equal share of simulated games.
    FirstFair,
    /// Both arrows take a share of the simulated deliveries.
    ArrowBalance,
}

impl GoodRule {
    pub const ALL: [GoodRule; 7] = [
        GoodRule::TpOpen,
        GoodRule::TpLoop,
        GoodRule::DoorsFar,
        GoodRule::UnitsMatter,
        GoodRule::LengthBand,
        GoodRule::FirstFair,
        GoodRule::ArrowBalance,
    ];

    /// The generator version that brought the rule in.
    pub fn since(self) -> u32 {
        match self {
            GoodRule::LengthBand | GoodRule::FirstFair => 3,
            GoodRule::ArrowBalance => 5,
            _ => 2,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            GoodRule::TpOpen => "tp-open",
            GoodRule::TpLoop => "tp-loop",
            GoodRule::DoorsFar => "doors-far",
            GoodRule::UnitsMatter => "units-matter",
            GoodRule::LengthBand => "length-band",
            GoodRule::FirstFair => "first-fair",
            GoodRule::ArrowBalance => "arrow-balance",
        }
    }

    pub fn describe(self) -> &'static str {
        match self {
            GoodRule::TpOpen => "the TP square has at least two open neighbours",
            GoodRule::TpLoop => "the TP square lies on a loop of at most 8 squares, so a basket can pass over it again",
            GoodRule::DoorsFar => {
                "the squares outside the bathroom and back door are at least 3 steps from the TP square"
            }
            GoodRule::UnitsMatter => "at least one unit lengthens some arrow's path to the TP square",
            GoodRule::LengthBand => {
                "simulated games last a usual number of rounds for the players and mode (the band of --length)"
            }
            GoodRule::FirstFair => "the first player wins within 8 points of an equal share of simulated games",
            GoodRule::ArrowBalance => "neither arrow takes more than 3 in 4 of the deliveries in simulated games",
        }
    }

    pub fn by_name(name: &str) -> Result<GoodRule> {
        GoodRule::ALL.into_iter().find(|r| r.name() == name).ok_or_else(|| {
            let names: Vec<&str> = GoodRule::ALL.iter().map(|r| r.name()).collect();
            Error::setting(
                "rule-off",
                format!(
                    "unknown rule {} (choose from: {})",
                    crate::error::quote(name),
                    names.join(", ")
                ),
            )
        })
    }
}

impl Default for Params {
    fn default() -> Params {
        Params {
            players: 3,
            mode: Mode::Race,
            band: (6, 12),
            off_rules: Vec::new(),
            length: Length::Any,
            version: VERSION,
        }
    }
}

/// How long a game a board gives, by the median of its simulated games.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Length {
    Any,
    Short,
    Normal,
    Long,
}

impl Length {
    pub const ALL: [Length; 4] = [Length::Any, Length::Short, Length::Normal, Length::Long];

    pub fn name(self) -> &'static str {
        match self {
            Length::Any => "any",
            Length::Short => "short",
            Length::Normal => "normal",
            Length::Long => "long",
        }
    }

    pub fn parse(s: &str) -> Result<Length> {
        Length::ALL.into_iter().find(|l| l.name() == s).ok_or_else(|| {
            Error::setting(
                "length",
                format!(
                    "unknown length {} (choose from: any, short, normal, long)",
                    crate::error::quote(s)
                ),
            )
        })
    }
}

/// Cuts in the simulated median game length, in rounds, of boards made with
/// every other rule on (BENCHMARKS.md, "Panic Buy: whole games and board
/// ratings"): the 5th percentile, the last short and the first long length
/// (near the terciles, so that each third holds some boards), and the 95th
/// percentile. Boards outside the outer cuts are the odd ones out.
/// Each version's boards are measured by the games of its own rulings:
/// version 5's run shorter than those of versions 3 and 4, version 6's (no
/// step straight back in the whole turn) a round longer than version 5's.
/// Older versions keep the cuts they were made with.
fn length_cuts(mode: Mode, players: u8, version: u32) -> [u32; 4] {
    let era = match version {
        ..=4 => 0,
        5 => 1,
        _ => 2,
    };
    match (era, mode, players) {
        (0, Mode::Race, 2) => [16, 20, 22, 28],
        (0, Mode::Race, 3) => [12, 14, 16, 19],
        (0, Mode::Race, _) => [11, 13, 15, 17],
        (0, Mode::Hoard, 4) => [17, 20, 22, 26],
        (0, Mode::Hoard, _) => [18, 21, 23, 27],
        (1, Mode::Race, 2) => [14, 17, 20, 22],
        (1, Mode::Race, 3) => [11, 12, 14, 16],
        (1, Mode::Race, _) => [10, 11, 14, 15],
        (1, Mode::Hoard, 4) => [15, 16, 19, 20],
        (1, Mode::Hoard, _) => [16, 18, 21, 22],
        (_, Mode::Race, 2) => [15, 18, 21, 25],
        (_, Mode::Race, 3) => [11, 13, 15, 17],
        (_, Mode::Race, _) => [11, 12, 14, 16],
        (_, Mode::Hoard, 4) => [16, 17, 19, 22],
        (_, Mode::Hoard, _) => [18, 19, 21, 24],
    }
}

/// FirstFair: how far the first player's share of wins may be from an equal share.
pub const FIRST_FAIR_SLACK: f64 = 0.08;
/// ArrowBalance: the most of the simulated deliveries the busier arrow may
/// take. It keeps about 6 boards in 10; most of the others have one arrow a
/// step nearer the TP square (BENCHMARKS.md, "arrow balance").
pub const BUSIER_ARROW_SHARE: f64 = 0.75;
/// Simulated games behind a board's rating: enough for its median length
/// within one round in 19 ratings out of 20 (BENCHMARKS.md). Two-player
/// games run longer and spread wider, so they take twice as many.
pub const RATING_GAMES: u32 = 300;

/// Most games `panic-buy simulate` plays in one run.
pub const MAX_SIMULATED_GAMES: u32 = 1_000_000;

/// Sneeze cards in the stockpile beside the one each player starts with.
pub const SNEEZE_STOCKPILE: u32 = 8;
/// Spare toilet-paper counters for draws ("an extra roll is added").
pub const SPARE_TP: u32 = 3;

impl Params {
    pub fn check(&self) -> Result<()> {
        match self.mode {
            Mode::Race if !(2..=4).contains(&self.players) => Err(Error::setting(
                "players",
                format!("race mode is for 2 to 4 players, not {}", self.players),
            )),
            Mode::Hoard if self.players != 4 && self.players != 6 => Err(Error::setting(
                "players",
                format!("hoard mode is for 4 or 6 players (teams of 2), not {}", self.players),
            )),
            _ if self.band.0 > self.band.1 || self.band.1 > 40 => Err(Error::input(format!(
                "band: {}-{} is not a range of path lengths",
                self.band.0, self.band.1
            ))),
            _ => Ok(()),
        }
    }

    /// Simulated games behind a board's rating ([`RATING_GAMES`], twice that at 2 players).
    pub fn rating_games(&self) -> u32 {
        if self.mode == Mode::Race && self.players == 2 {
            2 * RATING_GAMES
        } else {
            RATING_GAMES
        }
    }

    /// Sides that can win: every player in race mode, teams of 2 in hoard mode.
    pub fn teams(&self) -> u32 {
        match self.mode {
            Mode::Race => self.players as u32,
            Mode::Hoard => self.players as u32 / 2,
        }
    }

    /// The side player `player` (from 0, in seating order) plays for. Hoard
    /// mode: partners sit apart (RULES.md), so the teams take turns: with 4
    /// players 1 + 3 and 2 + 4, with 6 players 1 + 4, 2 + 5 and 3 + 6.
    pub fn team(&self, player: u8) -> u8 {
        player % self.teams() as u8
    }

    /// How long the text says a game takes, in minutes: race "about 20-30
    /// minutes", hoard "around 40 minutes" (text section 1).
    pub fn text_minutes(&self) -> (u32, u32) {
        match self.mode {
            Mode::Race => (20, 30),
            Mode::Hoard => (40, 40),
        }
    }

    /// Player counters on the board: 2 players play two each.
    pub fn counters(&self) -> u32 {
        if self.players == 2 { 4 } else { self.players as u32 }
    }

    /// "Double the number of player counters, minus 1."
    pub fn toilet_paper(&self) -> u32 {
        2 * self.counters() - 1
    }

    /// The settings part of the sheet code: `p3-race-b6-12`, then `-xRULE`
    /// for each good-board rule switched off.
    pub fn code(&self) -> String {
        let mut s = format!(
            "p{}-{}-b{}-{}",
            self.players,
            self.mode.name(),
            self.band.0,
            self.band.1
        );
        for r in &self.off_rules {
            s.push_str("-x");
            s.push_str(r.name());
        }
        if self.length != Length::Any {
            s.push_str("-l");
            s.push_str(self.length.name());
        }
        s
    }

    /// Settings from a code of generator `version`.
    pub fn from_code(code: &str, version: u32) -> Result<Params> {
        let bad = || {
            Error::input(format!(
                "sheet code: Panic Buy settings {} are not in the form p3-race-b6-12",
                crate::error::quote(code)
            ))
        };
        // The length comes last; rule names hold '-', so the switched-off
        // rules are split off next.
        let (code, length) = match Length::ALL
            .iter()
            .find_map(|l| code.strip_suffix(&format!("-l{}", l.name())).map(|rest| (rest, *l)))
        {
            Some((rest, l)) if l != Length::Any && version >= 3 => (rest, l),
            _ => (code, Length::Any),
        };
        let mut rules = code.split("-x");
        let head = rules.next().unwrap_or("");
        let parts: Vec<&str> = head.split('-').collect();
        let [p, mode, lo, hi] = parts.as_slice() else {
            return Err(bad());
        };
        let mut params = Params {
            players: p.strip_prefix('p').and_then(|v| v.parse().ok()).ok_or_else(bad)?,
            mode: Mode::parse(mode)?,
            band: (
                lo.strip_prefix('b').and_then(|v| v.parse().ok()).ok_or_else(bad)?,
                hi.parse().map_err(|_| bad())?,
            ),
            off_rules: rules.map(GoodRule::by_name).collect::<Result<_>>()?,
            length,
            version,
        };
        if version == 1 && !params.off_rules.is_empty() {
            return Err(bad());
        }
        params.off_rules.sort();
        params.off_rules.dedup();
        params.check()?;
        Ok(params)
    }

    /// Whether a good-board rule applies: on unless switched off, and only
    /// for boards of version 2 on.
    pub fn rule_on(&self, rule: GoodRule) -> bool {
        self.version >= rule.since() && !self.off_rules.contains(&rule)
    }

    /// The band of simulated median game lengths, in rounds, that boards of
    /// these settings are kept in.
    pub fn length_band(&self) -> (u32, u32) {
        let [lowest, short, long, highest] = length_cuts(self.mode, self.players, self.version);
        match self.length {
            Length::Any => (lowest, highest),
            Length::Short => (lowest, short),
            Length::Normal => (short + 1, long - 1),
            Length::Long => (long, highest),
        }
    }
}

/// Places one straight piece of `len` cells with its first cell in the given
/// ranges; `None` when it would leave the grid.
fn piece(rng: &mut ChaCha8Rng, len: u16, cols: (u16, u16), rows: (u16, u16)) -> Option<Vec<Cell>> {
    let across = rng.gen_bool(0.5);
    let c = rng.gen_range(cols.0..=cols.1);
    let r = rng.gen_range(rows.0..=rows.1);
    let cells: Vec<Cell> = (0..len)
        .map(|i| if across { cell(c + i, r) } else { cell(c, r + i) })
        .collect();
    cells
        .iter()
        .all(|x| (cols.0..=cols.1).contains(&x.col) && (rows.0..=rows.1).contains(&x.row))
        .then_some(cells)
}

fn set(c: Cell, t: Tile, tiles: &mut [[Tile; SIZE as usize]; SIZE as usize]) {
    tiles[c.row as usize - 1][c.col as usize - 1] = t;
}

/// Draws one board. Layout decisions (RULES.md "Panic Buy"): the carpark is the
/// bottom 2-3 rows with 1-2 glass doors in its wall; the arrows are on the bottom
/// row (the road runs below it); the counter runs along the back wall with the TP
/// square in front of it; three units of 2-3 cells stand inside the shop away from
/// its walls; the bathroom door is in a side wall and the back door in the back
/// wall; up to two short inside walls vary the aisles.
pub fn generate(rng: &mut ChaCha8Rng) -> Board {
    let mut tiles = [[Tile::Shop; SIZE as usize]; SIZE as usize];
    let carpark_rows: u16 = rng.gen_range(2..=3);
    let top = SIZE - carpark_rows + 1;
    for r in top..=SIZE {
        for c in 1..=SIZE {
            set(cell(c, r), Tile::Carpark, &mut tiles);
        }
    }
    let mut walls = BTreeSet::new();
    let mut glass_doors = BTreeSet::new();
    let mut cols: Vec<u16> = (1..=SIZE).collect();
    cols.shuffle(rng);
    let doors = rng.gen_range(1..=2);
    for (i, c) in cols.iter().enumerate() {
        let e = edge(cell(*c, top - 1), cell(*c, top));
        if i < doors {
            glass_doors.insert(e);
        } else {
            walls.insert(e);
        }
    }
    let a1 = rng.gen_range(1..=3);
    let a2 = rng.gen_range(6..=8);
    set(cell(a1, SIZE), Tile::Arrow, &mut tiles);
    set(cell(a2, SIZE), Tile::Arrow, &mut tiles);
    for _ in 0..20 {
        if let Some(car) = piece(rng, 2, (1, SIZE), (top, SIZE))
            && car
                .iter()
                .all(|c| tiles[c.row as usize - 1][c.col as usize - 1] == Tile::Carpark)
        {
            car.iter().for_each(|c| set(*c, Tile::Car, &mut tiles));
            break;
        }
    }
    // Counter along the back wall, TP square in front of its middle.
    let len = rng.gen_range(2..=3);
    let start = rng.gen_range(2..=SIZE - len);
    for i in 0..len {
        set(cell(start + i, 1), Tile::Counter, &mut tiles);
    }
    set(cell(start + rng.gen_range(0..len), 2), Tile::Tp, &mut tiles);
    let shop_last = top - 1;
    let mut placed = 0;
    for _ in 0..60 {
        if placed == 3 {
            break;
        }
        let len = rng.gen_range(2..=3);
        let Some(unit) = piece(rng, len, (2, SIZE - 1), (2, shop_last - 1)) else {
            continue;
        };
        let clear = unit.iter().all(|c| {
            tiles[c.row as usize - 1][c.col as usize - 1] == Tile::Shop
                && GRID
                    .orthogonal(*c)
                    .all(|n| tiles[n.row as usize - 1][n.col as usize - 1] != Tile::Unit)
        });
        if clear {
            unit.iter().for_each(|c| set(*c, Tile::Unit, &mut tiles));
            placed += 1;
        }
    }
    let side = if rng.gen_bool(0.5) { 1 } else { SIZE };
    let bathroom_door = cell(side, rng.gen_range(2..=shop_last));
    let back: Vec<u16> = (1..=SIZE).filter(|c| tiles[0][*c as usize - 1] == Tile::Shop).collect();
    let yard_door = cell(*back.choose(rng).unwrap_or(&1), 1);
    for _ in 0..rng.gen_range(0..=2) {
        let a = cell(rng.gen_range(2..=SIZE - 1), rng.gen_range(2..=shop_last.max(2)));
        let b = if rng.gen_bool(0.5) {
            cell(a.col + 1, a.row)
        } else {
            cell(a.col, a.row + 1)
        };
        if b.row <= shop_last {
            walls.insert(edge(a, b));
        }
    }
    Board {
        tiles,
        walls,
        glass_doors,
        bathroom_door,
        yard_door,
        bathroom_wall: Wall::assumed(bathroom_door, &BATHROOM_WALLS),
        yard_wall: Wall::assumed(yard_door, &YARD_WALLS),
    }
}

/// The board for a seed: the first draw the rule engine accepts.
pub fn generate_for_seed(p: &Params, seed: &Seed) -> Result<Board> {
    p.check()?;
    generate_valid("board", |i| generate(&mut seed.stream("board", i)), |b| validate(p, b))
}

/// The rules the engine checks, by name.
pub const RULES: [(&str, &str); 9] = [
    (
        "parts",
        "each part once: a carpark of the bottom 2-3 rows holding only carpark floor, the car (2 cells) and 2 arrows on the bottom row; 3 straight units of 2-3 cells in the shop's centre, off its outer walls; the shop rows holding no carpark square; the counter, one straight piece along a shop wall; 1 TP square",
    ),
    (
        "carpark-wall",
        "carpark and shop are separated by a wall, open only at the glass doors",
    ),
    (
        "doors",
        "the bathroom door is in a side wall, the back door in the back wall (a door on a corner square in the wall the layout names); the squares outside them are free shop floor",
    ),
    ("tp-square", "the TP square touches the counter with no wall between"),
    (
        "objects-leavable",
        "every object cell has a floor neighbour to leave by",
    ),
    (
        "arrow-paths",
        "each arrow reaches the TP square without passing over an object, within the band",
    ),
    (
        "fair-arrows",
        "the two arrows' shortest paths to the TP square differ by at most one step",
    ),
    (
        "virus-dog-reach",
        "the Virus and the Dog can each reach the TP square and both arrows",
    ),
    ("floor-connected", "every floor square can be reached"),
];

/// The rule engine: every rule the board breaks.
pub fn validate(p: &Params, b: &Board) -> Vec<Violation> {
    let mut out = Vec::new();
    let v = |rule: &'static str, message: String| Violation { rule, message };
    let count = |t: Tile| b.cells_of(t).len();

    // Parts, each once. The carpark runs from the first row that is mostly
    // carpark tiles down to the bottom edge: one stray square, in the carpark
    // or the shop, is one fault named once, not a misshapen carpark and a
    // misplaced door; a misshapen carpark is named once, not square by square.
    let top = carpark_rows(b);
    let carpark_ok = (SIZE - 2..=SIZE - 1).contains(&top);
    if !carpark_ok {
        let what = if top > SIZE {
            "there is no carpark".to_string()
        } else {
            format!("the carpark reaches up to row {top} ({} rows)", SIZE + 1 - top)
        };
        out.push(v("parts", format!("{what}: it must be the bottom 2 or 3 rows")));
    }
    for r in (1..=SIZE).filter(|_| carpark_ok) {
        for c in 1..=SIZE {
            let t = b.tile(cell(c, r));
            if r >= top && !t.in_carpark() {
                // The carpark rows hold only carpark floor, the car and the arrows.
                out.push(v(
                    "parts",
                    format!(
                        "{} at {} is in the carpark, which holds only carpark floor, the car and the arrows",
                        t.word(),
                        cell(c, r)
                    ),
                ));
            } else if r < top && t.in_carpark() && t != Tile::Arrow {
                // An arrow off the bottom row is named below, once.
                out.push(v(
                    "parts",
                    format!(
                        "{} at {} is in the shop, which holds only shop floor, the units, the counter and the TP square",
                        t.word(),
                        cell(c, r)
                    ),
                ));
            }
        }
    }
    let arrows = b.cells_of(Tile::Arrow);
    if arrows.len() != 2 {
        out.push(v("parts", format!("{} arrow squares, the board has 2", arrows.len())));
    }
    for a in &arrows {
        if a.row != SIZE {
            out.push(v(
                "parts",
                format!("arrow at {a} is not on the bottom row (the road runs below it)"),
            ));
        }
    }
    let cars = b.pieces(Tile::Car);
    if cars.len() != 1 || cars.iter().any(|c| c.len() != 2) {
        out.push(v(
            "parts",
            format!(
                "the car must be one piece of 2 cells (found {} cells in {} piece{})",
                count(Tile::Car),
                cars.len(),
                if cars.len() == 1 { "" } else { "s" }
            ),
        ));
    }
    let units = b.pieces(Tile::Unit);
    if units.len() != 3 || units.iter().any(|u| !(2..=3).contains(&u.len())) {
        let sizes: Vec<String> = units.iter().map(|u| u.len().to_string()).collect();
        out.push(v(
            "parts",
            format!(
                "3 units of 2-3 cells each, not touching (found sizes: {})",
                sizes.join(", ")
            ),
        ));
    }
    for unit in units.iter().filter(|u| !straight(u)) {
        out.push(v(
            "parts",
            format!(
                "the unit at {} is not straight: a unit is 2 or 3 squares in a line",
                unit[0]
            ),
        ));
    }
    // The text puts the units "in the centre of the supermarket": none
    // stands against the shop's outer wall.
    for unit in &units {
        if let Some(c) = unit.iter().find(|c| !Wall::of(**c).is_empty()) {
            out.push(v(
                "parts",
                format!(
                    "the unit at {c} stands against the outer wall: units stand in the shop's centre, off the walls"
                ),
            ));
        }
    }
    let counters = b.pieces(Tile::Counter);
    match counters.as_slice() {
        [] => out.push(v("parts", "no counter".into())),
        [piece] => {
            let straight = straight(piece);
            // Along the back wall (row 1) or a side wall of the shop.
            let along = [
                piece.iter().all(|c| c.row == 1),
                piece.iter().all(|c| c.col == 1),
                piece.iter().all(|c| c.col == SIZE),
            ]
            .contains(&true);
            if !straight || !along {
                out.push(v(
                    "parts",
                    format!(
                        "the counter at {} must be one straight piece along a shop wall",
                        piece[0]
                    ),
                ));
            }
        }
        more => out.push(v(
            "parts",
            format!("the counter is in {} pieces; it is one straight piece", more.len()),
        )),
    }
    let tps = b.cells_of(Tile::Tp);
    if tps.len() != 1 {
        out.push(v("parts", format!("{} TP squares, the board has 1", tps.len())));
    }

    // The carpark wall: closed except at 1-2 glass doors (not checked when the
    // carpark itself is misshapen: its cause is reported once, above).
    let boundary: Vec<Edge> = (1..=SIZE)
        .filter(|_| carpark_ok)
        .map(|c| edge(cell(c, top - 1), cell(c, top)))
        .collect();
    for d in b.glass_doors.iter().filter(|_| carpark_ok) {
        if !boundary.contains(d) {
            out.push(v(
                "carpark-wall",
                format!("glass door between {} and {} is not in the carpark wall", d.0, d.1),
            ));
        }
        if b.walls.contains(d) {
            out.push(v(
                "carpark-wall",
                format!("glass door between {} and {} is also a wall", d.0, d.1),
            ));
        }
    }
    if carpark_ok && !(1..=2).contains(&b.glass_doors.len()) {
        out.push(v(
            "carpark-wall",
            format!("{} glass doors, the board has 1 or 2", b.glass_doors.len()),
        ));
    }
    for e in &boundary {
        if !b.walls.contains(e) && !b.glass_doors.contains(e) {
            out.push(v(
                "carpark-wall",
                format!("no wall or door between {} and {}", e.0, e.1),
            ));
        }
    }

    // Doors to the bathroom and the yard, each in its own kind of wall.
    for (name, d, in_wall, own, wall) in [
        (
            "bathroom",
            b.bathroom_door,
            b.bathroom_wall,
            &BATHROOM_WALLS[..],
            "a side wall",
        ),
        ("back", b.yard_door, b.yard_wall, &YARD_WALLS[..], "the back wall"),
    ] {
        let on_wall = in_wall.is_some_and(|w| own.contains(&w));
        if !GRID.contains(d) || d.row >= top.min(SIZE - 1) || !on_wall {
            let named = match in_wall {
                Some(w) if Wall::of(d).len() > 1 => format!(" (it opens in the {} wall)", w.name()),
                _ => String::new(),
            };
            out.push(v(
                "doors",
                format!("the {name} door's square {d} is not in {wall} of the shop{named}"),
            ));
        } else if b.tile(d) != Tile::Shop {
            out.push(v(
                "doors",
                format!(
                    "the square outside the {name} door {d} is {}, not free floor",
                    b.tile(d).letter()
                ),
            ));
        }
    }
    if b.bathroom_door == b.yard_door {
        out.push(v("doors", "bathroom and back door open onto the same square".into()));
    }

    let Some(&tp) = tps.first() else {
        return out;
    };
    let counter_sides: Vec<Cell> = GRID.orthogonal(tp).filter(|n| b.tile(*n) == Tile::Counter).collect();
    if counter_sides.is_empty() {
        out.push(v("tp-square", format!("the TP square {tp} is not next to the counter")));
    } else if counter_sides.iter().all(|n| b.walls.contains(&edge(tp, *n))) {
        out.push(v(
            "tp-square",
            format!("a wall stands between the TP square {tp} and the counter"),
        ));
    }

    for c in GRID.cells().filter(|c| b.tile(*c).is_object()) {
        if !b.steps(c).any(|n| b.tile(n).is_floor()) {
            out.push(v(
                "objects-leavable",
                format!("object cell {c} has no floor square to leave by"),
            ));
        }
    }

    // Baskets: floor only (passing over an object is not allowed).
    let from_tp = b.distances(tp, Tile::is_floor);
    let path = |c: Cell| from_tp[GRID.index(c)];
    let (lo, hi) = p.band;
    let mut lengths = Vec::new();
    for a in &arrows {
        match path(*a) {
            None => out.push(v(
                "arrow-paths",
                format!("the TP square cannot be reached from the arrow at {a}"),
            )),
            Some(d) if d < lo || d > hi => out.push(v(
                "arrow-paths",
                format!("arrow at {a} is {d} steps from the TP square, outside {lo}-{hi}"),
            )),
            Some(d) => lengths.push(d),
        }
    }
    if let [d1, d2] = lengths[..]
        && d1.abs_diff(d2) > 1
    {
        out.push(v(
            "fair-arrows",
            format!("the arrows are {d1} and {d2} steps from the TP square"),
        ));
    }

    // The Virus and the Dog walk on floor too; they start from their doors.
    for (who, door) in [("Virus", b.bathroom_door), ("Dog", b.yard_door)] {
        if !GRID.contains(door) {
            continue;
        }
        let d = b.distances(door, Tile::is_floor);
        let mut missed: Vec<String> = Vec::new();
        for target in std::iter::once(tp).chain(arrows.iter().copied()) {
            if d[GRID.index(target)].is_none() {
                missed.push(target.to_string());
            }
        }
        if !missed.is_empty() {
            out.push(v(
                "virus-dog-reach",
                format!("the {who} cannot reach {}", missed.join(", ")),
            ));
        }
    }

    let unreached: Vec<String> = GRID
        .cells()
        .filter(|c| b.tile(*c).is_floor() && path(*c).is_none())
        .map(|c| c.to_string())
        .collect();
    if !unreached.is_empty() {
        out.push(v(
            "floor-connected",
            format!("floor squares cut off: {}", unreached.join(", ")),
        ));
    }
    good_board(p, b, tp, &arrows, &mut out);
    rated_rules(p, b, &mut out);
    out
}

/// The carpark's first row: the first in which most squares are carpark
/// tiles (`SIZE + 1` when there is none).
fn carpark_rows(b: &Board) -> u16 {
    let mostly = |r: u16| 2 * (1..=SIZE).filter(|&c| b.tile(cell(c, r)).in_carpark()).count() > SIZE as usize;
    (1..=SIZE).find(|&r| mostly(r)).unwrap_or(SIZE + 1)
}

/// Whether cells lie in one row or one column.
fn straight(cells: &[Cell]) -> bool {
    cells.iter().all(|c| c.row == cells[0].row) || cells.iter().all(|c| c.col == cells[0].col)
}

/// The good-board rules (generator rules, each switchable by name).
fn good_board(p: &Params, b: &Board, tp: Cell, arrows: &[Cell], out: &mut Vec<Violation>) {
    let v = |rule: GoodRule, message: String| Violation {
        rule: rule.name(),
        message,
    };
    let open: Vec<Cell> = b.steps(tp).filter(|n| b.tile(*n).is_floor()).collect();
    if p.rule_on(GoodRule::TpOpen) && open.len() < 2 {
        out.push(v(
            GoodRule::TpOpen,
            format!(
                "the TP square {tp} has {} open neighbour(s), at least 2 are needed",
                open.len()
            ),
        ));
    }
    if p.rule_on(GoodRule::TpLoop) {
        // The shortest loop through the TP square: out by one open neighbour,
        // back by another, without crossing the TP square in between.
        let mut shortest: Option<u32> = None;
        for (i, a) in open.iter().enumerate() {
            let d = b.distances_avoiding(*a, tp);
            for other in &open[i + 1..] {
                if let Some(len) = d[GRID.index(*other)] {
                    let squares = len + 2;
                    shortest = Some(shortest.map_or(squares, |s| s.min(squares)));
                }
            }
        }
        match shortest {
            Some(n) if n <= MAX_LOOP => {}
            Some(n) => out.push(v(
                GoodRule::TpLoop,
                format!("the shortest loop through the TP square {tp} has {n} squares, at most {MAX_LOOP} are wanted"),
            )),
            None => out.push(v(
                GoodRule::TpLoop,
                format!("no loop passes through the TP square {tp}"),
            )),
        }
    }
    if p.rule_on(GoodRule::DoorsFar) {
        let d = b.distances(tp, Tile::is_floor);
        for (name, door) in [("bathroom", b.bathroom_door), ("back", b.yard_door)] {
            if let Some(steps) = GRID.contains(door).then(|| d[GRID.index(door)]).flatten()
                && steps < MIN_DOOR_STEPS
            {
                out.push(v(
                    GoodRule::DoorsFar,
                    format!("the square outside the {name} door {door} is {steps} steps from the TP square, under {MIN_DOOR_STEPS}"),
                ));
            }
        }
    }
    if p.rule_on(GoodRule::UnitsMatter) {
        let lengths = |board: &Board| {
            let d = board.distances(tp, Tile::is_floor);
            arrows.iter().map(|a| d[GRID.index(*a)]).collect::<Vec<_>>()
        };
        let now = lengths(b);
        let matters = b.pieces(Tile::Unit).iter().any(|unit| {
            let mut without = b.clone();
            for c in unit {
                without.tiles[c.row as usize - 1][c.col as usize - 1] = Tile::Shop;
            }
            lengths(&without).iter().zip(&now).any(|(w, n)| match (w, n) {
                (Some(w), Some(n)) => w < n,
                (Some(_), None) => true,
                _ => false,
            })
        });
        if !matters {
            out.push(v(
                GoodRule::UnitsMatter,
                "no unit lengthens either arrow's path to the TP square: the units are decoration".into(),
            ));
        }
    }
}

/// The rating rules: only for a board that keeps every other rule, as they
/// take simulated games.
fn rated_rules(p: &Params, b: &Board, out: &mut Vec<Violation>) {
    let length = p.rule_on(GoodRule::LengthBand);
    let fair = p.rule_on(GoodRule::FirstFair);
    let balance = p.rule_on(GoodRule::ArrowBalance);
    if !(length || fair || balance) || !out.is_empty() {
        return;
    }
    let r = rating(p, b);
    let (lo, hi) = p.length_band();
    if length && !(lo..=hi).contains(&r.median_rounds) {
        let asked = match p.length {
            Length::Any => String::new(),
            l => format!(" ({} games)", l.name()),
        };
        out.push(Violation {
            rule: GoodRule::LengthBand.name(),
            message: format!(
                "simulated games last {} rounds (median), outside {lo}-{hi}{asked} for {} players in {} mode",
                r.median_rounds,
                p.players,
                p.mode.name()
            ),
        });
    }
    let equal = 1.0 / p.teams() as f64;
    if fair && (r.first_player_win_share - equal).abs() > FIRST_FAIR_SLACK {
        out.push(Violation {
            rule: GoodRule::FirstFair.name(),
            message: format!(
                "the first player wins {:.0}% of simulated games, more than {:.0} points from an equal share ({:.0}%)",
                100.0 * r.first_player_win_share,
                100.0 * FIRST_FAIR_SLACK,
                100.0 * equal
            ),
        });
    }
    let busier = r.arrow_balance.max(1.0 - r.arrow_balance);
    if balance && busier > BUSIER_ARROW_SHARE {
        out.push(Violation {
            rule: GoodRule::ArrowBalance.name(),
            message: format!(
                "one arrow takes {:.0}% of the deliveries in simulated games, more than {:.0}%",
                100.0 * busier,
                100.0 * BUSIER_ARROW_SHARE
            ),
        });
    }
}

/// A board's rating from [`Params::rating_games`] simulated games. The dice are
/// seeded by the board and the players, so a board rates the same however
/// it was made. The last rating is kept: making a board rates it, and its
/// sheet prints the same rating.
pub fn rating(p: &Params, b: &Board) -> game::BoardRating {
    // The boards rated last, by settings and cells: a board is rated when it
    // is made, when its sheet is drawn and when a teacher key names it; a
    // class pack's boards are all asked for again after the key.
    // Kept by a digest of settings and cells, not the text: 16 bytes a board.
    const KEPT: usize = 512;
    type Digest16 = [u8; 16];
    type Rated = (HashMap<Digest16, game::BoardRating>, VecDeque<Digest16>);
    thread_local! {
        static RATED: std::cell::RefCell<Rated> = std::cell::RefCell::new((HashMap::new(), VecDeque::new()));
    }
    use sha2::{Digest, Sha256};
    let rulings = game::Rulings::of_version(p.version);
    let text = format!("p{}-{}-{rulings:?}\n{}", p.players, p.mode.name(), describe(b));
    let key: Digest16 = Sha256::digest(text.as_bytes())[..16]
        .try_into()
        .expect("16 of 32 bytes");
    if let Some(r) = RATED.with_borrow(|(rated, _)| rated.get(&key).copied()) {
        return r;
    }
    let r = game::rate(b, p, &rating_seed(p, b), p.rating_games());
    RATED.with_borrow_mut(|(rated, order)| {
        if order.len() == KEPT
            && let Some(oldest) = order.pop_front()
        {
            rated.remove(&oldest);
        }
        rated.insert(key, r);
        order.push_back(key);
    });
    r
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

/// TpLoop: the longest loop through the TP square that still counts.
pub const MAX_LOOP: u32 = 8;
/// DoorsFar: the fewest steps from a door square to the TP square.
pub const MIN_DOOR_STEPS: u32 = 3;

/// A board as JSON: what `--format json` writes and `validate` reads.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct BoardJson {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    /// 8 strings of 8 characters, row 1 (the back of the shop) first.
    pub cells: Vec<String>,
    pub walls: Vec<[Cell; 2]>,
    pub glass_doors: Vec<[Cell; 2]>,
    pub bathroom_door: Cell,
    pub yard_door: Cell,
    /// The wall a door is in, where its square is a corner and so lies along
    /// two (`"back"`, `"left"`, `"right"`, `"front"`). Without it (the form
    /// of boards before version 5), the bathroom door is in the side wall
    /// and the back door in the back wall.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bathroom_wall: Option<Wall>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub yard_wall: Option<Wall>,
}

/// The first generator version whose layout JSON names a corner door's wall:
/// the JSON of older codes keeps the form they were printed with.
pub const CORNER_WALLS_NAMED_SINCE: u32 = 5;

impl BoardJson {
    pub fn new(seed: Option<&Seed>, code: Option<&SheetCode>, b: &Board) -> BoardJson {
        let named = code.is_none_or(|c| c.version >= CORNER_WALLS_NAMED_SINCE);
        let corner_wall = |door: Cell, wall: Option<Wall>| wall.filter(|_| named && Wall::of(door).len() > 1);
        BoardJson {
            seed: seed.map(|s| s.text().to_string()),
            code: code.map(|c| c.to_string()),
            cells: b
                .tiles
                .iter()
                .map(|row| row.iter().map(|t| t.letter()).collect())
                .collect(),
            walls: b.walls.iter().map(|e| [e.0, e.1]).collect(),
            glass_doors: b.glass_doors.iter().map(|e| [e.0, e.1]).collect(),
            bathroom_door: b.bathroom_door,
            yard_door: b.yard_door,
            bathroom_wall: corner_wall(b.bathroom_door, b.bathroom_wall),
            yard_wall: corner_wall(b.yard_door, b.yard_wall),
        }
    }
}

/// Reads a board from JSON. Shapes that cannot be a board (wrong sizes, unknown
/// letters, cells off the grid, walls between cells that do not touch) are
/// refused here as malformed; everything accepted can be validated and drawn.
pub fn parse_json(text: &str) -> Result<(BoardJson, Board)> {
    let j: BoardJson = serde_json::from_str(text).map_err(|e| Error::input(format!("not a Panic Buy board: {e}")))?;
    if j.cells.len() != SIZE as usize {
        return Err(Error::input(format!("cells: {} rows, a board has 8", j.cells.len())));
    }
    let mut tiles = [[Tile::Shop; SIZE as usize]; SIZE as usize];
    for (r, row) in j.cells.iter().enumerate() {
        let chars: Vec<char> = row.chars().collect();
        if chars.len() != SIZE as usize {
            return Err(Error::input(format!(
                "cells[{r}]: {row_q} has {} characters, a row has 8",
                chars.len(),
                row_q = crate::error::quote(&row.to_string())
            )));
        }
        for (c, ch) in chars.iter().enumerate() {
            tiles[r][c] = Tile::from_letter(*ch).ok_or_else(|| {
                Error::input(format!(
                    "cells[{r}]: unknown square {ch_q} (use . , A T U C K)",
                    ch_q = crate::error::quote(&ch.to_string())
                ))
            })?;
        }
    }
    let edges = |list: &[[Cell; 2]], what: &str| -> Result<BTreeSet<Edge>> {
        list.iter()
            .map(|[a, b]| {
                let touching = a.col.abs_diff(b.col) + a.row.abs_diff(b.row) == 1;
                if GRID.contains(*a) && GRID.contains(*b) && touching {
                    Ok(edge(*a, *b))
                } else {
                    Err(Error::input(format!(
                        "{what}: {a} and {b} are not neighbouring squares of the board"
                    )))
                }
            })
            .collect()
    };
    let mut door_walls = Vec::new();
    for (name, d, wall, own) in [
        ("bathroom", j.bathroom_door, j.bathroom_wall, &BATHROOM_WALLS[..]),
        ("yard", j.yard_door, j.yard_wall, &YARD_WALLS[..]),
    ] {
        if !GRID.contains(d) {
            return Err(Error::input(format!("{name}_door: {d} is off the 8 x 8 board")));
        }
        match wall {
            Some(w) if !Wall::of(d).contains(&w) => {
                return Err(Error::input(format!(
                    "{name}_wall: the door's square {d} does not lie along the {} wall",
                    w.name()
                )));
            }
            Some(w) => door_walls.push(Some(w)),
            None => door_walls.push(Wall::assumed(d, own)),
        }
    }
    let board = Board {
        tiles,
        walls: edges(&j.walls, "walls")?,
        glass_doors: edges(&j.glass_doors, "glass_doors")?,
        bathroom_door: j.bathroom_door,
        yard_door: j.yard_door,
        bathroom_wall: door_walls[0],
        yard_wall: door_walls[1],
    };
    Ok((j, board))
}

/// The board as characters, walls included. Each square is three characters
/// between corner marks: `|` and `---` are walls, `...` a glass door, `^` an arrow
/// open to the road; `B` and `Y` mark the squares outside the bathroom and back doors.
pub fn describe(b: &Board) -> String {
    let mut s = String::new();
    let horizontal = |r: u16| -> String {
        let mut line = String::from("+");
        for c in 1..=SIZE {
            let seg = match r {
                0 => "---",
                SIZE if b.tile(cell(c, SIZE)) == Tile::Arrow => " ^ ",
                SIZE => "---",
                _ if b.glass_doors.contains(&edge(cell(c, r), cell(c, r + 1))) => "...",
                _ if b.walls.contains(&edge(cell(c, r), cell(c, r + 1))) => "---",
                _ => "   ",
            };
            line.push_str(seg);
            line.push('+');
        }
        line.push('\n');
        line
    };
    s.push_str(&horizontal(0));
    for r in 1..=SIZE {
        s.push('|');
        for c in 1..=SIZE {
            let here = cell(c, r);
            let mark = if here == b.bathroom_door {
                'B'
            } else if here == b.yard_door {
                'Y'
            } else {
                ' '
            };
            s.push(mark);
            s.push(b.tile(here).letter());
            s.push(' ');
            let wall = c == SIZE || b.walls.contains(&edge(here, cell(c + 1, r)));
            s.push(if wall { '|' } else { ' ' });
        }
        s.push('\n');
        s.push_str(&horizontal(r));
    }
    s.push_str(". shop  , carpark  A arrow (^ the road)  T toilet paper  U unit  C car  K counter\n");
    s.push_str("| --- wall  ... glass door  B bathroom door square  Y back door square\n");
    s
}

/// One request for Panic Buy output.
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    pub params: Params,
    pub seed: Seed,
    pub count: usize,
    pub paper: crate::sheet::Paper,
    /// Standard or large print: how the sheets are drawn, never the game.
    pub style: crate::sheet::Style,
    pub layout: sheets::BoardLayout,
    pub sheets: Vec<sheets::SheetKind>,
}

impl Request {
    pub fn check(&self) -> Result<()> {
        self.params.check()?;
        if !(1..=crate::game::MAX_COUNT).contains(&self.count) {
            return Err(Error::setting(
                "count",
                format!("{} is out of range (1 to {})", self.count, crate::game::MAX_COUNT),
            ));
        }
        Ok(())
    }

    /// The sheets as the code prints them.
    pub fn sheet_list(&self) -> String {
        sheets::SheetKind::code_list(&self.sheets)
    }

    /// Settings in the code include the board layout: `p3-race-b6-12` plus `-tiled`.
    pub fn code(&self, seed: &Seed, sheets: &str) -> SheetCode {
        let mut params = self.params.code();
        if self.layout == sheets::BoardLayout::Tiled {
            params.push_str("-tiled");
        }
        SheetCode::new(GAME, self.params.version, params, self.paper, sheets, seed)
    }

    pub fn from_code(code: &SheetCode) -> Result<Request> {
        // Every earlier version's codes still make their boards.
        if !(1..VERSION).contains(&code.version) {
            code.check_version("Panic Buy", VERSION)?;
        }
        let (params, layout) = match code.params.strip_suffix("-tiled") {
            Some(p) => (p, sheets::BoardLayout::Tiled),
            None => (code.params.as_str(), sheets::BoardLayout::Single),
        };
        Ok(Request {
            params: Params::from_code(params, code.version)?,
            seed: code.seed.clone(),
            count: 1,
            paper: code.paper()?,
            style: crate::sheet::Style::Standard,
            layout,
            sheets: sheets::SheetKind::parse_list(&code.sheets)?,
        })
    }

    /// The boards, made one at a time as they are asked for.
    pub fn boards(&self) -> Result<impl Iterator<Item = Result<(Seed, Board)>> + '_> {
        self.check()?;
        Ok((1..=self.count).map(|k| {
            let seed = self.seed.nth(k);
            generate_for_seed(&self.params, &seed).map(|b| (seed, b))
        }))
    }

    pub fn json(&self) -> Result<String> {
        let list = self.sheet_list();
        let boards: Vec<BoardJson> = self
            .boards()?
            .map(|r| r.map(|(s, b)| BoardJson::new(Some(&s), Some(&self.code(&s, &list)), &b)))
            .collect::<Result<_>>()?;
        Ok(crate::games::json_one_or_many(&boards))
    }

    pub fn texts(&self, texts: &crate::text::Texts) -> Result<std::rc::Rc<crate::text::GameTexts>> {
        Ok(texts.game(GAME, &self.text_context(None))?)
    }

    /// A board's rating in player words. Rendered on its own, not kept: a
    /// run of many boards must not hold a set of texts for each.
    pub fn rating_note(&self, texts: &crate::text::Texts, rating: &game::BoardRating) -> Result<String> {
        Ok(texts
            .labels(GAME, &self.text_context(Some(&Ratings::of(rating))))?
            .get("rating"))
    }

    /// A board's rating as a teacher key prints it under the board's code:
    /// for a request of one board.
    pub fn key_rating(&self, texts: &crate::text::Texts) -> Result<Option<String>> {
        if self.count != 1 {
            return Ok(None);
        }
        let Some(made) = self.boards()?.next() else {
            return Ok(None);
        };
        let (_, board) = made?;
        let r = Ratings::of(&printed_rating(&self.params, &board));
        Ok(Some(
            texts.labels(GAME, &self.text_context(Some(&r)))?.get("key_rating"),
        ))
    }

    /// What the texts are rendered with, and the boards' ratings where given.
    fn text_context(&self, ratings: Option<&Ratings>) -> tera::Context {
        let p = &self.params;
        let mut ctx = tera::Context::new();
        ctx.insert("players", &p.players);
        ctx.insert("mode", p.mode.name());
        ctx.insert("tp", &p.toilet_paper());
        ctx.insert("length", p.length.name());
        let r = ratings.copied().unwrap_or_default();
        let one = &r.first;
        ctx.insert("games", &one.games);
        ctx.insert("median", &one.median_rounds);
        ctx.insert("p90", &one.p90_rounds);
        ctx.insert("minutes", &play_minutes(p, one.median_rounds));
        ctx.insert("first", &(100.0 * one.first_player_win_share).round());
        ctx.insert("equal", &(100.0 / p.teams() as f64).round());
        ctx.insert("boards", &r.boards);
        ctx.insert("median_lo", &r.median.0);
        ctx.insert("median_hi", &r.median.1);
        ctx.insert("minutes_lo", &play_minutes(p, r.median.0));
        ctx.insert("minutes_hi", &play_minutes(p, r.median.1));
        ctx.insert("p90_most", &r.p90_most);
        // The text's own claim of a game's length, and whether ours differs.
        let (claim_lo, claim_hi) = p.text_minutes();
        let outside = |lo: u32, hi: u32| lo < claim_lo || hi > claim_hi;
        ctx.insert("claim_lo", &claim_lo);
        ctx.insert("claim_hi", &claim_hi);
        let one = play_minutes(p, one.median_rounds);
        ctx.insert("claim_differs_one", &outside(one, one));
        ctx.insert(
            "claim_differs",
            &outside(play_minutes(p, r.median.0), play_minutes(p, r.median.1)),
        );
        ctx.insert("tally_rows", &r.tally_rows());
        ctx
    }

    pub fn preview(&self, texts: &crate::text::Texts) -> Result<String> {
        let label = self.texts(texts)?.common.get("code_label");
        let list = self.sheet_list();
        let mut out = String::new();
        for made in self.boards()? {
            let (s, b) = made?;
            out.push_str(&format!("{label}: {}\n{}\n", self.code(&s, &list), describe(&b)));
        }
        Ok(out)
    }

    /// Each board's board sheet in turn, then the components and tally pad once:
    /// they are the same for every board with these settings.
    pub fn pages(
        &self,
        texts: &crate::text::Texts,
        mut emit: impl FnMut(crate::sheet::Page) -> Result<()>,
    ) -> Result<crate::sheet::DocumentInfo> {
        let gt = self.texts(texts)?;
        let ctx = sheets::Context::new(&self.params, self.layout, self.paper, self.style, &gt);
        let list = self.sheet_list();
        let mut codes = crate::sheet::Codes::default();
        let mut first = None;
        // The rules and the tally quote the boards' ratings: made as the
        // boards are, and only when a sheet prints them.
        let rated = [
            sheets::SheetKind::Board,
            sheets::SheetKind::Rules,
            sheets::SheetKind::Tally,
        ];
        let wants_ratings = self.sheets.iter().any(|k| rated.contains(k));
        let mut ratings: Option<Ratings> = None;
        for made in self.boards()? {
            let (seed, board) = made?;
            if wants_ratings {
                let r = printed_rating(&self.params, &board);
                match ratings.as_mut() {
                    Some(all) => all.add(&r),
                    None => ratings = Some(Ratings::of(&r)),
                }
                if self.sheets.contains(&sheets::SheetKind::Board) {
                    let note = self.rating_note(texts, &r)?;
                    for page in ctx.board_pages(&board, &self.code(&seed, "board"), Some(&note)) {
                        emit(page)?;
                    }
                }
            }
            codes.push(&self.code(&seed, &list).to_string());
            first.get_or_insert((seed, board));
        }
        let (first_seed, first_board) = &first.expect("a request has at least one board");
        let gt = texts.game(GAME, &self.text_context(ratings.as_ref()))?;
        let ctx = sheets::Context {
            tally_rows: ratings.unwrap_or_default().tally_rows(),
            ..sheets::Context::new(&self.params, self.layout, self.paper, self.style, &gt)
        };
        for kind in self.sheets.iter().filter(|k| **k != sheets::SheetKind::Board) {
            for page in ctx.pages(*kind, first_board, &self.code(first_seed, kind.name())) {
                emit(page)?;
            }
        }
        Ok(crate::sheet::DocumentInfo::for_codes(
            &gt.game.get("game"),
            codes,
            &gt.game.get("boards"),
        ))
    }

    pub fn document(&self, texts: &crate::text::Texts) -> Result<crate::sheet::Document> {
        crate::sheet::Document::collect(|emit| self.pages(texts, emit))
    }
}

#[cfg(test)]
mod tests;
