//! Legal moves for a shopping basket, the Virus and the Dog (rules text
//! sections 5, 6, 8, 12, 13). Moves are walks of orthogonal steps that never
//! step straight back onto the square just left ("you may NOT move back onto a
//! square you have just vacated"), never cross a wall, and never enter the counter.
//! The board checks use the movement allowance; whole games list their moves
//! in `game.rs`, whose tests hold them to the move ends worked out here (so
//! the walks below are built for the tests only).

#[cfg(test)]
use std::collections::BTreeSet;

#[cfg(test)]
use super::{Board, Tile};
#[cfg(test)]
use crate::grid::Cell;

#[cfg(test)]
/// Where a piece can be: a square, or one of the rooms off the grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Place {
    Square(Cell),
    Bathroom,
    Yard,
}

#[cfg(test)]
/// Who moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mover {
    Basket,
    Virus,
    Dog,
}

#[cfg(test)]
/// Where the Virus and the Dog stand while a basket moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hazards {
    pub virus: Place,
    pub dog: Place,
}

#[cfg(test)]
impl Default for Hazards {
    fn default() -> Hazards {
        Hazards {
            virus: Place::Bathroom,
            dog: Place::Yard,
        }
    }
}

/// Squares a basket may move this turn (section 8): the blue die, reduced by
/// the rolls it carries: 0-1 full, 2 half rounded up, 3 a third rounded up, 4+ one.
pub(crate) fn allowance(roll: u8, carried: u32) -> u8 {
    match carried {
        0 | 1 => roll,
        2 => roll.div_ceil(2),
        3 => roll.div_ceil(3),
        _ => 1,
    }
}

/// The Virus and the Dog always move exactly three squares (sections 12, 13).
pub const HAZARD_STEPS: u8 = 3;

#[cfg(test)]
impl Board {
    /// Places one step from `from` for `who`, before the rule on stepping back.
    fn next(&self, who: Mover, from: Place) -> Vec<Place> {
        match from {
            Place::Bathroom => vec![Place::Square(self.bathroom_door)],
            Place::Yard => vec![Place::Square(self.yard_door)],
            Place::Square(c) => {
                let mut out: Vec<Place> = self
                    .steps(c)
                    .filter(|n| match who {
                        // Baskets may step onto objects (the move then ends).
                        Mover::Basket => self.tile(*n) != Tile::Counter,
                        // The Virus and the Dog keep to the floor.
                        Mover::Virus | Mover::Dog => self.tile(*n).is_floor(),
                    })
                    .map(Place::Square)
                    .collect();
                // The Virus may go home to the bathroom, the Dog to the yard; never the other.
                if who == Mover::Virus && c == self.bathroom_door {
                    out.push(Place::Bathroom);
                }
                if who == Mover::Dog && c == self.yard_door {
                    out.push(Place::Yard);
                }
                out
            }
        }
    }

    /// Where the Virus or the Dog can end a move of exactly three squares.
    pub(crate) fn hazard_moves(&self, who: Mover, from: Place) -> BTreeSet<Place> {
        let mut ends = BTreeSet::new();
        self.walk(who, from, None, HAZARD_STEPS, &Hazards::default(), &mut ends);
        ends
    }

    /// Where a basket on `from` can end a move of `steps` squares: exactly that
    /// many, or fewer when it steps onto an object (the move ends there). A basket
    /// on an object may move only one square unless `free` (Sanitiser, Social
    /// distance). It may not pass over the Virus or the Dog: stepping onto one
    /// is only possible as the last step, and means capture.
    pub(crate) fn basket_moves(&self, from: Cell, steps: u8, hazards: &Hazards, free: bool) -> BTreeSet<Place> {
        let steps = if self.tile(from).is_object() && !free {
            steps.min(1)
        } else {
            steps
        };
        let mut ends = BTreeSet::new();
        self.walk(Mover::Basket, Place::Square(from), None, steps, hazards, &mut ends);
        ends
    }

    fn walk(&self, who: Mover, at: Place, prev: Option<Place>, left: u8, hz: &Hazards, ends: &mut BTreeSet<Place>) {
        if left == 0 {
            ends.insert(at);
            return;
        }
        for n in self.next(who, at) {
            if Some(n) == prev {
                continue;
            }
            if who == Mover::Basket {
                let hazard = n == hz.virus || n == hz.dog;
                if hazard {
                    if left == 1 {
                        ends.insert(n);
                    }
                    continue;
                }
                if let Place::Square(c) = n
                    && self.tile(c).is_object()
                {
                    ends.insert(n);
                    continue;
                }
            }
            self.walk(who, n, Some(at), left - 1, hz, ends);
        }
    }
}
