//! How far better play might get at Particle Panic as read: other players
//! set beside the rating policy, over the same deals and dice.
//!
//! - `keeper`: one player (the keeper, the highest hand limit) holds the
//!   cards and never risks an attempt; the others neutralise and come to the
//!   keeper's space to give their cards.
//! - `search` / `searchr`: at every choice, each legal action played out
//!   ROLLOUTS times (hidden cards reshuffled, its own dice) by the keeper
//!   (`search`) or the rating policy (`searchr`); scored by a win, then codes
//!   entered, the most cards of one needed suit in one hand, turns survived.
//! - `oracle` / `oracler`: the same with one rollout an action on the true
//!   stacks and the dice to come. It sees what no player can: an upper bound
//!   on what play can reach, not a player.
//! - `stacks`: the same seeing the true stacks but not the dice (its
//!   rollouts roll their own), with keeper rollouts.
//! - `rating`: the rating policy.
//!
//!     cargo run --release --example pp_bounds -- PLAYERS DEALS GAMES WHO [cas|five]
use panicpress::games::particle_panic::SPACES;
use panicpress::games::particle_panic::engine::{
    Action, CLUBS, DIAMONDS, HEARTS, Outcome, Phase, Policy, SPADES, State, play,
};
use panicpress::games::particle_panic::policy::{RatingPolicy, spade_off};
use panicpress::games::particle_panic::{Params, generate};
use panicpress::seed::Seed;
use rand::SeedableRng;

fn knob(name: &str, d: i32) -> i32 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(d)
}

