//! The whole-game rulings of RULES.md (Panic Buy), each in an exact situation
//! on the hand-made sample board:
//!
//! ```text
//! row 1  . . . K K . . Y      K counter, Y square outside the back door
//! row 2  . . . T . . . .      T the TP square (4, 2)
//! row 3  B U U . . . . .      B square outside the bathroom door, U units
//! row 4  . . . . . . U .
//! row 5  . . . . . . U .
//! row 6  . U U . . . . .      wall below row 6 except at columns 4 and 5
//! row 7  , , C C , , , ,      C the car
//! row 8  , A , , , , A ,      arrows at (2, 8) and (7, 8); the road below
//! ```

use std::collections::{BTreeSet, VecDeque};

use super::*;
use crate::games::panic_buy::moves::{Hazards, Place};
use crate::games::panic_buy::tests::{EVERY_MODE, sample};
use crate::games::panic_buy::{Mode, Params};
use crate::seed::Seed;

fn at(col: u16, row: u16) -> Pos {
    pos(cell(col, row))
}

/// A policy told what to choose: walks through given squares, pushes and
/// hazards to given places. It records the walks it is offered.
#[derive(Default)]
struct Told {
    walks: VecDeque<Vec<Pos>>,
    sneeze: bool,
    push_to: Option<Pos>,
    hazard_to: Option<Pos>,
    social: Option<(usize, Pos)>,
    rolls: u32,
    offered: Vec<Vec<Walk>>,
    /// Lets the basket stand on Sanitiser.
    no_sanitiser: bool,
    /// Times it was asked whether to use Sanitiser.
    sanitiser_asked: u32,
}

impl Policy for Told {
    fn basket(&mut self, _: &Game, _: &[usize], _: u8, _: u8) -> usize {
        0
    }
    fn walk(&mut self, _: &Game, _: usize, walks: &[Walk]) -> usize {
        self.offered.push(walks.to_vec());
        let Some(via) = self.walks.pop_front() else {
            return 0;
        };
        walks
            .iter()
            .position(|w| {
                w.end() == via.last().copied()
                    && via.iter().all(|p| w.steps().contains(p))
                    && w.sneeze.is_some() == self.sneeze
            })
            .unwrap_or_else(|| panic!("no walk through {via:?} among {walks:?}"))
    }
    fn sanitiser(&mut self, g: &Game, b: usize, walks: &[Walk]) -> Option<usize> {
        self.sanitiser_asked += 1;
        if self.no_sanitiser {
            return None;
        }
        Some(self.walk(g, b, walks))
    }
    fn push(&mut self, _: &Game, _: usize, walks: &[Walk]) -> usize {
        walks.iter().position(|w| w.end() == self.push_to).unwrap_or(0)
    }
    fn social(&mut self, _: &Game, options: &[(usize, Walk)]) -> Option<usize> {
        let (v, to) = self.social?;
        options.iter().position(|(b, w)| *b == v && w.end() == Some(to))
    }
    fn hazard(&mut self, _: &Game, _: Hazard, ends: &[Pos]) -> usize {
        ends.iter().position(|e| Some(*e) == self.hazard_to).unwrap_or(0)
    }
    fn rolls_wanted(&self, _: &Game, _: usize) -> u32 {
        self.rolls
    }
}

fn race(players: u8) -> Params {
    Params {
        players,
        ..Params::default()
    }
}

fn walk(steps: &[Pos]) -> Walk {
    let mut w = Walk::STAY;
    for &p in steps {
        w = w.push(p);
    }
    w
}

fn ends(g: &Game, b: usize, kind: WalkKind) -> BTreeSet<Pos> {
    g.walks(b, kind).iter().filter_map(Walk::end).collect()
}

const OWN: fn(u8) -> WalkKind = |steps| WalkKind::Own { steps, free: false };

#[test]
fn baskets_start_on_the_road_and_stepping_onto_an_arrow_costs_a_step() {
    let t = Table::new(&sample());
    let g = Game::new(&t, &race(3));
    assert!(g.baskets.iter().all(|b| b.at == ROAD));
    assert_eq!(ends(&g, 0, OWN(1)), BTreeSet::from([at(2, 8), at(7, 8)]));
    assert!(ends(&g, 0, OWN(2)).contains(&at(1, 8)));
    assert!(!ends(&g, 0, OWN(2)).contains(&at(2, 8)));
}

#[test]
fn passing_over_an_arrow_delivers_and_two_rolls_win_the_race_at_once() {
    let t = Table::new(&sample());
    let mut g = Game::new(&t, &race(3));
    g.baskets[0].at = at(3, 8);
    g.baskets[0].carried = 1;
    g.trolley[0] = 1;
    let w = walk(&[at(2, 8), at(1, 8)]);
    let o = g.outcome(0, &w, 0);
    assert_eq!((o.delivered, o.carried, o.at_arrow), (1, 0, [1, 0]));
    assert!(g.play_walk(0, OWN(2), &w, &mut Told::default()));
    assert_eq!((g.trolley[0], g.winner), (2, Some(0)));
}

#[test]
fn two_players_move_two_baskets_that_share_one_trolley() {
    let t = Table::new(&sample());
    let mut g = Game::new(&t, &race(2));
    let owners: Vec<u8> = g.baskets.iter().map(|b| b.owner).collect();
    assert_eq!(owners, [0, 0, 1, 1]);
    assert_eq!(g.counter, 7, "2 x 4 counters - 1");
    g.trolley[0] = 1;
    g.baskets[1].at = at(1, 8);
    g.baskets[1].carried = 1;
    assert!(g.play_walk(1, OWN(1), &walk(&[at(2, 8)]), &mut Told::default()));
    assert_eq!(g.winner, Some(0));
}

#[test]
fn one_roll_per_pass_of_the_tp_square_and_another_by_going_round_again() {
    let t = Table::new(&sample());
    let mut g = Game::new(&t, &race(3));
    g.baskets[0].at = at(4, 3);
    let round = walk(&[at(4, 2), at(5, 2), at(5, 3), at(4, 3), at(4, 2)]);
    assert!(g.all_walks(0, OWN(5)).contains(&round));
    assert_eq!(g.outcome(0, &round, 2).carried, 2);
    assert_eq!(g.outcome(0, &round, 1).carried, 1, "taking is a choice");
    g.counter = 1;
    assert_eq!(g.outcome(0, &round, 2).carried, 1, "no more than the counter holds");
}

