//! Players for the engine: the fast rating policy that rates deals, and a
//! search player (Monte-Carlo rollouts at every choice) that is the yardstick
//! the rating policy is measured against. Both see only what the players see.
//!
//! The rating policy, choice by choice:
//! - Enter every code it can (a special action each).
//! - Basic actions: on a clear space whose stack can spare the cards, stay
//!   (the end of the turn collects). Else step or roll to a clear space in
//!   reach when one is near (distance 1 always, distance 2 when the pile here
//!   is two or more); else neutralise the pile, attempt by attempt, while a
//!   failure leaves a hand limit of at least 1 and attempts are worth it.
//! - Spend cards it would lose anyway (suits whose code is entered, cards over
//!   the hand limit) and, when nearly out of hand limit, hearts and clubs to
//!   save an attempt: hearts re-roll failures, clubs lift a roll one short,
//!   diamonds step onto a clear neighbour, spades clear the last particles
//!   off its space.
//! - Share a whole suit with a player on its space who holds at least as many
//!   of it, as many as fit under their hand limit.
//! - Collect at the end of the turn unless the stack would run out; discard
//!   suits whose code is entered first, then suits another player collects,
//!   then what the team holds least of; spill-over to the emptier space.

use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::SPACES;
use super::engine::{
    Action, CLUBS, CODE_CARDS, DIAMONDS, Dice, HEARTS, MAX_PARTICLES, Phase, Policy, SPADES, State, play,
};

/// The fast, documented policy that rates deals.
#[derive(Debug, Clone, Copy, Default)]
pub struct RatingPolicy;

/// Neutralising goes on while a failure leaves at least this hand limit
/// (one less when the board is nearly full).
const FLOOR: u8 = 3;
/// A suit is given to a player who holds at least as many, less this.
const SHARE_SLACK: u8 = 1;
/// How much a move prefers a space with a teammate on it (sharing needs one
/// space): measured, it doubled the codes entered per game.
const TOGETHER: i32 = 12;

impl Policy for RatingPolicy {
    fn choose(&mut self, s: &State) -> Action {
        let p = s.active as usize;
        match s.phase {
            Phase::MoveTo { roll } => Action::MoveTo(best_space(s, p, roll) as u8),
            Phase::Attempt { roll } => attempt(s, p, roll),
            Phase::Collect => {
                if safe_to_collect(s, s.pawns[p] as usize) {
                    Action::TakeCards
                } else {
                    Action::LeaveCards
                }
            }
            Phase::Discard { player } => Action::Discard(discard_pick(s, player as usize) as u8),
            Phase::Spill { a, b } => {
                if s.particles[b as usize] < s.particles[a as usize] {
                    Action::SpillTo(b)
                } else {
                    Action::SpillTo(a)
                }
            }
            Phase::Act => act(s, p),
            Phase::Over(_) => Action::EndTurn,
        }
    }
}

/// Whether collecting here leaves the stack with a card (an empty one loses).
fn safe_to_collect(s: &State, space: usize) -> bool {
    s.stack_len(space) > s.collect_count() as usize
}

/// Cards of a suit the player can spend without hurting the team: all of a
/// suit no code needs, and what the hand limit would discard anyway.
fn spare(s: &State, p: usize, suit: usize) -> u8 {
    if !s.needed(suit) {
        return s.hands[p][suit];
    }
    let over = s.hand_size(p).saturating_sub(s.limits[p]);
    over.min(s.hands[p][suit])
}

/// Whether a card of `suit` may be spent now: the player can spare it (or is
/// nearly out of hand limit), and spending is open or a special action is
/// left that no code entry needs.
fn may_spend(s: &State, p: usize, suit: usize, desperate: bool) -> bool {
    if s.hands[p][suit] == 0 {
        return false;
    }
    let willing = spare(s, p, suit) > 0 || desperate;
    willing && (s.spending || (s.specials_left > 0 && !code_ready(s, p)))
}

fn code_ready(s: &State, p: usize) -> bool {
    (0..s.suits as usize).any(|suit| s.needed(suit) && s.hands[p][suit] >= CODE_CARDS)
}

