//! TP Hunt, the roll-and-write game (rules text: seeds/001, RULES.md "TP Hunt").
//! A map is a square grid with stores, ATMs and danger zones; the rule engine
//! checks the placement rules and our fairness rules before a map is printed.

pub mod declare;
pub mod game;
pub mod policy;
pub(crate) mod rating;
pub mod sheets;

pub use rating::{MapRating, rate};

use rand::Rng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};
use crate::game::{out_of_range, players_range};
use crate::games::{MAX_ATTEMPTS, Violation, generate_valid};
use crate::msg;
use crate::grid::{Cell, Grid};
use crate::seed::{Seed, SheetCode};

pub const GAME: &str = "tp-hunt";

/// The game's messages: its refusals, verdicts and reports, in every language.
pub static MESSAGES: crate::message::Book = game_messages!();
/// Generator version: the map-making algorithm a code names. It changes only
/// when a seed would give a different map; sheets always print in the current
/// design. Versions 1 and 2 make the same maps (2 once marked a sheet change).
/// Version 4 judges the first player's share by its error (`first-fair`).
/// Version 5 rates maps by games played with the rulings of version 5
/// ([`game::Rulings`]: a car may drive out of the danger area it starts its
/// turn in without a pass), which keeps another map for about 1 seed in 100.
/// Version 6 rates a map on as many games as settle its printed figures and
/// its rating rules (16 to 100, about 36 on the default settings), which
/// keeps other maps where a rule was near its edge.
pub const VERSION: u32 = 6;

/// TP Hunt: SETUP. The board is 12 x 12; we allow 4 to 26 so that smaller and
/// larger neighbourhoods still fit a page (26 is the most that fits legibly).
pub const GRID_RANGE: (u16, u16) = (4, 26);
/// Most stores, ATMs or danger zones a setting may ask for: the squares of
/// the largest grid (a smaller grid's own count is checked with the map).
pub const MAX_PLACES: u16 = GRID_RANGE.1 * GRID_RANGE.1;
/// TP Hunt: GOAL, "2-6 players".
pub const PLAYER_RANGE: (u16, u16) = (2, 6);

/// The settings that shape a map.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Params {
    pub grid: u16,
    /// TP Hunt: CREATE THE NEIGHBORHOOD MAP 1, twelve stores.
    pub stores: u16,
    /// ... 2, ten ATMs.
    pub atms: u16,
    /// ... 3, seven danger zones.
    pub dangers: u16,
    pub players: u16,
    /// Fairness rules the user switched off.
    pub off_rules: Vec<Rule>,
    /// The generator version that makes the map (codes name it).
    pub version: u32,
}

impl Default for Params {
    fn default() -> Params {
        Params {
            grid: 12,
            stores: 12,
            atms: 10,
            dangers: 7,
            players: 4,
            off_rules: Vec::new(),
            version: VERSION,
        }
    }
}

impl Params {
    /// "For a harder game have less stores and more danger zones" (RULES.md: 9, 10, 10).
    pub fn harder() -> Params {
        Params {
            stores: 9,
            atms: 10,
            dangers: 10,
            ..Params::default()
        }
    }

    pub fn grid(&self) -> Grid {
        Grid { size: self.grid }
    }

    /// Refuses settings that cannot make a map, with a message naming the setting.
    pub fn check(&self) -> Result<()> {
        let (lo, hi) = GRID_RANGE;
        if !(lo..=hi).contains(&self.grid) {
            return Err(Error::setting_msg("grid", out_of_range(self.grid, lo, hi)));
        }
        let (lo, hi) = PLAYER_RANGE;
        if !(lo..=hi).contains(&self.players) {
            return Err(Error::setting_msg("players", players_range(self.players, "TP Hunt", lo, hi)));
        }
        if self.stores == 0 {
            return Err(Error::setting_msg("stores", msg!(MESSAGES, "tp-hunt.no_stores")));
        }
        let cells = self.grid().len();
        let n = self.grid;
        for (name, count) in [("stores", self.stores), ("atms", self.atms), ("dangers", self.dangers)] {
            if count as usize > cells {
                return Err(Error::setting_msg(
                    name,
                    msg!(MESSAGES, "tp-hunt.too_many", count = count, grid = n, cells = cells),
                ));
            }
        }
        let total = self.stores as usize + self.atms as usize + self.dangers as usize;
        if total > cells {
            // About the first of them, where the form shows the message.
            let all = msg!(
                MESSAGES,
                "tp-hunt.too_many_together",
                stores = self.stores,
                atms = self.atms,
                dangers = self.dangers,
                total = total,
                grid = n,
                cells = cells
            );
            return Err(Error::msg(all).within("stores + atms + dangers").at("stores"));
        }
        self.check_length()
    }

    /// Refuses, before any map is drawn, stores so many that no map can keep
    /// the length band: the rating plays each game to [`game::MAX_TURNS`]
    /// turns at most, so a band starting above that is never met.
    fn check_length(&self) -> Result<()> {
        let too_long = |p: &Params| p.length_band().0 > game::MAX_TURNS;
        if self.version < 3 || !self.rule_on(Rule::LengthBand) || !too_long(self) {
            return Ok(());
        }
        let most = (1..self.stores)
            .rev()
            .find(|&stores| !too_long(&Params { stores, ..self.clone() }))
            .unwrap_or(0);
        let n = self.grid;
        Err(Error::setting_msg(
            "stores",
            msg!(
                MESSAGES,
                "tp-hunt.too_long",
                stores = self.stores,
                atms = self.atms,
                grid = n,
                players = self.players,
                most = most,
                turns = game::MAX_TURNS
            ),
        ))
    }

