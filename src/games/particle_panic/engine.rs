//! The whole game of Particle Panic as a state machine. Dice rolls and player
//! choices are inputs, so tests can drive exact situations; `play` lets the
//! documented policy below make the choices, and `rate` plays many games of one
//! deal to rate it.
//!
//! Rules as read (RULES.md, seeds/003):
//! - A turn is one basic action (move, neutralise, collect) and one special
//!   action (spend cards, share cards, enter a code); two of each with 1-2 players.
//! - Neutralise: roll per particle on your space; 4-6 removes it (3-6 with 1-2
//!   players), else your hand limit drops by one. Hearts re-roll, clubs add 1;
//!   cards are spent under the "spend cards" special action.
//! - Collect: from a space with no particles, the top card (two with 1-2 players).
//! - Diamond: move your pawn to an adjacent space. Spade: move a particle from your
//!   space to an adjacent space with room.
//! - Share: give cards to a player on your space. Code: discard five of a suit.
//! - End of turn, unless all codes are in: roll how many particles emerge and on
//!   which space; a space holds six, extras go to the nearest spaces with room.
//! - Lost when a particle has no room, a hand limit reaches 0, or a stack is empty.
//!
//! Our decisions where the text is silent:
//! - The hand limit is enforced at the end of each turn (a player may hold more
//!   during the turn, e.g. to enter a code): a hand over its limit discards
//!   first suits whose code is entered, then the suit its holder is furthest
//!   behind another player in, then the suit the team holds least of (ties: the
//!   lower suit). So each suit gathers in one hand.
//! - Spill-over goes one particle at a time to the nearest space with room; at
//!   equal distance the one with fewer particles, then clockwise.
//! - "Spend cards" as a special action lets the player spend any number of
//!   cards for the rest of that turn.
//!
//! The policy (heuristic, per turn):
//! 1. Enter every code the player can.
//! 2. Each basic action: collect if the space is clear and its stack would not
//!    run out; else neutralise if the space holds particles the player can afford
//!    (fewer than their hand limit minus one, or the last particle between them
//!    and a needed card); else roll and move to the best space in reach: clear
//!    spaces first, then few particles, needed top cards, long stacks.
//! 3. Spend a club or heart on a failed neutralisation when that suit's code is
//!    in or the hand limit would drop to 1; a spade to clear a space holding a
//!    single particle; a diamond to step onto a clear neighbour.
//! 4. Share with a player on the same space the suits they hold more of.
//! 5. Enter codes again.

use rand::Rng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use super::{Deal, Params, Rating, SPACES};
use crate::seed::Seed;

pub const MAX_PARTICLES: u8 = 6;
pub const START_HAND_LIMIT: u8 = 6;
pub const CODE_CARDS: u8 = 5;
/// Room for the largest stack: (130 - 3) / 6 rounded up.
const STACK_CAP: usize = 24;
/// A game that runs this many turns is stopped and counted as lost.
pub const TURN_LIMIT: u32 = 500;

const CLUBS: usize = 0;
const DIAMONDS: usize = 1;
const HEARTS: usize = 2;
const SPADES: usize = 3;

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    Won,
    NoRoom,
    HandLimitZero,
    EmptyStack,
    TurnLimit,
}

/// Losses by cause over many games.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct LossCounts {
    pub no_room: u32,
    pub hand_limit_zero: u32,
    pub empty_stack: u32,
    pub turn_limit: u32,
}

/// Where the dice come from: the seeded stream, or a script in tests.
pub trait Dice {
    fn d6(&mut self) -> u8;
}

impl Dice for ChaCha8Rng {
    fn d6(&mut self) -> u8 {
        self.gen_range(1..=6)
    }
}

/// Rolls given in advance, for tests that drive exact situations.
pub struct Scripted(pub std::collections::VecDeque<u8>);

impl Scripted {
    pub fn new(rolls: &[u8]) -> Scripted {
        Scripted(rolls.iter().copied().collect())
    }
}

impl Dice for Scripted {
    fn d6(&mut self) -> u8 {
        self.0.pop_front().expect("the script has a roll left")
    }
}

/// Why a move was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Illegal(pub &'static str);

/// The state of one game. Spaces are 0-5 (printed 1-6, clockwise); suits are
/// indices into `Suit::ALL`. Cards are kept as suits: ranks do not matter in play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct State {
    pub players: u8,
    pub suits: u8,
    pub pawns: [u8; 4],
    pub particles: [u8; SPACES],
    /// Suits of each stack, bottom first, so the top is the last.
    stacks: [[u8; STACK_CAP]; SPACES],
    stack_len: [u8; SPACES],
    pub hands: [[u8; 5]; 4],
    pub limits: [u8; 4],
    /// One bit per suit whose code is entered.
    pub codes: u8,
    pub outcome: Option<Outcome>,
    pub turns: u32,
    /// Special actions left this turn, and whether "spend cards" is in force.
    specials: u8,
    spending: bool,
}

