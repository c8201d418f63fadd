//! Finds Particle Panic's difficulty levels by measurement and prints the
//! tables `levels.rs` holds (RULES.md, "Difficulty levels").
//!
//! Levels are set by strong play: the search player (rollouts at every
//! choice). For each player count every set of switches (those that change
//! nothing at that count left out) is swept: the rating policy first, to
//! leave out sets already won too often, then the search player over a
//! sample of deals. For each level (easy, normal, hard: 65%, 40%, 20%) the
//! candidates near the target are taken fewest departures from the text
//! first (house rules, then readings, then hand-limit steps) and measured
//! again on a larger sample; the first within `TOLERANCE` is the level. The
//! chosen sets are then measured on the full sample, the rating policy
//! beside the search player, and the difficulty bands are calibrated from
//! the rating policy, which rates every printed deal.
//!
//!     cargo run --release --example pp_levels -- levels [PLAYERS|0] [SWEEP_DEALS SWEEP_GAMES]
//!     cargo run --release --example pp_levels -- sweep [PLAYERS|0] [DEALS GAMES]
//!     cargo run --release --example pp_levels -- measure PLAYERS LETTERS DEALS GAMES [five]
//!     cargo run --release --example pp_levels -- mean [PLAYERS|0] [five]
//!     cargo run --release --example pp_levels -- full PLAYERS LETTERS [five]
//!     cargo run --release --example pp_levels -- calibrate PLAYERS LETTERS...
//!
//! `mean` sets the levels on the mean of the two players' win rates (the
//! rating policy does not reach 85% of the search player's at every count
//! and level; RULES.md), four codes or five; `calibrate` prints the bands'
//! CALIBRATION rows for the given switch sets with either deck.
//!
//! Sizes come from `levels.rs` (LEVEL_DEALS x LEVEL_GAMES, search player
//! LEVEL_SEARCH_DEALS x LEVEL_SEARCH_GAMES, CALIBRATION_DEALS x
//! CALIBRATION_GAMES); the sweep's sample is smaller, given on the command line.

use panicpress::games::particle_panic::levels::{
    CALIBRATION_DEALS, CALIBRATION_GAMES, HAND_LIMITS, LEVEL_DEALS, LEVEL_GAMES, LEVEL_SEARCH_DEALS,
    LEVEL_SEARCH_GAMES, Level,
};
use panicpress::games::particle_panic::policy::{RatingPolicy, YARDSTICK_ROLLOUTS, search_games};
use panicpress::games::particle_panic::{Params, Switches, engine, generate};
use panicpress::seed::Seed;