    /// The parameter part of the sheet code, e.g. `g12-s12-a10-d7-p4`, then
    /// `-x` and the name of each rule switched off.
    pub fn code(&self) -> String {
        let mut s = format!(
            "g{}-s{}-a{}-d{}-p{}",
            self.grid, self.stores, self.atms, self.dangers, self.players
        );
        for r in &self.off_rules {
            s.push_str("-x");
            s.push_str(r.name());
        }
        s
    }

    pub fn from_code(code: &str) -> Result<Params> {
        let bad = || crate::seed::settings_not_in_form("TP Hunt", code, "g12-s12-a10-d7-p4");
        let mut p = Params::default();
        let mut seen = 0;
        // Rule names contain '-', so the switched-off rules are split off first.
        let mut parts = code.split("-x");
        for part in parts.next().unwrap_or("").split('-') {
            // Split after the first character, not the first byte: the code is user text.
            let mut chars = part.chars();
            let key = chars.next();
            let value: u16 = chars.as_str().parse().map_err(|_| bad())?;
            match key {
                Some('g') => p.grid = value,
                Some('s') => p.stores = value,
                Some('a') => p.atms = value,
                Some('d') => p.dangers = value,
                Some('p') => p.players = value,
                _ => return Err(bad()),
            }
            seen += 1;
        }
        for rule in parts {
            p.off_rules.push(Rule::by_name(rule)?);
        }
        if seen != 5 {
            return Err(bad());
        }
        p.check()?;
        Ok(p)
    }

    pub(crate) fn rule_on(&self, rule: Rule) -> bool {
        !self.off_rules.contains(&rule)
    }
}

/// The rules the engine checks. Hard rules come from the rule text; fairness
/// rules are ours and can be switched off by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Rule {
    /// TP Hunt: CREATE THE NEIGHBORHOOD MAP 1-3: exactly the set numbers.
    Counts,
    /// "If you would mark a space that's already occupied, roll again."
    DistinctCells,
    /// "Danger zones can't be in the same space as a store or ATM."
    DangerNotOnItem,
    /// Every mark is on the grid.
    InsideGrid,
    /// Fairness: every store and ATM can be driven to from the main start
    /// area without entering a danger centre (driving through one stops the car).
    Reachable,
    /// Fairness: at least one edge square of the main start area per player
    /// (READY TO PLAY: "their token on any of the edge spots").
    StartCells,
    /// Fairness: no store has danger centres on every side it can be entered from.
    NoWalledInStore,
    /// Fairness: no ATM has danger centres on every side it can be entered from.
    NoWalledInAtm,
    /// Fairness: simulated games on the map last a usual time for its settings.
    LengthBand,
    /// Fairness: the first player wins about an equal share of simulated games.
    FirstFair,
}

impl Rule {
    pub const ALL: [Rule; 10] = [
        Rule::Counts,
        Rule::DistinctCells,
        Rule::DangerNotOnItem,
        Rule::InsideGrid,
        Rule::Reachable,
        Rule::StartCells,
        Rule::NoWalledInStore,
        Rule::NoWalledInAtm,
        Rule::LengthBand,
        Rule::FirstFair,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Rule::Counts => "counts",
            Rule::DistinctCells => "distinct-cells",
            Rule::DangerNotOnItem => "danger-not-on-item",
            Rule::InsideGrid => "inside-grid",
            Rule::Reachable => "reachable",
            Rule::StartCells => "start-cells",
            Rule::NoWalledInStore => "no-walled-in-store",
            Rule::NoWalledInAtm => "no-walled-in-atm",
            Rule::LengthBand => "length-band",
            Rule::FirstFair => "first-fair",
        }
    }

    pub(crate) fn is_fairness(self) -> bool {
        !matches!(
            self,
            Rule::Counts | Rule::DistinctCells | Rule::DangerNotOnItem | Rule::InsideGrid
        )
    }

    /// The generator version whose maps first kept the rule: codes of older
    /// versions cannot have switched it off.
    pub(crate) fn since(self) -> u32 {
        match self {
            Rule::NoWalledInAtm | Rule::LengthBand | Rule::FirstFair => 3,
            _ => 1,
        }
    }

    /// What the rule asks, as `rules` lists it.
    pub fn describe(self) -> crate::message::Msg {
        match self {
            Rule::Counts => crate::msg!(MESSAGES, "tp-hunt.check.counts"),
            Rule::DistinctCells => crate::msg!(MESSAGES, "tp-hunt.check.distinct-cells"),
            Rule::DangerNotOnItem => crate::msg!(MESSAGES, "tp-hunt.check.danger-not-on-item"),
            Rule::InsideGrid => crate::msg!(MESSAGES, "tp-hunt.check.inside-grid"),
            Rule::Reachable => crate::msg!(MESSAGES, "tp-hunt.check.reachable"),
            Rule::StartCells => crate::msg!(MESSAGES, "tp-hunt.check.start-cells"),
            Rule::NoWalledInStore => crate::msg!(MESSAGES, "tp-hunt.check.no-walled-in-store"),
            Rule::NoWalledInAtm => crate::msg!(MESSAGES, "tp-hunt.check.no-walled-in-atm"),
            Rule::LengthBand => crate::msg!(MESSAGES, "tp-hunt.check.length-band"),
            Rule::FirstFair => crate::msg!(MESSAGES, "tp-hunt.check.first-fair"),
        }
    }

    /// A fairness rule by name; hard rules cannot be switched off.
    pub(crate) fn by_name(name: &str) -> Result<Rule> {
        let fair: Vec<&str> = Rule::ALL.iter().filter(|r| r.is_fairness()).map(|r| r.name()).collect();
        match Rule::ALL.iter().find(|r| r.name() == name) {
            Some(r) if r.is_fairness() => Ok(*r),
            Some(_) => Err(Error::msg(msg!(
                MESSAGES,
                "tp-hunt.rule_of_the_game",
                name = crate::error::quote(name),
                rules = fair.join(", ")
            ))),
            None => Err(Error::msg(msg!(
                MESSAGES,
                "tp-hunt.unknown_rule",
                name = crate::error::quote(name),
                rules = fair.join(", ")
            ))),
        }
    }
}

