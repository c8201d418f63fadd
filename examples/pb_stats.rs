//! The spread of simulated Panic Buy games over generated boards, for
//! BENCHMARKS.md and the rating bands:
//! `cargo run --release --example pb_stats -- BOARDS GAMES PLAYERS [race|hoard] [all-rules|no-good-rules|precision|old-rulings]`.
//! Boards are made with the board rules of generator version 2 (not the
//! rating rules) and rated by today's rulings (`old-rulings`: those of
//! versions 3 and 4). `precision` rates each board 20 times with different
//! dice instead, and reports how far its median length moves.
use panicpress::games::panic_buy::{self, GoodRule, Mode, Params, VERSION, game};
use panicpress::seed::Seed;

fn percentile(sorted: &[f64], q: f64) -> f64 {
    sorted[((sorted.len() as f64 - 1.0) * q).round() as usize]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |i: usize| args.get(i).map(String::as_str);
    let boards: u32 = arg(1).and_then(|a| a.parse().ok()).unwrap_or(50);
    let games: u32 = arg(2).and_then(|a| a.parse().ok()).unwrap_or(200);
    let players: u8 = arg(3).and_then(|a| a.parse().ok()).unwrap_or(3);
    let mode = if arg(4) == Some("hoard") {
        Mode::Hoard
    } else {
        Mode::Race
    };
    let off_rules = if arg(5) == Some("no-good-rules") {
        GoodRule::ALL.to_vec()
    } else {
        Vec::new()
    };
    let p = Params {
        players,
        mode,
        off_rules,
        version: 2,
        ..Params::default()
    };
    // The games are played by the rulings of this version.
    let rated = Params {
        version: if arg(5) == Some("old-rulings") { 4 } else { VERSION },
        ..p.clone()
    };
    if arg(5) == Some("precision") {
        precision(&p, &rated, boards, games);
        return;
    }
    let started = std::time::Instant::now();
    // Median lengths of every board, and of the boards whose arrows share
    // the deliveries as `arrow-balance` asks.
    let (mut histogram, mut balanced) = (
        std::collections::BTreeMap::<u32, u32>::new(),
        std::collections::BTreeMap::<u32, u32>::new(),
    );
    // Boards by how many steps apart the arrows' paths are: (boards, kept by arrow-balance).
    let mut by_gap = std::collections::BTreeMap::<u32, (u32, u32)>::new();
    let (mut medians, mut p90s, mut firsts, mut lopsided) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let mut stalled = 0;
    for i in 0..boards {
        let seed = Seed::new(&i.to_string()).unwrap();
        let board = panic_buy::generate_for_seed(&p, &seed).unwrap();
        let r = panic_buy::rate(&board, &rated, &seed, games);
        medians.push(r.median_rounds as f64);
        p90s.push(r.p90_rounds as f64);
        firsts.push(r.first_player_win_share);
        lopsided.push(r.arrow_balance.max(1.0 - r.arrow_balance));
        *histogram.entry(r.median_rounds).or_default() += 1;
        // The arrows' shortest paths to the TP square: equal, or one step apart.
        let t = game::Table::new(&board);
        let [a, b] = t.arrows.map(|x| t.to_tp(x));
        let kept = r.arrow_balance.max(1.0 - r.arrow_balance) <= panic_buy::BUSIER_ARROW_SHARE;
        let entry = by_gap.entry(a.abs_diff(b)).or_insert((0, 0));
        entry.0 += 1;
        entry.1 += kept as u32;
        if r.arrow_balance.max(1.0 - r.arrow_balance) <= panic_buy::BUSIER_ARROW_SHARE {
            *balanced.entry(r.median_rounds).or_default() += 1;
        }
        stalled += r.stalled;
    }
    let secs = started.elapsed().as_secs_f64();
    for v in [&mut medians, &mut p90s, &mut firsts, &mut lopsided] {
        v.sort_by(|a, b| a.total_cmp(b));
    }
    let spread = |v: &[f64]| {
        [0.05, 0.25, 1.0 / 3.0, 0.5, 2.0 / 3.0, 0.75, 0.95]
            .map(|q| format!("{:.2}", percentile(v, q)))
            .join(" / ")
    };
    println!(
        "{players} players, {}, {boards} boards x {games} games ({}):",
        mode.name(),
        arg(5).unwrap_or("all-rules")
    );
    println!("  median rounds   p5/p25/p33/p50/p67/p75/p95: {}", spread(&medians));
    println!("  p90 rounds      p5/p25/p33/p50/p67/p75/p95: {}", spread(&p90s));
    println!("  first-player share p5/p25/p33/p50/p67/p75/p95: {}", spread(&firsts));
    println!(
        "  busier arrow's share p5/p25/p33/p50/p67/p75/p95: {}",
        spread(&lopsided)
    );
    println!("  boards by median rounds: {histogram:?}");
    println!("  arrows' paths differ by (steps): (boards, keeping arrow-balance) {by_gap:?}");
    println!("  boards keeping arrow-balance by median rounds: {balanced:?}");
    for cut in [0.7, 0.75, 0.8, 0.9] {
        let within = lopsided.iter().filter(|s| **s <= cut).count();
        println!("  boards whose busier arrow takes at most {cut}: {within} of {boards}");
    }
    println!("  stalled: {stalled} of {} games", boards * games);
    eprintln!("  {:.0} games/s", (boards * games) as f64 / secs);
}

/// Rates each board 20 times with different dice: how far its median moves,
/// and how long one rating takes.
fn precision(p: &Params, rated: &Params, boards: u32, games: u32) {
    let mut timings = Vec::new();
    let mut within = 0;
    for i in 0..boards {
        let seed = Seed::new(&i.to_string()).unwrap();
        let board = panic_buy::generate_for_seed(p, &seed).unwrap();
        let mut medians: Vec<f64> = (0..20)
            .map(|k| {
                let started = std::time::Instant::now();
                let r = panic_buy::rate(&board, rated, &Seed::new(&format!("dice {k}")).unwrap(), games);
                timings.push(started.elapsed().as_secs_f64());
                r.median_rounds as f64
            })
            .collect();
        medians.sort_by(|a, b| a.total_cmp(b));
        let mid = percentile(&medians, 0.5);
        within += medians.iter().filter(|m| (*m - mid).abs() <= 1.0).count();
        println!("board {i}: medians {} .. {} (middle {mid})", medians[0], medians[19]);
    }
    timings.sort_by(|a, b| a.total_cmp(b));
    println!(
        "{} players, {}: {within} of {} ratings within 1 round of the board's middle rating; one rating ({games} games) takes {:.3} s (median)",
        p.players,
        p.mode.name(),
        boards * 20,
        percentile(&timings, 0.5)
    );
}
