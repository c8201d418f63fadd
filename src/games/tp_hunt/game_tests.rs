//! Each ruling of RULES.md "TP Hunt, whole games" with scripted dice.

use super::*;
use crate::games::tp_hunt::rate;
use crate::grid::cell;
use sha2::{Digest, Sha256};

fn map(size: u16, stores: &[(u16, u16)], atms: &[(u16, u16)], dangers: &[(u16, u16)]) -> Map {
    let cells = |l: &[(u16, u16)]| l.iter().map(|&(c, r)| cell(c, r)).collect();
    Map {
        grid: size,
        stores: cells(stores),
        atms: cells(atms),
        dangers: cells(dangers),
    }
}

/// A game with the cars already on their squares.
fn game(m: &Map, cars: &[(u16, u16)], switches: Switches) -> Game {
    let mut g = Game::new(m, cars.len(), switches);
    for (k, &(c, r)) in cars.iter().enumerate() {
        let i = g.grid.index(cell(c, r));
        g.cars[k].at = Some(i);
        g.cars[k].start = Some(i);
    }
    g
}

/// A player who drives to a chosen square (else the first drive listed),
/// buys `buy` or as many as allowed, and records what it was shown.
#[derive(Default)]
struct Chooser {
    to: Option<Cell>,
    buy: Option<u32>,
    shown: Vec<(u32, Vec<Drive>)>,
    offered: Vec<u32>,
}

impl Policy for Chooser {
    fn start(&mut self, _g: &Game, _player: usize, _choices: &[usize]) -> usize {
        0
    }
    fn drive(&mut self, g: &Game, _player: usize, roll: u32, drives: &[Drive]) -> usize {
        self.shown.push((roll, drives.to_vec()));
        let to = self.to.map(|c| g.grid.index(c));
        drives.iter().position(|d| Some(d.to) == to).unwrap_or(0)
    }
    fn buy(&mut self, _g: &Game, _player: usize, most: u32) -> u32 {
        self.offered.push(most);
        self.buy.unwrap_or(most)
    }
}

fn to(c: (u16, u16)) -> Chooser {
    Chooser {
        to: Some(cell(c.0, c.1)),
        ..Chooser::default()
    }
}

fn ends(g: &Game, drives: &[Drive]) -> Vec<Cell> {
    let mut v: Vec<Cell> = drives.iter().map(|d| g.cell(d.to)).collect();
    v.sort();
    v
}

#[test]
fn the_roll_is_the_most_a_car_moves_and_it_never_ends_where_it_started() {
    let m = map(12, &[(12, 12)], &[], &[]);
    let g = game(&m, &[(1, 1)], Switches::default());
    let drives = g.drives(0, 2);
    assert_eq!(
        ends(&g, &drives),
        vec![cell(1, 2), cell(1, 3), cell(2, 1), cell(2, 2), cell(3, 1)]
    );
    assert!(drives.iter().all(|d| (1..=2).contains(&d.steps) && !d.pass));
}

#[test]
fn a_car_never_drives_through_or_onto_another() {
    let m = map(12, &[(12, 12)], &[], &[]);
    let g = game(&m, &[(1, 1), (2, 1)], Switches::default());
    let at = |roll| ends(&g, &g.drives(0, roll));
    assert!(!at(3).contains(&cell(2, 1)), "onto a car");
    // (3, 1) is 2 steps past the car, 4 round it.
    assert!(!at(3).contains(&cell(3, 1)), "through a car");
    assert!(at(4).contains(&cell(3, 1)));
}