#[derive(Clone, Copy)]
struct K {
    keep: u8,
    crit: u8,
    hunt: u8,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let players: u8 = args.first().and_then(|v| v.parse().ok()).unwrap_or(2);
    let deals: u32 = args.get(1).and_then(|v| v.parse().ok()).unwrap_or(50);
    let games: u32 = args.get(2).and_then(|v| v.parse().ok()).unwrap_or(400);
    let which = args.get(3).cloned().unwrap_or("keeper".into());
    let params = Params {
        players,
        collect_as_action: args.get(4).is_some_and(|v| v == "cas"),
        five_codes: args.get(4).is_some_and(|v| v == "five"),
        ..Params::default()
    };
    let k = K {
        keep: knob("KEEP", 5) as u8,
        crit: knob("CRIT", 31) as u8,
        hunt: knob("HUNT", 24) as u8,
    };
    let (mut wins, mut n, mut codes, mut turns) = (0u64, 0u64, 0u64, 0u64);
    let mut tally = [0u64; 8];
    for d in 0..deals {
        let seed = Seed::new(&d.to_string()).unwrap();
        let deal = generate(&params, &seed);
        let mut dice = seed.stream("simulate", 0);
        for _ in 0..games {
            let mut s = State::new(&params, &deal);
            let o = match which.as_str() {
                "keeper" => {
                    let mut t = Count(Keeper(k), [0; 8]);
                    let o = play(&mut s, &mut t, &mut dice);
                    for (sum, n) in tally.iter_mut().zip(t.1) {
                        *sum += n;
                    }
                    o
                }
                "oracle" | "oracler" | "stacks" => {
                    // Sees the true stacks and the dice to come: an upper bound, not a player.
                    // `stacks` sees the stacks only: its rollouts roll dice of their own.
                    let rollout_keeper = which != "oracler";
                    let mut own = rand_chacha::ChaCha8Rng::seed_from_u64(d as u64 * 1000 + n);
                    loop {
                        if let Some(o) = s.outcome() {
                            break o;
                        }
                        let legal = s.legal();
                        let default = if rollout_keeper {
                            Keeper(k).choose(&s)
                        } else {
                            RatingPolicy.choose(&s)
                        };
                        let mut best = (None::<u64>, default);
                        let mut order = vec![default];
                        order.extend(legal.iter().copied().filter(|a| *a != default));
                        if legal.len() > 1 {
                            for action in order {
                                let rollouts = if which == "stacks" { knob("ROLLOUTS", 16) } else { 1 };
                                let mut score = 0u64;
                                for _ in 0..rollouts {
                                    let mut world = s.clone();
                                    let mut future = if which == "stacks" {
                                        rand_chacha::ChaCha8Rng::seed_from_u64(rand::Rng::r#gen(&mut own))
                                    } else {
                                        dice.clone()
                                    };
                                    if world.apply(action, &mut future).is_err() {
                                        score = 0;
                                        break;
                                    }
                                    let o = if rollout_keeper {
                                        play(&mut world, &mut Keeper(k), &mut future)
                                    } else {
                                        play(&mut world, &mut RatingPolicy, &mut future)
                                    };
                                    score += if o == Outcome::Won {
                                        100_000
                                    } else {
                                        progress(&world) as u64
                                    };
                                }
                                if best.0.is_none_or(|b| score > b) {
                                    best = (Some(score), action);
                                }
                            }
                        }
                        if s.apply(best.1, &mut dice).is_err() {
                            let a = s.legal()[0];
                            s.apply(a, &mut dice).unwrap();
                        }
                    }
                }
                "search" | "searchr" => {
                    let mut sp = Search {
                        rollouts: knob("ROLLOUTS", 16) as u32,
                        rng: rand_chacha::ChaCha8Rng::seed_from_u64(d as u64 * 1000 + n),
                        k,
                        keeper_rollouts: which == "search",
                    };
                    play(&mut s, &mut sp, &mut dice)
                }
                _ => play(&mut s, &mut RatingPolicy, &mut dice),
            };
            if o == Outcome::Won {
                wins += 1;
            }
            codes += s.codes.count_ones() as u64;
            turns += s.turns as u64;
            n += 1;
        }
    }
    println!(
        "{which} players {players}: win {:.2}% ({wins}/{n}) codes {:.2} turns {:.1}",
        100.0 * wins as f64 / n as f64,
        codes as f64 / n as f64,
        turns as f64 / n as f64
    );
    let names = [
        "take",
        "leave",
        "discard",
        "fail",
        "ok",
        "spent",
        "share",
        "unclear-end",
    ];
    for i in 0..8 {
        print!("{} {:.2}  ", names[i], tally[i] as f64 / n as f64);
    }
    println!();
}

struct Keeper(K);

fn safe_to_collect(s: &State, space: usize) -> bool {
    s.stack_len(space) > s.collect_count() as usize
}

fn can_open_spending(s: &State) -> bool {
    s.spending || s.specials_left > 0
}

/// The player who enters the codes: the highest hand limit, then the most needed cards.
fn keeper(s: &State) -> usize {
    (0..s.players as usize)
        .max_by_key(|&q| {
            let needed: u8 = (0..s.suits as usize)
                .filter(|&x| s.needed(x))
                .map(|x| s.hands[q][x])
                .sum();
            (s.limits[q], needed, std::cmp::Reverse(q))
        })
        .unwrap()
}

/// How much the team wants a card of `suit`: what the keeper holds of it.
fn want(s: &State, suit: usize) -> i32 {
    if !s.needed(suit) {
        return -1;
    }
    let k = keeper(s);
    let others: u8 = (0..s.players as usize)
        .filter(|&q| q != k)
        .map(|q| s.hands[q][suit])
        .sum();
    2 * s.hands[k][suit] as i32 + others as i32
}

/// Cards of `suit` player `p` can spend without loss: a suit no code needs,
/// or what the end of the turn would discard (least wanted suits first).
fn spare(s: &State, p: usize, suit: usize) -> u8 {
    if !s.needed(suit) {
        return s.hands[p][suit];
    }
    let incoming = if s.rules.collect_as_action || s.particles[s.pawns[p] as usize] > 0 {
        0
    } else {
        s.collect_count()
    };
    let mut over = (s.hand_size(p) + incoming).saturating_sub(s.limits[p]);
    let mut hand = s.hands[p];
    for (x, held) in hand.iter_mut().enumerate() {
        if !s.needed(x) {
            let d = (*held).min(over);
            *held -= d;
            over -= d;
        }
    }
    let mut order: Vec<usize> = (0..5).filter(|&x| s.needed(x) && hand[x] > 0).collect();
    order.sort_by_key(|&x| (want(s, x), x));
    for x in order {
        let d = hand[x].min(over);
        if x == suit {
            return d;
        }
        over -= d;
    }
    0
}

impl Keeper {
    /// Whether `p` may risk a failed attempt now.
    fn may_fail(&self, s: &State, p: usize) -> bool {
        let board = s.total_particles();
        if s.players == 1 || p == keeper(s) {
            // The keeper needs a hand limit of 5 to hold a code.
            s.limits[p] > self.0.keep || (board >= self.0.crit && s.limits[p] > 1)
        } else {
            s.limits[p] > 1
        }
    }

    fn attempt(&self, s: &State, p: usize, roll: u8) -> Action {
        let target = s.neutralise_target();
        if roll >= target {
            return Action::Accept;
        }
        let costly = !self.may_fail(s, p) || p == keeper(s) || s.limits[p] <= 2;
        let willing = |suit: usize| {
            s.hands[p][suit] > 0 && (spare(s, p, suit) > 0 || (costly && want(s, suit) < 6)) && can_open_spending(s)
        };
        if roll + 1 >= target && willing(CLUBS) {
            return Action::Club;
        }
        if willing(HEARTS) {
            return Action::Heart;
        }
        Action::Accept
    }

