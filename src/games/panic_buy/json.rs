//! A board as JSON and as text.

use super::*;

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
pub(crate) fn parse_json(text: &str) -> Result<(BoardJson, Board)> {
    let j: BoardJson = crate::json::from_str(text)
        .map_err(|why| Error::msg(crate::msg!(super::MESSAGES, "panic-buy.not_a_board", why = why)))?;
    if j.cells.len() != SIZE as usize {
        let rows = crate::msg!(super::MESSAGES, "panic-buy.json.rows", n = j.cells.len());
        return Err(Error::msg(rows).within("cells"));
    }
    let mut tiles = [[Tile::Shop; SIZE as usize]; SIZE as usize];
    for (r, row) in j.cells.iter().enumerate() {
        let chars: Vec<char> = row.chars().collect();
        if chars.len() != SIZE as usize {
            let row = crate::error::quote(row);
            let short = crate::msg!(super::MESSAGES, "panic-buy.json.row", row = row, n = chars.len());
            return Err(Error::msg(short).within(format!("cells[{r}]")));
        }
        for (c, ch) in chars.iter().enumerate() {
            tiles[r][c] = Tile::from_letter(*ch).ok_or_else(|| {
                let square = crate::error::quote(&ch.to_string());
                Error::msg(crate::msg!(super::MESSAGES, "panic-buy.json.square", square = square))
                    .within(format!("cells[{r}]"))
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
                    let (a, b) = (a.to_string(), b.to_string());
                    Err(Error::msg(crate::msg!(super::MESSAGES, "panic-buy.json.apart", a = a, b = b)).within(what))
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
            let off = crate::msg!(super::MESSAGES, "panic-buy.json.door_off", door = d.to_string());
            return Err(Error::msg(off).within(format!("{name}_door")));
        }
        match wall {
            Some(w) if !Wall::of(d).contains(&w) => {
                let door = d.to_string();
                let off = match w {
                    Wall::Back => crate::msg!(super::MESSAGES, "panic-buy.json.wall.back", door = door),
                    Wall::Left => crate::msg!(super::MESSAGES, "panic-buy.json.wall.left", door = door),
                    Wall::Right => crate::msg!(super::MESSAGES, "panic-buy.json.wall.right", door = door),
                    Wall::Front => crate::msg!(super::MESSAGES, "panic-buy.json.wall.front", door = door),
                };
                return Err(Error::msg(off).within(format!("{name}_wall")));
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