#[test]
fn law_of_the_jungle_lets_a_car_stop_on_another_but_not_pass_it() {
    let m = map(12, &[(12, 12)], &[], &[]);
    let mut g = game(
        &m,
        &[(1, 1), (2, 1)],
        Switches {
            jungle: true,
            infection: false,
        },
    );
    let d = g.drives(0, 3);
    assert!(ends(&g, &d).contains(&cell(2, 1)));
    assert!(!ends(&g, &d).contains(&cell(3, 1)));
    g.cars[0].tp = 2;
    g.cars[1].tp = 3;
    // Drive 1 onto the other car; both roll 5: the mover wins the tie and steals 1 TP.
    g.turn(&mut Scripted::new(&[1, 5, 5]), &mut to((2, 1)));
    assert_eq!((g.cars[0].tp, g.cars[1].tp), (3, 2));
    // The other car's turn: it rolls 1, drives to (3, 1), nobody there.
    g.turn(&mut Scripted::new(&[1]), &mut to((3, 1)));
    // The first car drives onto it again and loses the roll-off: 4 against 9.
    g.turn(&mut Scripted::new(&[1, 4, 9]), &mut to((3, 1)));
    assert_eq!((g.cars[0].tp, g.cars[1].tp), (2, 3));
}

#[test]
fn atd_squares_need_a_pass_for_the_turn_paid_once_and_never_on_credit() {
    // Danger at (5, 5): ATD from (4, 4) to (6, 6).
    let m = map(12, &[(12, 12)], &[], &[(5, 5)]);
    let mut g = game(&m, &[(4, 1)], Switches::default());
    let d = g.drives(0, 6);
    let through: Vec<&Drive> = d.iter().filter(|d| d.to == g.grid.index(cell(4, 7))).collect();
    // Straight down (4, 4)-(4, 6) is ATD: 6 steps with a pass; round it is longer.
    assert_eq!(through.len(), 1);
    assert!(through[0].pass && through[0].steps == 6);
    // Squares reached without ATD are offered without a pass.
    assert!(d.iter().any(|d| d.to == g.grid.index(cell(4, 3)) && !d.pass));
    g.turn(&mut Scripted::new(&[6]), &mut to((4, 7)));
    assert_eq!((g.cars[0].wallet, g.cars[0].passes), (START_WALLET - 1, 1));
    // With an empty wallet no ATD square is offered.
    g.cars[0].wallet = 0;
    let d = g.drives(0, 6);
    assert!(d.iter().all(|d| !d.pass && !g.atd[d.to]), "{d:?}");
}

#[test]
fn a_danger_centre_stops_the_car_and_costs_a_roll_if_it_has_one() {
    let m = map(12, &[(12, 12)], &[], &[(3, 3)]);
    let mut g = game(&m, &[(3, 1), (10, 10)], Switches::default());
    // Through the centre (3, 3) to (3, 5) is 4 steps; it must go round: 6.
    let d = g.drives(0, 5);
    assert!(!ends(&g, &d).contains(&cell(3, 5)));
    assert!(ends(&g, &g.drives(0, 6)).contains(&cell(3, 5)));
    // Entering the centre stops the car there and costs 1 TP.
    g.cars[0].tp = 2;
    g.turn(&mut Scripted::new(&[5]), &mut to((3, 3)));
    assert_eq!(g.cars[0].at, Some(g.grid.index(cell(3, 3))));
    assert_eq!((g.cars[0].tp, g.cars[0].tp_lost), (1, 1));
    // A car with no TP loses nothing.
    let mut g = game(&m, &[(3, 1)], Switches::default());
    g.turn(&mut Scripted::new(&[2]), &mut to((3, 3)));
    assert_eq!((g.cars[0].tp, g.cars[0].tp_lost), (0, 0));
}

