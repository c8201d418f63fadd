//! The spread of simulated TP Hunt games over generated maps, for
//! BENCHMARKS.md, the length band and its expected length:
//! `cargo run --release --example tp_stats -- MAPS GAMES PLAYERS [standard|harder|g8] [precision]`.
//! Maps are made with every rule but the rating rules (seeds 0 to MAPS-1).
//! `precision` rates each map 20 times with different dice instead, and
//! reports how far its median length and first-player share move.
use panicpress::games::tp_hunt::{self, Params, Rule, game};
use panicpress::seed::Seed;

fn percentile(sorted: &[f64], q: f64) -> f64 {
    sorted[((sorted.len() as f64 - 1.0) * q).round() as usize]
}

fn spread(mut v: Vec<f64>) -> String {
    v.sort_by(f64::total_cmp);
    let qs = [0.05, 0.25, 0.5, 0.75, 0.95];
    qs.iter()
        .map(|q| format!("{}", (percentile(&v, *q) * 100.0).round() / 100.0))
        .collect::<Vec<_>>()
        .join(" / ")
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |i: usize| args.get(i).map(String::as_str);
    let maps: u32 = arg(1).and_then(|a| a.parse().ok()).unwrap_or(50);
    let games: u32 = arg(2).and_then(|a| a.parse().ok()).unwrap_or(tp_hunt::RATING_GAMES);
    let players: u16 = arg(3).and_then(|a| a.parse().ok()).unwrap_or(4);
    let base = match arg(4) {
        Some("harder") => Params::harder(),
        Some("g8") => Params {
            grid: 8,
            stores: 5,
            atms: 4,
            dangers: 3,
            ..Params::default()
        },
        _ => Params::default(),
    };
    let p = Params {
        players,
        off_rules: vec![Rule::LengthBand, Rule::FirstFair],
        ..base
    };
    let map = |i: u32| tp_hunt::generate_for_seed(&p, &Seed::new(&i.to_string()).unwrap()).unwrap();
    if arg(5) == Some("precision") {
        let (mut within, mut total, mut secs) = (0, 0, Vec::new());
        let mut first_sd = Vec::new();
        for i in 0..maps {
            let m = map(i);
            let mut medians = Vec::new();
            let mut firsts = Vec::new();
            for k in 0..20 {
                let t = std::time::Instant::now();
                let seed = Seed::new(&format!("precision {k}")).unwrap();
                let r = tp_hunt::rate(
                    &m,
                    players as usize,
                    game::Switches::default(),
                    game::Rulings::of_version(p.version),
                    &seed,
                    games,
                );
                secs.push(t.elapsed().as_secs_f64());
                medians.push(r.median_turns as f64);
                firsts.push(r.first_player_win_share);
            }
            medians.sort_by(f64::total_cmp);
            let middle = medians[10];
            within += medians.iter().filter(|m| (*m - middle).abs() <= 1.0).count();
            total += medians.len();
            let mean = firsts.iter().sum::<f64>() / firsts.len() as f64;
            first_sd.push((firsts.iter().map(|f| (f - mean).powi(2)).sum::<f64>() / firsts.len() as f64).sqrt());
        }
        secs.sort_by(f64::total_cmp);
        first_sd.sort_by(f64::total_cmp);
        println!(
            "{players} players, {games} games: {within} of {total} ratings within 1 turn of the map's middle rating; \
             first-player share sd (median map) {:.3}; one rating {:.3} s (median)",
            percentile(&first_sd, 0.5),
            percentile(&secs, 0.5)
        );
        return;
    }
    let started = std::time::Instant::now();
    let (mut medians, mut p90s, mut firsts, mut rows) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let mut stalled = 0;
    let mut in_band = 0;
    let (lo, hi) = p.length_band();
    for i in 0..maps {
        let m = map(i);
        let seed = tp_hunt::rating_seed(&p, &m);
        let r = tp_hunt::rate(
            &m,
            players as usize,
            game::Switches::default(),
            game::Rulings::of_version(p.version),
            &seed,
            games,
        );
        medians.push(r.median_turns as f64);
        p90s.push(r.p90_turns as f64);
        firsts.push(r.first_player_win_share);
        rows.push(r.p90_tape_rows as f64);
        stalled += r.stalled;
        in_band += (lo..=hi).contains(&r.median_turns) as u32;
    }
    println!(
        "{} players, {} x {}: median turns {} | p90 turns {} | first share {} (equal {:.2}) | p90 tape rows {} | \
         stalled {stalled} of {} | expected {:.1}, band {lo}-{hi} keeps {in_band} of {maps} | {:.1} ms a map",
        players,
        maps,
        games,
        spread(medians),
        spread(p90s),
        spread(firsts),
        1.0 / players as f64,
        spread(rows),
        maps * games,
        p.expected_turns(),
        started.elapsed().as_secs_f64() * 1000.0 / maps as f64
    );
}
