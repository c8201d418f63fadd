//! Rating policy against the search player on a range of deals: per-deal win
//! rates, their rank correlation (Spearman) and the ratio of mean win rates,
//! each mean with its standard error over the deals.
//!
//!     cargo run --release --example pp_search -- PLAYERS DEALS GAMES ROLLOUTS [LEVEL|LETTERS] [RATING_GAMES] [five]
//!
//! LEVEL is a level name (default `normal`), LETTERS a switch set as codes
//! write it (`rah8`); RATING_GAMES (default 2,000) the rating policy's games
//! a deal; `five` plays five codes. The search player plays GAMES games a
//! deal with ROLLOUTS rollouts per action, on dice of its own stream (not
//! the rating's). It also counts the search player's wins in which every
//! card came from one stack, and its collections off space 1: a level whose
//! strong play draws from one stack is a dull game.
//! With `BAND=easy` (or `normal`, `hard`) the deals are the first DEALS
//! seeds whose rating falls in that `--difficulty` band, to check that the
//! bands sort deals for strong play too. With `STREAM=1` (or any number)
//! the search player plays on another dice stream: two runs on the same
//! deals show how far strong play agrees with itself.

use panicpress::games::particle_panic::engine;
use panicpress::games::particle_panic::policy::{self, RatingPolicy, SearchGames, YARDSTICK_ROLLOUTS, search_games};
use panicpress::games::particle_panic::{Difficulty, Params, generate};
use panicpress::seed::Seed;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let num = |i: usize, d: u32| args.get(i).and_then(|v| v.parse().ok()).unwrap_or(d);
    let (players, deals, games, rollouts) = (num(0, 2) as u8, num(1, 10), num(2, 40), num(3, YARDSTICK_ROLLOUTS));
    let rating_games = num(5, 2000);
    let which = args.get(4).cloned().unwrap_or("normal".into());
    let five_codes = args.get(6).is_some_and(|v| v == "five");
    let params = Params::at_level_or_letters(players, five_codes, &which).expect("a level or switch letters");
    let first: u32 = std::env::var("FIRST").ok().and_then(|v| v.parse().ok()).unwrap_or(0);
    println!(
        "{players} players, {} ({}), deals {first}-{}: rating policy {rating_games} games a deal, search player {games} games a deal, {rollouts} rollouts",
        which,
        params.rules(),
        (first + deals).saturating_sub(1)
    );
    let started = std::time::Instant::now();
    let seeds: Vec<Seed> = match std::env::var("BAND").ok().map(|b| Difficulty::parse(&b)) {
        Some(band) => {
            let band = band.expect("a band: easy, normal or hard");
            // As `--difficulty` finds them: rated with the default games.
            (0u32..)
                .map(|k| Seed::new(&format!("band{k}")).unwrap())
                .filter(|seed| {
                    let r = policy::rate(&params, &generate(&params, seed), seed);
                    Difficulty::of(&params, r.win_rate) == Some(band)
                })
                .take(deals as usize)
                .collect()
        }
        // `FIRST=9100`: deals from that seed on (fresh deals the calibration never used).
        None => (first..first + deals)
            .map(|d| Seed::new(&d.to_string()).unwrap())
            .collect(),
    };
    // Deals on every core (`THREADS` to use fewer), each deal on its own dice.
    let threads = std::env::var("THREADS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let next = std::sync::atomic::AtomicU32::new(0);
    let results = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                loop {
                    let d = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    if d >= deals {
                        break;
                    }
                    let row = (d, rate_deal(&params, &seeds[d as usize], games, rollouts, rating_games));
                    results.lock().unwrap().push(row);
                }
            });
        }
    });
    let mut results = results.into_inner().unwrap();
    results.sort_by_key(|r| r.0);
    let (mut fast, mut slow, mut one_stack, mut off_start) = (Vec::new(), Vec::new(), 0, 0);
    for (d, (r, g)) in results {
        let w = f64::from(g.wins) / f64::from(games);
        println!(
            "deal {d}: rating policy {r:.3}, search {w:.3}, one-stack wins {}, off-start collections {}",
            g.one_stack_wins, g.off_start_collections
        );
        fast.push(r);
        slow.push(w);
        one_stack += g.one_stack_wins;
        off_start += g.off_start_collections;
    }
    let won: f64 = slow.iter().sum::<f64>() * games as f64;
    println!(
        "search wins with every card from one stack: {one_stack} of {won:.0} ({:.1}%); collections off space 1: {:.2} a game",
        100.0 * one_stack as f64 / won.max(1.0),
        off_start as f64 / (f64::from(deals) * f64::from(games)).max(1.0)
    );
    let (mf, ef) = mean_error(&fast);
    let (ms, es) = mean_error(&slow);
    println!(
        "players {players}: rating policy {:.1}% ± {:.1}%, search player {:.1}% ± {:.1}%, ratio {:.2}, spearman {:.3} ({:.0} s)",
        mf * 100.0,
        ef * 100.0,
        ms * 100.0,
        es * 100.0,
        mf / ms.max(1e-9),
        spearman(&fast, &slow),
        started.elapsed().as_secs_f64()
    );
}

/// One deal's two win rates: the rating policy's (as `rate` plays it) and
/// the search player's games.
fn rate_deal(params: &Params, seed: &Seed, games: u32, rollouts: u32, rating_games: u32) -> (f64, SearchGames) {
    let deal = generate(params, seed);
    let r = engine::rate_with(params, &deal, seed, rating_games, |_| RatingPolicy);
    // `STREAM=1`: a second, independent run of the search player's dice.
    let stream = std::env::var("STREAM").ok().and_then(|v| v.parse().ok()).unwrap_or(0);
    let mut dice = seed.stream("yardstick", stream);
    (
        r.win_rate,
        search_games(params, &deal, seed, games, rollouts, &mut dice),
    )
}

/// Mean and its standard error over the deals.
fn mean_error(v: &[f64]) -> (f64, f64) {
    let n = v.len().max(1) as f64;
    let mean = v.iter().sum::<f64>() / n;
    let var = v.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (mean, (var / n).sqrt())
}

fn ranks(v: &[f64]) -> Vec<f64> {
    let mut idx: Vec<usize> = (0..v.len()).collect();
    idx.sort_by(|&a, &b| v[a].total_cmp(&v[b]));
    let mut r = vec![0.0; v.len()];
    let mut i = 0;
    while i < idx.len() {
        let mut j = i;
        while j + 1 < idx.len() && v[idx[j + 1]] == v[idx[i]] {
            j += 1;
        }
        for k in i..=j {
            r[idx[k]] = (i + j) as f64 / 2.0;
        }
        i = j + 1;
    }
    r
}

fn spearman(a: &[f64], b: &[f64]) -> f64 {
    let (ra, rb) = (ranks(a), ranks(b));
    let n = a.len() as f64;
    let (ma, mb) = (ra.iter().sum::<f64>() / n, rb.iter().sum::<f64>() / n);
    let cov: f64 = ra.iter().zip(&rb).map(|(x, y)| (x - ma) * (y - mb)).sum();
    let va: f64 = ra.iter().map(|x| (x - ma).powi(2)).sum();
    let vb: f64 = rb.iter().map(|y| (y - mb).powi(2)).sum();
    if va == 0.0 || vb == 0.0 {
        0.0
    } else {
        cov / (va * vb).sqrt()
    }
}