/// How far from its target a level's sweep win rate may be.
const TOLERANCE: f64 = 0.05;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let num = |i: usize, d: u32| args.get(i).and_then(|v| v.parse().ok()).unwrap_or(d);
    match args.first().map(String::as_str) {
        Some("measure") => {
            let players = num(1, 2) as u8;
            let switches = Switches::parse_letters(args.get(2).map(String::as_str).unwrap_or(""))
                .expect("switch letters, e.g. rah8");
            let five = args.get(5).is_some_and(|v| v == "five");
            let params = params(players, switches, five);
            let started = std::time::Instant::now();
            let (mean, error, rates) = rating_mean(&params, num(3, 50), num(4, 200));
            let (q1, q3) = quartiles(&rates);
            // `RATES=1`: each deal's rate too, to pair two runs deal by deal.
            if std::env::var_os("RATES").is_some() {
                let list: Vec<String> = rates.iter().map(|r| format!("{r:.4}")).collect();
                println!("rates {}", list.join(","));
            }
            println!(
                "{players} players, {switches}{}: rating policy {:.2}% ± {:.2}% (q1 {:.1}%, q3 {:.1}%) in {:.1} s",
                if five { ", five codes" } else { "" },
                mean * 100.0,
                error * 100.0,
                q1 * 100.0,
                q3 * 100.0,
                started.elapsed().as_secs_f64()
            );
        }
        Some("camp") => {
            // The whole board played? PLAYERS LETTERS RATING_DEALS RATING_GAMES
            // SEARCH_DEALS [five]: each player's win rate, the share of its
            // wins drawing every card from one stack, and its collections
            // off space 1 a game (search: one game a deal). `FIRST=9100`
            // starts the deals at that seed.
            let players = num(1, 2) as u8;
            let switches = Switches::parse_letters(args.get(2).map(String::as_str).unwrap_or("").trim_matches('-'))
                .expect("switch letters, e.g. aht7");
            let five = args.get(6).is_some_and(|v| v == "five");
            let p = params(players, switches, five);
            let started = std::time::Instant::now();
            let rating = per_deal(num(3, 100), |seed| {
                let r = engine::rate_with(&p, &generate(&p, seed), seed, num(4, 100), |_| RatingPolicy);
                (r.games, r.wins, r.one_stack_wins, r.off_start_collections)
            });
            println!("{}", camp_line(players, switches, "steady", &rating));
            let search = per_deal(num(5, 100), |seed| {
                let mut dice = seed.stream("simulate", 0);
                let g = search_games(&p, &generate(&p, seed), seed, 1, YARDSTICK_ROLLOUTS, &mut dice);
                (g.games, g.wins, g.one_stack_wins, g.off_start_collections)
            });
            println!("{}", camp_line(players, switches, "strong", &search));
            eprintln!("in {:.0} s", started.elapsed().as_secs_f64());
        }
        Some("calibrate") => {
            // The bands for PLAYERS and switch sets (letters, `-` for none),
            // with either deck: CALIBRATION rows.
            let players = num(1, 2) as u8;
            for letters in &args[2..] {
                let switches = Switches::parse_letters(letters.trim_matches('-')).expect("switch letters");
                // `FOUR=1`: the four-code deck only (five codes have levels of their own).
                let decks: &[bool] = if std::env::var_os("FOUR").is_some() {
                    &[false]
                } else {
                    &[false, true]
                };
                for &five in decks {
                    let p = params(players, switches, five);
                    let (mean, _, rates) = rating_mean(&p, CALIBRATION_DEALS, CALIBRATION_GAMES);
                    let (q1, q3) = quartiles(&rates);
                    println!(
                        "    cal({players}, {five}, \"{}\", {mean:.5}, {q1:.5}, {q3:.5}),",
                        p.rules().letters()
                    );
                }
            }
        }
        Some("mean") => {
            // Levels set on the mean of the two players (the fallback where
            // the rating policy falls short of strong play): PLAYERS [five].
            let five = args.get(2).is_some_and(|v| v == "five");
            for players in player_counts(args.get(1)) {
                for (level, switches, m) in choose_on_mean(players, five) {
                    eprintln!(
                        "{players} players{}, {}: {switches}: {m}",
                        if five { ", five codes" } else { "" },
                        level.name()
                    );
                    println!("{}", m.row(players, five, &format!("{level:?}"), switches));
                }
            }
        }
        Some("full") => {
            // One switch set measured as `mean` measures a level: PLAYERS LETTERS [five].
            let players = num(1, 2) as u8;
            let switches = Switches::parse_letters(args.get(2).map(String::as_str).unwrap_or(""))
                .expect("switch letters, e.g. rah8");
            let five = args.get(3).is_some_and(|v| v == "five");
            let m = measure_level(&params(players, switches, five));
            println!(
                "{players} players{}, {switches}: {m}\n{}",
                if five { ", five codes" } else { "" },
                m.row(players, five, "?", switches)
            );
        }
        Some("sweep") => {
            for players in player_counts(args.get(1)) {
                choose_levels(players, num(2, 50), num(3, 200));
            }
        }
        Some("levels") => {
            let counts = player_counts(args.get(1));
            let (sweep_deals, sweep_games) = (num(2, 50), num(3, 200));
            let mut level_rows = Vec::new();
            let mut calibration_rows = Vec::new();
            for players in counts {
                for (level, switches) in choose_levels(players, sweep_deals, sweep_games) {
                    let p = params(players, switches, false);
                    let (rating, rating_error, _) = rating_mean(&p, LEVEL_DEALS, LEVEL_GAMES);
                    let (search, search_error, _) = search_mean(&p, LEVEL_SEARCH_DEALS, LEVEL_SEARCH_GAMES);
                    eprintln!(
                        "{players} players, {}: {switches}: rating {:.1}% ± {:.1}%, search {:.1}% ± {:.1}%",
                        level.name(),
                        rating * 100.0,
                        rating_error * 100.0,
                        search * 100.0,
                        search_error * 100.0
                    );
                    level_rows.push(format!(
                        "    row({players}, false, Level::{level:?}, \"{}\", {rating:.4}, {rating_error:.4}, {search:.4}, {search_error:.4}),",
                        switches.letters()
                    ));
                }
                // Bands: every level with either deck, and as written with
                // either reading of collecting.
                let mut sets: Vec<Switches> = levels_of(&level_rows, players);
                sets.push(Switches::AS_WRITTEN);
                sets.push(Switches {
                    collect_as_action: true,
                    ..Switches::AS_WRITTEN
                });
                // A level may be one of these already (e.g. collect-as-action alone).
                let mut seen = std::collections::HashSet::new();
                sets.retain(|s| seen.insert(*s));
                for switches in sets {
                    for five in [false, true] {
                        let p = params(players, switches, five);
                        let (mean, _, rates) = rating_mean(&p, CALIBRATION_DEALS, CALIBRATION_GAMES);
                        let (q1, q3) = quartiles(&rates);
                        calibration_rows.push(format!(
                            "    cal({players}, {five}, \"{}\", {mean:.5}, {q1:.5}, {q3:.5}),",
                            p.rules().letters()
                        ));
                    }
                }
            }
            println!("LEVELS:");
            level_rows.iter().for_each(|r| println!("{r}"));
            println!("CALIBRATION:");
            calibration_rows.iter().for_each(|r| println!("{r}"));
        }
        _ => eprintln!(
            "usage: pp_levels levels [PLAYERS|0] [DEALS GAMES] | sweep [PLAYERS|0] [DEALS GAMES] | measure PLAYERS LETTERS DEALS GAMES [five]"
        ),
    }
}