#[test]
fn stores_sell_to_the_first_and_second_visitor_then_give_a_dollar() {
    let m = map(12, &[(3, 1), (12, 12)], &[], &[]);
    let mut g = game(&m, &[(1, 1), (6, 1)], Switches::default());
    g.cars[0].wallet = 6;
    // Blue 9, red 4: up to 9 rolls, $6 buys 6, 4 is written.
    let mut p = to((3, 1));
    g.turn(&mut Scripted::new(&[2, 9, 4]), &mut p);
    assert_eq!(p.offered, vec![6], "no credit: the offer is capped by the wallet");
    assert_eq!((g.cars[0].tp, g.cars[0].wallet, g.cars[0].tp_first), (6, 0, 6));
    assert_eq!(g.stock[0], Stock::Written(4));
    // The second visitor buys up to 4 (choosing 3) and the store is crossed out.
    g.cars[0].at = Some(g.grid.index(cell(1, 1)));
    let mut p = Chooser {
        to: Some(cell(3, 1)),
        buy: Some(3),
        ..Chooser::default()
    };
    g.turn(&mut Scripted::new(&[3]), &mut p);
    assert_eq!(p.offered, vec![4]);
    assert_eq!((g.cars[1].tp_second, g.cars[1].wallet), (3, 2));
    assert_eq!(g.stock[0], Stock::Depleted);
    // Later visitors find $1.
    g.cars[1].at = Some(g.grid.index(cell(6, 1)));
    g.turn(&mut Scripted::new(&[2]), &mut to((3, 2)));
    g.turn(&mut Scripted::new(&[3]), &mut to((3, 1)));
    assert_eq!(g.cars[1].wallet, 3);
    // At every later visit, by the same car too.
    g.turn(&mut Scripted::new(&[1]), &mut to((1, 2)));
    g.turn(&mut Scripted::new(&[1]), &mut to((4, 1)));
    g.turn(&mut Scripted::new(&[1]), &mut to((1, 1)));
    g.turn(&mut Scripted::new(&[1]), &mut to((3, 1)));
    assert_eq!(g.cars[1].wallet, 4);
}

#[test]
fn the_red_die_is_written_on_the_store_even_when_it_is_the_larger() {
    let m = map(12, &[(2, 1), (12, 12)], &[], &[]);
    let mut g = game(&m, &[(1, 1)], Switches::default());
    g.turn(&mut Scripted::new(&[1, 3, 10]), &mut to((2, 1)));
    assert_eq!(g.stock[0], Stock::Written(10));
    assert_eq!(g.cars[0].tp, START_WALLET);
}

#[test]
fn an_atm_pays_the_difference_and_nothing_on_doubles() {
    let m = map(12, &[(12, 12)], &[(2, 1)], &[]);
    let mut g = game(&m, &[(1, 1)], Switches::default());
    g.turn(&mut Scripted::new(&[1, 11, 5]), &mut to((2, 1)));
    assert_eq!(g.cars[0].wallet, START_WALLET + 6);
    g.turn(&mut Scripted::new(&[1]), &mut to((3, 1)));
    g.turn(&mut Scripted::new(&[1, 7, 7]), &mut to((2, 1)));
    assert_eq!(g.cars[0].wallet, START_WALLET + 6);
    // Doubles broke it that once only: the next visit pays again.
    g.turn(&mut Scripted::new(&[1]), &mut to((3, 1)));
    g.turn(&mut Scripted::new(&[1, 2, 5]), &mut to((2, 1)));
    assert_eq!(g.cars[0].wallet, START_WALLET + 9);
}

#[test]
fn reaching_a_store_means_stopping_on_it() {
    let m = map(12, &[(2, 1), (12, 12)], &[], &[]);
    let mut g = game(&m, &[(1, 1)], Switches::default());
    // Driving past the store to (3, 1) buys nothing.
    g.turn(&mut Scripted::new(&[2]), &mut to((3, 1)));
    assert_eq!(g.stock[0], Stock::Fresh);
    assert_eq!(g.cars[0].tp, 0);
}

#[test]
fn the_game_ends_when_the_last_store_is_crossed_out() {
    let m = map(12, &[(2, 1)], &[], &[]);
    let mut g = game(&m, &[(1, 1)], Switches::default());
    g.turn(&mut Scripted::new(&[1, 2, 1]), &mut to((2, 1)));
    assert!(!g.over());
    g.turn(&mut Scripted::new(&[1]), &mut to((1, 1)));
    g.turn(&mut Scripted::new(&[1]), &mut to((2, 1)));
    assert!(g.over());
    assert_eq!(g.cars[0].tp, 3);
}

