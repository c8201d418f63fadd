//! Distribution of simulated Panic Buy games over generated boards:
//! `cargo run --release --example pb_stats -- BOARDS GAMES PLAYERS [hoard]`.
use panicpress::games::panic_buy::{self, Mode, Params, game};
use panicpress::seed::Seed;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let boards: u32 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(50);
    let games: u32 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(200);
    let players: u8 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(4);
    let mode = if args.get(4).map(String::as_str) == Some("hoard") {
        Mode::Hoard
    } else {
        Mode::Race
    };
    let p = Params {
        players,
        mode,
        ..Params::default()
    };
    let t = std::time::Instant::now();
    let mut all = Vec::new();
    for i in 0..boards {
        let seed = Seed::new(&i.to_string()).unwrap();
        let board = panic_buy::generate_for_seed(&p, &seed).unwrap();
        let r = game::rate(&board, &p, &seed, games);
        println!(
            "{i}: median {} p90 {} first {:.2} stalled {} arrows {:.2}",
            r.median_rounds, r.p90_rounds, r.first_player_win_share, r.stalled, r.arrow_balance
        );
        all.push(r);
    }
    let secs = t.elapsed().as_secs_f64();
    eprintln!("{:.0} games/s", (boards * games) as f64 / secs);
}
