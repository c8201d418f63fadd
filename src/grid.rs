//! Square-grid geometry shared by the board games: 1-based (col, row) cells,
//! neighbours, and breadth-first search.

use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

/// A cell, 1-based: `col` across from the left, `row` down from the top.
/// Serialised as `[col, row]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(from = "[u16; 2]", into = "[u16; 2]")]
pub struct Cell {
    pub col: u16,
    pub row: u16,
}

impl From<[u16; 2]> for Cell {
    fn from([col, row]: [u16; 2]) -> Cell {
        Cell { col, row }
    }
}

impl From<Cell> for [u16; 2] {
    fn from(c: Cell) -> [u16; 2] {
        [c.col, c.row]
    }
}

impl std::fmt::Display for Cell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({}, {})", self.col, self.row)
    }
}

pub fn cell(col: u16, row: u16) -> Cell {
    Cell { col, row }
}

/// A square grid of `size` x `size` cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Grid {
    pub size: u16,
}

impl Grid {
    pub fn contains(self, c: Cell) -> bool {
        (1..=self.size).contains(&c.col) && (1..=self.size).contains(&c.row)
    }

    pub fn cells(self) -> impl Iterator<Item = Cell> {
        let n = self.size;
        (1..=n).flat_map(move |row| (1..=n).map(move |col| cell(col, row)))
    }

    pub fn len(self) -> usize {
        self.size as usize * self.size as usize
    }

    pub fn is_empty(self) -> bool {
        self.size == 0
    }

    /// Row-major index of an in-grid cell.
    pub fn index(self, c: Cell) -> usize {
        (c.row as usize - 1) * self.size as usize + (c.col as usize - 1)
    }

    pub(crate) fn is_edge(self, c: Cell) -> bool {
        c.col == 1 || c.row == 1 || c.col == self.size || c.row == self.size
    }

    /// The up-to-4 orthogonal neighbours inside the grid.
    pub(crate) fn orthogonal(self, c: Cell) -> impl Iterator<Item = Cell> {
        let steps: [(i32, i32); 4] = [(0, -1), (1, 0), (0, 1), (-1, 0)];
        self.offsets(c, steps.into_iter())
    }

    /// The up-to-8 surrounding cells inside the grid.
    pub(crate) fn surrounding(self, c: Cell) -> impl Iterator<Item = Cell> {
        let steps = (-1i32..=1)
            .flat_map(|dr| (-1i32..=1).map(move |dc| (dc, dr)))
            .filter(|&d| d != (0, 0));
        self.offsets(c, steps)
    }

    fn offsets(self, c: Cell, steps: impl Iterator<Item = (i32, i32)>) -> impl Iterator<Item = Cell> {
        steps.filter_map(move |(dc, dr)| {
            let col = c.col as i32 + dc;
            let row = c.row as i32 + dr;
            let n = self.size as i32;
            ((1..=n).contains(&col) && (1..=n).contains(&row)).then(|| cell(col as u16, row as u16))
        })
    }

    /// Cells reachable from `starts` by orthogonal steps into cells where
    /// `open` holds (start cells must be open too), as a row-major mask.
    pub fn reachable(self, starts: impl IntoIterator<Item = Cell>, open: impl Fn(Cell) -> bool) -> Vec<bool> {
        let mut seen = vec![false; self.len()];
        let mut queue = VecDeque::new();
        for s in starts {
            if self.contains(s) && open(s) && !seen[self.index(s)] {
                seen[self.index(s)] = true;
                queue.push_back(s);
            }
        }
        while let Some(c) = queue.pop_front() {
            for n in self.orthogonal(c) {
                let i = self.index(n);
                if !seen[i] && open(n) {
                    seen[i] = true;
                    queue.push_back(n);
                }
            }
        }
        seen
    }

