//! The rule check: what makes a board legal (RULES.md "Panic Buy") and good.

use super::*;

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
    check(p, b, Every)
}

/// For the generator: what the first group of rules a board breaks says
/// (nothing when it keeps every rule). Most draws break a rule early, so
/// the rules that take longer (paths with and without each unit, simulated
/// games) judge only the draws that keep the rest. The same draws pass as
/// by [`validate`].
pub fn first_broken(p: &Params, b: &Board) -> Vec<Violation> {
    check(p, b, FirstBroken)
}

/// How many broken rules a check looks for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Wanted {
    Every,
    FirstBroken,
}
use Wanted::*;

impl Wanted {
    /// Whether the rules found broken so far are all that is wanted.
    fn found(self, out: &[Violation]) -> bool {
        self == FirstBroken && !out.is_empty()
    }
}

fn check(p: &Params, b: &Board, wanted: Wanted) -> Vec<Violation> {
    let mut out = Vec::new();
    let v = |rule: &'static str, message: String| Violation { words: None, rule, message };
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
    if wanted.found(&out) {
        return out;
    }
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

    if wanted.found(&out) {
        return out;
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

    if wanted.found(&out) {
        return out;
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
    if wanted.found(&out) {
        return out;
    }
    good_board(p, b, tp, &arrows, &from_tp, wanted, &mut out);
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
/// `from_tp`: steps from the TP square over floor squares.
fn good_board(
    p: &Params,
    b: &Board,
    tp: Cell,
    arrows: &[Cell],
    from_tp: &[Option<u32>],
    wanted: Wanted,
    out: &mut Vec<Violation>,
) {
    let v = |rule: GoodRule, message: String| Violation {
        words: None,
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
    if p.rule_on(GoodRule::TpLoop) && !wanted.found(out) {
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
    if p.rule_on(GoodRule::DoorsFar) && !wanted.found(out) {
        for (name, door) in [("bathroom", b.bathroom_door), ("back", b.yard_door)] {
            if let Some(steps) = GRID.contains(door).then(|| from_tp[GRID.index(door)]).flatten()
                && steps < MIN_DOOR_STEPS
            {
                out.push(v(
                    GoodRule::DoorsFar,
                    format!("the square outside the {name} door {door} is {steps} steps from the TP square, under {MIN_DOOR_STEPS}"),
                ));
            }
        }
    }
    if p.rule_on(GoodRule::UnitsMatter) && !wanted.found(out) {
        let lengths = |d: &[Option<u32>]| arrows.iter().map(|a| d[GRID.index(*a)]).collect::<Vec<_>>();
        let now = lengths(from_tp);
        let matters = b.pieces(Tile::Unit).iter().any(|unit| {
            let mut without = b.clone();
            for c in unit {
                without.tiles[c.row as usize - 1][c.col as usize - 1] = Tile::Shop;
            }
            lengths(&without.distances(tp, Tile::is_floor)).iter().zip(&now).any(|(w, n)| match (w, n) {
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
        words: None,
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
        words: None,
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
        words: None,
            rule: GoodRule::ArrowBalance.name(),
            message: format!(
                "one arrow takes {:.0}% of the deliveries in simulated games, more than {:.0}%",
                100.0 * busier,
                100.0 * BUSIER_ARROW_SHARE
            ),
        });
    }
}

/// TpLoop: the longest loop through the TP square that still counts.
pub const MAX_LOOP: u32 = 8;
/// DoorsFar: the fewest steps from a door square to the TP square.
pub const MIN_DOOR_STEPS: u32 = 3;