/// A neighbourhood map. Cells are `[col, row]`, 1-based: col = blue d12 across,
/// row = red d12 down.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Map {
    pub grid: u16,
    pub stores: Vec<Cell>,
    pub atms: Vec<Cell>,
    pub dangers: Vec<Cell>,
}

/// What is on one square.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    Store,
    Atm,
    Danger,
}

impl Map {
    pub fn grid(&self) -> Grid {
        Grid { size: self.grid }
    }

    /// Every mark with its cell, in placement order.
    pub fn marks(&self) -> impl Iterator<Item = (Mark, Cell)> + '_ {
        let s = self.stores.iter().map(|c| (Mark::Store, *c));
        let a = self.atms.iter().map(|c| (Mark::Atm, *c));
        let d = self.dangers.iter().map(|c| (Mark::Danger, *c));
        s.chain(a).chain(d)
    }

    /// One mark per in-grid square (the first placed, where a broken layout has two).
    pub fn board(&self) -> Vec<Option<Mark>> {
        let g = self.grid();
        let mut board = vec![None; g.len()];
        for (m, c) in self.marks() {
            if g.contains(c) && board[g.index(c)].is_none() {
                board[g.index(c)] = Some(m);
            }
        }
        board
    }

    /// Adjacent To Danger: the in-grid neighbours of danger centres that are not
    /// danger centres themselves (TP Hunt: CREATE THE NEIGHBORHOOD MAP 3), as a mask.
    pub(crate) fn atd(&self) -> Vec<bool> {
        let g = self.grid();
        let mut atd = vec![false; g.len()];
        for d in self.dangers.iter().filter(|c| g.contains(**c)) {
            for n in g.surrounding(*d) {
                atd[g.index(n)] = true;
            }
        }
        for d in self.dangers.iter().filter(|c| g.contains(**c)) {
            atd[g.index(*d)] = false;
        }
        atd
    }
}

/// Places the marks as the rules roll them: stores, then ATMs, then danger zones,
/// each uniform among the still-free squares ("roll again if occupied").
pub fn generate(p: &Params, rng: &mut ChaCha8Rng) -> Map {
    let g = p.grid();
    let mut free: Vec<Cell> = g.cells().collect();
    let mut place = |n: u16| -> Vec<Cell> {
        (0..n)
            .map(|_| {
                let i = rng.gen_range(0..free.len());
                free.swap_remove(i)
            })
            .collect()
    };
    let stores = place(p.stores);
    let atms = place(p.atms);
    let dangers = place(p.dangers);
    Map {
        grid: p.grid,
        stores,
        atms,
        dangers,
    }
}

/// The map for a seed: the first draw the rule engine accepts. Maps of
/// versions 1 and 2 are made with the acceptance rules of their day, so
/// their codes keep making their maps.
pub fn generate_for_seed(p: &Params, seed: &Seed) -> Result<Map> {
    p.check()?;
    let draw = |i| generate(p, &mut seed.stream("layout", i));
    if p.version < 3 {
        return generate_valid(msg!(MESSAGES, "tp-hunt.no_map"), draw, |m| version_2_violations(p, m));
    }
    // Rating a map takes simulated games: settings whose maps keep missing
    // the rating rules stop after a few rated maps, not thousands.
    let mut rated = 0u32;
    let mut spent = 0u64;
    let mut last_rated = Vec::new();
    let mut last_map = None;
    for i in 0..MAX_ATTEMPTS {
        let map = draw(i);
        let broken = validate(p, &map);
        if broken.is_empty() {
            return Ok(map);
        }
        if broken
            .iter()
            .any(|v| v.rule == Rule::LengthBand.name() || v.rule == Rule::FirstFair.name())
        {
            rated += 1;
            // The work a rating took: its games' turns, each player's.
            let r = rating(p, &map);
            spent += u64::from(r.games) * u64::from(r.median_turns) * u64::from(p.players);
            last_rated = broken;
            last_map = Some(map);
            if rated == MAX_RATED_TRIES || spent > MAX_RATED_TURNS {
                break;
            }
        }
    }
    if rated == 0 {
        // Only the placement rules failed: the usual report of what failed how often.
        return generate_valid(msg!(MESSAGES, "tp-hunt.no_map"), draw, |m| validate(p, m));
    }
    let endless = last_map.is_some_and(|m| rating(p, &m).median_turns >= game::MAX_TURNS);
    if p.atms == 0 && endless {
        // Measured: every map of the default settings with at least 1 ATM passes.
        return Err(Error::setting_msg("atms", crate::msg!(MESSAGES, "tp-hunt.no_atms")));
    }
    let why: Vec<crate::message::Msg> = last_rated
        .iter()
        .map(|v| crate::msg!("rule.broken", rule = rule_words(v.rule), message = v.msg.clone()))
        .collect();
    Err(Error::msg(crate::msg!(
        MESSAGES, "tp-hunt.no_legal_map",
        rated = rated,
        stores = p.stores,
        atms = p.atms,
        dangers = p.dangers,
        grid = p.grid,
        players = p.players,
        why = why,
    ))
    .at("stores"))
}

