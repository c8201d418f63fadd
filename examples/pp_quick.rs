//! The rating policy's mean win rate at every player count and level, on
//! one core: a quick check of a change to the policy (`PP_W` to try weights).
//!
//!     cargo run --release --example pp_quick -- [DEALS] [GAMES] [FIRST_DEAL] [five]

use panicpress::games::particle_panic::levels::Level;
use panicpress::games::particle_panic::policy::RatingPolicy;
use panicpress::games::particle_panic::{Params, engine, generate};
use panicpress::seed::Seed;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let num = |i: usize, d: u32| args.get(i).and_then(|v| v.parse().ok()).unwrap_or(d);
    let (deals, games, first) = (num(0, 200), num(1, 200), num(2, 1000));
    let five_codes = args.get(3).is_some_and(|v| v == "five");
    let only: Option<u8> = std::env::var("PLAYERS").ok().and_then(|v| v.parse().ok());
    let started = std::time::Instant::now();
    let mut total = 0.0;
    for players in 1..=4u8 {
        if only.is_some_and(|p| p != players) {
            continue;
        }
        let mut line = format!("{players}p");
        for level in [Level::Easy, Level::Normal, Level::Hard] {
            let params = Params::at_level_deck(players, five_codes, level);
            let rates: Vec<f64> = (first..first + deals)
                .map(|d| {
                    let seed = Seed::new(&d.to_string()).unwrap();
                    engine::rate_with(&params, &generate(&params, &seed), &seed, games, |_| RatingPolicy).win_rate
                })
                .collect();
            let n = rates.len() as f64;
            let mean = rates.iter().sum::<f64>() / n;
            let var = rates.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
            total += mean;
            line += &format!(
                "  {}: {:5.1}% ± {:.1}",
                level.name(),
                100.0 * mean,
                100.0 * (var / n).sqrt()
            );
        }
        println!("{line}");
    }
    println!("sum {:.1} ({:.1} s)", 100.0 * total, started.elapsed().as_secs_f64());
}