#[test]
fn movement_is_counted_at_the_start_of_the_turn() {
    let t = Table::new(&sample());
    let mut g = Game::new(&t, &race(3));
    g.baskets[0].at = at(5, 2);
    g.baskets[0].carried = 1;
    // Sanitiser (red 6) takes a second roll; the blue 6 still moves 6 squares,
    // as counted with one roll at the start of the turn.
    let mut told = Told {
        walks: VecDeque::from([vec![at(4, 2), at(4, 3), at(5, 3)]]),
        rolls: 1,
        ..Told::default()
    };
    g.turn_with(6, 6, &mut told);
    assert_eq!(g.baskets[0].carried, 2);
    let longest = told.offered[1].iter().map(|w| w.steps().len()).max();
    assert_eq!(longest, Some(6));
}

#[test]
fn rolls_carried_shorten_the_move() {
    let t = Table::new(&sample());
    let mut g = Game::new(&t, &race(3));
    g.baskets[0].at = at(5, 4);
    g.baskets[0].carried = 2;
    let mut told = Told::default();
    g.turn_with(3, 6, &mut told);
    let longest = told.offered[0].iter().map(|w| w.steps().len()).max();
    assert_eq!(longest, Some(3), "two rolls: half of 6");
}

#[test]
fn the_virus_captures_by_ending_on_a_basket_and_the_rolls_stay_on_the_square() {
    let t = Table::new(&sample());
    let mut g = Game::new(&t, &race(3));
    g.baskets[1].at = at(1, 5);
    g.baskets[1].carried = 1;
    assert!(g.hazard_ends(Hazard::Virus).contains(&at(1, 5)));
    let mut told = Told {
        hazard_to: Some(at(1, 5)),
        ..Told::default()
    };
    g.event(0, 1, &mut told);
    assert_eq!(g.baskets[1].at, BATHROOM);
    assert_eq!(g.baskets[1].carried, 0);
    assert_eq!(g.hazards[0], BATHROOM, "the Virus goes home with its catch");
    assert_eq!(g.lying, vec![(at(1, 5), 1)]);
    // The next basket over that square picks all of it up.
    g.baskets[2].at = at(1, 4);
    assert!(g.play_walk(2, OWN(2), &walk(&[at(1, 5), at(1, 6)]), &mut told));
    assert_eq!((g.baskets[2].carried, g.lying.len()), (1, 0));
}

#[test]
fn the_virus_and_the_dog_move_exactly_three_never_onto_objects_or_the_others_room() {
    let t = Table::new(&sample());
    let mut g = Game::new(&t, &race(3));
    for (h, place) in [(Hazard::Virus, at(4, 4)), (Hazard::Dog, at(6, 4))] {
        g.hazards[h as usize] = place;
        for &end in g.hazard_ends(h) {
            assert!(!t.is_object(end), "{h:?} ends on an object");
            assert_ne!(end, [YARD, BATHROOM][h as usize], "{h:?} enters the other room");
            if end < BATHROOM {
                assert_eq!((Table::manhattan(place, end)) % 2, 1, "an odd number of squares");
            }
        }
    }
    // The Dog runs from its yard out of the back door and on.
    g.hazards[1] = YARD;
    let ends = g.hazard_ends(Hazard::Dog);
    assert!(ends.contains(&at(8, 3)) && ends.contains(&at(6, 1)) && ends.contains(&at(7, 2)));
    assert!(!g.move_hazard(Hazard::Dog, at(8, 2)), "two squares is not a move");
}

#[test]
fn moved_onto_the_virus_by_social_distance_you_go_to_the_bathroom_with_your_rolls() {
    let t = Table::new(&sample());
    let mut g = Game::new(&t, &race(3));
    g.hazards[0] = at(4, 4);
    g.baskets[1].at = at(4, 5);
    g.baskets[1].carried = 1;
    let mut told = Told {
        social: Some((1, at(4, 4))),
        ..Told::default()
    };
    g.event(0, 3, &mut told);
    assert_eq!((g.baskets[1].at, g.baskets[1].carried), (BATHROOM, 0));
    assert_eq!(g.room_tp, [1, 0]);
    assert_eq!(g.hazards[0], BATHROOM, "the Virus goes home with it");
    // The Virus is home: a 3 does not get you out, a 1 does, and the
    // rolls in the room go with the first basket out.
    g.movement(1, 3, 3, &mut Told::default());
    assert_eq!(g.baskets[1].at, BATHROOM);
    g.movement(1, 1, 1, &mut Told::default());
    assert_eq!(
        (g.baskets[1].at, g.baskets[1].carried, g.room_tp),
        (at(1, 3), 1, [0, 0])
    );
}

/// Ruling (version 5): landing on the Virus or the Dog, by your own move or
/// pushed by a Sneeze, takes the piece home with you.
#[test]
fn a_basket_that_lands_on_the_virus_or_is_pushed_onto_the_dog_takes_it_home() {
    let t = Table::new(&sample());
    let mut g = Game::new(&t, &race(3));
    g.baskets[0].at = at(4, 3);
    g.hazards[0] = at(5, 3);
    assert!(g.play_walk(0, OWN(1), &walk(&[at(5, 3)]), &mut Told::default()));
    assert_eq!((g.baskets[0].at, g.hazards[0]), (BATHROOM, BATHROOM));
    g.movement(0, 4, 4, &mut Told::default());
    assert_eq!(
        g.baskets[0].at, BATHROOM,
        "the room is occupied: only a 1 or 6 gets out"
    );
    // Pushed over the Dog by a Sneeze: captured, and the Dog goes home too.
    g.hazards[1] = at(5, 6);
    g.baskets[1].at = at(5, 3);
    g.baskets[2].at = at(5, 4);
    let mut told = Told {
        push_to: Some(at(5, 6)),
        ..Told::default()
    };
    let sneeze = g
        .walks(1, OWN(1))
        .iter()
        .find(|w| w.sneeze == Some(2))
        .copied()
        .expect("a Sneeze on landing");
    let pushed = g.walks(2, WalkKind::Pushed { into_rooms: false });
    assert!(
        pushed.iter().any(|w| w.steps() == [at(5, 5), at(5, 6)]),
        "pushed onto the Dog"
    );
    drop(pushed);
    assert!(g.play_walk(1, OWN(1), &sneeze, &mut told));
    assert_eq!((g.baskets[2].at, g.hazards[1]), (YARD, YARD));
}

/// Rules sheet, Toilet paper: with the Virus on the TP square, stepping
/// there takes the basket to the bathroom and no roll from the counter.
#[test]
fn stepping_onto_the_virus_on_the_tp_square_takes_no_roll() {
    let t = Table::new(&sample());
    let mut g = Game::new(&t, &race(3));
    let counter = g.counter;
    g.baskets[0].at = at(4, 3);
    g.hazards[0] = at(4, 2);
    assert!(g.play_walk(0, OWN(1), &walk(&[at(4, 2)]), &mut Told::default()));
    assert_eq!((g.baskets[0].at, g.hazards[0]), (BATHROOM, BATHROOM));
    assert_eq!((g.counter, g.baskets[0].carried), (counter, 0), "no roll taken");
}

