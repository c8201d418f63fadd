//! The rule check: what makes a board legal (RULES.md "Panic Buy") and good.

use super::*;
use crate::message::Msg;
use crate::msg;

/// The rules the engine checks, by name.
pub const RULES: [(&str, &str); 9] = [
    ("parts", "panic-buy.check.parts"),
    ("carpark-wall", "panic-buy.check.carpark-wall"),
    ("doors", "panic-buy.check.doors"),
    ("tp-square", "panic-buy.check.tp-square"),
    ("objects-leavable", "panic-buy.check.objects-leavable"),
    ("arrow-paths", "panic-buy.check.arrow-paths"),
    ("fair-arrows", "panic-buy.check.fair-arrows"),
    ("virus-dog-reach", "panic-buy.check.virus-dog-reach"),
    ("floor-connected", "panic-buy.check.floor-connected"),
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
pub(crate) fn first_broken(p: &Params, b: &Board) -> Vec<Violation> {
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
    let v = Violation::keyed;
    let count = |t: Tile| b.cells_of(t).len();

    // Parts, each once. The carpark runs from the first row that is mostly
    // carpark tiles down to the bottom edge: one stray square, in the carpark
    // or the shop, is one fault named once, not a misshapen carpark and a
    // misplaced door; a misshapen carpark is named once, not square by square.
    let top = carpark_rows(b);
    let carpark_ok = (SIZE - 2..=SIZE - 1).contains(&top);
    if !carpark_ok {
        let wrong = if top > SIZE {
            msg!(MESSAGES, "panic-buy.no_carpark")
        } else {
            msg!(MESSAGES, "panic-buy.carpark_rows", top = top, rows = SIZE + 1 - top)
        };
        out.push(v("parts", wrong));
    }
    for r in (1..=SIZE).filter(|_| carpark_ok) {
        for c in 1..=SIZE {
            let t = b.tile(cell(c, r));
            if r >= top && !t.in_carpark() {
                // The carpark rows hold only carpark floor, the car and the arrows.
                out.push(v("parts", misplaced(t, cell(c, r))));
            } else if r < top && t.in_carpark() && t != Tile::Arrow {
                // An arrow off the bottom row is named below, once.
                out.push(v("parts", misplaced(t, cell(c, r))));
            }
        }
    }
    let arrows = b.cells_of(Tile::Arrow);
    if arrows.len() != 2 {
        out.push(v("parts", msg!(MESSAGES, "panic-buy.arrows", n = arrows.len())));
    }
    for a in &arrows {
        if a.row != SIZE {
            out.push(v("parts", msg!(MESSAGES, "panic-buy.arrow_row", cell = a.to_string())));
        }
    }
    let cars = b.pieces(Tile::Car);
    if cars.len() != 1 || cars.iter().any(|c| c.len() != 2) {
        out.push(v(
            "parts",
            msg!(MESSAGES, "panic-buy.car", cells = count(Tile::Car), pieces = cars.len()),
        ));
    }
    let units = b.pieces(Tile::Unit);
    if units.len() != 3 || units.iter().any(|u| !(2..=3).contains(&u.len())) {
        let sizes: Vec<usize> = units.iter().map(|u| u.len()).collect();
        let found = match sizes.is_empty() {
            true => msg!(MESSAGES, "panic-buy.units.none"),
            false => msg!(MESSAGES, "panic-buy.units", sizes = sizes),
        };
        out.push(v("parts", found));
    }
    for unit in units.iter().filter(|u| !straight(u)) {
        out.push(v("parts", msg!(MESSAGES, "panic-buy.unit_bent", cell = unit[0].to_string())));
    }
    // The text puts the units "in the centre of the supermarket": none
    // stands against the shop's outer wall.
    for unit in &units {
        if let Some(c) = unit.iter().find(|c| !Wall::of(**c).is_empty()) {
            out.push(v("parts", msg!(MESSAGES, "panic-buy.unit_on_wall", cell = c.to_string())));
        }
    }
    let counters = b.pieces(Tile::Counter);
    match counters.as_slice() {
        [] => out.push(v("parts", msg!(MESSAGES, "panic-buy.no_counter"))),
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
                out.push(v("parts", msg!(MESSAGES, "panic-buy.counter", cell = piece[0].to_string())));
            }
        }
        more => out.push(v("parts", msg!(MESSAGES, "panic-buy.counter_pieces", n = more.len()))),
    }
    let tps = b.cells_of(Tile::Tp);
    if tps.len() != 1 {
        out.push(v("parts", msg!(MESSAGES, "panic-buy.tps", n = tps.len())));
    }

    // The carpark wall: closed except at 1-2 glass doors (not checked when the
    // carpark itself is misshapen: its cause is reported once, above).
    let boundary: Vec<Edge> = (1..=SIZE)
        .filter(|_| carpark_ok)
        .map(|c| edge(cell(c, top - 1), cell(c, top)))
        .collect();
    for d in b.glass_doors.iter().filter(|_| carpark_ok) {
        if !boundary.contains(d) {
            let (a, b) = (d.0.to_string(), d.1.to_string());
            out.push(v("carpark-wall", msg!(MESSAGES, "panic-buy.glass_door_off", a = a, b = b)));
        }
        if b.walls.contains(d) {
            let (a, b) = (d.0.to_string(), d.1.to_string());
            out.push(v("carpark-wall", msg!(MESSAGES, "panic-buy.glass_door_wall", a = a, b = b)));
        }
    }
    if carpark_ok && !(1..=2).contains(&b.glass_doors.len()) {
        out.push(v("carpark-wall", msg!(MESSAGES, "panic-buy.glass_doors", n = b.glass_doors.len())));
    }
    for e in &boundary {
        if !b.walls.contains(e) && !b.glass_doors.contains(e) {
            let (a, b) = (e.0.to_string(), e.1.to_string());
            out.push(v("carpark-wall", msg!(MESSAGES, "panic-buy.open_wall", a = a, b = b)));
        }
    }

    // Doors to the bathroom and the yard, each in its own kind of wall.
    for (bathroom, d, in_wall, own) in [
        (true, b.bathroom_door, b.bathroom_wall, &BATHROOM_WALLS[..]),
        (false, b.yard_door, b.yard_wall, &YARD_WALLS[..]),
    ] {
        let on_wall = in_wall.is_some_and(|w| own.contains(&w));
        let door = d.to_string();
        if !GRID.contains(d) || d.row >= top.min(SIZE - 1) || !on_wall {
            let opens = match in_wall {
                Some(w) if Wall::of(d).len() > 1 => opens_in(w),
                _ => msg!("empty"),
            };
            let wrong = match bathroom {
                true => msg!(MESSAGES, "panic-buy.door.bathroom_wall", door = door, opens = opens),
                false => msg!(MESSAGES, "panic-buy.door.back_wall", door = door, opens = opens),
            };
            out.push(v("doors", wrong));
        } else if b.tile(d) != Tile::Shop {
            let tile = b.tile(d).letter().to_string();
            let taken = match bathroom {
                true => msg!(MESSAGES, "panic-buy.door.bathroom_taken", door = door, tile = tile),
                false => msg!(MESSAGES, "panic-buy.door.back_taken", door = door, tile = tile),
            };
            out.push(v("doors", taken));
        }
    }
    if b.bathroom_door == b.yard_door {
        out.push(v("doors", msg!(MESSAGES, "panic-buy.doors_same")));
    }

    let Some(&tp) = tps.first() else {
        return out;
    };
    if wanted.found(&out) {
        return out;
    }
    let counter_sides: Vec<Cell> = GRID.orthogonal(tp).filter(|n| b.tile(*n) == Tile::Counter).collect();
    if counter_sides.is_empty() {
        out.push(v("tp-square", msg!(MESSAGES, "panic-buy.tp_apart", cell = tp.to_string())));
    } else if counter_sides.iter().all(|n| b.walls.contains(&edge(tp, *n))) {
        out.push(v("tp-square", msg!(MESSAGES, "panic-buy.tp_walled", cell = tp.to_string())));
    }

    for c in GRID.cells().filter(|c| b.tile(*c).is_object()) {
        if !b.steps(c).any(|n| b.tile(n).is_floor()) {
            out.push(v("objects-leavable", msg!(MESSAGES, "panic-buy.stuck", cell = c.to_string())));
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
            None => out.push(v("arrow-paths", msg!(MESSAGES, "panic-buy.arrow_cut_off", cell = a.to_string()))),
            Some(d) if d < lo || d > hi => out.push(v(
                "arrow-paths",
                msg!(MESSAGES, "panic-buy.arrow_steps", cell = a.to_string(), steps = d, lo = lo, hi = hi),
            )),
            Some(d) => lengths.push(d),
        }
    }
    if let [d1, d2] = lengths[..]
        && d1.abs_diff(d2) > 1
    {
        out.push(v("fair-arrows", msg!(MESSAGES, "panic-buy.arrows_unfair", a = d1, b = d2)));
    }

    if wanted.found(&out) {
        return out;
    }
    // The Virus and the Dog walk on floor too; they start from their doors.
    for (virus, door) in [(true, b.bathroom_door), (false, b.yard_door)] {
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
            let cells = missed.join(", ");
            let missing = match virus {
                true => msg!(MESSAGES, "panic-buy.virus_cut_off", cells = cells),
                false => msg!(MESSAGES, "panic-buy.dog_cut_off", cells = cells),
            };
            out.push(v("virus-dog-reach", missing));
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
            msg!(MESSAGES, "panic-buy.floor_cut_off", cells = unreached.join(", ")),
        ));
    }
    if wanted.found(&out) {
        return out;
    }
    good_board(p, b, tp, &arrows, &from_tp, wanted, &mut out);
    rated_rules(p, b, &mut out);
    out
}

