//! The board: its squares, walls and doors.

use super::*;

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

    pub(crate) fn from_letter(c: char) -> Option<Tile> {
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

    pub(crate) fn is_floor(self) -> bool {
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
    pub(crate) fn in_carpark(self) -> bool {
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
    pub(crate) fn assumed(c: Cell, own: &[Wall]) -> Option<Wall> {
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
    pub(crate) fn tile(&self, c: Cell) -> Tile {
        self.tiles[c.row as usize - 1][c.col as usize - 1]
    }

    pub(crate) fn cells_of(&self, t: Tile) -> Vec<Cell> {
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
    pub(crate) fn pieces(&self, t: Tile) -> Vec<Vec<Cell>> {
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
    pub(crate) fn distances(&self, start: Cell, open: impl Fn(Tile) -> bool) -> Vec<Option<u32>> {
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
    pub(crate) fn distances_avoiding(&self, start: Cell, avoid: Cell) -> Vec<Option<u32>> {
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

}