/// Versions 3 and 4 boards were kept by games played before the version 5
/// rulings: making them again plays by those, so their codes keep their boards.
#[test]
fn boards_of_versions_3_and_4_are_rated_by_the_rulings_they_were_made_with() {
    assert_eq!(Rulings::of_version(4), Rulings::BEFORE_V5);
    assert_eq!(Rulings::of_version(3), Rulings::BEFORE_V5);
    assert_eq!(Rulings::of_version(5), Rulings::V5);
    assert_eq!(Rulings::of_version(super::super::VERSION), Rulings::CURRENT);
    let t = Table::new(&sample());
    let old = Params { version: 4, ..race(3) };
    let mut g = Game::new(&t, &old);
    g.baskets[0].at = at(4, 3);
    g.hazards[0] = at(5, 3);
    assert!(g.play_walk(0, OWN(1), &walk(&[at(5, 3)]), &mut Told::default()));
    assert_eq!(
        (g.baskets[0].at, g.hazards[0]),
        (BATHROOM, at(5, 3)),
        "the Virus stayed out"
    );
    g.movement(0, 4, 4, &mut Told::default());
    assert_eq!(g.baskets[0].at, at(1, 3), "out on any roll");
    let t = Table::new(&cornered());
    let mut g = Game::new(&t, &old);
    g.baskets[0].at = at(1, 1);
    g.hazards[0] = at(1, 4);
    assert!(g.walks(0, OWN(6)).is_empty(), "no walk of 6: the basket stayed put");
}

/// The sample board with walls closing off column 1 from row 1 to row 3.
fn cornered() -> Board {
    let mut b = sample();
    for (a, c) in [((1, 1), (2, 1)), ((1, 2), (2, 2)), ((1, 3), (2, 3))] {
        b.walls.insert(super::super::edge(cell(a.0, a.1), cell(c.0, c.1)));
    }
    b
}

/// Ruling (version 5): a basket that cannot use its whole roll makes the
/// longest legal walk it can; here the Virus blocks the only way on.
#[test]
fn a_basket_that_cannot_use_its_whole_roll_makes_the_longest_legal_walk() {
    let t = Table::new(&cornered());
    let mut g = Game::new(&t, &race(3));
    g.baskets[0].at = at(1, 1);
    g.hazards[0] = at(1, 4);
    let walks = g.walks(0, OWN(6));
    assert_eq!(&walks[..1], &[walk(&[at(1, 2), at(1, 3)])]);
    drop(walks);
    // A roll of 3 ends on the Virus: a whole roll, and a capture.
    assert!(ends(&g, 0, OWN(3)).contains(&at(1, 4)));
    // Pushed 3 squares with the Virus in the way: as far as it can go.
    g.baskets[0].at = at(1, 2);
    g.hazards[0] = at(2, 5);
    let pushed = g.walks(0, WalkKind::Pushed { into_rooms: false });
    assert!(pushed.iter().all(|w| w.steps().len() == 3), "{:?}", &pushed[..]);
    g.hazards[0] = at(1, 4);
    let pushed = g.walks(0, WalkKind::Pushed { into_rooms: false });
    assert!(
        pushed.iter().any(|w| w.end() == Some(at(1, 4))),
        "pushed onto the Virus: captured"
    );
    g.baskets[0].at = at(1, 1);
    g.hazards = [at(1, 3), YARD];
    let w = g.walks(0, WalkKind::Own { steps: 3, free: true });
    assert!(
        w.iter().any(|w| w.steps() == [at(1, 2)]),
        "one square before the Virus: {:?}",
        &w[..]
    );
}

/// Ruling (version 6): where no walk uses the whole roll, a walk one square
/// longer that ends on the Virus or the Dog is offered beside the longest
/// walks; the player chooses. Boards of version 5 offer only the longest.
#[test]
fn where_no_walk_uses_the_whole_roll_a_walk_onto_the_virus_is_offered_too() {
    let t = Table::new(&cornered());
    let mut g = Game::new(&t, &race(3));
    g.baskets[0].at = at(1, 1);
    g.hazards[0] = at(1, 4);
    let longest = walk(&[at(1, 2), at(1, 3)]);
    let onto = walk(&[at(1, 2), at(1, 3), at(1, 4)]);
    assert_eq!(&g.walks(0, OWN(6))[..], &[longest, onto]);
    assert_eq!(g.all_walks(0, OWN(5)), vec![longest, onto]);
    let mut told = Told {
        walks: VecDeque::from([vec![at(1, 4)]]),
        ..Told::default()
    };
    g.movement(0, 6, 6, &mut told);
    assert_eq!(
        (g.baskets[0].at, g.hazards[0]),
        (BATHROOM, BATHROOM),
        "captured, by choice"
    );
    // Hemmed in by the Virus next to it: standing, or onto the Virus.
    g.baskets[0].at = at(1, 1);
    g.hazards[0] = at(1, 2);
    assert_eq!(&g.walks(0, OWN(4))[..], &[Walk::STAY, walk(&[at(1, 2)])]);
    let mut told = Told::default();
    g.movement(0, 4, 4, &mut told);
    assert_eq!(g.baskets[0].at, at(1, 1), "the player chose to stand");
    // Version 5: only the longest walk; a hemmed-in basket stands.
    let mut old = Game::new(&t, &Params { version: 5, ..race(3) });
    old.baskets[0].at = at(1, 1);
    old.hazards[0] = at(1, 4);
    assert_eq!(&old.walks(0, OWN(6))[..], &[longest]);
    old.hazards[0] = at(1, 2);
    assert!(old.walks(0, OWN(4)).is_empty());
}

/// Ruling: a blocked basket moves as far as it can, even if its only way
/// is onto an object; it stands only when it cannot move at all. A Sanitiser
/// move off an object is free of the 1-square limit, but a step along the
/// object still ends the move there.
#[test]
fn a_basket_whose_only_way_is_onto_an_object_steps_onto_it() {
    let mut b = sample();
    // (2, 2) walled in on three sides: its only way on is the unit below it.
    for (a, c) in [((2, 2), (1, 2)), ((2, 2), (3, 2)), ((2, 2), (2, 1))] {
        b.walls.insert(super::super::edge(cell(a.0, a.1), cell(c.0, c.1)));
    }
    let t = Table::new(&b);
    let mut g = Game::new(&t, &race(3));
    g.baskets[0].at = at(2, 2);
    assert_eq!(&g.walks(0, OWN(4))[..], &[walk(&[at(2, 3)])], "onto the unit, no standing");
    g.baskets[0].at = at(2, 3);
    let free = g.walks(0, WalkKind::Own { steps: 3, free: true });
    assert!(free.iter().any(|w| w.steps().len() == 3), "off the unit: 3 squares");
    let along: Vec<_> = free.iter().filter(|w| w.steps()[0] == at(3, 3)).collect();
    assert_eq!(along, [&walk(&[at(3, 3)])], "along the unit: one square, then the move ends");
}

