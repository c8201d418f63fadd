//! The board generator: pieces placed at random from a seed, kept when the rules pass.

use super::*;

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
/// Kept by settings and seed (see [`crate::games::kept`]): judging a draw
/// plays walks over the board, and a class pack asks for each board several times.
pub fn generate_for_seed(p: &Params, seed: &Seed) -> Result<Board> {
    p.check()?;
    static MADE: crate::games::kept::Store<Board> = crate::games::kept::Store::new();
    MADE.try_get_or_make(&format!("{p:?}\n{seed}"), || {
        generate_valid(crate::msg!(super::MESSAGES, "panic-buy.no_board"), |i| generate(&mut seed.stream("board", i)), |b| first_broken(p, b))
    })
}