/// One player count, or all.
fn player_counts(arg: Option<&String>) -> Vec<u8> {
    match arg.and_then(|v| v.parse().ok()).filter(|&p| p > 0) {
        Some(p) => vec![p],
        None => (1..=4).collect(),
    }
}

/// The switch sets of the level rows printed so far for this player count.
fn levels_of(rows: &[String], players: u8) -> Vec<Switches> {
    rows.iter()
        .filter(|r| r.starts_with(&format!("    row({players},")))
        .filter_map(|r| r.split('"').nth(1).and_then(Switches::parse_letters))
        .collect()
}

fn params(players: u8, switches: Switches, five_codes: bool) -> Params {
    Params {
        players,
        five_codes,
        level: Level::Normal,
        switches,
        ..Params::default()
    }
}

/// Every switch set that plays differently at this player count.
fn all_switch_sets(players: u8) -> Vec<Switches> {
    let mut out = Vec::new();
    for bits in 0u32..1 << 8 {
        for hand_limit in HAND_LIMITS {
            let on = |i: u32| bits & (1 << i) != 0;
            let s = Switches {
                per_round: on(0),
                collect_as_action: on(1),
                hand_limit,
                half_die: on(2),
                easy_neutralise: on(3),
                two_cards: on(4),
                spare_code: on(5),
                four_card_codes: on(6),
                one_a_round: on(7),
            };
            if s.effective(players) == s {
                out.push(s);
            }
        }
    }
    out
}

/// Per level, the switch set the sweep chooses.
fn choose_levels(players: u8, deals: u32, games: u32) -> Vec<(Level, Switches)> {
    let sets = all_switch_sets(players);
    let started = std::time::Instant::now();
    // Strong play is the search player. It never wins less than the rating
    // policy it searches over, so a set the rating policy already wins past
    // the easiest target (with room for noise) is no level, and is not
    // searched; the rest are measured with the search player, one game a deal.
    let ceiling = Level::TARGETS[0].1 + TOLERANCE + 0.05;
    let measured: Vec<(Switches, f64)> = sets
        .iter()
        .filter(|&&s| rating_mean(&params(players, s, false), deals.min(50), games).0 <= ceiling)
        .map(|&s| (s, search_mean(&params(players, s, false), deals, 1).0))
        .collect();
    eprintln!(
        "{players} players: {} switch sets, {} searched over {deals} deals, in {:.0} s",
        sets.len(),
        measured.len(),
        started.elapsed().as_secs_f64()
    );
    Level::TARGETS
        .iter()
        .map(|&(level, target)| {
            let near = |rate: f64| (rate - target).abs();
            // The sweep's candidates, fewest departures first; each is
            // measured again on a larger sample, and the first that stays
            // within the tolerance is the level (the sweep's noise is about
            // 3.5 points, the check's 1.5).
            let mut candidates: Vec<&(Switches, f64)> = measured
                .iter()
                .filter(|(_, rate)| near(*rate) <= TOLERANCE + 0.03)
                .collect();
            candidates.sort_by(|a, b| {
                (a.0.departures(), near(a.1))
                    .partial_cmp(&(b.0.departures(), near(b.1)))
                    .expect("rates are numbers")
            });
            let mut checked = Vec::new();
            for &&(switches, _) in candidates.iter().take(CHECKED_CANDIDATES) {
                let rate = search_mean(&params(players, switches, false), CHECK_DEALS, 1).0;
                checked.push((switches, rate));
                if near(rate) <= TOLERANCE {
                    break;
                }
            }
            let best = checked
                .iter()
                .find(|(_, rate)| near(*rate) <= TOLERANCE)
                .or_else(|| checked.iter().min_by(|a, b| near(a.1).total_cmp(&near(b.1))))
                .or_else(|| measured.iter().min_by(|a, b| near(a.1).total_cmp(&near(b.1))))
                .expect("some switch set");
            eprintln!(
                "{players} players, {}: {} ({:.1}% checked over {CHECK_DEALS} deals, {} candidates checked)",
                level.name(),
                best.0,
                best.1 * 100.0,
                checked.len()
            );
            (level, best.0)
        })
        .collect()
}