/// Ruling (version 6): Sanitiser is a "may" (text section 14): the player
/// may let the basket stand. Boards of version 5 were rated with it compulsory.
#[test]
fn sanitiser_is_a_choice() {
    let t = Table::new(&sample());
    let mut g = Game::new(&t, &race(3));
    g.baskets[0].at = at(5, 5);
    let mut told = Told {
        no_sanitiser: true,
        ..Told::default()
    };
    g.event(0, 6, &mut told);
    assert_eq!((g.baskets[0].at, told.sanitiser_asked), (at(5, 5), 1));
    assert_eq!((g.sanitiser_moves, g.sanitiser_declined), (1, 1));
    let mut told = Told::default();
    g.event(0, 6, &mut told);
    assert_ne!(g.baskets[0].at, at(5, 5));
    // A captured basket may stay in its room too.
    g.baskets[0].at = BATHROOM;
    g.event(
        0,
        6,
        &mut Told {
            no_sanitiser: true,
            ..Told::default()
        },
    );
    assert_eq!(g.baskets[0].at, BATHROOM);
    // Version 5 boards: the move was compulsory, and the player not asked.
    let mut old = Game::new(&t, &Params { version: 5, ..race(3) });
    old.baskets[0].at = at(5, 5);
    let mut told = Told {
        no_sanitiser: true,
        ..Told::default()
    };
    old.event(0, 6, &mut told);
    assert_ne!(old.baskets[0].at, at(5, 5));
    assert_eq!(told.sanitiser_asked, 0);
}

/// Ruling (version 6): "never back onto the square just left" holds for the
/// whole turn: after a Sanitiser move the movement part's first step does
/// not return to the square that move left last. From every shop square.
#[test]
fn no_step_straight_back_after_a_sanitiser_move() {
    let board = sample();
    let t = Table::new(&board);
    let mut tried = 0;
    for c in crate::games::panic_buy::GRID.cells() {
        if board.tile(c) != Tile::Shop {
            continue;
        }
        for blue in 1..=6 {
            let mut g = Game::new(&t, &race(3));
            g.baskets[0].at = pos(c);
            let mut told = Told::default();
            g.turn_with(6, blue, &mut told);
            let Some(sanitised) = told.offered[0].first() else {
                continue;
            };
            let steps = sanitised.steps();
            let left = if steps.len() > 1 {
                steps[steps.len() - 2]
            } else {
                pos(c)
            };
            let Some(movement) = told.offered.get(1) else {
                continue;
            };
            assert!(
                movement.iter().all(|w| w.steps().first() != Some(&left)),
                "from {c}, blue {blue}: {:?} then {movement:?}",
                sanitised.steps()
            );
            // The square left is one step away: without the ruling it is offered.
            let mut fresh = Game::new(&t, &race(3));
            fresh.baskets[0].at = sanitised.end().unwrap();
            if !t.is_object(fresh.baskets[0].at) {
                assert!(
                    fresh
                        .all_walks(0, OWN(allowance(blue, 0)))
                        .iter()
                        .any(|w| w.steps().first() == Some(&left))
                        || fresh.all_walks(0, OWN(blue)).is_empty(),
                    "from {c}"
                );
            }
            tried += 1;
        }
    }
    assert!(tried > 200, "{tried}");
}

/// Ruling: the Sneeze stockpile is the printed Sneeze cards: when it is
/// empty, stopping on an object earns none until a Sneeze is returned.
#[test]
fn an_empty_stockpile_earns_no_sneeze_until_one_is_returned() {
    let t = Table::new(&sample());
    let mut g = Game::new(&t, &race(3));
    assert_eq!(g.stockpile, crate::games::panic_buy::SNEEZE_STOCKPILE);
    g.stockpile = 0;
    g.baskets[0].at = at(6, 4);
    assert!(g.play_walk(0, OWN(4), &walk(&[at(7, 4)]), &mut Told::default()));
    assert_eq!((g.sneezes[0], g.stockpile), (1, 0), "none to take");
    // Player 1 spends a Sneeze: it goes back to the stockpile.
    g.baskets[1].at = at(5, 3);
    g.baskets[2].at = at(5, 4);
    let sneeze = g
        .walks(1, OWN(4))
        .iter()
        .find(|w| w.sneeze == Some(2))
        .copied()
        .expect("a Sneeze on landing");
    let mut told = Told {
        push_to: Some(at(5, 7)),
        ..Told::default()
    };
    assert!(g.play_walk(1, OWN(4), &sneeze, &mut told));
    assert_eq!((g.sneezes[1], g.stockpile), (0, 1));
    assert_eq!(g.baskets[2].at, at(5, 7));
    assert!(g.play_walk(0, OWN(4), &walk(&[at(7, 5)]), &mut Told::default()));
    assert_eq!((g.sneezes[0], g.stockpile), (1, 1), "moving along an object earns none");
    g.baskets[0].at = at(8, 5);
    assert!(g.play_walk(0, OWN(4), &walk(&[at(7, 5)]), &mut Told::default()));
    assert_eq!((g.sneezes[0], g.stockpile), (2, 0));
}

/// Ruling: the Virus (the Dog) leaving its room steps onto the square outside
/// the door first: that is one of its three squares.
#[test]
fn leaving_its_room_the_virus_first_steps_onto_the_square_outside_the_door() {
    let t = Table::new(&sample());
    let g = Game::new(&t, &race(3));
    let ends = g.hazard_ends(Hazard::Virus);
    assert!(ends.contains(&at(1, 5)) && ends.contains(&at(1, 1)), "{ends:?}");
    for &end in ends {
        let steps_from_door = Table::manhattan(at(1, 3), end);
        assert_eq!(steps_from_door, 2, "door square, then two more: {end}");
    }
}