/// A rating rule as the reader's language names it (its name for the
/// command line beside it).
fn rule_words(rule: &str) -> crate::message::Msg {
    if rule == Rule::LengthBand.name() {
        crate::msg!(MESSAGES, "tp-hunt.check.length-band")
    } else if rule == Rule::FirstFair.name() {
        crate::msg!(MESSAGES, "tp-hunt.check.first-fair")
    } else {
        crate::msg!("word", word = rule)
    }
}

/// Most simulated turns (all players' turns in all rating games) the
/// search for a map spends on maps that miss the rating rules before it
/// gives up: counted, not timed, so a seed makes the same map on every
/// machine. Four ratings of games that run to [`game::MAX_TURNS`] with 4
/// players, about 2 s of one core (BENCHMARKS.md).
pub const MAX_RATED_TURNS: u64 = 4 * RATING_GAMES as u64 * game::MAX_TURNS as u64 * 4;

/// Most maps rated before the rating rules are given up for these settings.
pub const MAX_RATED_TRIES: u32 = 12;

fn list(cells: &[Cell]) -> String {
    cells.iter().map(Cell::to_string).collect::<Vec<_>>().join(", ")
}


/// The rules of the game (counts, one mark a square, no danger on an item,
/// all on the grid): what every version's maps keep.
fn hard_rules(p: &Params, map: &Map, out: &mut Vec<Violation>) {
    use crate::msg;
    let g = map.grid();
    for (what, have, want) in [
        (msg!(MESSAGES, "tp-hunt.counts.stores", have = map.stores.len(), want = p.stores), map.stores.len(), p.stores as usize),
        (msg!(MESSAGES, "tp-hunt.counts.atms", have = map.atms.len(), want = p.atms), map.atms.len(), p.atms as usize),
        (msg!(MESSAGES, "tp-hunt.counts.dangers", have = map.dangers.len(), want = p.dangers), map.dangers.len(), p.dangers as usize),
    ] {
        if have != want {
            out.push(Violation::keyed(Rule::Counts.name(), what));
        }
    }

    let outside: Vec<Cell> = map.marks().map(|(_, c)| c).filter(|c| !g.contains(*c)).collect();
    if !outside.is_empty() {
        out.push(Violation::keyed(
            Rule::InsideGrid.name(),
            msg!(MESSAGES, "tp-hunt.outside", grid = g.size, cells = list(&outside)),
        ));
    }

    // Which marks share each square.
    let mut on_cell: std::collections::BTreeMap<Cell, Vec<Mark>> = Default::default();
    for (m, c) in map.marks() {
        on_cell.entry(c).or_default().push(m);
    }
    for (c, marks) in &on_cell {
        if marks.len() < 2 {
            continue;
        }
        // "store and ATM and danger zone", in the reader's words.
        let names = marks
            .iter()
            .rev()
            .map(|m| mark_words(*m))
            .reduce(|later, earlier| msg!("and", a = earlier, b = later))
            .expect("two marks or more");
        let danger_on_item = marks.contains(&Mark::Danger) && marks.iter().any(|m| *m != Mark::Danger);
        let rule = if danger_on_item {
            Rule::DangerNotOnItem
        } else {
            Rule::DistinctCells
        };
        out.push(Violation::keyed(rule.name(), msg!(MESSAGES, "tp-hunt.shared", cell = c.to_string(), marks = names)));
    }
}

/// A mark as the reader's language names it, with its article ("a store").
fn mark_words(m: Mark) -> crate::message::Msg {
    match m {
        Mark::Store => crate::msg!(MESSAGES, "tp-hunt.mark.store"),
        Mark::Atm => crate::msg!(MESSAGES, "tp-hunt.mark.atm"),
        Mark::Danger => crate::msg!(MESSAGES, "tp-hunt.mark.danger"),
    }
}

/// Danger centres on the grid, as a row-major mask.
fn danger_mask(map: &Map) -> Vec<bool> {
    let g = map.grid();
    let mut mask = vec![false; g.len()];
    for d in map.dangers.iter().filter(|c| g.contains(**c)) {
        mask[g.index(*d)] = true;
    }
    mask
}

/// The rule engine: every rule the map breaks, each problem once, under one
/// rule. The rating rules run only on a map that keeps every other rule.
pub fn validate(p: &Params, map: &Map) -> Vec<Violation> {
    let mut out = placement_violations(p, map);
    if out.is_empty() {
        rated_rules(p, map, &mut out);
    }
    out
}

