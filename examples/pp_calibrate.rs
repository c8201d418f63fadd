//! Difficulty calibration: per player count and reading, the rating policy's
//! win rate over 500 deals (seeds 0-499) of 400 games each: mean, quartiles.
//! Prints the table `Calibration::TABLE` holds.
//!
//!     cargo run --release --example pp_calibrate
use panicpress::games::particle_panic::{Params, engine, generate};
use panicpress::seed::Seed;
fn main() {
    for players in 1..=4u8 {
        for (five_codes, collect_as_action) in [(false, false), (false, true), (true, false)] {
            let params = Params {
                players,
                five_codes,
                collect_as_action,
                simulations: 400,
                ..Params::default()
            };
            let mut rates: Vec<f64> = (0..500)
                .map(|d| {
                    let seed = Seed::new(&d.to_string()).unwrap();
                    engine::rate(&params, &generate(&params, &seed), &seed).win_rate
                })
                .collect();
            rates.sort_by(f64::total_cmp);
            let mean = rates.iter().sum::<f64>() / rates.len() as f64;
            println!(
                "    Calibration {{ players: {players}, five_codes: {five_codes}, collect_as_action: {collect_as_action}, mean: {mean:.5}, q1: {:.5}, q3: {:.5} }},",
                rates[125], rates[375]
            );
        }
    }
}