#[test]
fn spreading_infection_adds_a_danger_zone_on_a_high_total_rolled_again_if_occupied() {
    let m = map(12, &[(12, 12)], &[(6, 6)], &[]);
    let on = Switches {
        jungle: false,
        infection: true,
    };
    let mut g = game(&m, &[(1, 1)], on);
    // Total 20: nothing.
    g.turn(&mut Scripted::new(&[1, 10, 10]), &mut to((2, 1)));
    assert_eq!(g.added_dangers, 0);
    // Total 21: coordinates (6, 6) hold an ATM, rolled again: (8, 3).
    g.turn(&mut Scripted::new(&[1, 10, 11, 6, 6, 8, 3]), &mut to((3, 1)));
    assert_eq!(g.added_dangers, 1);
    let i = g.grid.index(cell(8, 3));
    assert_eq!(g.squares[i], Square::Danger);
    assert!(g.atd[g.grid.index(cell(9, 4))] && !g.atd[i]);
    // Off by default.
    let mut g = game(&m, &[(1, 1)], Switches::default());
    g.turn(&mut Scripted::new(&[1]), &mut to((2, 1)));
    assert_eq!(g.added_dangers, 0);
}

#[test]
fn a_boxed_in_car_stays_and_its_turn_ends() {
    let m = map(12, &[(12, 12)], &[], &[]);
    let mut g = game(&m, &[(1, 1), (2, 1), (1, 2)], Switches::default());
    assert!(g.drives(0, 5).is_empty());
    g.turn(&mut Scripted::new(&[5]), &mut Chooser::default());
    assert_eq!(g.cars[0].at, Some(0));
    assert_eq!(g.next, 1);
}

#[test]
fn cars_start_on_free_edge_squares_in_turn_order() {
    let m = map(4, &[(2, 2)], &[], &[(1, 1)]);
    let mut g = Game::new(&m, 2, Switches::default());
    g.place_cars(&mut Chooser::default());
    // The first free edge square is (2, 1); the second car cannot share it.
    assert_eq!(g.cars[0].at, Some(g.grid.index(cell(2, 1))));
    assert_eq!(g.cars[1].at, Some(g.grid.index(cell(3, 1))));
    assert!(
        !g.start_choices(0).contains(&g.grid.index(cell(1, 1))),
        "no start on a danger centre"
    );
    assert!(
        !g.start_choices(0).contains(&g.grid.index(cell(2, 2))),
        "edge squares only"
    );
}

#[test]
fn the_policy_chooses_from_what_is_shown_never_from_dice_to_come() {
    // Two games whose dice agree for the first 20 rolls and then differ: the
    // greedy policy's drives agree while the dice do.
    let m = crate::games::tp_hunt::generate_for_seed(
        &crate::games::tp_hunt::Params::default(),
        &crate::seed::Seed::new("policy").unwrap(),
    )
    .unwrap();
    let shared: Vec<u32> = (0..20).map(|i| (i * 7 % 12) + 1).collect();
    let mut runs = Vec::new();
    for tail in [1u32, 12] {
        let mut rolls = shared.clone();
        rolls.extend(std::iter::repeat_n(tail, 200));
        let mut g = Game::new(&m, 3, Switches::default());
        let table = super::super::policy::Table::new(&g);
        let mut policy = super::super::policy::Greedy::new(&table);
        g.place_cars(&mut policy);
        let mut dice = Scripted::new(&rolls);
        let mut seen = Vec::new();
        while dice.0.len() > 200 - 1 && !g.over() {
            g.turn(&mut dice, &mut policy);
            seen.push(g.cars.iter().map(|c| c.at).collect::<Vec<_>>());
        }
        runs.push(seen);
    }
    let common = runs[0].len().min(runs[1].len()) - 1;
    assert!(common >= 5);
    assert_eq!(runs[0][..common], runs[1][..common]);
}

#[test]
fn simulated_games_end_and_rate_a_map() {
    let p = crate::games::tp_hunt::Params::default();
    let m = crate::games::tp_hunt::generate_for_seed(&p, &crate::seed::Seed::new("42").unwrap()).unwrap();
    let r = rate(
        &m,
        4,
        Switches::default(),
        Rulings::CURRENT,
        &crate::seed::Seed::new("r").unwrap(),
        50,
    );
    assert_eq!((r.games, r.stalled), (50, 0));
    assert!(
        (5..40).contains(&r.median_turns) && r.p90_turns >= r.median_turns,
        "{r:?}"
    );
    assert!((0.0..=1.0).contains(&r.first_player_win_share));
    // The switches play too.
    let on = Switches {
        jungle: true,
        infection: true,
    };
    let r = rate(&m, 4, on, Rulings::CURRENT, &crate::seed::Seed::new("r").unwrap(), 20);
    assert_eq!(r.games, 20);
}

