//! Players for the engine: the fast rating policy that rates deals, and a
//! search player (Monte-Carlo rollouts at every choice) that is the yardstick
//! the rating policy is measured against. Both see only what the players see.
//!
//! The rating policy, choice by choice:
//! - Enter every code it can (a special action each).
//! - Gather each suit in one hand: the player holding most of a suit
//!   collects it, and a player leaving a teammate's space (or ending the turn
//!   on it) gives them every needed suit they hold at least as many of, as
//!   long as what they would discard for it is worth less; with teammates
//!   on the space to choose from, the one whose share completes most codes,
//!   then the one given most cards. Where a suit can be spared (fewer codes
//!   to enter than suits left), the cards that complete a teammate's code
//!   are given even if up to two of their other cards must be discarded.
//! - Basic actions: end the turn on a clear space whose stack can spare the
//!   cards (collecting there: at once with `collect-as-action`). A pile here
//!   is neutralised while the expected failures leave a hand limit to spare
//!   (on a space shared with teammates, while the hand limit is at least the
//!   pile);
//!   else the pawn moves, to a clear space (its top card needed, teammates
//!   there) or to a small pile it still has a basic action to clear; with no
//!   such space in reach, to the smallest pile, to clear it next turn.
//! - Attempts go on while a failure leaves a hand limit above the floor
//!   (lower when the board is nearly full); with four players, only while
//!   a failure would cost no card held; a pile is neutralised only where
//!   an attempt would follow. Clubs lift a roll one short and
//!   hearts re-roll a failure when the card is spare (a suit whose code is
//!   entered, a card the hand limit would discard, a suit the team holds
//!   more of than its code needs), the hand limit is low or a suit can be
//!   spared (with one player, always: their turns have actions to spare);
//!   diamonds step onto a clear neighbour; spades clear the last particles off its space.
//! - Collect at the end of the turn unless the stack would run out or, with
//!   `one-a-round`, gave cards this round (a space it cannot collect on is
//!   no place to end a turn); with `collect-as-action`, also its last card
//!   when that gives the last code. Discard suits whose code is entered
//!   first, then suits another player gathers, then what the team holds
//!   least of; spill-over to the emptier space, away from the pawns.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::engine::{
    Action, CLUBS, DIAMONDS, Dice, HEARTS, MAX_PARTICLES, Outcome, Phase, Policy, SPADES, State, play, rate_with,
    rollout_rng,
};
use super::{Deal, Params, Rating, SPACES};
use crate::seed::Seed;

/// The fast, documented policy that rates deals.
#[derive(Debug, Clone, Copy, Default)]
pub struct RatingPolicy;

/// A deal's rating: the rating policy over `params.simulations` games.
pub fn rate(params: &Params, deal: &Deal, seed: &Seed) -> Rating {
    rate_with(params, deal, seed, params.simulations, |_| RatingPolicy)
}