/// Ruling: moved onto an object by someone else earns a Sneeze, as stopping there does.
#[test]
fn moved_onto_an_object_by_a_sneeze_or_social_distance_earns_a_sneeze() {
    let t = Table::new(&sample());
    let mut g = Game::new(&t, &race(3));
    g.baskets[1].at = at(6, 6);
    let stock = g.stockpile;
    let mut told = Told {
        social: Some((1, at(7, 5))),
        ..Told::default()
    };
    g.event(0, 3, &mut told);
    assert_eq!(g.baskets[1].at, at(7, 5));
    assert_eq!((g.sneezes[1], g.stockpile), (2, stock - 1));
    // Pushed by a Sneeze through the glass door onto the car.
    g.baskets[2].at = at(4, 5);
    g.baskets[0].at = at(4, 4);
    let mut told = Told {
        push_to: Some(at(4, 7)),
        ..Told::default()
    };
    let sneeze = g
        .walks(0, OWN(1))
        .iter()
        .find(|w| w.sneeze == Some(2))
        .copied()
        .expect("a Sneeze on landing");
    assert!(g.play_walk(0, OWN(1), &sneeze, &mut told));
    assert_eq!((g.baskets[2].at, g.sneezes[2]), (at(4, 7), 2));
}

/// Ruling: Social distance played on a captured basket frees it: out onto
/// the square outside the door, then 3 squares, with the room's rolls.
#[test]
fn social_distance_on_a_captured_basket_frees_it() {
    let t = Table::new(&sample());
    let mut g = Game::new(&t, &race(3));
    g.baskets[1].at = BATHROOM;
    g.room_tp = [2, 0];
    let mut told = Told {
        social: Some((1, at(2, 5))),
        ..Told::default()
    };
    g.event(0, 3, &mut told);
    assert_eq!(
        (g.baskets[1].at, g.baskets[1].carried, g.room_tp),
        (at(2, 5), 2, [0, 0])
    );
    assert_eq!(g.hazards[0], BATHROOM, "the Virus stays home");
}

#[test]
fn social_distance_may_put_a_basket_into_a_room() {
    let t = Table::new(&sample());
    let mut g = Game::new(&t, &race(3));
    g.baskets[1].at = at(1, 5);
    let kind = WalkKind::Pushed { into_rooms: true };
    assert!(ends(&g, 1, kind).contains(&BATHROOM));
    assert!(!ends(&g, 1, WalkKind::Pushed { into_rooms: false }).contains(&BATHROOM));
}

#[test]
fn escaping_takes_a_1_or_6_while_the_virus_is_home_and_ends_the_move() {
    let t = Table::new(&sample());
    let mut g = Game::new(&t, &race(3));
    g.baskets[0].at = BATHROOM;
    g.movement(0, 3, 3, &mut Told::default());
    assert_eq!(g.baskets[0].at, BATHROOM, "a 3 does not get you out");
    for blue in [1, 6] {
        g.baskets[0].at = BATHROOM;
        let mut told = Told::default();
        g.movement(0, blue, blue, &mut told);
        assert_eq!(g.baskets[0].at, at(1, 3));
        assert_eq!(told.offered[0], vec![walk(&[at(1, 3)])]);
    }
}

#[test]
fn sanitiser_frees_you_and_moves_you_three_squares_even_off_an_object() {
    let t = Table::new(&sample());
    let mut g = Game::new(&t, &race(3));
    g.baskets[0].at = BATHROOM;
    let walks = g.walks(0, WalkKind::Own { steps: 3, free: true });
    assert!(!walks.is_empty());
    assert!(walks.iter().all(|w| w.steps()[0] == at(1, 3) && w.steps().len() == 4));
    g.baskets[0].at = at(2, 3); // on a unit
    let long = |g: &Game, free| {
        let kind = WalkKind::Own { steps: 3, free };
        g.walks(0, kind).iter().map(|w| w.steps().len()).max()
    };
    assert_eq!(long(&g, false), Some(1), "one square off an object");
    assert_eq!(long(&g, true), Some(3));
}

#[test]
fn stopping_on_an_object_gains_a_sneeze_but_not_moving_along_it() {
    let t = Table::new(&sample());
    let mut g = Game::new(&t, &race(3));
    g.baskets[0].at = at(6, 4);
    let stock = g.stockpile;
    assert!(g.play_walk(0, OWN(4), &walk(&[at(7, 4)]), &mut Told::default()));
    assert_eq!((g.sneezes[0], g.stockpile), (2, stock - 1));
    assert!(g.play_walk(0, OWN(4), &walk(&[at(7, 5)]), &mut Told::default()));
    assert_eq!(g.sneezes[0], 2, "moving within an object");
}

#[test]
fn a_sneeze_takes_every_roll_pushes_the_basket_three_and_ends_the_move() {
    let t = Table::new(&sample());
    let mut g = Game::new(&t, &race(3));
    g.baskets[0].at = at(5, 3);
    g.baskets[1].at = at(5, 4);
    g.baskets[1].carried = 2;
    let walks = g.walks(0, OWN(4));
    let sneeze = walks
        .iter()
        .find(|w| w.sneeze == Some(1))
        .copied()
        .expect("a sneeze on landing, forfeiting the rest of the move");
    assert_eq!(sneeze.end(), Some(at(5, 4)));
    assert!(sneeze.steps().len() < 4);
    let stock = g.stockpile;
    let mut told = Told {
        push_to: Some(at(5, 7)),
        ..Told::default()
    };
    assert!(g.play_walk(0, OWN(4), &sneeze, &mut told));
    assert_eq!((g.baskets[0].carried, g.sneezes[0], g.stockpile), (2, 0, stock + 1));
    assert_eq!((g.baskets[1].at, g.baskets[1].carried), (at(5, 7), 0));
    // No Sneeze card, no sneeze; and nobody is robbed on an object.
    assert!(g.walks(0, OWN(4)).iter().all(|w| w.sneeze.is_none()));
    g.sneezes[0] = 1;
    g.baskets[1].at = at(7, 4);
    g.baskets[0].at = at(6, 4);
    assert!(g.walks(0, OWN(2)).iter().all(|w| w.sneeze.is_none()));
}

#[test]
fn a_sneezed_basket_pushed_over_the_dog_is_captured() {
    let t = Table::new(&sample());
    let mut g = Game::new(&t, &race(3));
    g.hazards[1] = at(5, 6);
    g.baskets[1].at = at(5, 4);
    let pushed = g.walks(1, WalkKind::Pushed { into_rooms: false });
    let over = pushed
        .iter()
        .find(|w| w.steps() == [at(5, 5), at(5, 6)])
        .expect("a push onto the Dog");
    let o = g.outcome(1, over, 0);
    assert_eq!(o.captured, Some(YARD));
}

