//! Win rates by players (1-4) and reading: the rating policy over DEALS
//! deals (seeds 0..DEALS) of GAMES games each, and the search player over the
//! first SEARCH_DEALS of them, SEARCH_GAMES games each. The README's table.
//!
//!     cargo run --release --example pp_table -- DEALS GAMES SEARCH_DEALS SEARCH_GAMES ROLLOUTS
use panicpress::games::particle_panic::policy::{RatingPolicy, SearchPlayer};
use panicpress::games::particle_panic::{Params, engine, generate};
use panicpress::seed::Seed;
fn main() {
    let num = |i: usize, d: u32| std::env::args().nth(i).and_then(|v| v.parse().ok()).unwrap_or(d);
    let (deals, games, search_deals, search_games, rollouts) =
        (num(1, 100), num(2, 500), num(3, 10), num(4, 20), num(5, 8));
    println!(
        "| players | reading | rating policy: mean win rate ({deals} deals x {games} games) | deals it won at all | search player: mean win rate ({search_deals} deals x {search_games} games, {rollouts} rollouts) |"
    );
    println!("|---:|---|---:|---:|---:|");
    for players in 1..=4u8 {
        for (name, five_codes, collect_as_action) in [
            ("default", false, false),
            ("collect-as-action", false, true),
            ("five-codes", true, false),
        ] {
            let params = Params {
                players,
                five_codes,
                collect_as_action,
                simulations: games,
                ..Params::default()
            };
            let rate = |d: u32, n: u32, search: bool| {
                let seed = Seed::new(&d.to_string()).unwrap();
                let deal = generate(&params, &seed);
                if search {
                    engine::rate_with(&params, &deal, &seed, n, |g| SearchPlayer {
                        rollouts,
                        rng: engine::rollout_rng(&seed, g as u64),
                    })
                    .win_rate
                } else {
                    engine::rate_with(&params, &deal, &seed, n, |_| RatingPolicy).win_rate
                }
            };
            let fast: Vec<f64> = (0..deals).map(|d| rate(d, games, false)).collect();
            let slow: Vec<f64> = (0..search_deals).map(|d| rate(d, search_games, true)).collect();
            let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len().max(1) as f64;
            let some = fast.iter().filter(|r| **r > 0.0).count();
            println!(
                "| {players} | {name} | {:.3}% | {some} of {deals} | {:.2}% |",
                mean(&fast) * 100.0,
                mean(&slow) * 100.0
            );
        }
    }
}