impl State {
    /// The start of play: pawns on space 1, one particle on each of spaces 2-6.
    pub fn new(params: &Params, deal: &Deal) -> State {
        let mut s = State {
            players: params.players,
            suits: params.suits().len() as u8,
            pawns: [0; 4],
            particles: [0, 1, 1, 1, 1, 1],
            stacks: [[0; STACK_CAP]; SPACES],
            stack_len: [0; SPACES],
            hands: [[0; 5]; 4],
            limits: [START_HAND_LIMIT; 4],
            codes: 0,
            outcome: None,
            turns: 0,
            specials: 0,
            spending: false,
        };
        for (i, stack) in deal.stacks.iter().enumerate().take(SPACES) {
            for (j, card) in stack.iter().rev().take(STACK_CAP).enumerate() {
                s.stacks[i][j] = card.suit.index() as u8;
            }
            s.stack_len[i] = stack.len().min(STACK_CAP) as u8;
        }
        for (p, hand) in deal.hands.iter().enumerate().take(4) {
            for c in hand {
                s.hands[p][c.suit.index()] += 1;
            }
        }
        s
    }

    /// 1-2 players play two of each action and do better at everything.
    pub fn small(&self) -> bool {
        self.players <= 2
    }

    pub fn actions_per_turn(&self) -> u8 {
        if self.small() { 2 } else { 1 }
    }

    pub fn neutralise_target(&self) -> u8 {
        if self.small() { 3 } else { 4 }
    }

    pub fn collect_count(&self) -> u8 {
        if self.small() { 2 } else { 1 }
    }

    pub fn stack_len(&self, space: usize) -> usize {
        self.stack_len[space] as usize
    }

    /// The suit of the top card of a stack.
    pub fn top(&self, space: usize) -> Option<usize> {
        let n = self.stack_len[space] as usize;
        (n > 0).then(|| self.stacks[space][n - 1] as usize)
    }

    pub fn hand_size(&self, p: usize) -> u8 {
        self.hands[p].iter().sum()
    }

    fn all_codes(&self) -> u8 {
        (1u8 << self.suits) - 1
    }

    pub fn code_entered(&self, suit: usize) -> bool {
        self.codes & (1 << suit) != 0
    }

    fn end(&mut self, outcome: Outcome) {
        if self.outcome.is_none() {
            self.outcome = Some(outcome);
        }
    }

    /// Spaces apart around the circle of six.
    pub fn distance(a: usize, b: usize) -> usize {
        let d = a.abs_diff(b);
        d.min(SPACES - d)
    }

    /// Begins a player's turn: its special actions become available.
    pub fn begin_turn(&mut self) {
        self.specials = self.actions_per_turn();
        self.spending = false;
    }

    fn use_special(&mut self) -> Result<(), Illegal> {
        if self.specials == 0 {
            return Err(Illegal("no special action left this turn"));
        }
        self.specials -= 1;
        Ok(())
    }

    /// Basic action: move up to `roll` spaces either way.
    pub fn move_pawn(&mut self, p: usize, to: usize, roll: u8) -> Result<(), Illegal> {
        if to >= SPACES || Self::distance(self.pawns[p] as usize, to) > roll as usize {
            return Err(Illegal("the pawn cannot reach that space with this roll"));
        }
        self.pawns[p] = to as u8;
        Ok(())
    }

    /// One neutralisation roll on the player's space, with `clubs` spent to add
    /// one each. Returns whether the particle was removed.
    pub fn neutralise(&mut self, p: usize, roll: u8, clubs: u8) -> Result<bool, Illegal> {
        let space = self.pawns[p] as usize;
        if self.particles[space] == 0 {
            return Err(Illegal("no particle on this space"));
        }
        if clubs > 0 {
            self.spend(p, CLUBS, clubs)?;
        }
        if roll + clubs >= self.neutralise_target() {
            self.particles[space] -= 1;
            Ok(true)
        } else {
            self.limits[p] = self.limits[p].saturating_sub(1);
            if self.limits[p] == 0 {
                self.end(Outcome::HandLimitZero);
            }
            Ok(false)
        }
    }

