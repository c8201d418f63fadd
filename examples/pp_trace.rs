//! Games of one deal under the rating policy: how they end, and one lost
//! game traced choice by choice.
//!
//!     cargo run --release --example pp_trace -- PLAYERS SEED GAMES [LEVEL|LETTERS] [SHOW_GAME]

use panicpress::games::particle_panic::engine::rollout_rng;
use panicpress::games::particle_panic::engine::{self, Action, Policy, State, play};
use panicpress::games::particle_panic::policy::{RatingPolicy, SearchPlayer};
use panicpress::games::particle_panic::{Params, generate};
use panicpress::seed::Seed;

struct Traced {
    log: Vec<String>,
    kinds: std::collections::BTreeMap<String, u32>,
    search: Option<SearchPlayer>,
}

impl Policy for Traced {
    fn choose(&mut self, s: &State) -> Action {
        let r = RatingPolicy.choose(s);
        let a = match &mut self.search {
            Some(p) => p.choose(s),
            None => r,
        };
        let k = format!("{a:?}");
        let k = k.split(['(', ' ', '{']).next().unwrap_or("").to_string();
        *self.kinds.entry(k).or_insert(0) += 1;
        let mark = if a != r {
            format!(" (rating {r:?})")
        } else {
            String::new()
        };
        self.log
            .push(format!("t{} {:?} {} -> {a:?}{mark}", s.turns, s.phase, s.describe()));
        a
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let players: u8 = args[0].parse().unwrap();
    let seed = Seed::new(&args[1]).unwrap();
    let games: u32 = args[2].parse().unwrap();
    let which = args.get(3).map(String::as_str).unwrap_or("normal");
    let show: Option<u32> = args.get(4).and_then(|v| v.parse().ok());
    let params = Params::at_level_or_letters(players, false, which).expect("a level or switch letters");
    let start = State::new(&params, &generate(&params, &seed));
    let mut dice = seed.stream("simulate", 0);
    let mut counts = std::collections::BTreeMap::new();
    let mut shown = false;
    let mut kinds = std::collections::BTreeMap::new();
    let mut turns = 0;
    for g in 0..games {
        let mut s = start.clone();
        let search = std::env::var("SEARCH").is_ok().then(|| SearchPlayer {
            rollouts: 16,
            rng: rollout_rng(&seed, g as u64),
        });
        let mut t = Traced {
            log: Vec::new(),
            kinds: std::mem::take(&mut kinds),
            search,
        };
        let o = play(&mut s, &mut t, &mut dice);
        *counts.entry(format!("{o:?}")).or_insert(0) += 1;
        turns += s.turns;
        kinds = std::mem::take(&mut t.kinds);
        let want = match show {
            Some(k) => k == g,
            None => o != engine::Outcome::Won && !shown,
        };
        if want {
            shown = true;
            println!("game {g}: {o:?} after {} turns", s.turns);
            for l in &t.log {
                println!("{l}");
            }
        }
    }
    let per: Vec<String> = kinds
        .iter()
        .map(|(k, n)| format!("{k} {:.2}", *n as f64 / games as f64))
        .collect();
    println!("per game: turns {:.1}, {}", turns as f64 / games as f64, per.join(", "));
    println!("{counts:?}");
}