/// Every rule but the rating rules: what can be judged without playing.
pub(crate) fn placement_violations(p: &Params, map: &Map) -> Vec<Violation> {
    let mut out = Vec::new();
    hard_rules(p, map, &mut out);
    let g = map.grid();
    let is_danger = danger_mask(map);
    let open = |c: Cell| !is_danger[g.index(c)];
    let main = g.main_edge_area(open);

    // An item is walled in when every in-grid side is a danger centre; a
    // walled-in item is reported as that, not also as unreachable.
    let mut walled = vec![false; g.len()];
    for (mark, rule) in [(Mark::Store, Rule::NoWalledInStore), (Mark::Atm, Rule::NoWalledInAtm)] {
        if !p.rule_on(rule) {
            continue;
        }
        for (_, c) in map.marks().filter(|(m, c)| *m == mark && g.contains(*c) && open(*c)) {
            if g.orthogonal(c).all(|n| !open(n)) {
                walled[g.index(c)] = true;
                let key = match mark {
                    Mark::Store => crate::msg!(MESSAGES, "tp-hunt.walled_in.store", cell = c.to_string()),
                    _ => crate::msg!(MESSAGES, "tp-hunt.walled_in.atm", cell = c.to_string()),
                };
                out.push(Violation::keyed(rule.name(), key));
            }
        }
    }

    if p.rule_on(Rule::Reachable) {
        // Items under a danger zone are reported by danger-not-on-item.
        let items = map
            .marks()
            .filter(|(m, c)| *m != Mark::Danger && g.contains(*c) && open(*c) && !walled[g.index(*c)]);
        for (m, c) in items {
            if !main[g.index(c)] {
                let key = match m {
                    Mark::Store => crate::msg!(MESSAGES, "tp-hunt.unreachable.store", cell = c.to_string()),
                    _ => crate::msg!(MESSAGES, "tp-hunt.unreachable.atm", cell = c.to_string()),
                };
                out.push(Violation::keyed(Rule::Reachable.name(), key));
            }
        }
    }

    if p.rule_on(Rule::StartCells) {
        let starts = g.cells().filter(|c| g.is_edge(*c) && main[g.index(*c)]).count();
        if starts < p.players as usize {
            out.push(Violation::keyed(
                Rule::StartCells.name(),
                crate::msg!(MESSAGES, "tp-hunt.start_cells", starts = starts, players = p.players),
            ));
        }
    }
    out
}

/// The fairness rules of versions 1 and 2 (reachable from any edge square,
/// walled-in stores only), with which their maps were accepted: kept so that
/// their codes keep making their maps. `validate` judges by today's rules.
fn version_2_violations(p: &Params, map: &Map) -> Vec<Violation> {
    let mut out = Vec::new();
    hard_rules(p, map, &mut out);
    let g = map.grid();
    let is_danger = danger_mask(map);
    let open = |c: Cell| !is_danger[g.index(c)];
    if p.rule_on(Rule::Reachable) {
        let edge = g.cells().filter(|c| g.is_edge(*c));
        let reached = g.reachable(edge, open);
        for (m, c) in map.marks().filter(|(m, c)| *m != Mark::Danger && g.contains(*c)) {
            if !reached[g.index(c)] {
                let unreachable = match m {
                    Mark::Store => msg!(MESSAGES, "tp-hunt.unreachable_v2.store", cell = c.to_string()),
                    _ => msg!(MESSAGES, "tp-hunt.unreachable_v2.atm", cell = c.to_string()),
                };
                out.push(Violation::keyed(Rule::Reachable.name(), unreachable));
            }
        }
    }
    if p.rule_on(Rule::StartCells) {
        let starts = g.cells().filter(|c| g.is_edge(*c) && open(*c)).count();
        if starts < p.players as usize {
            let too_few = msg!(MESSAGES, "tp-hunt.start_cells", starts = starts, players = p.players);
            out.push(Violation::keyed(Rule::StartCells.name(), too_few));
        }
    }
    if p.rule_on(Rule::NoWalledInStore) {
        for s in map.stores.iter().filter(|c| g.contains(**c)) {
            if g.orthogonal(*s).all(|n| !open(n)) {
                let walled_in = msg!(MESSAGES, "tp-hunt.walled_in.store", cell = s.to_string());
                out.push(Violation::keyed(Rule::NoWalledInStore.name(), walled_in));
            }
        }
    }
    out
}

/// Simulated games behind a map's rating up to version 5, and the most from
/// version 6 on (BENCHMARKS.md: enough for its median length within one
/// turn, quick enough to rate every map made).
pub const RATING_GAMES: u32 = 100;
/// Most games `tp-hunt simulate` plays in one run.
pub const MAX_SIMULATED_GAMES: u32 = 100_000;
/// FirstFair of version 3: how far the first player's share of wins may be
/// from an equal share.
pub const FIRST_FAIR_SLACK: f64 = 0.10;
/// FirstFair from version 4: a map is dropped only when its first player's
/// share is surely (by [`FIRST_FAIR_Z`] standard errors) more than this
/// far from an equal share.
pub const FIRST_FAIR_MARGIN: f64 = 0.05;
/// FirstFair from version 4: standard errors of certainty. 3.29 leaves a
/// share at the margin 1 chance in 2,000 on each side, so a fair map is
/// dropped by the luck of its games at most 1 time in 1,000.
pub const FIRST_FAIR_Z: f64 = 3.29;
/// The most error the first player's printed share may carry (one standard
/// error): a share less sure is not printed.
pub const FIRST_SHARE_SE: f64 = 0.02;
/// LengthBand: the median length a map may have, as shares of the length
/// expected for its settings ([`Params::expected_turns`]).
pub const LENGTH_BAND: (f64, f64) = (0.75, 1.35);

