//! Where games of a deal end under the rating policy: mean turns, codes, particles.
use panicpress::games::particle_panic::engine::{State, play};
use panicpress::games::particle_panic::policy::RatingPolicy;
use panicpress::games::particle_panic::{Params, generate};
use panicpress::seed::Seed;
fn main() {
    let players: u8 = std::env::args().nth(1).and_then(|v| v.parse().ok()).unwrap_or(2);
    let params = Params {
        players,
        ..Params::default()
    };
    let (mut turns, mut codes, mut n) = (0u64, 0u64, 0u64);
    let mut limits = 0u64;
    for d in 0..20 {
        let seed = Seed::new(&d.to_string()).unwrap();
        let deal = generate(&params, &seed);
        let mut dice = seed.stream("simulate", 0);
        for _ in 0..200 {
            let mut s = State::new(&params, &deal);
            play(&mut s, &mut RatingPolicy, &mut dice);
            turns += s.turns as u64;
            codes += s.codes.count_ones() as u64;
            limits += s.limits[..players as usize].iter().map(|&l| l as u64).sum::<u64>();
            n += 1;
        }
    }
    println!(
        "mean turns {:.1}, codes {:.2}, hand limits left {:.1}",
        turns as f64 / n as f64,
        codes as f64 / n as f64,
        limits as f64 / n as f64
    );
}