/// Sizes of the levels set on the mean: the rating policy's screen of every
/// switch set, the search's check of each candidate, the final measurement.
const MEAN_SCREEN_DEALS: u32 = 40;
const MEAN_CHECK_DEALS: u32 = 120;
const MEAN_CHECKS: usize = 24;
/// The largest share of strong play's wins drawing every card from one
/// stack that a level may have (RULES.md, "the whole board is played").
const STILL_MAX: f64 = 0.20;
const MEAN_RATING_DEALS: u32 = 500;
const MEAN_SEARCH_DEALS: u32 = 600;

/// Per level, the switch set whose mean of the two players' win rates is
/// nearest the level's target: every set screened with the rating policy,
/// then the candidates that can reach the target (the mean is at least the
/// rating policy's rate), fewest departures from the text first, checked
/// with the search player until one lands within `TOLERANCE` with at most
/// `STILL_MAX` of the search's wins sitting still, in the check and then in
/// full (else the nearest that moves within twice the tolerance, or of those
/// within the tolerance the one whose strong play sits still least). A hand
/// limit below the text's is the last resort: its sets are checked only
/// where no other set passes. `ONLY=hard` (or another level) sets one level.
fn choose_on_mean(players: u8, five: bool) -> Vec<(Level, Switches, Measured)> {
    // Each set with the rating policy's mean win rate and its standard error.
    let screened: Vec<(Switches, f64, f64)> = all_switch_sets(players)
        .into_iter()
        .map(|s| {
            let (rate, error, _) = rating_mean(&params(players, s, five), MEAN_SCREEN_DEALS, 100);
            (s, rate, error)
        })
        .collect();
    let only = std::env::var("ONLY").ok();
    Level::TARGETS
        .iter()
        .filter(|(level, _)| only.as_deref().is_none_or(|name| name == level.name()))
        .map(|&(level, target)| {
            let near = |rate: f64| (rate - target).abs();
            let mut checked = Vec::new();
            let chosen = [false, true].into_iter().find_map(|lower_limit| {
                // The search wins at most about three times the rating policy
                // here; with a hand limit of 5, which the rating policy plays
                // worst, about four times (4 players `aht5`: 3.5 times).
                let least = if lower_limit { 0.25 } else { 0.35 };
                let mut candidates: Vec<&(Switches, f64, f64)> = screened
                    .iter()
                    .filter(|(s, r, _)| {
                        (s.hand_limit < 6) == lower_limit && *r <= target + TOLERANCE && *r >= target * least
                    })
                    .collect();
                candidates.sort_by(|a, b| {
                    (a.0.departures(), near(a.1))
                        .partial_cmp(&(b.0.departures(), near(b.1)))
                        .expect("rates are numbers")
                });
                check_candidates(players, five, &candidates, near, &mut checked)
            });
            // Else the nearest that moves within twice the tolerance; else,
            // within the tolerance, the one that sits still least; else the
            // nearest.
            let near_of = |c: &Checked| near(c.mean);
            let nearest = |a: &&Checked, b: &&Checked| near_of(a).total_cmp(&near_of(b));
            let within = |by: f64| checked.iter().filter(move |c| near_of(c) <= by);
            let moving = |c: &&Checked| c.still <= STILL_MAX;
            let (best, full) = chosen.unwrap_or_else(|| {
                let best = within(2.0 * TOLERANCE)
                    .filter(moving)
                    .min_by(nearest)
                    .or_else(|| within(TOLERANCE).min_by(|a, b| a.still.total_cmp(&b.still)))
                    .or_else(|| checked.iter().min_by(nearest))
                    .map(|b| b.switches)
                    .or_else(|| {
                        screened
                            .iter()
                            .min_by(|a, b| near(a.1).total_cmp(&near(b.1)))
                            .map(|b| b.0)
                    })
                    .expect("some switch set");
                (best, measure_level(&params(players, best, five)))
            });
            eprintln!(
                "{players} players{}, {}: {best} ({} candidates checked)",
                if five { ", five codes" } else { "" },
                level.name(),
                checked.len()
            );
            (level, best, full)
        })
        .collect()
}