    fn top_value(&self, s: &State, space: usize) -> i32 {
        s.top(space)
            .map_or(0, |suit| want(s, suit).max(0) + if s.needed(suit) { 2 } else { 0 })
    }

    /// How good ending the turn on `space` is, arriving with `basics` left.
    fn end_score(&self, s: &State, p: usize, space: usize, basics: u8) -> i32 {
        let n = s.particles[space] as i32;
        let mut score = 0;
        if safe_to_collect(s, space) {
            if n == 0 {
                score += 100;
            } else if basics > 0 && self.may_fail(s, p) && n <= 3 {
                score += 90 - 15 * n;
            } else {
                score -= 10 * n;
            }
            score += 4 * self.top_value(s, space);
        } else {
            score -= 50;
        }
        let k = keeper(s);
        if p != k && s.pawns[k] as usize == space {
            // Giving cards needs the keeper's space.
            score += 40 + 10 * s.hand_size(p) as i32;
        }
        score
    }

    fn best_space(&self, s: &State, p: usize, roll: u8) -> usize {
        let here = s.pawns[p] as usize;
        (0..SPACES)
            .filter(|&t| State::distance(here, t) <= roll as usize)
            .max_by_key(|&t| {
                (
                    self.end_score(s, p, t, s.basics_left),
                    -(State::distance(here, t) as i32),
                    -(t as i32),
                )
            })
            .unwrap_or(here)
    }

    /// A worker on the keeper's space gives every needed card that fits.
    fn share(&self, s: &State, p: usize) -> Option<Action> {
        let k = keeper(s);
        if s.specials_left == 0 || p == k || s.pawns[k] != s.pawns[p] {
            return None;
        }
        let mut room = s.limits[k].saturating_sub(s.hand_size(k));
        let mut cards = [0u8; 5];
        let mut suits: Vec<usize> = (0..s.suits as usize)
            .filter(|&x| s.needed(x) && s.hands[p][x] > 0)
            .collect();
        suits.sort_by_key(|&x| std::cmp::Reverse(want(s, x)));
        for x in suits {
            let give = s.hands[p][x].min(room);
            cards[x] = give;
            room -= give;
        }
        (cards != [0; 5]).then_some(Action::Share { to: k as u8, cards })
    }

    fn act(&self, s: &State, p: usize) -> Action {
        let here = s.pawns[p] as usize;
        let n = s.particles[here];
        if s.specials_left > 0
            && let Some(suit) = (0..s.suits as usize).find(|&x| s.needed(x) && s.hands[p][x] >= s.code_cards())
        {
            return Action::Code(suit as u8);
        }
        if s.neutralising {
            let hunting = s.total_particles() >= self.0.hunt;
            let go = n > 0 && self.may_fail(s, p) && (safe_to_collect(s, here) || hunting);
            return if go { Action::Attempt } else { Action::StopNeutralising };
        }
        if let Some(share) = self.share(s, p) {
            return share;
        }
        // Spades push the last particles off this space.
        if n > 0
            && spare(s, p, SPADES) >= n
            && safe_to_collect(s, here)
            && can_open_spending(s)
            && let Some(spade) = spade_off(s, here)
        {
            return spade;
        }
        // A diamond steps to a clear neighbour once the basic actions are spent.
        if s.basics_left == 0 && n > 0 && spare(s, p, DIAMONDS) > 0 && can_open_spending(s) {
            let best = [(here + 1) % SPACES, (here + SPACES - 1) % SPACES]
                .into_iter()
                .max_by_key(|&t| self.end_score(s, p, t, 0));
            if let Some(t) = best
                && self.end_score(s, p, t, 0) > self.end_score(s, p, here, 0) + 20
            {
                return if s.spending {
                    Action::Diamond(t as u8)
                } else {
                    Action::Spend
                };
            }
        }
        if s.basics_left > 0 {
            let k = keeper(s);
            // A worker away from the keeper goes to them first, to give.
            if p != k && s.pawns[k] as usize != here && s.hand_size(p) > 0 {
                return Action::Move;
            }
            if n > 0 {
                if self.may_fail(s, p) {
                    return Action::Neutralise;
                }
                return Action::Move;
            }
            if !safe_to_collect(s, here) {
                return Action::Move;
            }
            // Clear and collectable here: a worker with actions to spare clears a pile nearby
            // when the board is filling, and ends there.
            if p != k
                && s.basics_left >= 2
                && s.total_particles() >= self.0.hunt
                && self.may_fail(s, p)
                && s.pawns[k] as usize != here
            {
                return Action::Move;
            }
            if s.rules.collect_as_action {
                return Action::Collect;
            }
        }
        Action::EndTurn
    }

