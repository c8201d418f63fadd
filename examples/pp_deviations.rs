//! Where the search player leaves the rating policy's choice, counted by
//! phase and action kind: where the rating policy has most to learn.
//!
//!     cargo run --release --example pp_deviations -- PLAYERS DEALS GAMES ROLLOUTS [LEVEL]
//!
//! With `SHOW=TEXT` in the environment, each choice whose line contains
//! TEXT is printed with the state it was made in.

use std::collections::BTreeMap;

use panicpress::games::particle_panic::engine::{self, Action, Phase, Policy, State, play, rollout_rng};
use panicpress::games::particle_panic::policy::{RatingPolicy, SearchPlayer, YARDSTICK_ROLLOUTS};
use panicpress::games::particle_panic::{Params, generate};
use panicpress::seed::Seed;

/// The search player, noting each of its choices beside the rating policy's.
struct Tally {
    search: SearchPlayer,
    show: Option<String>,
    counts: BTreeMap<String, u32>,
}

fn kind(a: &Action) -> String {
    let name = format!("{a:?}");
    name.split(['(', ' ', '{']).next().unwrap_or("").to_string()
}

fn phase(p: &Phase) -> &'static str {
    match p {
        Phase::Act => "act",
        Phase::MoveTo { .. } => "move to",
        Phase::Attempt { .. } => "attempt",
        Phase::Collect => "collect",
        Phase::Discard { .. } => "discard",
        Phase::Spill { .. } => "spill",
        Phase::Over(_) => "over",
    }
}

impl Policy for Tally {
    fn choose(&mut self, s: &State) -> Action {
        let rating = RatingPolicy.choose(s);
        let chosen = self.search.choose(s);
        let other = if chosen != rating && kind(&chosen) == kind(&rating) {
            " (another)"
        } else {
            ""
        };
        let line = format!("{}: {} -> {}{other}", phase(&s.phase), kind(&rating), kind(&chosen));
        if self.show.as_ref().is_some_and(|t| line.contains(t.as_str())) {
            println!("{line}: {} rating {rating:?} chose {chosen:?}", s.describe());
        }
        *self.counts.entry(line).or_default() += 1;
        chosen
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let num = |i: usize, d: u32| args.get(i).and_then(|v| v.parse().ok()).unwrap_or(d);
    let (players, deals, games, rollouts) = (num(0, 2) as u8, num(1, 20), num(2, 4), num(3, YARDSTICK_ROLLOUTS));
    // A level name, or a switch set as codes write it (`rah8`).
    let which = args.get(4).map(String::as_str).unwrap_or("normal");
    let params = Params::at_level_or_letters(players, false, which).expect("a level or switch letters");
    let mut tally = Tally {
        search: SearchPlayer {
            rollouts,
            rng: rollout_rng(&Seed::new("deviations").expect("a seed"), 0),
        },
        show: std::env::var("SHOW").ok(),
        counts: BTreeMap::new(),
    };
    let mut wins = 0;
    for d in 0..deals {
        let seed = Seed::new(&d.to_string()).expect("a seed");
        let start = State::new(&params, &generate(&params, &seed));
        let mut dice = seed.stream("yardstick", 0);
        for g in 0..games {
            tally.search.rng = rollout_rng(&seed, g as u64);
            if play(&mut start.clone(), &mut tally, &mut dice) == engine::Outcome::Won {
                wins += 1;
            }
        }
    }
    println!(
        "{players} players, {which}: search player won {wins} of {}",
        deals * games
    );
    let mut rows: Vec<(&String, &u32)> = tally
        .counts
        .iter()
        .filter(|(k, _)| {
            let (from, to) = k.split_once(" -> ").unwrap_or(("", ""));
            from.split(": ").nth(1) != Some(to)
        })
        .collect();
    rows.sort_by(|a, b| b.1.cmp(a.1));
    for (line, n) in rows {
        println!("{n:7} {line}");
    }
}