#[test]
fn the_engine_refuses_illegal_walks() {
    let t = Table::new(&sample());
    let mut g = Game::new(&t, &race(3));
    g.baskets[0].at = at(4, 3);
    g.hazards[0] = at(5, 3);
    let mut told = Told::default();
    let before = g.clone().baskets;
    for (why, w) in [
        ("too short", walk(&[at(4, 4)])),
        ("straight back", walk(&[at(4, 4), at(4, 3)])),
        ("over the Virus", walk(&[at(5, 3), at(6, 3)])),
        ("over an object", walk(&[at(3, 3), at(2, 3)])),
        ("through the counter", walk(&[at(4, 2), at(4, 1)])),
        ("not a step", walk(&[at(6, 6), at(6, 7)])),
    ] {
        let steps = w.steps().len() as u8;
        assert!(!g.play_walk(0, OWN(steps.max(2)), &w, &mut told), "{why}");
    }
    g.baskets[0].at = at(1, 6);
    assert!(!g.play_walk(0, OWN(1), &walk(&[at(1, 7)]), &mut told), "through a wall");
    g.baskets[0].at = at(4, 3);
    assert_eq!(g.baskets, before);
}

#[test]
fn a_basket_may_end_on_the_virus_but_never_pass_over_it() {
    let t = Table::new(&sample());
    let mut g = Game::new(&t, &race(3));
    g.baskets[0].at = at(4, 3);
    g.hazards[0] = at(5, 3);
    assert!(ends(&g, 0, OWN(1)).contains(&at(5, 3)));
    let passes = |w: &Walk| w.steps()[..w.steps().len() - 1].contains(&at(5, 3));
    assert!(!g.all_walks(0, OWN(3)).iter().any(passes));
    let o = g.outcome(0, &walk(&[at(5, 3)]), 0);
    assert_eq!(o.captured, Some(BATHROOM));
}

#[test]
fn hoard_mode_ends_when_no_paper_is_left_and_a_draw_adds_a_roll() {
    let t = Table::new(&sample());
    let p = Params {
        players: 4,
        mode: Mode::Hoard,
        ..Params::default()
    };
    let mut g = Game::new(&t, &p);
    assert_eq!((g.team(0), g.team(1), g.team(2), g.team(3)), (0, 1, 0, 1));
    g.counter = 0;
    g.trolley = vec![1, 1, 1, 1];
    g.check_hoard_over();
    assert_eq!((g.winner, g.counter), (None, 1), "a draw puts one more roll out");
    g.counter = 0;
    g.trolley = vec![2, 1, 1, 1];
    g.baskets[1].carried = 1;
    g.check_hoard_over();
    assert_eq!(g.winner, None, "a roll is still carried");
    g.baskets[1].carried = 0;
    g.check_hoard_over();
    assert_eq!(g.winner, Some(0));
}

/// The engine's basket moves agree with the move generator the board checks use.
#[test]
fn walks_end_where_the_move_generator_says() {
    let board = sample();
    let t = Table::new(&board);
    let mut g = Game::new(&t, &race(3));
    for c in crate::games::panic_buy::GRID.cells() {
        if board.tile(c) == Tile::Counter {
            continue;
        }
        g.baskets[0].at = pos(c);
        for steps in 1..=6 {
            let engine = ends(&g, 0, OWN(steps));
            let moves: BTreeSet<Pos> = board
                .basket_moves(c, steps, &Hazards::default(), false)
                .into_iter()
                .filter_map(|p| match p {
                    Place::Square(x) => Some(pos(x)),
                    _ => None,
                })
                .collect();
            assert_eq!(engine, moves, "from {c} with {steps}");
        }
    }
}

#[test]
fn whole_games_finish_and_ratings_reproduce_from_the_seed() {
    for (players, mode) in EVERY_MODE {
        let p = Params {
            players,
            mode,
            ..Params::default()
        };
        for i in 0..4 {
            let seed = Seed::new(&i.to_string()).unwrap();
            let board = super::super::generate_for_seed(&p, &seed).unwrap();
            let r = super::super::rate(&board, &p, &seed, 60);
            assert_eq!(r.stalled, 0, "{players} {mode:?} board {i}");
            assert!(r.median_rounds >= 3 && r.p90_rounds >= r.median_rounds);
            assert_eq!(r, super::super::rate(&board, &p, &seed, 60));
        }
    }
}

/// What walk `w` of basket `b` does, worked out from its steps alone.
fn effect_of(g: &Game, b: usize, w: &Walk) -> u64 {
    let passes = w.steps().iter().fold(0, |passes, &p| g.passes_after(passes, p));
    let (steps, at) = (w.steps(), g.baskets[b].at);
    let before_end = if steps.len() < 2 { at } else { steps[steps.len() - 2] };
    g.effect_key(passes, before_end, w.end().unwrap_or(at), w.sneeze.map(usize::from))
}

/// Every legal path of basket `b`, by the rules read step by step in a
/// plain depth-first search (first step first): what [`Game::all_walks`]
/// lists by following its tree of ways.
fn every_path(g: &Game, b: usize, kind: WalkKind) -> Vec<Walk> {
    let t = g.table;
    let basket = &g.baskets[b];
    let pushed = matches!(kind, WalkKind::Pushed { .. });
    let steps = match kind {
        WalkKind::Own { steps, free } if t.is_object(basket.at) && !free => steps.min(1),
        WalkKind::Own { steps, .. } => steps,
        WalkKind::Pushed { .. } => 3,
    };
    let (start, prev, first) = match g.in_room(b) {
        Some(room) if g.hazards.contains(&t.doors[room]) => return Vec::new(),
        Some(room) if kind == OWN(steps) => return vec![walk(&[t.doors[room]])],
        Some(room) => (t.doors[room], basket.at, walk(&[t.doors[room]])),
        None => match g.left_last {
            Some((moved, left)) if moved == b && !pushed && g.rulings.no_back_all_turn => (basket.at, left, Walk::STAY),
            _ => (basket.at, NOWHERE, Walk::STAY),
        },
    };
    let armed = !pushed && g.sneezes[basket.owner as usize] > 0;
    let mut found = Vec::new();
    /// Lists into `found`; gives the most steps any legal walk took.
    #[allow(clippy::too_many_arguments)]
    fn go(
        g: &Game,
        b: usize,
        kind: WalkKind,
        armed: bool,
        w: Walk,
        at: Pos,
        prev: Pos,
        left: u8,
        found: &mut Vec<Walk>,
    ) -> u8 {
        if left == 0 {
            found.push(w);
            return 0;
        }
        let mut most = 0;
        let t = g.table;
        let mut next: Vec<Pos> = t.basket[at as usize].all().to_vec();
        if kind == (WalkKind::Pushed { into_rooms: true }) {
            next.extend(
                [BATHROOM, YARD]
                    .into_iter()
                    .zip(t.doors)
                    .filter(|&(_, d)| d == at)
                    .map(|(r, _)| r),
            );
        }
        for n in next.into_iter().filter(|&n| n != prev) {
            let w = w.push(n);
            let hazard = n < BATHROOM && g.hazards.contains(&n);
            if is_room(n) || t.is_object(n) {
                found.push(w); // into a room, or onto an object: the move ends
                most = most.max(1);
            } else if hazard {
                if matches!(kind, WalkKind::Pushed { .. }) || left == 1 {
                    found.push(w);
                    most = most.max(1);
                }
            } else {
                for (v, x) in g.baskets.iter().enumerate() {
                    if armed && x.at == n && x.owner != g.baskets[b].owner {
                        found.push(Walk {
                            sneeze: Some(v as u8),
                            ..w
                        });
                    }
                }
                most = most.max(1 + go(g, b, kind, armed, w, n, at, left - 1, found));
            }
        }
        most
    }
    let most = go(g, b, kind, armed, first, start, prev, steps, &mut found);
    let from_room = !first.steps().is_empty();
    if g.rulings.longest_walk && most < steps && (most > 0 || from_room) {
        // No walk of the whole roll: the longest legal walks.
        found.clear();
        go(g, b, kind, armed, first, start, prev, most, &mut found);
    }
    if g.rulings.longest_walk && g.rulings.fallback_onto_pieces && most < steps && !pushed {
        // And those one step longer that end on the Virus or the Dog.
        let mut longer = Vec::new();
        go(g, b, kind, armed, first, start, prev, most + 1, &mut longer);
        longer.retain(|w| w.end().is_some_and(|e| e < BATHROOM && g.hazards.contains(&e)));
        if found.is_empty() && !from_room && !longer.is_empty() {
            found.push(Walk::STAY);
        }
        found.extend(longer);
    }
    found
}