impl Params {
    /// The turns each player takes in a usual game with these settings: a
    /// fit to simulated games on many maps (BENCHMARKS.md). All players'
    /// turns together: a few for each store (two visits and trips for money),
    /// more the further apart stores and ATMs lie, and a little more for each
    /// player past 2 (more cars in the way).
    pub fn expected_turns(&self) -> f64 {
        let (per_store, per_distance, per_player) = EXPECTED_TURNS;
        let apart = self.grid as f64 / ((self.stores + self.atms) as f64).sqrt();
        let all = self.stores as f64 * (per_store + per_distance * apart);
        all * (1.0 + per_player * (self.players as f64 - 2.0)) / self.players as f64
    }

    /// The median lengths the length band keeps, in turns each.
    pub fn length_band(&self) -> (u32, u32) {
        let e = self.expected_turns();
        ((e * LENGTH_BAND.0).floor() as u32, (e * LENGTH_BAND.1).ceil() as u32)
    }
}

/// [`Params::expected_turns`]: all players' turns for each store, and for
/// each store and square of distance between marks; the share more for each
/// player past 2.
const EXPECTED_TURNS: (f64, f64, f64) = (5.9, 0.12, 0.04);

/// The rating rules: only for a map that keeps every other rule, as they
/// take simulated games.
fn rated_rules(p: &Params, map: &Map, out: &mut Vec<Violation>) {
    let length = p.rule_on(Rule::LengthBand);
    let fair = p.rule_on(Rule::FirstFair);
    if !(length || fair) {
        return;
    }
    let r = rating(p, map);
    let (lo, hi) = p.length_band();
    let dec = crate::message::dec;
    if length && !(lo..=hi).contains(&r.median_turns) {
        out.push(Violation::keyed(
            Rule::LengthBand.name(),
            crate::msg!(MESSAGES, "tp-hunt.length_band", turns = r.median_turns, lo = lo, hi = hi),
        ));
    }
    let equal = 1.0 / p.players as f64;
    let off = (r.first_player_win_share - equal).abs();
    if p.version >= 4 {
        if fair && off - FIRST_FAIR_Z * r.first_player_se > FIRST_FAIR_MARGIN {
            out.push(Violation::keyed(
                Rule::FirstFair.name(),
                crate::msg!(
                    MESSAGES, "tp-hunt.first_fair",
                    share = dec(100.0 * r.first_player_win_share, 1),
                    se = dec(100.0 * r.first_player_se, 1),
                    margin = dec(100.0 * FIRST_FAIR_MARGIN, 0),
                    equal = dec(100.0 * equal, 0)
                ),
            ));
        }
        return;
    }
    if fair && off > FIRST_FAIR_SLACK {
        out.push(Violation::keyed(
            Rule::FirstFair.name(),
            crate::msg!(
                MESSAGES, "tp-hunt.first_fair_v3",
                share = dec(100.0 * r.first_player_win_share, 0),
                margin = dec(100.0 * FIRST_FAIR_SLACK, 0),
                equal = dec(100.0 * equal, 0)
            ),
        ));
    }
}

/// A map's rating from simulated games of the base game: up to version 5
/// [`RATING_GAMES`] games, from version 6 as many as settle its figures and
/// rules ([`rating::LOOKS`]). The dice are seeded by the map and the
/// players, so a map rates the same however it was made. Ratings are kept:
/// making a map rates it, and its sheets print the same rating.
pub fn rating(p: &Params, map: &Map) -> MapRating {
    // Kept by rulings, games, players and map (see [`crate::games::kept`]).
    static RATED: crate::games::kept::Store<MapRating> = crate::games::kept::Store::new();
    let rulings = game::Rulings::of_version(p.version);
    let settle = p.version >= SETTLED_SINCE;
    let key = format!("{rulings:?} {settle}\n{}", rating_key(p, map));
    RATED.get_or_make(&key, || {
        let seed = rating_seed(p, map);
        if !settle {
            let players = p.players as usize;
            return rate(map, players, game::Switches::default(), rulings, &seed, RATING_GAMES);
        }
        let questions = rating::Questions {
            band: p.length_band(),
            equal: 1.0 / p.players as f64,
            margin: FIRST_FAIR_MARGIN,
            z: FIRST_FAIR_Z,
        };
        rating::rate_until_settled(map, p.players as usize, rulings, &seed, &questions)
    })
}

/// The first generator version whose ratings stop once settled.
pub const SETTLED_SINCE: u32 = 6;

/// A map's rating as its sheets print it: games played by today's rulings,
/// whatever version made the map (a rating is not the layout), on as many
/// games as the map's version rates by (its printed figures stay its own).
pub(crate) fn printed_rating(p: &Params, map: &Map) -> MapRating {
    rating(
        &Params {
            version: p.version.max(SETTLED_SINCE - 1),
            ..p.clone()
        },
        map,
    )
}

fn rating_key(p: &Params, map: &Map) -> String {
    format!(
        "p{}\n{}\n{}\n{}\n{}",
        p.players,
        map.grid,
        list(&map.stores),
        list(&map.atms),
        list(&map.dangers)
    )
}

/// The seed of a map's simulated dice: made from the map and the players,
/// never from the seed that drew the map.
pub fn rating_seed(p: &Params, map: &Map) -> Seed {
    use sha2::{Digest, Sha256};
    let digest = Sha256::digest(rating_key(p, map).as_bytes());
    let hex: String = digest.iter().take(12).map(|x| format!("{x:02x}")).collect();
    Seed::new(&format!("map-{hex}")).expect("a short seed")
}