/// A candidate as checked: the mean of the two players' win rates and the
/// share of strong play's wins sitting still (from the full measurement
/// where there is one).
struct Checked {
    switches: Switches,
    mean: f64,
    still: f64,
}

/// Checks up to `MEAN_CHECKS` candidates in order with the search player;
/// one whose check lands within the tolerance, moving, is measured in
/// full, and that measurement decides (the check's noise is about 2.5
/// points on the mean, the full one's 1). Each candidate checked is added
/// to `checked`.
fn check_candidates(
    players: u8,
    five: bool,
    candidates: &[&(Switches, f64, f64)],
    near: impl Fn(f64) -> f64,
    checked: &mut Vec<Checked>,
) -> Option<(Switches, Measured)> {
    let passes = |c: &Checked| near(c.mean) <= TOLERANCE && c.still <= STILL_MAX;
    for &&(switches, rating, rating_error) in candidates.iter().take(MEAN_CHECKS) {
        let (search, search_error, still) = search_mean(&params(players, switches, five), MEAN_CHECK_DEALS, 1);
        let mean = (rating + search) / 2.0;
        eprintln!(
            "  {switches}: rating {:.1}%, search {:.1}%, mean {:.1}%, still {:.0}%",
            rating * 100.0,
            search * 100.0,
            mean * 100.0,
            still * 100.0
        );
        let mut entry = Checked { switches, mean, still };
        // The check is a sample (its mean's standard error is 2-3 points,
        // its share sitting still rests on about 25 wins at a hard level):
        // within two of its standard errors of both tests, the full
        // measurement decides.
        let mean_noise = 2.0 * rating_error.hypot(search_error) / 2.0;
        let wins = search * f64::from(MEAN_CHECK_DEALS);
        let still_noise = 2.0 * (still * (1.0 - still) / wins.max(1.0)).sqrt();
        if near(mean) <= TOLERANCE + mean_noise && still <= STILL_MAX + still_noise {
            let full = measure_level(&params(players, switches, five));
            eprintln!(
                "  in full: mean {:.1}%, still {:.0}%",
                full.mean() * 100.0,
                full.still * 100.0
            );
            entry = Checked {
                switches,
                mean: full.mean(),
                still: full.still,
            };
            if passes(&entry) {
                return Some((switches, full));
            }
        }
        checked.push(entry);
    }
    None
}

/// A level's full measurement: both players' win rates with their errors,
/// and the share of the search's wins with no pawn moved.
struct Measured {
    rating: f64,
    rating_error: f64,
    search: f64,
    search_error: f64,
    still: f64,
}

impl Measured {
    fn mean(&self) -> f64 {
        (self.rating + self.search) / 2.0
    }

    /// The measurement as a row of `levels.rs`'s level table.
    fn row(&self, players: u8, five: bool, level: &str, switches: Switches) -> String {
        format!(
            "    row({players}, {five}, Level::{level}, \"{}\", {:.4}, {:.4}, {:.4}, {:.4}),",
            switches.letters(),
            self.rating,
            self.rating_error,
            self.search,
            self.search_error
        )
    }
}

impl std::fmt::Display for Measured {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(
            f,
            "rating {:.1}% ± {:.1}%, search {:.1}% ± {:.1}%, mean {:.1}%, search wins sitting still {:.1}%",
            self.rating * 100.0,
            self.rating_error * 100.0,
            self.search * 100.0,
            self.search_error * 100.0,
            self.mean() * 100.0,
            self.still * 100.0
        )
    }
}

fn measure_level(p: &Params) -> Measured {
    let (rating, rating_error, _) = rating_mean(p, MEAN_RATING_DEALS, LEVEL_GAMES);
    let (search, search_error, still) = search_mean(p, MEAN_SEARCH_DEALS, 1);
    Measured {
        rating,
        rating_error,
        search,
        search_error,
        still,
    }
}

/// How many of the sweep's candidates a level checks, and over how many deals.
const CHECKED_CANDIDATES: usize = 6;
const CHECK_DEALS: u32 = 1000;