/// The rating policy's weights, one set for each player count: how many
/// teammates there are to hand cards to and how many actions a turn has
/// change what serves. Each set is a coordinate search's best on the mean
/// win rate over six switch sets around that count's levels (200 deals x
/// 100 games each, `--example pp_levels -- measure` with `PP_W`). Alone, a
/// failed attempt is always saved with a club or a heart (weight 1); with
/// two players only when the card is spare; with three or four, cards are
/// handed to a teammate on the space before anything else (weight 21), and
/// the pawn shies from piles (weight 8). Weights 22-24 switch on what the
/// rules card's strategy tips say (1 on, 0 off, to measure each tip): clear
/// a space shared with teammates, give exactly the cards that complete a
/// teammate's code, never take a stack's last card (unless it wins).
/// Weight 25: how many other cards a teammate may have to discard for the
/// cards that complete their code, where a suit can be spared (2 except at
/// three players: 2 players `hs` 51.5% to 62.0%, 4 players `hs` 65.9% to
/// 72.8%, 3 players `sf` 35.4% to 34.4%; deals 1000-1199 x 200 games).
/// Weight 26: share with the teammate whose share completes most codes,
/// then gets most cards, not the first found (3 players +0.4 to +4.5
/// points, 4 players +1.4 to +2.1). Weight 27: attempts stop once the hand
/// limit is below the cards held plus this (so that a failure would cost a
/// card), on at four players only (normal `h7` 41.4% to 44.8%, easy and
/// hard within 0.6 points; at one to three players it costs up to 14
/// points). Weight 28: clubs and hearts are spent on any failed attempt
/// while a suit can be spared, as one player always does (2 players `hs`
/// 62.0% to 81.1%, 4 players `hs` +0.9, 3 players `sf` +0.4).
#[rustfmt::skip]
const WEIGHTS: [[i32; 29]; 4] = [
    [0, -1, 23, 0, 3, 6, 2, 0, 1, 100, 100, 10, 4, 2, 12, 6, 1, 80, 1, 5, 1, 0, 1, 1, 1, 2, 1, -99, 1],
    [0, 0, -1, 0, 3, 6, 1, 0, 1, 100, 100, 12, 4, 2, 12, 3, 1, 80, 1, 5, 1, 0, 1, 1, 1, 2, 1, -99, 1],
    [0, 1, 0, 1, 3, 6, 1, 0, 16, 100, 100, 8, 4, 2, 35, 4, 1, 100, 1, 3, 1, 1, 1, 1, 1, 0, 1, -99, 1],
    [0, 1, 0, 1, 3, 6, -18, 0, 18, 100, 100, 8, 4, 2, 17, 4, -1, 80, 1, 3, 1, 1, 1, 1, 1, 2, 1, 1, 1],
];

/// Weight `i` for this game; `PP_W` (comma-separated, read once) overrides
/// them for experiments.
fn w(s: &State, i: usize) -> i32 {
    static W: std::sync::OnceLock<Vec<Option<i32>>> = std::sync::OnceLock::new();
    let v = W.get_or_init(|| {
        std::env::var("PP_W")
            .map(|t| t.split(',').map(|x| x.trim().parse().ok()).collect())
            .unwrap_or_default()
    });
    let defaults = &WEIGHTS[(s.players.clamp(1, 4) - 1) as usize];
    v.get(i).copied().flatten().unwrap_or(defaults[i])
}

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
            Phase::Spill { a, b } => Action::SpillTo(spill_to(s, a, b)),
            Phase::Act => act(s, p),
            Phase::Over(_) => Action::EndTurn,
        }
    }
}

/// Whether collecting here leaves the stack with a card (an empty one loses).
/// A stack closed for the round (switch `one_a_round`) gives nothing.
fn safe_to_collect(s: &State, space: usize) -> bool {
    !s.closed_this_round(space) && (s.stack_len(space) > s.collect_count() as usize || w(s, 24) == 0)
}

/// A space to end the turn on: clear, with cards to spare.
fn good_end(s: &State, space: usize) -> bool {
    s.particles[space] == 0 && safe_to_collect(s, space)
}

fn team(s: &State, suit: usize) -> u8 {
    (0..s.players as usize).map(|q| s.hands[q][suit]).sum()
}

/// Cards of a suit the player can spend without hurting the team: all of a
/// suit no code needs, what the hand limit would discard anyway, and what
/// the team holds beyond its code.
fn spare(s: &State, p: usize, suit: usize) -> u8 {
    if !s.needed(suit) {
        return s.hands[p][suit];
    }
    let over = s.hand_size(p).saturating_sub(s.limits[p]);
    // Weight 0: cards the team keeps beyond a code before any is spare.
    let beyond = (team(s, suit) as i32 - s.code_cards() as i32 - w(s, 0)).max(0) as u8;
    over.max(beyond).min(s.hands[p][suit])
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
    (0..s.suits as usize).any(|suit| s.needed(suit) && s.hands[p][suit] >= s.code_cards())
}