    /// Spends `n` cards of a suit for their power (needs the spend special action).
    pub fn spend(&mut self, p: usize, suit: usize, n: u8) -> Result<(), Illegal> {
        if self.hands[p][suit] < n {
            return Err(Illegal("not enough cards of that suit"));
        }
        if !self.spending {
            self.use_special()?;
            self.spending = true;
        }
        self.hands[p][suit] -= n;
        Ok(())
    }

    /// Diamond: the pawn steps to an adjacent space.
    pub fn spend_diamond(&mut self, p: usize, to: usize) -> Result<(), Illegal> {
        if to >= SPACES || Self::distance(self.pawns[p] as usize, to) != 1 {
            return Err(Illegal("a diamond moves the pawn to an adjacent space"));
        }
        self.spend(p, DIAMONDS, 1)?;
        self.pawns[p] = to as u8;
        Ok(())
    }

    /// Spade: a particle on the player's space moves to an adjacent space with room.
    pub fn spend_spade(&mut self, p: usize, to: usize) -> Result<(), Illegal> {
        let from = self.pawns[p] as usize;
        if self.particles[from] == 0 {
            return Err(Illegal("no particle on this space"));
        }
        if to >= SPACES || Self::distance(from, to) != 1 || self.particles[to] >= MAX_PARTICLES {
            return Err(Illegal("a spade moves a particle to an adjacent space with room"));
        }
        self.spend(p, SPADES, 1)?;
        self.particles[from] -= 1;
        self.particles[to] += 1;
        Ok(())
    }

    /// Basic action: take the top card (two with 1-2 players) of a clear space.
    pub fn collect(&mut self, p: usize) -> Result<(), Illegal> {
        let space = self.pawns[p] as usize;
        if self.particles[space] > 0 {
            return Err(Illegal("cards can only be collected from a space with no particles"));
        }
        for _ in 0..self.collect_count() {
            let Some(suit) = self.top(space) else { break };
            self.stack_len[space] -= 1;
            self.hands[p][suit] += 1;
            if self.stack_len[space] == 0 {
                self.end(Outcome::EmptyStack);
            }
        }
        Ok(())
    }

    /// Special action: give cards to a player on the same space.
    pub fn share(&mut self, from: usize, to: usize, suit: usize, n: u8) -> Result<(), Illegal> {
        if from == to || to >= self.players as usize || self.pawns[from] != self.pawns[to] {
            return Err(Illegal("cards can only be given to another player on the same space"));
        }
        if self.hands[from][suit] < n {
            return Err(Illegal("not enough cards of that suit"));
        }
        self.use_special()?;
        self.hands[from][suit] -= n;
        self.hands[to][suit] += n;
        Ok(())
    }

    /// Special action: discard five cards of a suit to enter its code.
    pub fn enter_code(&mut self, p: usize, suit: usize) -> Result<(), Illegal> {
        if suit >= self.suits as usize || self.code_entered(suit) {
            return Err(Illegal("that code is already entered"));
        }
        if self.hands[p][suit] < CODE_CARDS {
            return Err(Illegal("a code takes five cards of one suit"));
        }
        self.use_special()?;
        self.hands[p][suit] -= CODE_CARDS;
        self.codes |= 1 << suit;
        if self.codes == self.all_codes() {
            self.end(Outcome::Won);
        }
        Ok(())
    }

    /// End of turn: hands over their limit discard, then `count` particles
    /// emerge on `space`, spilling over.
    pub fn end_turn(&mut self, count: u8, space: usize) {
        for p in 0..self.players as usize {
            self.discard_to_limit(p);
        }
        self.emerge(count, space);
    }

    /// `count` particles emerge on `space`, spilling over.
    pub fn emerge(&mut self, count: u8, space: usize) {
        if self.outcome.is_some() {
            return;
        }
        for _ in 0..count {
            match self.room_near(space) {
                Some(s) => self.particles[s] += 1,
                None => {
                    self.end(Outcome::NoRoom);
                    return;
                }
            }
        }
    }

    /// The space a new particle on `space` lands on: itself if it has room, else
    /// the nearest with room (fewer particles, then clockwise, on ties).
    fn room_near(&self, space: usize) -> Option<usize> {
        if self.particles[space] < MAX_PARTICLES {
            return Some(space);
        }
        for d in 1..=SPACES / 2 {
            let cw = (space + d) % SPACES;
            let ccw = (space + SPACES - d) % SPACES;
            let open = |s: usize| self.particles[s] < MAX_PARTICLES;
            match (open(cw), open(ccw)) {
                (true, true) if self.particles[ccw] < self.particles[cw] => return Some(ccw),
                (true, _) => return Some(cw),
                (false, true) => return Some(ccw),
                (false, false) => {}
            }
        }
        None
    }