/// RULES.md turn 4: a car that starts its turn in a danger area drives out
/// of it without a pass; it pays as before to stop inside the area or to
/// enter another area's ATD squares. The rulings before version 5 keep a
/// car with $0 there where it is.
#[test]
fn a_car_in_a_danger_area_drives_out_of_it_without_a_pass() {
    // Danger at (5, 5): its area is (4, 4) to (6, 6). Another at (9, 5):
    // ATD from (8, 4) to (10, 6).
    let m = map(12, &[(12, 12)], &[], &[(5, 5), (9, 5)]);
    for start in [(5, 5), (4, 4), (6, 5)] {
        let mut g = game(&m, &[start], Switches::default());
        g.cars[0].wallet = 0;
        let d = g.drives(0, 2);
        assert!(!d.is_empty(), "from {start:?}: a way out with $0");
        for d in &d {
            let c = g.cell(d.to);
            assert!(!d.pass, "{d:?}");
            assert!(!g.atd[d.to], "from {start:?}: it stops on no ATD square ({c})");
        }
        // From the centre, 2 steps down reach (5, 7), out of the area.
        if start == (5, 5) {
            assert!(ends(&g, &d).contains(&cell(5, 7)));
        }
        // With the old rulings the same car has no drive from the centre.
        g.rulings = Rulings::BEFORE_V5;
        if start == (5, 5) {
            assert!(g.drives(0, 2).is_empty());
        }
    }
    // With a dollar: ending inside the home area, or crossing into the other
    // area's ATD squares, takes a pass; driving out does not.
    let mut g = game(&m, &[(6, 5)], Switches::default());
    let d = g.drives(0, 3);
    let find = |c: (u16, u16)| d.iter().find(|d| g.cell(d.to) == cell(c.0, c.1)).copied();
    assert_eq!(find((7, 5)).map(|d| d.pass), Some(false), "out of the area: free");
    assert_eq!(find((6, 6)).map(|d| d.pass), Some(true), "inside the area: a pass");
    assert_eq!(find((8, 5)).map(|d| d.pass), Some(true), "into another area: a pass");
    // A turn out of the area costs nothing.
    g.turn(&mut Scripted::new(&[1]), &mut to((7, 5)));
    assert_eq!((g.cars[0].wallet, g.cars[0].passes), (START_WALLET, 0));
    // Only from the start of the turn: from (7, 5), outside, the area's ATD
    // squares need a pass again.
    let d = g.drives(0, 1);
    assert!(d.iter().any(|d| g.cell(d.to) == cell(6, 5) && d.pass));
    // Version 5 plays by these rulings, older versions by the old ones.
    assert_eq!(Rulings::of_version(5), Rulings::CURRENT);
    assert_eq!(Rulings::of_version(4), Rulings::BEFORE_V5);
}

/// Visits are counted, not people: the first visitor who comes back is the
/// second visitor and empties the store.
#[test]
fn the_first_visitor_may_come_back_as_the_second() {
    let m = map(12, &[(2, 1), (12, 12)], &[], &[]);
    let mut g = game(&m, &[(1, 1)], Switches::default());
    g.cars[0].wallet = 20;
    g.turn(&mut Scripted::new(&[1, 3, 5]), &mut to((2, 1)));
    assert_eq!(g.stock[0], Stock::Written(5));
    g.turn(&mut Scripted::new(&[1]), &mut to((3, 1)));
    g.turn(&mut Scripted::new(&[1]), &mut to((2, 1)));
    assert_eq!(g.stock[0], Stock::Depleted);
    assert_eq!((g.cars[0].tp_first, g.cars[0].tp_second), (5, 5));
}