fn attempt(s: &State, p: usize, roll: u8) -> Action {
    let target = s.neutralise_target();
    if roll >= target {
        return Action::Accept;
    }
    let desperate = s.limits[p] <= 2;
    // The engine takes the special action for spending if this is the first card.
    if roll + 1 >= target && may_spend(s, p, CLUBS, desperate) {
        return Action::Club;
    }
    if may_spend(s, p, HEARTS, desperate) {
        return Action::Heart;
    }
    Action::Accept
}

/// Clear spaces with cards to spare, nearest first.
fn clear_within(s: &State, from: usize, reach: usize) -> Option<usize> {
    (0..SPACES)
        .filter(|&t| s.particles[t] == 0 && safe_to_collect(s, t) && State::distance(from, t) <= reach)
        .min_by_key(|&t| (State::distance(from, t), std::cmp::Reverse(top_value(s, t)), t))
}

/// How much the top card of a stack helps: a needed suit, more so one the
/// team is close to completing.
fn top_value(s: &State, space: usize) -> u8 {
    match s.top(space) {
        Some(suit) if s.needed(suit) => 1 + team(s, suit).min(4),
        _ => 0,
    }
}

fn team(s: &State, suit: usize) -> u8 {
    (0..s.players as usize).map(|q| s.hands[q][suit]).sum()
}

fn act(s: &State, p: usize) -> Action {
    let here = s.pawns[p] as usize;
    if s.specials_left > 0
        && let Some(suit) = (0..s.suits as usize).find(|&suit| s.needed(suit) && s.hands[p][suit] >= CODE_CARDS)
    {
        return Action::Code(suit as u8);
    }
    if s.neutralising {
        // Down to a hand limit of 2 freely, to 1 when the board is nearly full.
        let floor = if s.total_particles() > 28 { 2 } else { FLOOR };
        let worth = s.particles[here] > 0 && s.limits[p] >= floor;
        return if worth {
            Action::Attempt
        } else {
            Action::StopNeutralising
        };
    }
    // Spades clear the last particles off this space so the turn ends on a clear space.
    let n = s.particles[here];
    if n > 0
        && n as usize <= spare(s, p, SPADES) as usize
        && safe_to_collect(s, here)
        && may_spend(s, p, SPADES, false)
        && let Some(spade) = spade_off(s, here)
    {
        return spade;
    }
    // A diamond steps onto a clear neighbour.
    if n > 0
        && let Some(t) = clear_within(s, here, 1)
        && may_spend(s, p, DIAMONDS, false)
    {
        return if s.spending {
            Action::Diamond(t as u8)
        } else {
            Action::Spend
        };
    }
    if s.basics_left > 0 {
        let clear_here = n == 0 && safe_to_collect(s, here);
        if clear_here {
            // With a second basic action left, go and clear a pile, ending the
            // turn there: particles go, and its card is collected.
            if s.basics_left >= 2 && s.limits[p] >= 3 {
                return Action::Move;
            }
            if s.collect_as_action {
                return Action::Collect;
            }
        } else if n > 0 && s.limits[p] >= 3 {
            return Action::Neutralise;
        } else if n > 0 || clear_within(s, here, 6).is_some() {
            return Action::Move;
        }
    }
    if let Some(share) = share(s, p) {
        return share;
    }
    Action::EndTurn
}

/// A spade moving a particle off `here` onto its emptier neighbour with
/// room; first the special action that opens spending, if not yet taken.
pub fn spade_off(s: &State, here: usize) -> Option<Action> {
    let to = [(here + 1) % SPACES, (here + SPACES - 1) % SPACES]
        .into_iter()
        .filter(|&t| s.particles[t] < MAX_PARTICLES)
        .min_by_key(|&t| s.particles[t])?;
    Some(if s.spending {
        Action::Spade(here as u8, to as u8)
    } else {
        Action::Spend
    })
}