    /// Cards of a suit held by the whole team.
    fn team(&self, suit: usize) -> u8 {
        (0..self.players as usize).map(|p| self.hands[p][suit]).sum()
    }

    /// The most cards of a suit any other player holds.
    fn best_other(&self, p: usize, suit: usize) -> u8 {
        (0..self.players as usize)
            .filter(|&q| q != p)
            .map(|q| self.hands[q][suit])
            .max()
            .unwrap_or(0)
    }

    /// Whether the team still needs cards of this suit for its code.
    fn needed(&self, suit: usize) -> bool {
        suit < self.suits as usize && !self.code_entered(suit)
    }

    /// Hand limit: discard entered suits first, then what the team holds least of.
    pub fn discard_to_limit(&mut self, p: usize) {
        while self.hand_size(p) > self.limits[p] {
            let suits = self.suits as usize;
            let pick = (0..suits)
                .filter(|&s| self.hands[p][s] > 0)
                .min_by_key(|&s| {
                    (
                        self.needed(s),
                        self.hands[p][s] as i32 - self.best_other(p, s) as i32,
                        self.team(s),
                        s,
                    )
                })
                .expect("a hand over its limit holds cards");
            self.hands[p][pick] -= 1;
        }
    }
}

/// Plays one whole game of a deal with the policy; returns how it ended.
pub fn play(params: &Params, deal: &Deal, dice: &mut impl Dice) -> Outcome {
    let mut s = State::new(params, deal);
    play_state(&mut s, dice)
}

/// Plays from a given state to the end.
pub fn play_state(s: &mut State, dice: &mut impl Dice) -> Outcome {
    loop {
        for p in 0..s.players as usize {
            play_turn(s, p, dice);
            if let Some(o) = s.outcome {
                return o;
            }
        }
        if s.turns >= TURN_LIMIT {
            s.outcome = Some(Outcome::TurnLimit);
            return Outcome::TurnLimit;
        }
    }
}

/// One player's turn under the policy, ending with emergence.
pub fn play_turn(s: &mut State, p: usize, dice: &mut impl Dice) {
    s.begin_turn();
    s.turns += 1;
    enter_codes(s, p);
    for _ in 0..s.actions_per_turn() {
        if s.outcome.is_some() {
            return;
        }
        basic_action(s, p, dice);
    }
    if s.outcome.is_some() {
        return;
    }
    enter_codes(s, p);
    share(s, p);
    if s.outcome.is_none() {
        let count = dice.d6();
        let space = dice.d6() as usize - 1;
        s.end_turn(count, space);
    }
}

fn enter_codes(s: &mut State, p: usize) {
    for suit in 0..s.suits as usize {
        if s.outcome.is_none() && s.hands[p][suit] >= CODE_CARDS && !s.code_entered(suit) && s.specials > 0 {
            s.enter_code(p, suit).expect("checked above");
        }
    }
}

/// Whether collecting here is safe: the stack keeps at least one card.
fn safe_to_collect(s: &State, space: usize) -> bool {
    s.stack_len(space) > s.collect_count() as usize
}

fn basic_action(s: &mut State, p: usize, dice: &mut impl Dice) {
    let here = s.pawns[p] as usize;
    // A spade can clear a single particle; a diamond can step onto a clear neighbour.
    let neighbours = [(here + 1) % SPACES, (here + SPACES - 1) % SPACES];
    if s.particles[here] == 1
        && safe_to_collect(s, here)
        && can_spend(s, p, SPADES)
        && let Some(to) = neighbours
            .into_iter()
            .filter(|&t| s.particles[t] < MAX_PARTICLES)
            .min_by_key(|&t| s.particles[t])
    {
        s.spend_spade(p, to).expect("checked above");
    }
    if s.particles[here] > 0 && can_spend(s, p, DIAMONDS) {
        let clear = neighbours
            .into_iter()
            .find(|&t| s.particles[t] == 0 && safe_to_collect(s, t));
        if let Some(to) = clear {
            s.spend_diamond(p, to).expect("checked above");
        }
    }
    let here = s.pawns[p] as usize;
    if s.particles[here] == 0 && safe_to_collect(s, here) {
        s.collect(p).expect("space is clear");
        return;
    }
    // Moving is cheaper than neutralising while a clear space with cards is in
    // reach of most rolls (distance 2 or less: 5 rolls in 6 reach it).
    let clear_near =
        (0..SPACES).any(|t| s.particles[t] == 0 && safe_to_collect(s, t) && State::distance(here, t) <= 2 && t != here);
    let n = s.particles[here];
    let affordable = n > 0 && n <= NEUTRALISE_AT_MOST && s.limits[p] > n + 1 && safe_to_collect(s, here);
    if affordable && !clear_near {
        neutralise_all(s, p, dice);
        return;
    }
    let roll = dice.d6();
    let to = best_space(s, p, roll);
    s.move_pawn(p, to, roll).expect("chosen within reach");
}