/// About how long a game of `turns` turns each takes at the table: half a
/// minute a turn, to the nearest 5 minutes.
pub(crate) fn play_minutes(players: u16, turns: u32) -> u32 {
    let minutes = turns * players as u32 / 2;
    ((minutes + 2) / 5 * 5).max(5)
}

/// A map as JSON: what `--format json` writes and `validate` reads.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct MapJson {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    #[serde(default = "default_grid")]
    pub grid: u16,
    pub stores: Vec<Cell>,
    pub atms: Vec<Cell>,
    pub dangers: Vec<Cell>,
    /// What simulated games say about the map (written, never read back).
    #[serde(default, skip_deserializing, skip_serializing_if = "Option::is_none")]
    pub rating: Option<MapRating>,
}

fn default_grid() -> u16 {
    12
}

impl MapJson {
    pub fn new(seed: &Seed, code: &SheetCode, map: &Map, rating: MapRating) -> MapJson {
        MapJson {
            rating: Some(rating),
            seed: Some(seed.text().to_string()),
            code: Some(code.to_string()),
            grid: map.grid,
            stores: map.stores.clone(),
            atms: map.atms.clone(),
            dangers: map.dangers.clone(),
        }
    }

    pub fn map(&self) -> Map {
        Map {
            grid: self.grid,
            stores: self.stores.clone(),
            atms: self.atms.clone(),
            dangers: self.dangers.clone(),
        }
    }
}

/// Reads a map from JSON (one object). Marks off the grid are read as they
/// are: `validate` reports them under `inside-grid`, and every page and
/// preview draws only what is on the grid.
pub(crate) fn parse_json(text: &str) -> Result<MapJson> {
    let m: MapJson =
        crate::json::from_str(text).map_err(|why| Error::msg(msg!(MESSAGES, "tp-hunt.not_a_map", why = why)))?;
    let (lo, hi) = GRID_RANGE;
    if !(lo..=hi).contains(&m.grid) {
        return Err(Error::setting_msg("grid", out_of_range(m.grid, lo, hi)));
    }
    Ok(m)
}

/// A terminal preview of the map: one three-character column per square.
pub fn describe(map: &Map, blue: &str, red: &str) -> String {
    let g = map.grid();
    let board = map.board();
    let atd = map.atd();
    let mut s = String::new();
    s.push_str(&format!("        {blue} ->\n      "));
    for col in 1..=g.size {
        s.push_str(&format!("{col:>3}"));
    }
    s.push('\n');
    for row in 1..=g.size {
        let label = if row == 1 {
            red.split(' ').next().unwrap_or("")
        } else {
            ""
        };
        s.push_str(&format!("{label:>4}{row:>3}"));
        for col in 1..=g.size {
            let i = g.index(crate::grid::cell(col, row));
            let mark = match board[i] {
                Some(Mark::Store) => 'O',
                Some(Mark::Atm) => '$',
                Some(Mark::Danger) => 'X',
                None if atd[i] => ':',
                None => '.',
            };
            let side = if atd[i] && board[i].is_some() { ':' } else { ' ' };
            s.push(side);
            s.push(mark);
            s.push(side);
        }
        s.push('\n');
    }
    s.push_str("  O store   $ ATM   X danger zone   : adjacent to danger (ATD; :O: or :$: is a store or ATM in ATD)\n");
    s
}

#[cfg(test)]
mod tests;

/// One request for TP Hunt output: settings, seed, how many maps, paper, sheets.
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    pub params: Params,
    pub seed: Seed,
    pub count: usize,
    pub paper: crate::sheet::Paper,
    /// Standard or large print: how the sheets are drawn, never the game.
    pub style: crate::sheet::Style,
    pub sheets: Vec<sheets::SheetKind>,
    /// The players' names, where they write.
    pub seats: crate::game::Seats,
    /// The sheets the code names when fewer of them print (a sheet of a
    /// set printed again alone): every page carries the set's code.
    pub code_sheets: Option<Vec<sheets::SheetKind>>,
}

/// Dice found in shops and game boxes: a grid of one of these sizes is
/// played with such dice (a d12 on the 12 x 12 map), any other with the dice tape.
pub const COMMON_DICE: [u16; 6] = [4, 6, 8, 10, 12, 20];

/// Most maps one document holds.
pub const MAX_COUNT: usize = crate::game::MAX_COUNT;

impl Request {
    pub fn check(&self) -> Result<()> {
        self.params.check()?;
        let largest = sheets::largest_grid(self.paper.whole());
        if self.sheets.contains(&sheets::SheetKind::Map) && self.params.grid > largest {
            return Err(Error::setting_msg(
                "grid",
                msg!(
                    MESSAGES,
                    "tp-hunt.grid_too_large",
                    grid = self.params.grid,
                    paper = self.paper.name(),
                    mm = crate::message::dec(sheets::MIN_CELL_MM.into(), 0),
                    largest = largest
                ),
            ));
        }
        if !(1..=MAX_COUNT).contains(&self.count) {
            return Err(Error::setting_msg("count", out_of_range(self.count, 1, MAX_COUNT)));
        }
        Ok(())
    }