/// Whole suits to a player on this space who holds at least as many of them.
fn share(s: &State, p: usize) -> Option<Action> {
    if s.specials_left == 0 || code_ready(s, p) {
        return None;
    }
    let here = s.pawns[p];
    (0..s.players as usize)
        .filter(|&q| q != p && s.pawns[q] == here)
        .filter_map(|q| {
            let mut cards = [0u8; 5];
            let mut room = s.limits[q].saturating_sub(s.hand_size(q));
            for (suit, give) in cards.iter_mut().enumerate().take(s.suits as usize) {
                let mine = s.hands[p][suit];
                if s.needed(suit) && mine > 0 && s.hands[q][suit] + SHARE_SLACK >= mine && room > 0 {
                    *give = mine.min(room);
                    room -= *give;
                }
            }
            (cards != [0; 5]).then_some(Action::Share { to: q as u8, cards })
        })
        .next()
}

/// The best space within `roll`: clear with cards to spare, a needed top
/// card, few particles; the nearer of equals.
fn best_space(s: &State, p: usize, roll: u8) -> usize {
    let here = s.pawns[p] as usize;
    (0..SPACES)
        .filter(|&t| State::distance(here, t) <= roll as usize)
        .max_by_key(|&t| {
            let mut score: i32 = 0;
            if safe_to_collect(s, t) {
                score += 4;
                if s.particles[t] == 0 {
                    score += 20;
                } else if s.basics_left > 0 && s.limits[p] >= 3 && s.particles[t] <= 3 {
                    // Still a basic action to clear it with: better than a clear space.
                    score += 30 + 3 * s.particles[t] as i32;
                }
                score += 2 * top_value(s, t) as i32;
            }
            score -= 5 * s.particles[t] as i32;
            // Teammates on one space can share.
            if (0..s.players as usize).any(|q| q != p && s.pawns[q] as usize == t) {
                score += TOGETHER;
            }
            (score, -(State::distance(here, t) as i32), -(t as i32))
        })
        .unwrap_or(here)
}

/// The card to discard: suits no code needs, then suits another player
/// gathers, then what the team holds least of.
fn discard_pick(s: &State, p: usize) -> usize {
    let best_other = |suit: usize| {
        (0..s.players as usize)
            .filter(|&q| q != p)
            .map(|q| s.hands[q][suit])
            .max()
            .unwrap_or(0) as i32
    };
    (0..5)
        .filter(|&suit| s.hands[p][suit] > 0)
        .min_by_key(|&suit| {
            (
                s.needed(suit),
                s.hands[p][suit] as i32 - best_other(suit),
                team(s, suit),
                suit,
            )
        })
        .expect("a hand over its limit holds cards")
}

/// A search player: at every choice with more than one legal action it plays
/// each action `rollouts` times to the end with the rating policy, on dice
/// from its own stream and with the hidden cards of the stacks reshuffled
/// for every rollout, and takes the action whose rollouts went best (wins,
/// then codes entered; the rating policy's own choice on a tie).
pub struct SearchPlayer {
    pub rollouts: u32,
    pub rng: ChaCha8Rng,
}

impl Dice for SearchPlayer {
    fn d6(&mut self) -> u8 {
        self.rng.gen_range(1..=6)
    }
}

impl Policy for SearchPlayer {
    fn choose(&mut self, s: &State) -> Action {
        let default = RatingPolicy.choose(s);
        let legal = s.legal();
        if legal.len() < 2 {
            return legal.first().copied().unwrap_or(default);
        }
        let mut best = (self.score(s, default), default);
        for action in legal {
            if action == default {
                continue;
            }
            let score = self.score(s, action);
            if score > best.0 {
                best = (score, action);
            }
        }
        best.1
    }
}

impl SearchPlayer {
    /// How well rollouts went after taking `action` in `s`: a win counts
    /// most; a lost rollout counts the codes entered, so the search can tell
    /// good from bad where rollouts rarely win.
    fn score(&mut self, s: &State, action: Action) -> u32 {
        let mut total = 0;
        for _ in 0..self.rollouts {
            let mut world = s.with_hidden_cards_shuffled(&mut self.rng);
            if world.apply(action, self).is_err() {
                return 0;
            }
            total += match play(&mut world, &mut RatingPolicy, self) {
                super::engine::Outcome::Won => 100_000,
                _ => world.codes.count_ones() * 1_000,
            };
        }
        total
    }
}