/// The rules card's example, as the engine plays it: Sam's first turn, $5,
/// a roll of 7, a store nobody has visited on a shaded square 5 steps away.
/// The $1 pass comes off first; blue 9, red 4 lets Sam buy up to 9, and the
/// $4 left buys 4; the red 4 is written. The tracker row the card prints:
/// ATD pass ticked, Money out 5, Wallet 0, TP 1st 4, TP total 4.
#[test]
fn the_rules_cards_example_is_what_the_engine_does() {
    let m = map(12, &[(7, 3), (12, 12)], &[], &[(8, 4)]);
    let mut g = game(&m, &[(4, 1), (1, 12)], Switches::default());
    assert!(g.atd[g.grid.index(cell(7, 3))], "the store is on a shaded square");
    let mut p = to((7, 3));
    g.turn(&mut Scripted::new(&[7, 9, 4]), &mut p);
    let car = &g.cars[0];
    assert_eq!(car.at, Some(g.grid.index(cell(7, 3))));
    let drive = p.shown[0].1.iter().find(|d| d.to == g.grid.index(cell(7, 3))).unwrap();
    assert_eq!((drive.steps, drive.pass), (5, true));
    assert_eq!(p.offered, vec![4], "up to 9, but $4 is left after the pass");
    assert_eq!((car.passes, START_WALLET - car.wallet, car.wallet), (1, 5, 0));
    assert_eq!((car.tp_first, car.tp), (4, 4));
    assert_eq!(g.stock[0], Stock::Written(4));
}

/// A first visitor with $0 still rolls and writes the red number: the
/// store's first visit is used up though nothing is bought (the card says so).
#[test]
fn a_first_visitor_with_no_money_still_rolls_and_writes_the_store_number() {
    let m = map(12, &[(3, 1), (12, 12)], &[], &[]);
    let mut g = game(&m, &[(1, 1), (6, 1)], Switches::default());
    g.cars[0].wallet = 0;
    let mut p = to((3, 1));
    g.turn(&mut Scripted::new(&[2, 8, 5]), &mut p);
    assert_eq!(p.offered, vec![0]);
    assert_eq!((g.cars[0].tp, g.cars[0].tp_first, g.cars[0].tape_rows), (0, 0, 2));
    assert_eq!(g.stock[0], Stock::Written(5));
    // The next visitor is the second: up to 5, then the store is crossed out.
    let mut p = to((3, 1));
    g.cars[0].at = Some(g.grid.index(cell(1, 2)));
    g.turn(&mut Scripted::new(&[3]), &mut p);
    assert_eq!(p.offered, vec![5]);
    assert_eq!(g.stock[0], Stock::Depleted);
}

/// Law of the Jungle on a store: the roll-off takes one tape row (the
/// mover's roll first, blue on the tape), then the square works as usual:
/// the mover is the store's visitor.
#[test]
fn law_of_the_jungle_on_a_store_rolls_off_then_the_store_serves_the_mover() {
    let m = map(12, &[(2, 1), (12, 12)], &[], &[]);
    let jungle = Switches {
        jungle: true,
        infection: false,
    };
    let mut g = game(&m, &[(1, 1), (2, 1)], jungle);
    g.cars[1].tp = 1;
    // Roll 1 onto the car on the store; roll-off 3 against 8: the other car
    // steals nothing from a mover with no TP; then blue 6, red 2 at the store.
    g.turn(&mut Scripted::new(&[1, 3, 8, 6, 2]), &mut to((2, 1)));
    assert_eq!((g.cars[0].tp, g.cars[1].tp), (START_WALLET, 1));
    assert_eq!(g.stock[0], Stock::Written(2));
    assert_eq!(g.cars[0].tape_rows, 3, "the move, the roll-off, the store");
}