    /// The sheets of the set the code names: every page of it carries
    /// the set's code, also when it prints alone.
    pub fn set(&self) -> &[sheets::SheetKind] {
        self.code_sheets.as_deref().unwrap_or(&self.sheets)
    }

    /// The code of the map made from `seed` with the sheets `sheets`.
    pub fn code(&self, seed: &Seed, sheets: &str) -> SheetCode {
        SheetCode::new(GAME, self.params.version, self.params.code(), self.paper, sheets, seed)
    }

    /// The request a sheet code stands for: exactly that map and those sheets.
    pub fn from_code(code: &SheetCode) -> Result<Request> {
        if code.game != GAME {
            return Err(crate::seed::wrong_game(&code.game, GAME));
        }
        // Every earlier version's codes still make their maps.
        if !(1..VERSION).contains(&code.version) {
            code.check_version("TP Hunt", VERSION)?;
        }
        let paper = code.paper()?;
        let params = Params {
            version: code.version,
            ..Params::from_code(&code.params)?
        };
        if let Some(r) = params.off_rules.iter().find(|r| r.since() > code.version) {
            let too_new = msg!(
                MESSAGES,
                "tp-hunt.rule_too_new",
                rule = r.name(),
                since = r.since(),
                version = code.version
            );
            return Err(Error::msg(too_new).within(msg!("code.place")));
        }
        Ok(Request {
            seats: Default::default(),
            params,
            seed: code.seed.clone(),
            count: 1,
            paper,
            style: crate::sheet::Style::Standard,
            sheets: sheets::SheetKind::parse_list(&code.sheets)?,
            code_sheets: None,
        })
    }

    /// The seeds of the maps, in order.
    pub fn seeds(&self) -> impl Iterator<Item = Seed> + '_ {
        (1..=self.count).map(|k| self.seed.nth(k))
    }

    /// The maps, each the first legal draw for its seed.
    /// The maps, made one at a time as they are asked for: a run of 10,000
    /// holds one map at a time.
    pub fn maps(&self) -> Result<impl Iterator<Item = Result<(Seed, Map)>> + '_> {
        self.check()?;
        Ok(self
            .seeds()
            .map(|s| generate_for_seed(&self.params, &s).map(|m| (s, m))))
    }

    /// The maps as JSON: one object, or an array of them when `count` > 1.
    pub fn json(&self) -> Result<String> {
        let list = sheets::SheetKind::code_list(self.set());
        let maps: Vec<MapJson> = self
            .maps()?
            .map(|r| r.map(|(s, m)| MapJson::new(&s, &self.code(&s, &list), &m, printed_rating(&self.params, &m))))
            .collect::<Result<_>>()?;
        Ok(crate::games::json_one_or_many(&maps))
    }

    pub fn labels(&self, texts: &crate::text::Texts) -> Result<std::rc::Rc<crate::text::GameTexts>> {
        let mut ctx = tera::Context::new();
        ctx.insert("stores", &self.params.stores);
        ctx.insert("atms", &self.params.atms);
        ctx.insert("dangers", &self.params.dangers);
        ctx.insert("players", &self.params.players);
        ctx.insert("grid", &self.params.grid);
        // The dice: a common die with as many sides as the grid, else the tape only.
        let die = COMMON_DICE.contains(&self.params.grid);
        ctx.insert("die", &die);
        // Large print has one tracker a page: nothing to cut between.
        ctx.insert("large", &self.style.is_large());
        Ok(texts.game(GAME, &ctx)?)
    }

    /// The terminal preview of every map.
    pub fn preview(&self, texts: &crate::text::Texts) -> Result<String> {
        let labels = self.labels(texts)?;
        let list = sheets::SheetKind::code_list(self.set());
        let mut out = String::new();
        for made in self.maps()? {
            let (s, m) = made?;
            out.push_str(&format!(
                "{}: {}\n",
                labels.common.get("code_label"),
                self.code(&s, &list)
            ));
            out.push_str(&describe(&m, &labels.game.get("blue_die"), &labels.game.get("red_die")));
            out.push('\n');
        }
        Ok(out)
    }

    /// Makes every page in order (for each map, the chosen sheets) and hands
    /// each to `emit` as soon as it is drawn, so no run holds all its pages.
    /// Returns the document's title, subject and identity.
    pub fn pages(
        &self,
        texts: &crate::text::Texts,
        mut emit: impl FnMut(crate::sheet::Page) -> Result<()>,
    ) -> Result<crate::sheet::DocumentInfo> {
        let labels = self.labels(texts)?;
        let ctx = sheets::Context::new(&self.params, self.paper, self.style, &labels, &self.seats);
        let list = sheets::SheetKind::code_list(self.set());
        let mut codes = crate::sheet::Codes::default();
        for made in self.maps()? {
            let (seed, map) = made?;
            let rating = printed_rating(&self.params, &map);
            for kind in &self.sheets {
                let code = self.code(&seed, &list);
                for page in ctx.pages(*kind, &map, &rating, &seed, &code) {
                    emit(page)?;
                }
            }
            codes.push(&self.code(&seed, &list).to_string());
        }
        Ok(crate::sheet::DocumentInfo::for_codes(
            &labels.game.get("game"),
            codes,
            &labels.game.get("maps"),
        ))
    }

    /// The whole printable document in memory (tests, small runs).
    pub fn document(&self, texts: &crate::text::Texts) -> Result<crate::sheet::Document> {
        crate::sheet::Document::collect(|emit| self.pages(texts, emit))
    }
}