fn attempt(s: &State, p: usize, roll: u8) -> Action {
    let target = s.neutralise_target();
    if roll >= target {
        return Action::Accept;
    }
    // Weight 1: the hand limit at or below which any club or heart is
    // spent on a failed attempt; negative: always.
    // Weight 28: also while a suit can be spared.
    let desperate = w(s, 1) < 0 || s.limits[p] <= w(s, 1) as u8 || (w(s, 28) > 0 && spare_suit(s));
    // The engine takes the special action for spending if this is the first card.
    if roll + 1 >= target && may_spend(s, p, CLUBS, desperate) {
        return Action::Club;
    }
    if may_spend(s, p, HEARTS, desperate) {
        return Action::Heart;
    }
    Action::Accept
}

/// The chance that one attempt removes a particle, in sixths.
fn success_sixths(s: &State) -> u8 {
    7 - s.neutralise_target()
}

/// The failures expected in clearing `n` particles, in sixths of a failure.
fn expected_failures(s: &State, n: u8) -> u32 {
    let win = success_sixths(s) as u32;
    n as u32 * (6 - win) * 6 / win
}

/// The lowest hand limit an attempt may risk leaving: lower when the board
/// is nearly full.
fn floor(s: &State) -> u8 {
    if s.total_particles() as i32 > w(s, 2) {
        w(s, 3) as u8
    } else {
        w(s, 4) as u8
    }
}

/// Whether clearing the `n` particles of a space is worth its expected cost
/// to this player's hand limit.
fn worth_clearing(s: &State, p: usize, n: u8) -> bool {
    n > 0 && n as i32 <= w(s, 5) && (s.limits[p] as u32) * 6 >= expected_failures(s, n) + 6 * (floor(s) as u32 + 1)
}

/// How much the top card of a stack helps: a needed suit, more so one the
/// team is close to completing.
fn top_value(s: &State, space: usize) -> i32 {
    match s.top(space) {
        Some(suit) if s.needed(suit) => 1 + team(s, suit).min(s.code_cards()) as i32,
        _ => 0,
    }
}

fn with_teammate(s: &State, p: usize, space: usize) -> bool {
    (0..s.players as usize).any(|q| q != p && s.pawns[q] as usize == space)
}

fn act(s: &State, p: usize) -> Action {
    let here = s.pawns[p] as usize;
    if s.specials_left > 0
        && let Some(suit) = (0..s.suits as usize).find(|&suit| s.needed(suit) && s.hands[p][suit] >= s.code_cards())
    {
        return Action::Code(suit as u8);
    }
    // Weight 21: hand a teammate here their suits before anything else, so
    // that failed attempts cannot make the cards be discarded.
    if w(s, 21) > 0
        && let Some(share) = share(s, p)
    {
        return share;
    }
    if s.neutralising {
        return if attempts_go_on(s, p, here) {
            Action::Attempt
        } else {
            Action::StopNeutralising
        };
    }
    let n = s.particles[here];
    // Spades clear the last particles off this space so the turn ends on a clear space.
    if n > 0
        && n <= spare(s, p, SPADES)
        && safe_to_collect(s, here)
        && may_spend(s, p, SPADES, false)
        && let Some(spade) = spade_off(s, here)
    {
        return spade;
    }
    // A diamond steps onto a clear neighbour.
    if n > 0
        && s.basics_left == 0
        && let Some(t) = [(here + 1) % SPACES, (here + SPACES - 1) % SPACES]
            .into_iter()
            .find(|&t| good_end(s, t))
        && may_spend(s, p, DIAMONDS, false)
    {
        return if s.spending {
            Action::Diamond(t as u8)
        } else {
            Action::Spend
        };
    }
    if s.basics_left > 0 {
        if last_code_on_top(s, p, here) {
            return Action::Collect;
        }
        if good_end(s, here) {
            if s.rules.collect_as_action {
                return Action::Collect;
            }
            // Two basic actions: step to a small pile and clear it, ending
            // the turn there (its cards are collected as well).
            if s.basics_left >= 2 && pile_nearby(s, p, here) {
                if let Some(share) = share(s, p) {
                    return share;
                }
                return Action::Move;
            }
        } else if n > 0 && (worth_clearing(s, p, n) || camp(s, p, here, n)) && attempts_go_on(s, p, here) {
            return Action::Neutralise;
        } else {
            // Leaving: give a teammate here what they gather first.
            if let Some(share) = share(s, p) {
                return share;
            }
            return Action::Move;
        }
    }
    if let Some(share) = share(s, p) {
        return share;
    }
    Action::EndTurn
}

