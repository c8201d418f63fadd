//! Win rates of the rating policy by players (1-4) and reading, over DEALS
//! deals (seeds 0..DEALS) of GAMES games each: the README's table.
//!
//!     cargo run --release --example pp_table -- DEALS GAMES
use panicpress::games::particle_panic::{Params, engine, generate};
use panicpress::seed::Seed;
fn main() {
    let num = |i: usize, d: u32| std::env::args().nth(i).and_then(|v| v.parse().ok()).unwrap_or(d);
    let (deals, games) = (num(1, 100), num(2, 500));
    println!("| players | reading | mean win rate | best deal | deals with a win |");
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
            };
            let rates: Vec<f64> = (0..deals)
                .map(|d| {
                    let seed = Seed::new(&d.to_string()).unwrap();
                    engine::rate(&params, &generate(&params, &seed), &seed).win_rate
                })
                .collect();
            let mean = rates.iter().sum::<f64>() / rates.len() as f64;
            let best = rates.iter().cloned().fold(0.0, f64::max);
            let some = rates.iter().filter(|r| **r > 0.0).count();
            println!(
                "| {players} | {name} | {:.3}% | {:.2}% | {some} of {deals} |",
                mean * 100.0,
                best * 100.0
            );
        }
    }
}