#[test]
fn the_walks_offered_are_the_first_path_of_each_effect_in_the_order_found_and_do_what_their_steps_do() {
    let kinds = (1..=6)
        .flat_map(|steps| [false, true].map(|free| WalkKind::Own { steps, free }))
        .chain([false, true].map(|into_rooms| WalkKind::Pushed { into_rooms }));
    let kinds: Vec<WalkKind> = kinds.collect();
    let mut compared = 0;
    let mut plain_known = 0;
    for (players, mode) in EVERY_MODE {
        let p = Params {
            players,
            mode,
            ..Params::default()
        };
        let seed = Seed::new("walks").unwrap();
        let board = super::super::generate_for_seed(&p, &seed).unwrap();
        let t = Table::new(&board);
        for game in 0..3 {
            let mut g = Game::new(&t, &p);
            let mut policy = super::super::policy::Greedy::new(&seed, game, p.version);
            let mut dice = seed.stream("walks", game);
            while !g.over() {
                for b in 0..g.baskets.len() {
                    for &kind in &kinds {
                        let mut effects = Vec::new();
                        let mut first = g.all_walks(b, kind);
                        assert_eq!(first, every_path(&g, b, kind), "basket {b} {kind:?} in {g:?}");
                        first.retain(|w| {
                            let effect = effect_of(&g, b, w);
                            let new = !effects.contains(&effect);
                            effects.push(effect);
                            new
                        });
                        let listed = g.walks(b, kind);
                        assert_eq!(&listed[..], &first[..], "basket {b} {kind:?} in {g:?}");
                        compared += 1;
                        // What the listing knew of a walk changes none of its effects.
                        for w in listed.iter() {
                            let mut unknown = walk(w.steps());
                            unknown.sneeze = w.sneeze;
                            plain_known += w.all_plain as u32;
                            for wanted in [0, 3] {
                                assert_eq!(g.outcome(b, w, wanted), g.outcome(b, &unknown, wanted), "{w:?}");
                            }
                        }
                    }
                }
                g.turn(&mut dice, &mut policy);
            }
        }
    }
    assert!(compared > 5_000, "{compared}");
    assert!(plain_known > 1_000, "{plain_known}");
}

#[test]
fn squares_within_a_distance_are_those_as_the_crow_flies() {
    let p = Params::default();
    let board = super::super::generate_for_seed(&p, &Seed::new("within").unwrap()).unwrap();
    let t = Table::new(&board);
    for a in 0..SQUARES as Pos {
        for d in [2, 3] {
            let expected = (0..SQUARES as Pos)
                .filter(|&b| Table::manhattan(a, b) <= d)
                .fold(0u64, |m, b| m | 1 << b);
            assert_eq!(t.within(a, d), expected, "{a} {d}");
        }
    }
}

/// Social distance is a "may", and it moves a basket on the board (or in
/// the bathroom or yard), never one still waiting on the road (from
/// version 7; version 6 boards were rated with road baskets movable).
#[test]
fn social_distance_is_a_choice_and_moves_no_basket_on_the_road() {
    let t = Table::new(&sample());
    let mut g = Game::new(&t, &race(3));
    g.baskets[1].at = at(4, 4);
    // Declined: nobody moves.
    g.event(0, 3, &mut Told::default());
    assert_eq!((g.baskets[1].at, g.baskets[2].at), (at(4, 4), ROAD));
    // Offered: the basket on the board only, not basket 2 on the road.
    struct Seen(Vec<usize>);
    impl Policy for Seen {
        fn basket(&mut self, _: &Game, _: &[usize], _: u8, _: u8) -> usize {
            0
        }
        fn walk(&mut self, _: &Game, _: usize, _: &[Walk]) -> usize {
            0
        }
        fn push(&mut self, _: &Game, _: usize, _: &[Walk]) -> usize {
            0
        }
        fn social(&mut self, _: &Game, options: &[(usize, Walk)]) -> Option<usize> {
            self.0 = options.iter().map(|(v, _)| *v).collect();
            None
        }
        fn hazard(&mut self, _: &Game, _: Hazard, _: &[Pos]) -> usize {
            0
        }
        fn rolls_wanted(&self, _: &Game, _: usize) -> u32 {
            0
        }
    }
    let mut seen = Seen(Vec::new());
    g.event(0, 3, &mut seen);
    assert!(!seen.0.is_empty() && seen.0.iter().all(|&v| v == 1), "{:?}", seen.0);
    // Version 6's rulings offered the basket on the road too.
    g.rulings = Rulings::V6;
    g.event(0, 3, &mut seen);
    assert!(seen.0.contains(&2));
    assert_eq!(Rulings::of_version(6), Rulings::V6);
}