    /// The main start area: of the open edge cells, the largest set that are
    /// joined to each other through open cells, with every open cell joined to
    /// them, as a row-major mask. Equal sets: the one holding the first such
    /// edge cell in reading order. All false when no edge cell is open.
    pub(crate) fn main_edge_area(self, open: impl Fn(Cell) -> bool) -> Vec<bool> {
        let mut area = vec![usize::MAX; self.len()];
        let (mut best, mut best_edges) = (usize::MAX, 0);
        for (id, start) in self.cells().filter(|c| self.is_edge(*c) && open(*c)).enumerate() {
            if area[self.index(start)] != usize::MAX {
                continue;
            }
            let joined = self.reachable([start], &open);
            let mut edges = 0;
            for c in self.cells() {
                if joined[self.index(c)] {
                    area[self.index(c)] = id;
                    edges += self.is_edge(c) as usize;
                }
            }
            if edges > best_edges {
                (best, best_edges) = (id, edges);
            }
        }
        area.iter().map(|a| best != usize::MAX && *a == best).collect()
    }
}

/// The most squares along a side that [`Squares`] holds.
pub const MAX_SIDE: u16 = 26;
const WORDS: usize = (MAX_SIDE as usize * MAX_SIDE as usize).div_ceil(64);

/// A set of a grid's squares by their row-major indices, as bits: a
/// breadth-first search takes a whole ring of squares a step
/// ([`Ring::around`]) instead of one square at a time.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Squares([u64; WORDS]);

impl Squares {
    pub const EMPTY: Squares = Squares([0; WORDS]);

    pub fn one(i: usize) -> Squares {
        let mut s = Squares::EMPTY;
        s.insert(i);
        s
    }

    pub fn insert(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }

    pub fn remove(&mut self, i: usize) {
        self.0[i / 64] &= !(1 << (i % 64));
    }

    pub fn contains(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 != 0
    }

    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|w| *w == 0)
    }

    /// The indices, lowest first.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(k, &word)| {
            let mut w = word;
            std::iter::from_fn(move || {
                (w != 0).then(|| {
                    let i = w.trailing_zeros() as usize;
                    w &= w - 1;
                    k * 64 + i
                })
            })
        })
    }

    fn zip(self, other: Squares, f: impl Fn(u64, u64) -> u64) -> Squares {
        let mut out = self.0;
        for (o, w) in out.iter_mut().zip(other.0) {
            *o = f(*o, w);
        }
        Squares(out)
    }
}

impl FromIterator<usize> for Squares {
    fn from_iter<I: IntoIterator<Item = usize>>(iter: I) -> Squares {
        let mut s = Squares::EMPTY;
        for i in iter {
            s.insert(i);
        }
        s
    }
}

impl std::ops::BitOr for Squares {
    type Output = Squares;
    fn bitor(self, other: Squares) -> Squares {
        self.zip(other, |a, b| a | b)
    }
}

impl std::ops::BitAnd for Squares {
    type Output = Squares;
    fn bitand(self, other: Squares) -> Squares {
        self.zip(other, |a, b| a & b)
    }
}

/// The squares of the first set not in the second.
impl std::ops::Sub for Squares {
    type Output = Squares;
    fn sub(self, other: Squares) -> Squares {
        self.zip(other, |a, b| a & !b)
    }
}

impl std::ops::BitOrAssign for Squares {
    fn bitor_assign(&mut self, other: Squares) {
        *self = *self | other;
    }
}

/// `squares[i]` reads as a `Vec<bool>` would.
impl std::ops::Index<usize> for Squares {
    type Output = bool;
    fn index(&self, i: usize) -> &bool {
        if self.contains(i) { &true } else { &false }
    }
}

/// What one orthogonal step does to a set of a grid's squares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ring {
    side: u32,
    /// The words the grid's squares take.
    words: usize,
    inside: Squares,
    /// The squares a step to the right or to the left may end on (not the
    /// first, or not the last, column: a row does not run on into the next).
    right: Squares,
    left: Squares,
}

impl Ring {
    pub fn new(g: Grid) -> Ring {
        assert!(g.size <= MAX_SIDE, "a grid of {} squares a side is too large", g.size);
        let n = g.size as usize;
        Ring {
            side: g.size as u32,
            words: g.len().div_ceil(64),
            inside: (0..g.len()).collect(),
            right: (0..g.len()).filter(|i| i % n != 0).collect(),
            left: (0..g.len()).filter(|i| i % n != n - 1).collect(),
        }
    }