/// Most particles the policy tries to neutralise on one space in one action.
const NEUTRALISE_AT_MOST: u8 = 2;

/// Whether the policy may spend a card of `suit` now: it holds one, the suit's
/// code is in (or the suit is of no use), and a special action allows spending.
fn can_spend(s: &State, p: usize, suit: usize) -> bool {
    s.hands[p][suit] > 0 && !s.needed(suit) && (s.spending || s.specials > 0)
}

fn neutralise_all(s: &mut State, p: usize, dice: &mut impl Dice) {
    let here = s.pawns[p] as usize;
    while s.particles[here] > 0 && s.outcome.is_none() && s.limits[p] > 1 {
        let mut roll = dice.d6();
        let target = s.neutralise_target();
        let desperate = s.limits[p] <= 2;
        // Heart: re-roll a failure.
        while roll < target
            && roll + 1 < target
            && s.hands[p][HEARTS] > 0
            && (can_spend(s, p, HEARTS) || desperate && (s.spending || s.specials > 0))
        {
            s.spend(p, HEARTS, 1).expect("checked above");
            roll = dice.d6();
        }
        // Club: add one to a roll just short.
        let clubs = u8::from(
            roll + 1 == target
                && s.hands[p][CLUBS] > 0
                && (can_spend(s, p, CLUBS) || desperate && (s.spending || s.specials > 0)),
        );
        s.neutralise(p, roll, clubs).expect("a particle is here");
    }
}

/// The best space within `roll` of the player's pawn.
fn best_space(s: &State, p: usize, roll: u8) -> usize {
    let here = s.pawns[p] as usize;
    (0..SPACES)
        .filter(|&t| State::distance(here, t) <= roll as usize)
        .max_by_key(|&t| {
            let mut score: i32 = 0;
            if s.stack_len(t) > s.collect_count() as usize {
                score += 4;
                if s.particles[t] == 0 {
                    score += 20;
                }
                if s.top(t).is_some_and(|suit| s.needed(suit)) {
                    score += 6;
                }
            }
            score -= 5 * s.particles[t] as i32;
            score += s.stack_len(t) as i32 / 4;
            // Prefer the nearer of equals, then clockwise (max_by_key keeps the last).
            (score, -(State::distance(here, t) as i32), -(t as i32))
        })
        .unwrap_or(here)
}

/// Gives a co-located player the suits they hold more of (one special action).
fn share(s: &mut State, p: usize) {
    if s.specials == 0 {
        return;
    }
    for q in 0..s.players as usize {
        if q == p || s.pawns[q] != s.pawns[p] {
            continue;
        }
        let best = (0..s.suits as usize)
            .filter(|&suit| s.needed(suit) && s.hands[p][suit] > 0 && s.hands[q][suit] > s.hands[p][suit])
            .max_by_key(|&suit| s.hands[q][suit]);
        if let Some(suit) = best {
            let room = s.limits[q].saturating_sub(s.hand_size(q));
            let n = s.hands[p][suit].min(room);
            if n > 0 {
                s.share(p, q, suit, n).expect("checked above");
                return;
            }
        }
    }
}

/// Plays `params.simulations` games of a deal with dice from the deal's own
/// seed, so the rating reproduces exactly.
pub fn rate(params: &Params, deal: &Deal, seed: &Seed) -> Rating {
    let start = State::new(params, deal);
    let mut dice = seed.stream("simulate", 0);
    let mut wins = 0;
    let mut losses = LossCounts::default();
    for _ in 0..params.simulations {
        let mut s = start.clone();
        match play_state(&mut s, &mut dice) {
            Outcome::Won => wins += 1,
            Outcome::NoRoom => losses.no_room += 1,
            Outcome::HandLimitZero => losses.hand_limit_zero += 1,
            Outcome::EmptyStack => losses.empty_stack += 1,
            Outcome::TurnLimit => losses.turn_limit += 1,
        }
    }
    Rating {
        games: params.simulations,
        win_rate: wins as f64 / params.simulations.max(1) as f64,
        wins,
        losses,
    }
}