    fn discard(&self, s: &State, p: usize) -> usize {
        (0..5)
            .filter(|&x| s.hands[p][x] > 0)
            .min_by_key(|&x| (want(s, x), x))
            .unwrap()
    }
}

impl Policy for Keeper {
    fn choose(&mut self, s: &State) -> Action {
        let p = s.active as usize;
        match s.phase {
            Phase::MoveTo { roll } => Action::MoveTo(self.best_space(s, p, roll) as u8),
            Phase::Attempt { roll } => self.attempt(s, p, roll),
            Phase::Collect => {
                if safe_to_collect(s, s.pawns[p] as usize) {
                    Action::TakeCards
                } else {
                    Action::LeaveCards
                }
            }
            Phase::Discard { player } => Action::Discard(self.discard(s, player as usize) as u8),
            Phase::Spill { a, b } => {
                let near = |t: u8| {
                    (0..s.players as usize)
                        .map(|q| 3 - State::distance(s.pawns[q] as usize, t as usize) as i32)
                        .sum::<i32>()
                };
                if (near(b), s.particles[b as usize]) < (near(a), s.particles[a as usize]) {
                    Action::SpillTo(b)
                } else {
                    Action::SpillTo(a)
                }
            }
            Phase::Act => self.act(s, p),
            Phase::Over(_) => Action::EndTurn,
        }
    }
}

struct Count<P>(P, [u64; 8]);
impl<P: Policy> Policy for Count<P> {
    fn choose(&mut self, s: &State) -> Action {
        let a = self.0.choose(s);
        let i = match (s.phase, a) {
            (_, Action::TakeCards) => Some(0),
            (_, Action::LeaveCards) => Some(1),
            (_, Action::Discard(_)) => Some(2),
            (Phase::Attempt { roll }, Action::Accept) => Some(if roll >= s.neutralise_target() { 4 } else { 3 }),
            (_, Action::Heart | Action::Club | Action::Spade(..) | Action::Diamond(_)) => Some(5),
            (_, Action::Share { .. }) => Some(6),
            (Phase::Act, Action::EndTurn) if s.particles[s.pawns[s.active as usize] as usize] > 0 => Some(7),
            _ => None,
        };
        if let Some(i) = i {
            self.1[i] += 1;
        }
        a
    }
}

/// Monte-Carlo search: each legal action played out `rollouts` times (hidden
/// cards reshuffled, own dice) with a fast policy; scored by wins, codes and
/// the keeper's progress.
struct Search {
    rollouts: u32,
    rng: rand_chacha::ChaCha8Rng,
    k: K,
    keeper_rollouts: bool,
}

impl panicpress::games::particle_panic::engine::Dice for Search {
    fn d6(&mut self) -> u8 {
        use rand::Rng;
        self.rng.gen_range(1..=6)
    }
}

fn progress(s: &State) -> u32 {
    // Codes, then the best suit held by one player, then turns survived.
    let best = (0..s.players as usize)
        .flat_map(|q| {
            (0..s.suits as usize)
                .filter(|&x| s.needed(x))
                .map(move |x| s.hands[q][x] as u32)
        })
        .max()
        .unwrap_or(0);
    s.codes.count_ones() * 1000 + best * 100 + s.turns
}

impl Policy for Search {
    fn choose(&mut self, s: &State) -> Action {
        let legal = s.legal();
        let default = if self.keeper_rollouts {
            Keeper(self.k).choose(s)
        } else {
            RatingPolicy.choose(s)
        };
        if legal.len() < 2 {
            return legal.first().copied().unwrap_or(default);
        }
        let mut best = (0u64, default);
        let mut first = true;
        let mut order = vec![default];
        order.extend(legal.into_iter().filter(|a| *a != default));
        for action in order {
            let mut total = 0u64;
            for _ in 0..self.rollouts {
                let mut world = s.with_hidden_cards_shuffled(&mut self.rng);
                if world.apply(action, self).is_err() {
                    total = 0;
                    break;
                }
                let o = if self.keeper_rollouts {
                    play(&mut world, &mut Keeper(self.k), self)
                } else {
                    play(&mut world, &mut RatingPolicy, self)
                };
                total += if o == Outcome::Won {
                    100_000
                } else {
                    progress(&world) as u64
                };
            }
            if first || total > best.0 {
                best = (total, action);
                first = false;
            }
        }
        best.1
    }
}