/// Whether to attempt a particle here (again): while the hand limit is above
/// the floor and, weight 27, while a failure would cost no card already held.
/// A pile is not started on where no attempt would follow: the basic
/// action would be spent for nothing.
fn attempts_go_on(s: &State, p: usize, here: usize) -> bool {
    s.particles[here] > 0 && s.limits[p] > floor(s) && s.limits[p] as i32 >= s.hand_size(p) as i32 + w(s, 27)
}

/// With `collect-as-action`, whether collecting here gives the last code
/// this turn: an emptied stack loses only at the end of the turn (EMPTIED
/// STACK), so taking its last card to enter the last code wins.
fn last_code_on_top(s: &State, p: usize, here: usize) -> bool {
    let Some(suit) = s.top(here) else { return false };
    s.rules.collect_as_action
        && s.can_collect(here)
        && s.specials_left > 0
        && s.needed(suit)
        && s.codes.count_ones() + 1 == s.codes_needed()
        && s.hands[p][suit] + 1 >= s.code_cards()
}

/// Three or four players keep their pawns together on one space and clear
/// it: cards change hands there every turn, so a pile on it is worth a
/// player's hand limit down to the pile's size.
fn camp(s: &State, p: usize, here: usize, n: u8) -> bool {
    w(s, 22) > 0 && with_teammate(s, p, here) && s.limits[p] >= n
}