    /// Every square one orthogonal step from a square of `s`: each square
    /// moved one index up and down (along its row) and a side's length up
    /// and down (a row on), word by word with what carries over from the
    /// next word and the one before.
    pub fn around(&self, s: Squares) -> Squares {
        let (w, k) = (&s.0, self.side);
        let mut out = [0; WORDS];
        for i in 0..self.words {
            let before = if i > 0 { w[i - 1] } else { 0 };
            let after = w.get(i + 1).copied().unwrap_or(0);
            let right = (w[i] << 1 | before >> 63) & self.right.0[i];
            let left = (w[i] >> 1 | after << 63) & self.left.0[i];
            let below = w[i] << k | before >> (64 - k);
            let above = w[i] >> k | after << (64 - k);
            out[i] = (right | left | below | above) & self.inside.0[i];
        }
        Squares(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ring_is_the_orthogonal_neighbours_of_a_set_of_squares() {
        for size in [4u16, 8, 12, 26] {
            let g = Grid { size };
            let ring = Ring::new(g);
            for c in g.cells() {
                let around: Vec<usize> = ring.around(Squares::one(g.index(c))).iter().collect();
                let mut want: Vec<usize> = g.orthogonal(c).map(|n| g.index(n)).collect();
                want.sort();
                assert_eq!(around, want, "{c} on {size}");
            }
        }
        let s: Squares = [0, 63, 64, 200, 675].into_iter().collect();
        assert_eq!(s.iter().collect::<Vec<_>>(), [0, 63, 64, 200, 675]);
        assert!(s[63] && !s[62] && (s - Squares::one(63)).iter().count() == 4);
    }

    #[test]
    fn neighbours_are_clipped_at_the_edge() {
        let g = Grid { size: 12 };
        assert_eq!(g.surrounding(cell(1, 1)).count(), 3);
        assert_eq!(g.surrounding(cell(1, 5)).count(), 5);
        assert_eq!(g.surrounding(cell(6, 6)).count(), 8);
        assert_eq!(g.orthogonal(cell(12, 12)).count(), 2);
        assert!(g.is_edge(cell(12, 3)) && !g.is_edge(cell(2, 2)));
    }

    #[test]
    fn reachability_goes_round_blocks_but_not_through_them() {
        let g = Grid { size: 4 };
        // A wall in column 2, rows 1-4: the right side cannot be reached from (1, 1).
        let wall = |c: Cell| c.col != 2;
        let seen = g.reachable([cell(1, 1)], wall);
        assert!(seen[g.index(cell(1, 4))]);
        assert!(!seen[g.index(cell(3, 1))]);
        // With a gap at row 4 it can.
        let gap = |c: Cell| c.col != 2 || c.row == 4;
        assert!(g.reachable([cell(1, 1)], gap)[g.index(cell(4, 1))]);
    }

    #[test]
    fn the_main_edge_area_leaves_out_a_pocket_at_the_edge() {
        let g = Grid { size: 5 };
        // Blocks at (2, 1) and (1, 2) seal the corner (1, 1) off from the rest.
        let open = |c: Cell| c != cell(2, 1) && c != cell(1, 2);
        let main = g.main_edge_area(open);
        assert!(!main[g.index(cell(1, 1))]);
        assert!(main[g.index(cell(3, 3))] && main[g.index(cell(5, 5))]);
        assert!(!main[g.index(cell(2, 1))], "a blocked cell is in no area");
        // Nothing open on the edge: no area at all.
        let none = g.main_edge_area(|c: Cell| !g.is_edge(c));
        assert!(none.iter().all(|m| !m));
    }

    #[test]
    fn cells_serialise_as_col_row_pairs() {
        assert_eq!(serde_json::to_string(&cell(3, 7)).unwrap(), "[3,7]");
        let c: Cell = serde_json::from_str("[11,2]").unwrap();
        assert_eq!(c, cell(11, 2));
    }
}