/// Spreading Infection rolls again only where a store, ATM, X or car stands:
/// a shaded square may take a new danger zone.
#[test]
fn spreading_infection_may_land_on_a_shaded_square_but_not_on_a_car() {
    let m = map(12, &[(12, 12)], &[], &[(6, 6)]);
    let on = Switches {
        jungle: false,
        infection: true,
    };
    let mut g = game(&m, &[(1, 1), (4, 1)], on);
    // Total 22; (4, 1) holds the other car, rolled again: (7, 7), a shaded square.
    g.turn(&mut Scripted::new(&[1, 11, 11, 4, 1, 7, 7]), &mut to((2, 1)));
    assert_eq!(g.added_dangers, 1);
    assert_eq!(g.squares[g.grid.index(cell(7, 7))], Square::Danger);
    assert_eq!(g.squares[g.grid.index(cell(4, 1))], Square::Empty);
}

/// The greedy policy, recording every choice and what it was shown.
struct Recorder<'t> {
    inner: crate::games::tp_hunt::policy::Greedy<'t>,
    log: Sha256,
}

impl Policy for Recorder<'_> {
    fn start(&mut self, g: &Game, player: usize, choices: &[usize]) -> usize {
        let pick = self.inner.start(g, player, choices);
        self.log.update(format!("s{player}:{choices:?}->{pick};"));
        pick
    }
    fn drive(&mut self, g: &Game, player: usize, roll: u32, drives: &[Drive]) -> usize {
        let pick = self.inner.drive(g, player, roll, drives);
        self.log.update(format!("d{player}:{roll}:{drives:?}->{pick};"));
        pick
    }
    fn buy(&mut self, g: &Game, player: usize, most: u32) -> u32 {
        let n = self.inner.buy(g, player, most);
        self.log.update(format!("b{player}:{most}->{n};"));
        n
    }
}

/// Guards the engine and the greedy policy against any change of what they
/// do: every legal drive listed (in order), every choice and every game's
/// end, on maps of several sizes, player counts, switches and rulings, are
/// pinned by a digest of their record.
#[test]
fn the_drives_listed_and_the_choices_made_stay_the_same() {
    let cases = [
        (12, 12, 10, 7, 4, Switches::default(), Rulings::CURRENT),
        (12, 9, 10, 10, 2, Switches::default(), Rulings::CURRENT),
        (12, 12, 10, 7, 6, Switches::default(), Rulings::BEFORE_V5),
        (
            12,
            12,
            10,
            7,
            3,
            Switches {
                jungle: true,
                infection: false,
            },
            Rulings::CURRENT,
        ),
        (
            12,
            12,
            10,
            7,
            4,
            Switches {
                jungle: true,
                infection: true,
            },
            Rulings::CURRENT,
        ),
        (8, 5, 4, 4, 3, Switches::default(), Rulings::CURRENT),
        (
            20,
            30,
            25,
            20,
            5,
            Switches {
                jungle: false,
                infection: true,
            },
            Rulings::CURRENT,
        ),
        (26, 40, 30, 40, 4, Switches::default(), Rulings::BEFORE_V5),
    ];
    let mut all = Sha256::new();
    for (k, (grid, stores, atms, dangers, players, switches, rulings)) in cases.into_iter().enumerate() {
        let p = crate::games::tp_hunt::Params {
            grid,
            stores,
            atms,
            dangers,
            players,
            ..Default::default()
        };
        for m in 0..3u64 {
            let map = crate::games::tp_hunt::generate(&p, &mut crate::seed::Seed::new("pin").unwrap().stream("map", k as u64 * 10 + m));
            let start = Game {
                rulings,
                ..Game::new(&map, players as usize, switches)
            };
            let table = crate::games::tp_hunt::policy::Table::new(&start);
            for n in 0..12u64 {
                let mut policy = Recorder {
                    inner: crate::games::tp_hunt::policy::Greedy::new(&table),
                    log: Sha256::new(),
                };
                let mut dice = crate::seed::Seed::new("pin").unwrap().stream("dice", n);
                let played = play_from(&start, &mut dice, &mut policy);
                all.update(policy.log.finalize());
                all.update(format!("{played:?}"));
            }
        }
    }
    let digest: String = all.finalize().iter().map(|b| format!("{b:02x}")).collect();
    assert_eq!(digest, "98d42d619db847b6bc588f0d1443205c95d826b61130b429d9e1bd2e62e8fa6b");
}