/// Once the Virus has left the bathroom, a basket there steps out onto the
/// square outside the door on any roll, and that ends its movement part.
#[test]
fn stepping_out_of_a_room_once_its_piece_has_left_ends_the_move() {
    let t = Table::new(&sample());
    let mut g = Game::new(&t, &race(3));
    g.baskets[0].at = BATHROOM;
    g.hazards[0] = at(6, 4);
    for blue in 2..=5 {
        g.baskets[0].at = BATHROOM;
        let mut told = Told::default();
        g.movement(0, blue, blue, &mut told);
        assert_eq!(g.baskets[0].at, at(1, 3), "blue {blue}");
        assert_eq!(
            told.offered,
            vec![vec![walk(&[at(1, 3)])]],
            "blue {blue}: no step further"
        );
    }
}

/// As the rules sheet prints it: stepping out of a room onto a square counts
/// as stopping on it (toilet paper lying there is picked up) but lands on
/// nobody (no Sneeze on a basket outside the door).
#[test]
fn stepping_out_of_a_room_picks_up_paper_but_sneezes_on_nobody() {
    let t = Table::new(&sample());
    let mut g = Game::new(&t, &race(3));
    g.baskets[0].at = BATHROOM;
    g.sneezes[0] = 1;
    g.baskets[1].at = at(1, 3);
    g.baskets[1].carried = 1;
    g.lying.push((at(1, 3), 2));
    let mut told = Told::default();
    g.movement(0, 6, 6, &mut told);
    assert_eq!(told.offered, vec![vec![walk(&[at(1, 3)])]], "no Sneeze on stepping out");
    assert_eq!((g.baskets[0].carried, g.baskets[1].carried), (2, 1));
}

/// As the rules sheet prints it: the Virus's 3 squares ignore baskets and
/// the Dog (it passes over them and may share the Dog's square), never turn
/// straight back within the move, and may end back in the bathroom.
#[test]
fn the_virus_passes_over_baskets_and_the_dog_and_may_end_at_home() {
    let t = Table::new(&sample());
    let mut g = Game::new(&t, &race(3));
    let alone: Vec<Pos> = g.hazard_ends(Hazard::Virus).to_vec();
    assert!(!alone.is_empty());
    // A basket and the Dog on the square outside the door change nothing.
    g.baskets[1].at = at(1, 3);
    g.hazards[1] = at(1, 3);
    assert_eq!(g.hazard_ends(Hazard::Virus), &alone[..]);
    // Two squares from the door, the third step may go home.
    let out = *alone.iter().find(|&&p| p < BATHROOM).expect("a square out");
    assert!(g.move_hazard(Hazard::Virus, out));
    assert!(g.hazard_ends(Hazard::Virus).contains(&BATHROOM));
}

/// As the rules sheet prints it: while the Virus or the Dog stands on the
/// square outside a door, no basket comes out of that room: not on a 1 or
/// 6, not once the piece has left, not by Sanitiser or Social distance.
#[test]
fn a_piece_on_the_square_outside_the_door_keeps_baskets_in_the_room() {
    let t = Table::new(&sample());
    for (virus, dog) in [(at(1, 3), YARD), (BATHROOM, at(1, 3))] {
        let mut g = Game::new(&t, &race(3));
        g.hazards = [virus, dog];
        g.baskets[0].at = BATHROOM;
        for blue in 1..=6 {
            g.movement(0, blue, blue, &mut Told::default());
            assert_eq!(g.baskets[0].at, BATHROOM, "blue {blue}");
        }
        g.event(0, 6, &mut Told::default());
        assert_eq!(g.baskets[0].at, BATHROOM, "Sanitiser");
        g.baskets[1].at = at(5, 3);
        let mut told = Told {
            social: Some((0, at(2, 5))),
            ..Told::default()
        };
        g.event(1, 3, &mut told);
        assert_eq!(g.baskets[0].at, BATHROOM, "Social distance");
        // Once the square is clear, the way out is open again.
        g.hazards = [at(6, 4), YARD];
        g.movement(0, 3, 3, &mut Told::default());
        assert_eq!(g.baskets[0].at, at(1, 3));
    }
}

/// As the rules sheet prints it: a basket moved by someone else does what
/// its own move would: it may take a toilet roll as it passes the TP square
/// (its owner's choice) and delivers what it carries at an arrow.
#[test]
fn a_pushed_basket_takes_a_roll_at_the_tp_square_and_delivers_at_an_arrow() {
    let t = Table::new(&sample());
    let mut g = Game::new(&t, &race(3));
    let kind = WalkKind::Pushed { into_rooms: true };
    g.baskets[1].at = at(4, 3);
    let counter = g.counter;
    let over_tp = walk(&[at(4, 2), at(5, 2), at(6, 2)]);
    let mut told = Told {
        rolls: 1,
        ..Told::default()
    };
    assert!(g.play_walk(1, kind, &over_tp, &mut told));
    assert_eq!((g.baskets[1].carried, g.counter), (1, counter - 1));
    g.baskets[2].at = at(3, 8);
    g.baskets[2].carried = 1;
    let over_arrow = walk(&[at(2, 8), at(1, 8), at(1, 7)]);
    assert!(g.play_walk(2, kind, &over_arrow, &mut told));
    assert_eq!((g.baskets[2].carried, g.trolley[2]), (0, 1));
}

/// As the rules sheet prints it: a Sneeze in the Sanitiser move ends that
/// part of the turn only; the movement part follows, from where it sneezed.
#[test]
fn a_sneeze_in_the_sanitiser_move_ends_only_that_part_of_the_turn() {
    let t = Table::new(&sample());
    let mut g = Game::new(&t, &race(3));
    g.baskets[0].at = at(5, 3);
    g.baskets[1].at = at(5, 4);
    g.baskets[1].carried = 1;
    let mut told = Told {
        walks: VecDeque::from([vec![at(5, 4)]]),
        sneeze: true,
        push_to: Some(at(5, 7)),
        ..Told::default()
    };
    g.turn_with(6, 2, &mut told);
    assert_eq!(told.offered.len(), 2, "the Sanitiser move, then the movement part");
    assert!(told.offered[1].iter().all(|w| w.steps().len() == 2), "the blue 2 in full");
    assert_eq!(g.baskets[0].carried, 1, "the stolen roll");
    assert_ne!(g.baskets[0].at, at(5, 4), "moved on after the Sneeze");
}

/// As the rules sheet prints it: the Virus and the Dog never go onto the
/// road, so a basket waiting there is never captured.
#[test]
fn the_virus_and_the_dog_never_go_onto_the_road() {
    let t = Table::new(&sample());
    let mut g = Game::new(&t, &race(3));
    for h in Hazard::BOTH {
        for from in (0..SQUARES as Pos).chain([BATHROOM, YARD]) {
            g.hazards[h as usize] = from;
            assert!(!g.hazard_ends(h).contains(&ROAD), "{h:?} from {from}");
            assert!(!g.move_hazard(h, ROAD));
        }
    }
    assert!(g.baskets.iter().all(|b| b.at == ROAD));
}