/// A pile next to `here` small enough to clear, on a stack that can spare
/// its cards.
fn pile_nearby(s: &State, p: usize, here: usize) -> bool {
    w(s, 18) > 0
        && (0..SPACES).any(|t| {
            let n = s.particles[t];
            State::distance(here, t) == 1
                && n > 0
                && n as i32 <= w(s, 19)
                && safe_to_collect(s, t)
                && worth_clearing(s, p, n)
        })
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

/// Cards a player would discard first: suits no code needs, and single
/// cards of needed suits.
fn junk(s: &State, q: usize, except: usize) -> u8 {
    (0..5)
        .filter(|&suit| suit != except)
        .map(|suit| {
            let h = s.hands[q][suit];
            if !s.needed(suit) || h as i32 <= w(s, 6) { h } else { 0 }
        })
        .sum()
}

/// Cards this player will hold at the end of the turn: those collected
/// there included.
fn end_of_turn_hand(s: &State, p: usize) -> u8 {
    let here = s.pawns[p] as usize;
    let collects = !s.rules.collect_as_action && good_end(s, here);
    s.hand_size(p) + if collects { s.collect_count() } else { 0 }
}

/// Whether the codes still to enter are fewer than the suits without a code.
fn spare_suit(s: &State) -> bool {
    let open = (0..s.suits as usize).filter(|&suit| s.needed(suit)).count() as u32;
    open > s.codes_needed() - s.codes.count_ones()
}

/// Cards to a player on this space: every needed suit they hold at least as
/// many of, as many as they can keep (or just those that complete their
/// code, when all would push them over their limit); and what this player would discard
/// at the end of the turn, as far as they have room.
fn share(s: &State, p: usize) -> Option<Action> {
    if s.specials_left == 0 || code_ready(s, p) {
        return None;
    }
    let here = s.pawns[p];
    (0..s.players as usize)
        .filter(|&q| q != p && s.pawns[q] == here)
        .filter_map(|q| {
            let mut cards = [0u8; 5];
            let mut size = s.hand_size(q);
            for (suit, give) in cards.iter_mut().enumerate().take(s.suits as usize) {
                let (mine, theirs) = (s.hands[p][suit], s.hands[q][suit]);
                // Together a code: theirs to enter on their turn.
                let completes = w(s, 20) > 0 && theirs > 0 && mine + theirs >= s.code_cards();
                if !s.needed(suit) || mine == 0 || ((theirs as i32 + w(s, 7)) < mine as i32 && !completes) {
                    continue;
                }
                // Exactly the cards that complete their code, when that is
                // all they have room for.
                let room = (s.limits[q] + junk(s, q, suit)).saturating_sub(size);
                let exact = s.code_cards().saturating_sub(theirs);
                let n = if mine <= room {
                    mine
                } else if completes
                    && w(s, 23) > 0
                    && (exact <= room
                        || (spare_suit(s) && exact - room <= w(s, 25).max(0) as u8 && s.code_cards() <= s.limits[q]))
                {
                    // Weight 25: when a suit can be spared (the game needs
                    // fewer codes than suits are left), even if they must
                    // discard up to this many other cards for it, as long
                    // as the code fits their hand limit.
                    exact
                } else {
                    0
                };
                *give = n;
                size += n;
            }
            // What would be discarded goes where there is room: the suits
            // this player holds fewest of first.
            let kept: u8 = s.hands[p].iter().zip(&cards).map(|(h, g)| h - g).sum();
            let mut over = (end_of_turn_hand(s, p) - (s.hand_size(p) - kept)).saturating_sub(s.limits[p]);
            if w(s, 16) > 0 {
                while over > 0 && size < s.limits[q] {
                    let Some(suit) = (0..s.suits as usize)
                        .filter(|&suit| s.needed(suit) && s.hands[p][suit] > cards[suit])
                        .min_by_key(|&suit| (s.hands[p][suit] - cards[suit], std::cmp::Reverse(s.hands[q][suit])))
                    else {
                        break;
                    };
                    cards[suit] += 1;
                    size += 1;
                    over -= 1;
                }
            }
            (cards != [0; 5]).then_some((q, cards))
        })
        // Weight 26: the teammate whose share completes most codes, then
        // the most cards; else the first.
        .max_by_key(|&(q, cards)| {
            if w(s, 26) == 0 {
                return (0, 0, std::cmp::Reverse(q));
            }
            let codes = (0..s.suits as usize)
                .filter(|&suit| {
                    s.needed(suit)
                        && s.hands[q][suit] < s.code_cards()
                        && s.hands[q][suit] + cards[suit] >= s.code_cards()
                })
                .count();
            (codes, cards.iter().sum::<u8>() as usize, std::cmp::Reverse(q))
        })
        .map(|(q, cards)| Action::Share { to: q as u8, cards })
}

/// The best space within `roll`: clear with cards to spare (a needed top
/// card, teammates there), or a pile a basic action left can clear; else
/// the smallest pile; the nearer of equals.
fn best_space(s: &State, p: usize, roll: u8) -> usize {
    let here = s.pawns[p] as usize;
    let can_clear = s.basics_left > 0;
    (0..SPACES)
        .filter(|&t| State::distance(here, t) <= roll as usize)
        .max_by_key(|&t| {
            let n = s.particles[t];
            let mut score: i32 = -w(s, 8) * n as i32;
            if safe_to_collect(s, t) {
                if n == 0 {
                    score += w(s, 9);
                } else if can_clear && worth_clearing(s, p, n) {
                    score += w(s, 10) + w(s, 11) * n as i32 - expected_failures(s, n) as i32 * w(s, 12);
                }
                score += w(s, 13) * top_value(s, t);
            } else {
                // A stack that cannot spare its cards is no use to stand on.
                score -= w(s, 17);
            }
            if with_teammate(s, p, t) {
                score += w(s, 14);
            }
            (score, -(State::distance(here, t) as i32), -(t as i32))
        })
        .unwrap_or(here)
}

/// A spilled particle goes to the emptier space, away from pawns.
fn spill_to(s: &State, a: u8, b: u8) -> u8 {
    let cost = |t: u8| {
        let pawns = (0..s.players as usize).filter(|&q| s.pawns[q] == t).count() as i32;
        s.particles[t as usize] as i32 + w(s, 15) * pawns
    };
    if cost(b) < cost(a) { b } else { a }
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
/// each action out to the end with the rating policy in `rollouts` sampled
/// worlds, and takes the action whose rollouts went best (wins, then codes
/// entered), the rating policy's own choice unless another did better. A
/// world is what the players cannot know: the hidden cards of the stacks
/// reshuffled (tops and lengths kept) and the dice to come, drawn from the
/// player's own stream. Every action is played in the same worlds, so that
/// actions are compared on the same luck, not on the noise between samples.
pub struct SearchPlayer {
    pub rollouts: u32,
    pub rng: ChaCha8Rng,
}

impl Policy for SearchPlayer {
    fn choose(&mut self, s: &State) -> Action {
        let default = RatingPolicy.choose(s);
        let legal = s.legal();
        if legal.len() < 2 {
            return legal.first().copied().unwrap_or(default);
        }
        let worlds: Vec<(State, u64)> = (0..self.rollouts)
            .map(|_| (s.with_hidden_cards_shuffled(&mut self.rng), self.rng.r#gen()))
            .collect();
        let base = scores(&worlds, default);
        let mut best = (0.0, default);
        for action in legal {
            if action == default {
                continue;
            }
            // Paired over the worlds: the mean gain over the rating policy's
            // choice, taken only when it stands clear of the noise.
            let gains: Vec<f64> = scores(&worlds, action).iter().zip(&base).map(|(a, b)| a - b).collect();
            let n = gains.len() as f64;
            let mean = gains.iter().sum::<f64>() / n;
            let var = gains.iter().map(|g| (g - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
            let clear = mean - SIGNIFICANCE * (var / n).sqrt();
            if clear > best.0 {
                best = (clear, action);
            }
        }
        best.1
    }
}

/// Strong play's games of one deal, as counted for a level (RULES.md, "the
/// whole board is played").
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct SearchGames {
    pub games: u32,
    pub wins: u32,
    /// Wins in which every collection was made on one space.
    pub one_stack_wins: u32,
    /// Collections made off the starting space, over all the games.
    pub off_start_collections: u32,
}

/// Strong play's games of one deal (`rollouts` a choice, game g on rollout
/// stream g). A level whose strong play mostly wins drawing every card from
/// one stack is a dull game, so levels are chosen to keep that share low.
pub fn search_games(
    params: &Params,
    deal: &Deal,
    seed: &Seed,
    games: u32,
    rollouts: u32,
    dice: &mut impl Dice,
) -> SearchGames {
    let start = State::new(params, deal);
    let mut out = SearchGames {
        games,
        ..SearchGames::default()
    };
    for g in 0..games {
        let mut s = start.clone();
        let mut player = SearchPlayer {
            rollouts,
            rng: rollout_rng(seed, g as u64),
        };
        let won = play(&mut s, &mut player, dice) == Outcome::Won;
        out.off_start_collections += s.off_start_collections();
        if won {
            out.wins += 1;
            out.one_stack_wins += u32::from(s.one_stack());
        }
    }
    out
}

/// Rollouts per action of the search player that sets the levels (strong
/// play): the fewest at which it clearly beats its own rollout policy at
/// every player count (at 8 it does not with one player; BENCHMARKS.md).
pub const YARDSTICK_ROLLOUTS: u32 = 16;

/// How many standard errors an action's gain must stand above zero for the
/// search player to leave the rating policy's choice.
const SIGNIFICANCE: f64 = 2.0;

/// How well rollouts went after taking `action` in each world: a win counts
/// 1; a lost rollout a little for each code entered, so the search can tell
/// good from bad where rollouts rarely win. An illegal action scores -1.
fn scores(worlds: &[(State, u64)], action: Action) -> Vec<f64> {
    worlds
        .iter()
        .map(|(world, dice_seed)| {
            let mut world = world.clone();
            let mut dice = ChaCha8Rng::seed_from_u64(*dice_seed);
            if world.apply(action, &mut dice).is_err() {
                return -1.0;
            }
            match play(&mut world, &mut RatingPolicy, &mut dice) {
                Outcome::Won => 1.0,
                _ => 0.05 * world.codes.count_ones() as f64,
            }
        })
        .collect()
}