/// A square of the carpark found in the shop, or of the shop in the carpark.
fn misplaced(t: Tile, c: Cell) -> Msg {
    let cell = c.to_string();
    match t {
        Tile::Shop => msg!(MESSAGES, "panic-buy.in_carpark.shop", cell = cell),
        Tile::Tp => msg!(MESSAGES, "panic-buy.in_carpark.tp", cell = cell),
        Tile::Unit => msg!(MESSAGES, "panic-buy.in_carpark.unit", cell = cell),
        Tile::Counter => msg!(MESSAGES, "panic-buy.in_carpark.counter", cell = cell),
        Tile::Carpark => msg!(MESSAGES, "panic-buy.in_shop.carpark", cell = cell),
        Tile::Car => msg!(MESSAGES, "panic-buy.in_shop.car", cell = cell),
        Tile::Arrow => msg!(MESSAGES, "panic-buy.in_shop.arrow", cell = cell),
    }
}

/// " (it opens in the back wall)": the wall a door on a corner square opens in.
fn opens_in(w: Wall) -> Msg {
    match w {
        Wall::Back => msg!(MESSAGES, "panic-buy.door.opens.back"),
        Wall::Left => msg!(MESSAGES, "panic-buy.door.opens.left"),
        Wall::Right => msg!(MESSAGES, "panic-buy.door.opens.right"),
        Wall::Front => msg!(MESSAGES, "panic-buy.door.opens.front"),
    }
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
    let v = |rule: GoodRule, message: Msg| Violation::keyed(rule.name(), message);
    let open: Vec<Cell> = b.steps(tp).filter(|n| b.tile(*n).is_floor()).collect();
    if p.rule_on(GoodRule::TpOpen) && open.len() < 2 {
        out.push(v(
            GoodRule::TpOpen,
            msg!(MESSAGES, "panic-buy.tp_open", cell = tp.to_string(), n = open.len()),
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
                msg!(MESSAGES, "panic-buy.tp_loop", cell = tp.to_string(), n = n, most = MAX_LOOP),
            )),
            None => out.push(v(GoodRule::TpLoop, msg!(MESSAGES, "panic-buy.tp_no_loop", cell = tp.to_string()))),
        }
    }
    if p.rule_on(GoodRule::DoorsFar) && !wanted.found(out) {
        for (bathroom, door) in [(true, b.bathroom_door), (false, b.yard_door)] {
            if let Some(steps) = GRID.contains(door).then(|| from_tp[GRID.index(door)]).flatten()
                && steps < MIN_DOOR_STEPS
            {
                let (door, min) = (door.to_string(), MIN_DOOR_STEPS);
                let near = match bathroom {
                    true => msg!(MESSAGES, "panic-buy.door.bathroom_near", door = door, steps = steps, min = min),
                    false => msg!(MESSAGES, "panic-buy.door.back_near", door = door, steps = steps, min = min),
                };
                out.push(v(GoodRule::DoorsFar, near));
            }
        }
    }
    if p.rule_on(GoodRule::UnitsWhole) && !wanted.found(out) {
        let unit = |c: &Cell| b.tile(*c) == Tile::Unit;
        // Units never touch, so two unit squares side by side are one unit.
        if let Some((a, c)) = b.walls.iter().find(|(a, c)| unit(a) && unit(c)) {
            let (a, c) = (a.to_string(), c.to_string());
            out.push(v(GoodRule::UnitsWhole, msg!(MESSAGES, "panic-buy.wall_through_unit", a = a, b = c)));
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
            out.push(v(GoodRule::UnitsMatter, msg!(MESSAGES, "panic-buy.units_decoration")));
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
            Length::Any => msg!("empty"),
            Length::Short => msg!(MESSAGES, "panic-buy.asked.short"),
            Length::Normal => msg!(MESSAGES, "panic-buy.asked.normal"),
            Length::Long => msg!(MESSAGES, "panic-buy.asked.long"),
        };
        let (rounds, players) = (r.median_rounds, p.players);
        let band = match p.mode {
            Mode::Race => msg!(
                MESSAGES,
                "panic-buy.length_band.race",
                rounds = rounds,
                lo = lo,
                hi = hi,
                asked = asked,
                players = players
            ),
            Mode::Hoard => msg!(
                MESSAGES,
                "panic-buy.length_band.hoard",
                rounds = rounds,
                lo = lo,
                hi = hi,
                asked = asked,
                players = players
            ),
        };
        out.push(Violation::keyed(GoodRule::LengthBand.name(), band));
    }
    let equal = 1.0 / p.teams() as f64;
    if fair && (r.first_player_win_share - equal).abs() > FIRST_FAIR_SLACK {
        let dec = crate::message::dec;
        let unfair = msg!(
            MESSAGES,
            "panic-buy.first_fair",
            share = dec(100.0 * r.first_player_win_share, 0),
            margin = dec(100.0 * FIRST_FAIR_SLACK, 0),
            equal = dec(100.0 * equal, 0)
        );
        out.push(Violation::keyed(GoodRule::FirstFair.name(), unfair));
    }
    let busier = r.arrow_balance.max(1.0 - r.arrow_balance);
    if balance && busier > BUSIER_ARROW_SHARE {
        let dec = crate::message::dec;
        let lopsided = msg!(
            MESSAGES,
            "panic-buy.arrow_balance",
            share = dec(100.0 * busier, 0),
            most = dec(100.0 * BUSIER_ARROW_SHARE, 0)
        );
        out.push(Violation::keyed(GoodRule::ArrowBalance.name(), lopsided));
    }
}

/// TpLoop: the longest loop through the TP square that still counts.
pub const MAX_LOOP: u32 = 8;
/// DoorsFar: the fewest steps from a door square to the TP square.
pub const MIN_DOOR_STEPS: u32 = 3;