/// The rating policy's mean win rate over deals 0..deals, its standard
/// error over the deals, and the per-deal rates.
fn rating_mean(params: &Params, deals: u32, games: u32) -> (f64, f64, Vec<f64>) {
    let rates = per_deal(deals, |seed| {
        engine::rate_with(params, &generate(params, seed), seed, games, |_| RatingPolicy).win_rate
    });
    let (mean, error) = mean_error(&rates);
    (mean, error, rates)
}

/// The search player's mean win rate over deals 0..deals, its error, and the
/// share of its wins in which every card came from one stack.
fn search_mean(params: &Params, deals: u32, games: u32) -> (f64, f64, f64) {
    let results = per_deal(deals, |seed| {
        let mut dice = seed.stream("simulate", 0);
        search_games(
            params,
            &generate(params, seed),
            seed,
            games,
            YARDSTICK_ROLLOUTS,
            &mut dice,
        )
    });
    let rates: Vec<f64> = results.iter().map(|r| f64::from(r.wins) / f64::from(games)).collect();
    let (wins, one_stack) = results
        .iter()
        .fold((0, 0), |(w, s), r| (w + r.wins, s + r.one_stack_wins));
    let (mean, error) = mean_error(&rates);
    (mean, error, f64::from(one_stack) / f64::from(wins.max(1)))
}

/// One player's games of a level, deal by deal (games, wins, one-stack
/// wins, collections off space 1) on one line: the win rate, the share of
/// wins drawing every card from one stack and the collections off space 1 a
/// game, each with its standard error over the deals (the share as a ratio
/// of sums, its error from the deals' residuals).
fn camp_line(players: u8, switches: Switches, who: &str, deals: &[(u32, u32, u32, u32)]) -> String {
    let rates: Vec<f64> = deals.iter().map(|d| f64::from(d.1) / f64::from(d.0.max(1))).collect();
    let (rate, rate_error) = mean_error(&rates);
    let wins: f64 = deals.iter().map(|d| f64::from(d.1)).sum();
    let one: f64 = deals.iter().map(|d| f64::from(d.2)).sum();
    let share = one / wins.max(1.0);
    let residuals: f64 = deals
        .iter()
        .map(|d| (f64::from(d.2) - share * f64::from(d.1)).powi(2))
        .sum();
    let share_error = residuals.sqrt() / wins.max(1.0);
    let off: Vec<f64> = deals.iter().map(|d| f64::from(d.3) / f64::from(d.0.max(1))).collect();
    let (off_mean, off_error) = mean_error(&off);
    format!(
        "{players} {:<6} {who}: deals {}, won {:.1}% ± {:.1}%, one-stack {:.1}% ± {:.1}% of {wins:.0} wins, off-start collections {:.2} ± {:.2} a game",
        switches.letters(),
        deals.len(),
        rate * 100.0,
        rate_error * 100.0,
        share * 100.0,
        share_error * 100.0,
        off_mean,
        off_error
    )
}

/// `rate` of deals 0..deals (their seeds; from `FIRST` on if set), in deal order, on every core.
fn per_deal<T: Default + Clone + Send>(deals: u32, rate: impl Fn(&Seed) -> T + Sync) -> Vec<T> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()) as u32;
    let mut rates = vec![T::default(); deals as usize];
    std::thread::scope(|scope| {
        let size = deals.div_ceil(threads).max(1) as usize;
        for (t, chunk) in rates.chunks_mut(size).enumerate() {
            let rate = &rate;
            scope.spawn(move || {
                let first = t * size + first_seed();
                for (i, r) in chunk.iter_mut().enumerate() {
                    *r = rate(&Seed::new(&(first + i).to_string()).unwrap());
                }
            });
        }
    });
    rates
}

/// Mean and its standard error.
fn mean_error(v: &[f64]) -> (f64, f64) {
    let n = v.len().max(1) as f64;
    let mean = v.iter().sum::<f64>() / n;
    let var = v.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (mean, (var / n).sqrt())
}

fn quartiles(rates: &[f64]) -> (f64, f64) {
    let mut v = rates.to_vec();
    v.sort_by(f64::total_cmp);
    let at = |q: f64| v[((v.len() as f64 * q) as usize).min(v.len() - 1)];
    (at(0.25), at(0.75))
}

/// The first deal's seed: 0, or `FIRST` (fresh deals for an out-of-sample check).
fn first_seed() -> usize {
    std::env::var("FIRST").ok().and_then(|v| v.parse().ok()).unwrap_or(0)
}
