//! The rules of Particle Panic as an engine: a game state, the actions that
//! are legal in it, and their effects. The engine enforces every rule itself
//! (whose turn it is, the turn's budget of basic and special actions, what
//! each card may do); a [`Policy`] only chooses among legal actions, through
//! the same interface for every choice the rules leave to the players (moves,
//! attempts, spending, sharing, discards, spill-over). Policies see the top
//! card of each stack only, never the cards below it or future dice.
//!
//! Readings of the text (../shared/RULES.md, Particle Panic), each a named
//! rule the code cites:
//! - TURN BUDGET: the active player has B basic and S special actions, B = S =
//!   2 with 1-2 players, 1 with 3-4, in any order.
//! - MOVE: roll the die, move 0 to that many spaces in one direction.
//! - NEUTRALISE: on your own space, one attempt per particle, a die each: 4-6
//!   removes it (3-6 with 1-2 players), a failure lowers your hand limit by one
//!   and leaves the particle; stop whenever you like; one action covers all
//!   attempts.
//! - BEFORE THE RESULT (decided): a heart or a club is spent on a
//!   neutralisation die before its result counts; a failure is final, and
//!   lowers the hand limit, only once the player accepts the die, so a
//!   re-roll or a +1 that succeeds costs no hand limit.
//! - COLLECT: not an action: once, at the end of the active player's turn, if
//!   the pawn's space holds no particle, the top card (two with 1-2 players),
//!   before particles emerge. Reading `collect-as-action`: a basic action,
//!   once, as the turn's last basic action. TWO CARDS OR THE LAST ONE
//!   (decided): where two cards are collected and the stack holds one, that
//!   card may be taken (it empties the stack: EMPTIED STACK). Switch
//!   `one_a_round`: a stack gives cards once a round at most.
//! - SPEND: one special action lets you spend any number of cards for the rest
//!   of the turn: a heart re-rolls a neutralisation die, a club adds 1 to one,
//!   a diamond moves your pawn to an adjacent space, a spade moves any one
//!   particle to an adjacent space with room.
//! - ONE SPACE A NEUTRALISE (decided): a neutralise is made on the space
//!   where it began; a diamond spent during it moves the pawn and ends the
//!   neutralise (no attempts at the new space).
//! - BETWEEN ATTEMPTS (decided): special actions (spending, sharing, a
//!   code) may come between two attempts of a neutralise.
//! - SHARE: give any number of cards of any suits to one player on your space;
//!   only the active player gives.
//! - CODE: discard five cards of one suit to enter its code.
//! - HAND LIMIT: starts at 6; at the end of any turn a player over their limit
//!   discards down to it, choosing which cards. A limit of 0 loses.
//! - EMERGENCE: at the end of every turn a die for how many, a die for which
//!   space; a space holds at most 6, the excess spills to the nearest spaces
//!   with room, and where two are equally near the players choose. Reading
//!   `per-round`: once per round, after the last player's turn.
//! - END: won the moment the last code is entered; lost when the board holds 36
//!   particles or one cannot be placed, when a hand limit reaches 0, or when a
//!   stack runs out of cards. EMPTIED STACK (decided): a stack emptied by
//!   collecting loses at the end of that turn, before particles emerge,
//!   unless the last code has been entered by then.
//!
//! The difficulty levels' switches (`levels::Switches`) each change one of
//! these: when particles emerge and how many, the starting hand limit, the
//! neutralisation target, the cards per collection, the codes needed and the
//! cards per code.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use super::levels::Switches;
use super::{Deal, Params, Rating, SPACES};
use crate::seed::Seed;

pub const MAX_PARTICLES: u8 = 6;
/// END: the board is full ("no more room for any new particles").
pub const BOARD_FULL: u8 = MAX_PARTICLES * SPACES as u8;
/// HAND LIMIT as written ("normally 6"); switch `hand_limit` raises it.
pub const START_HAND_LIMIT: u8 = 6;
/// CODE as written: five cards of a suit; switch `four_card_codes`: four.
pub const CODE_CARDS: u8 = 5;
/// NEUTRALISE as written with 3-4 players; 1-2 players (and switch
/// `easy_neutralise`) remove a particle on `SMALL_TARGET` or more.
pub const TARGET: u8 = 4;
pub const SMALL_TARGET: u8 = 3;
/// Room for the largest stack: (130 - 3) / 6 rounded up.
const STACK_CAP: usize = 24;
/// A game still running after this many turns is stopped and counted as lost
/// (a policy that stalls; never reached in practice: stacks run out first).
pub const TURN_LIMIT: u32 = 500;

pub const CLUBS: usize = 0;
pub const DIAMONDS: usize = 1;
pub const HEARTS: usize = 2;
pub const SPADES: usize = 3;

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

/// Why an action was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Illegal(pub &'static str);

/// Everything a player may do. Spaces are 0-5 (printed 1-6, clockwise),
/// suits indices into `Suit::ALL`, players 0-3.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Basic (MOVE): roll the die; then choose where with `MoveTo`.
    Move,
    /// After a move roll: the space to stop on, within the roll, one direction.
    MoveTo(u8),
    /// Basic (NEUTRALISE): start attempting the particles on your space.
    Neutralise,
    /// Roll for one particle on your space (while neutralising).
    Attempt,
    /// Finish the neutralise action.
    StopNeutralising,
    /// Take the pending neutralisation roll as it stands.
    Accept,
    /// Spend a heart: re-roll the pending neutralisation die.
    Heart,
    /// Spend a club: add 1 to the pending neutralisation die.
    Club,
    /// Special (SPEND): cards may be spent for the rest of the turn.
    Spend,
    /// Spend a diamond: your pawn to this adjacent space.
    Diamond(u8),
    /// Spend a spade: a particle from the first space to the adjacent second.
    Spade(u8, u8),
    /// Special (SHARE): give these cards (a count per suit) to this player.
    Share {
        to: u8,
        cards: [u8; 5],
    },
    /// Special (CODE): discard five of this suit to enter its code.
    Code(u8),
    /// Basic, variant `collect-as-action` only: collect now, as the last basic action.
    Collect,
    /// End the turn (collecting, discards and emergence follow).
    EndTurn,
    /// At the end of a turn on a clear space: take the top card(s), or not.
    TakeCards,
    LeaveCards,
    /// Over the hand limit at the end of a turn: discard one card of this suit.
    Discard(u8),
    /// A spilled particle goes to this space (one of two equally near).
    SpillTo(u8),
}

/// What the game waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// The active player chooses their next action.
    Act,
    /// A move was rolled: choose where to stop.
    MoveTo {
        roll: u8,
    },
    /// A neutralisation die was rolled: accept it or spend a heart or a club.
    Attempt {
        roll: u8,
    },
    /// End of turn on a clear space: collect or not.
    Collect,
    /// End of turn: this player is over their limit and discards.
    Discard {
        player: u8,
    },
    /// Emergence: a particle spills; the two spaces are equally near.
    Spill {
        a: u8,
        b: u8,
    },
    Over(Outcome),
}

/// The state of one game, with the engine that changes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct State {
    pub players: u8,
    pub suits: u8,
    /// The readings and house rules this game is played with.
    pub rules: Switches,
    pub pawns: [u8; 4],
    pub particles: [u8; SPACES],
    /// Suits of each stack, bottom first, so the top is the last. Private:
    /// the players see only the top card.
    stacks: [[u8; STACK_CAP]; SPACES],
    stack_len: [u8; SPACES],
    pub hands: [[u8; 5]; 4],
    pub limits: [u8; 4],
    /// One bit per suit whose code is entered.
    pub codes: u8,
    pub phase: Phase,
    pub active: u8,
    pub turns: u32,
    pub basics_left: u8,
    pub specials_left: u8,
    pub spending: bool,
    pub neutralising: bool,
    /// EMPTIED STACK: a stack ran out this turn; the game is lost when the
    /// turn ends unless it is won first.
    pub stack_emptied: bool,
    /// Collections made on each space this game: what a level's figures
    /// count (whether a win drew every card from one stack).
    pub collections: [u16; SPACES],
    /// Switch `one_a_round`: one bit per space collected on this round.
    pub collected_this_round: u8,
    /// Emergence in progress: particles still to place, and where they emerge.
    emerging: u8,
    emerge_at: u8,
}

impl State {
    /// The start of play: pawns on space 1, one particle on each of spaces
    /// 2-6, player 1 to act.
    pub fn new(params: &Params, deal: &Deal) -> State {
        let rules = params.rules();
        let mut s = State {
            players: params.players,
            suits: params.suits().len() as u8,
            rules,
            pawns: [0; 4],
            particles: [0, 1, 1, 1, 1, 1],
            stacks: [[0; STACK_CAP]; SPACES],
            stack_len: [0; SPACES],
            hands: [[0; 5]; 4],
            limits: [rules.hand_limit; 4],
            codes: 0,
            phase: Phase::Act,
            active: 0,
            turns: 1,
            basics_left: 0,
            specials_left: 0,
            spending: false,
            neutralising: false,
            stack_emptied: false,
            collections: [0; SPACES],
            collected_this_round: 0,
            emerging: 0,
            emerge_at: 0,
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
        s.begin_turn();
        s
    }

    /// 1-2 players play two of each action and do better at everything.
    pub fn small(&self) -> bool {
        self.players <= 2
    }

    /// TURN BUDGET.
    pub(crate) fn actions_per_turn(&self) -> u8 {
        if self.small() { 2 } else { 1 }
    }

    /// NEUTRALISE: the lowest roll that removes a particle.
    pub fn neutralise_target(&self) -> u8 {
        if self.small() || self.rules.easy_neutralise {
            SMALL_TARGET
        } else {
            TARGET
        }
    }

    /// COLLECT: cards taken at once.
    pub fn collect_count(&self) -> u8 {
        if self.small() || self.rules.two_cards { 2 } else { 1 }
    }

    /// CODE: cards of one suit a code takes.
    pub fn code_cards(&self) -> u8 {
        if self.rules.four_card_codes {
            CODE_CARDS - 1
        } else {
            CODE_CARDS
        }
    }

    /// END: codes that win, every code but one with switch `spare_code`.
    pub(crate) fn codes_needed(&self) -> u32 {
        u32::from(self.suits) - u32::from(self.rules.spare_code)
    }

    /// EMERGENCE: how many particles a die roll brings, half (rounded up)
    /// with switch `half_die`.
    pub(crate) fn emerging_for(&self, roll: u8) -> u8 {
        if self.rules.half_die { roll.div_ceil(2) } else { roll }
    }

    /// EMERGENCE: whether particles emerge at the end of this turn: every
    /// turn, or with reading `per-round` after the last player's.
    pub(crate) fn emerges_now(&self) -> bool {
        !self.rules.per_round || self.active + 1 == self.players
    }

    /// Sets a stack's suits, bottom first, for tests that need exact stacks.
    #[cfg(test)]
    pub(crate) fn set_stack(&mut self, space: usize, suits: &[u8]) {
        self.stacks[space][..suits.len()].copy_from_slice(suits);
        self.stack_len[space] = suits.len() as u8;
    }

    pub fn stack_len(&self, space: usize) -> usize {
        self.stack_len[space] as usize
    }

    /// What the players see, on one line: hands, hand limits, pawns,
    /// particles, the stacks' top suits (9 for empty) and lengths, codes.
    pub fn describe(&self) -> String {
        let n = self.players as usize;
        format!(
            "p{} hands {:?} limits {:?} pawns {:?} particles {:?} tops {:?} lengths {:?} codes {:b}",
            self.active,
            &self.hands[..n],
            &self.limits[..n],
            &self.pawns[..n],
            self.particles,
            (0..SPACES).map(|i| self.top(i).map_or(9, |t| t)).collect::<Vec<_>>(),
            (0..SPACES).map(|i| self.stack_len(i)).collect::<Vec<_>>(),
            self.codes
        )
    }

    /// The suit of the top card of a stack: all the players can see of it.
    pub fn top(&self, space: usize) -> Option<usize> {
        let n = self.stack_len[space] as usize;
        (n > 0).then(|| self.stacks[space][n - 1] as usize)
    }

    pub fn hand_size(&self, p: usize) -> u8 {
        self.hands[p].iter().sum()
    }

    pub fn total_particles(&self) -> u8 {
        self.particles.iter().sum()
    }

    pub(crate) fn code_entered(&self, suit: usize) -> bool {
        self.codes & (1 << suit) != 0
    }

    /// Whether the team still needs cards of this suit for its code.
    pub fn needed(&self, suit: usize) -> bool {
        suit < self.suits as usize && !self.code_entered(suit)
    }

    /// COLLECT: whether cards may be collected on this space now: no
    /// particle, a card left, and with switch `one_a_round` no collection
    /// there yet this round.
    pub(crate) fn can_collect(&self, space: usize) -> bool {
        self.particles[space] == 0 && self.stack_len[space] > 0 && !self.closed_this_round(space)
    }

    /// Switch `one_a_round`: the stack of this space gave cards this round.
    pub(crate) fn closed_this_round(&self, space: usize) -> bool {
        self.rules.one_a_round && self.collected_this_round & (1 << space) != 0
    }

    /// Whether every collection of the game so far was made on one space.
    pub fn one_stack(&self) -> bool {
        self.collections.iter().filter(|&&n| n > 0).count() <= 1
    }

    /// Collections made off the starting space (space 1).
    pub fn off_start_collections(&self) -> u32 {
        self.collections[1..].iter().map(|&n| u32::from(n)).sum()
    }

    pub fn outcome(&self) -> Option<Outcome> {
        match self.phase {
            Phase::Over(o) => Some(o),
            _ => None,
        }
    }

    /// Spaces apart around the circle of six.
    pub fn distance(a: usize, b: usize) -> usize {
        let d = a.abs_diff(b);
        d.min(SPACES - d)
    }

    fn end(&mut self, outcome: Outcome) {
        if self.outcome().is_none() {
            self.phase = Phase::Over(outcome);
        }
    }

    fn begin_turn(&mut self) {
        self.basics_left = self.actions_per_turn();
        self.specials_left = self.actions_per_turn();
        self.spending = false;
        self.neutralising = false;
        self.phase = Phase::Act;
    }

    /// The cards below each top are shuffled among the stacks, keeping each
    /// stack's length and top card: a sample of what the players cannot see,
    /// for a player that plans by playing possible futures.
    pub fn with_hidden_cards_shuffled(&self, rng: &mut ChaCha8Rng) -> State {
        let mut s = self.clone();
        let mut hidden: Vec<u8> = Vec::with_capacity(130);
        for i in 0..SPACES {
            let n = s.stack_len[i] as usize;
            hidden.extend_from_slice(&s.stacks[i][..n.saturating_sub(1)]);
        }
        hidden.shuffle(rng);
        let mut next = hidden.into_iter();
        for i in 0..SPACES {
            let n = s.stack_len[i] as usize;
            for j in 0..n.saturating_sub(1) {
                s.stacks[i][j] = next.next().expect("as many as were taken");
            }
        }
        s
    }

    fn can_spend(&self, p: usize, suit: usize) -> bool {
        self.hands[p][suit] > 0 && (self.spending || self.specials_left > 0)
    }

    /// Spends one card of `suit` under SPEND, taking the special action the
    /// first time in a turn.
    fn spend(&mut self, p: usize, suit: usize) -> Result<(), Illegal> {
        if self.hands[p][suit] == 0 {
            return Err(Illegal("no card of that suit to spend"));
        }
        if !self.spending {
            if self.specials_left == 0 {
                return Err(Illegal("no special action left to spend cards"));
            }
            self.specials_left -= 1;
            self.spending = true;
        }
        self.hands[p][suit] -= 1;
        Ok(())
    }

    /// Every action legal now, shares of every size included.
    pub fn legal(&self) -> Vec<Action> {
        let mut out = Vec::new();
        let p = self.active as usize;
        let here = self.pawns[p] as usize;
        match self.phase {
            Phase::Over(_) => {}
            Phase::MoveTo { roll } => {
                for t in 0..SPACES {
                    if Self::distance(here, t) <= roll as usize {
                        out.push(Action::MoveTo(t as u8));
                    }
                }
            }
            Phase::Attempt { roll } => {
                out.push(Action::Accept);
                if self.can_spend(p, HEARTS) {
                    out.push(Action::Heart);
                }
                if self.can_spend(p, CLUBS) && roll < 6 {
                    out.push(Action::Club);
                }
            }
            Phase::Collect => out.extend([Action::TakeCards, Action::LeaveCards]),
            Phase::Discard { player } => {
                for suit in 0..5 {
                    if self.hands[player as usize][suit] > 0 {
                        out.push(Action::Discard(suit as u8));
                    }
                }
            }
            Phase::Spill { a, b } => out.extend([Action::SpillTo(a), Action::SpillTo(b)]),
            Phase::Act => {
                if self.neutralising {
                    if self.particles[here] > 0 {
                        out.push(Action::Attempt);
                    }
                    out.push(Action::StopNeutralising);
                } else if self.basics_left > 0 {
                    out.push(Action::Move);
                    if self.particles[here] > 0 {
                        out.push(Action::Neutralise);
                    }
                    if self.rules.collect_as_action && self.can_collect(here) {
                        out.push(Action::Collect);
                    }
                }
                // BETWEEN ATTEMPTS: special actions are open while neutralising too.
                if self.specials_left > 0 && !self.spending {
                    out.push(Action::Spend);
                }
                if self.spending {
                    if self.hands[p][DIAMONDS] > 0 {
                        for t in [(here + 1) % SPACES, (here + SPACES - 1) % SPACES] {
                            out.push(Action::Diamond(t as u8));
                        }
                    }
                    if self.hands[p][SPADES] > 0 {
                        for from in 0..SPACES {
                            if self.particles[from] == 0 {
                                continue;
                            }
                            for to in [(from + 1) % SPACES, (from + SPACES - 1) % SPACES] {
                                if self.particles[to] < MAX_PARTICLES {
                                    out.push(Action::Spade(from as u8, to as u8));
                                }
                            }
                        }
                    }
                }
                if self.specials_left > 0 {
                    for suit in 0..self.suits as usize {
                        if !self.code_entered(suit) && self.hands[p][suit] >= self.code_cards() {
                            out.push(Action::Code(suit as u8));
                        }
                    }
                    for q in 0..self.players as usize {
                        if q == p || self.pawns[q] as usize != here || self.hand_size(p) == 0 {
                            continue;
                        }
                        // SHARE: any number of cards of any suits.
                        for cards in sub_hands(&self.hands[p]) {
                            out.push(Action::Share { to: q as u8, cards });
                        }
                    }
                }
                if !self.neutralising {
                    out.push(Action::EndTurn);
                }
            }
        }
        out
    }

    /// Carries out an action of the active player (or the discarding player),
    /// rolling `dice` where the rules roll. An illegal action changes nothing.
    pub fn apply(&mut self, action: Action, dice: &mut impl Dice) -> Result<(), Illegal> {
        let p = self.active as usize;
        let here = self.pawns[p] as usize;
        match (self.phase, action) {
            (Phase::Over(_), _) => Err(Illegal("the game is over")),
            (Phase::MoveTo { roll }, Action::MoveTo(t)) => {
                // MOVE: up to the roll, in one direction.
                if t as usize >= SPACES || Self::distance(here, t as usize) > roll as usize {
                    return Err(Illegal("the pawn cannot reach that space with this roll"));
                }
                self.pawns[p] = t;
                self.phase = Phase::Act;
                Ok(())
            }
            (Phase::Attempt { roll }, Action::Accept) => {
                // BEFORE THE RESULT: only an accepted die counts.
                self.phase = Phase::Act;
                if roll >= self.neutralise_target() {
                    self.particles[here] -= 1;
                } else {
                    self.limits[p] = self.limits[p].saturating_sub(1);
                    if self.limits[p] == 0 {
                        self.end(Outcome::HandLimitZero);
                    }
                }
                Ok(())
            }
            (Phase::Attempt { .. }, Action::Heart) => {
                self.spend(p, HEARTS)?;
                self.phase = Phase::Attempt { roll: dice.d6() };
                Ok(())
            }
            (Phase::Attempt { roll }, Action::Club) => {
                if roll >= 6 {
                    return Err(Illegal("a club adds 1 to a die that is not yet a 6"));
                }
                self.spend(p, CLUBS)?;
                self.phase = Phase::Attempt { roll: roll + 1 };
                Ok(())
            }
            (Phase::Collect, Action::TakeCards) => {
                self.collect_here(p);
                self.discards_from(0, dice);
                Ok(())
            }
            (Phase::Collect, Action::LeaveCards) => {
                self.discards_from(0, dice);
                Ok(())
            }
            (Phase::Discard { player }, Action::Discard(suit)) => {
                let q = player as usize;
                if suit as usize >= 5 || self.hands[q][suit as usize] == 0 {
                    return Err(Illegal("no card of that suit to discard"));
                }
                self.hands[q][suit as usize] -= 1;
                self.discards_from(q, dice);
                Ok(())
            }
            (Phase::Spill { a, b }, Action::SpillTo(t)) => {
                if t != a && t != b {
                    return Err(Illegal("spill-over goes to one of the two nearest spaces with room"));
                }
                self.particles[t as usize] += 1;
                self.emerging -= 1;
                self.phase = Phase::Act;
                self.place_emerging();
                Ok(())
            }
            (Phase::Act, action) => self.act(p, here, action, dice),
            _ => Err(Illegal("that is not what the game is waiting for")),
        }
    }

    fn act(&mut self, p: usize, here: usize, action: Action, dice: &mut impl Dice) -> Result<(), Illegal> {
        let basic = |s: &mut State| -> Result<(), Illegal> {
            if s.neutralising {
                return Err(Illegal("finish neutralising first"));
            }
            if s.basics_left == 0 {
                return Err(Illegal("no basic action left this turn"));
            }
            s.basics_left -= 1;
            Ok(())
        };
        let special = |s: &mut State| -> Result<(), Illegal> {
            if s.specials_left == 0 {
                return Err(Illegal("no special action left this turn"));
            }
            s.specials_left -= 1;
            Ok(())
        };
        match action {
            Action::Move => {
                basic(self)?;
                self.phase = Phase::MoveTo { roll: dice.d6() };
            }
            Action::Neutralise => {
                if self.particles[here] == 0 {
                    return Err(Illegal("no particle on this space"));
                }
                basic(self)?;
                self.neutralising = true;
            }
            Action::Attempt => {
                if !self.neutralising {
                    return Err(Illegal("attempts belong to a neutralise action"));
                }
                if self.particles[here] == 0 {
                    return Err(Illegal("no particle on this space"));
                }
                self.phase = Phase::Attempt { roll: dice.d6() };
            }
            Action::StopNeutralising => {
                if !self.neutralising {
                    return Err(Illegal("not neutralising"));
                }
                self.neutralising = false;
            }
            Action::Spend => {
                if self.spending {
                    return Err(Illegal("cards may already be spent this turn"));
                }
                special(self)?;
                self.spending = true;
            }
            Action::Diamond(t) => {
                if t as usize >= SPACES || Self::distance(here, t as usize) != 1 {
                    return Err(Illegal("a diamond moves the pawn to an adjacent space"));
                }
                self.spend(p, DIAMONDS)?;
                self.pawns[p] = t;
                // ONE SPACE A NEUTRALISE: the attempts stay on the space left.
                self.neutralising = false;
            }
            Action::Spade(from, to) => {
                let (from, to) = (from as usize, to as usize);
                if from >= SPACES || to >= SPACES || Self::distance(from, to) != 1 {
                    return Err(Illegal("a spade moves a particle to an adjacent space"));
                }
                if self.particles[from] == 0 || self.particles[to] >= MAX_PARTICLES {
                    return Err(Illegal("a spade moves a particle to an adjacent space with room"));
                }
                self.spend(p, SPADES)?;
                self.particles[from] -= 1;
                self.particles[to] += 1;
            }
            Action::Share { to, cards } => {
                let q = to as usize;
                if q == p || q >= self.players as usize || self.pawns[q] != self.pawns[p] {
                    return Err(Illegal("cards can only be given to another player on your space"));
                }
                if cards.iter().zip(&self.hands[p]).any(|(give, have)| give > have) || cards == [0; 5] {
                    return Err(Illegal("you can give only cards you hold"));
                }
                special(self)?;
                for (suit, n) in cards.iter().enumerate() {
                    self.hands[p][suit] -= n;
                    self.hands[q][suit] += n;
                }
            }
            Action::Code(suit) => {
                let suit = suit as usize;
                if suit >= self.suits as usize || self.code_entered(suit) {
                    return Err(Illegal("that code is already entered"));
                }
                if self.hands[p][suit] < self.code_cards() {
                    return Err(Illegal(
                        "a code takes five cards of one suit (four with four-card codes)",
                    ));
                }
                special(self)?;
                self.hands[p][suit] -= self.code_cards();
                self.codes |= 1 << suit;
                if self.codes.count_ones() >= self.codes_needed() {
                    self.end(Outcome::Won);
                }
            }
            Action::Collect => {
                if !self.rules.collect_as_action {
                    return Err(Illegal("collecting happens at the end of the turn"));
                }
                if !self.can_collect(here) {
                    return Err(Illegal(
                        "cards can only be collected from a space with no particles (once a round with one-a-round)",
                    ));
                }
                basic(self)?;
                // Variant: the turn's last basic action.
                self.basics_left = 0;
                self.collect_here(p);
            }
            Action::EndTurn => {
                if self.neutralising {
                    return Err(Illegal("finish neutralising first"));
                }
                let space = self.pawns[p] as usize;
                if !self.rules.collect_as_action && self.can_collect(space) {
                    self.phase = Phase::Collect;
                } else {
                    self.discards_from(0, dice);
                }
            }
            _ => return Err(Illegal("that is not what the game is waiting for")),
        }
        Ok(())
    }

    /// COLLECT: the top card (two with 1-2 players), or with two the last
    /// one where one is left (TWO CARDS OR THE LAST ONE). An emptied stack
    /// loses when the turn ends (EMPTIED STACK).
    fn collect_here(&mut self, p: usize) {
        let space = self.pawns[p] as usize;
        if self.stack_len[space] > 0 {
            self.collections[space] += 1;
            self.collected_this_round |= 1 << space;
        }
        for _ in 0..self.collect_count() {
            let Some(suit) = self.top(space) else { break };
            self.stack_len[space] -= 1;
            self.hands[p][suit] += 1;
            if self.stack_len[space] == 0 {
                self.stack_emptied = true;
                return;
            }
        }
    }

    /// HAND LIMIT: the first player from `from` on who is over their limit
    /// must discard; when none is, particles emerge (when they do this turn).
    fn discards_from(&mut self, from: usize, dice: &mut impl Dice) {
        // EMPTIED STACK: the turn is over and its last code was not entered.
        if self.stack_emptied {
            self.end(Outcome::EmptyStack);
        }
        if self.outcome().is_some() {
            return;
        }
        for q in from..self.players as usize {
            if self.hand_size(q) > self.limits[q] {
                self.phase = Phase::Discard { player: q as u8 };
                return;
            }
        }
        self.phase = Phase::Act;
        if !self.emerges_now() {
            self.next_turn();
            return;
        }
        // EMERGENCE: a die for how many, a die for where.
        self.emerging = self.emerging_for(dice.d6());
        self.emerge_at = dice.d6() - 1;
        self.place_emerging();
    }

    /// Places emerging particles one at a time, asking where two spaces are
    /// equally near; then passes the turn.
    fn place_emerging(&mut self) {
        while self.emerging > 0 {
            let at = self.emerge_at as usize;
            if self.particles[at] < MAX_PARTICLES {
                self.particles[at] += 1;
                self.emerging -= 1;
                continue;
            }
            let mut found = None;
            for d in 1..=SPACES / 2 {
                let cw = (at + d) % SPACES;
                let ccw = (at + SPACES - d) % SPACES;
                let open = |s: usize| self.particles[s] < MAX_PARTICLES;
                found = match (open(cw), open(ccw)) {
                    (true, true) if cw != ccw => {
                        self.phase = Phase::Spill {
                            a: cw as u8,
                            b: ccw as u8,
                        };
                        return;
                    }
                    (true, _) => Some(cw),
                    (false, true) => Some(ccw),
                    (false, false) => None,
                };
                if found.is_some() {
                    break;
                }
            }
            match found {
                Some(s) => {
                    self.particles[s] += 1;
                    self.emerging -= 1;
                }
                None => {
                    self.end(Outcome::NoRoom);
                    return;
                }
            }
        }
        if self.total_particles() >= BOARD_FULL {
            self.end(Outcome::NoRoom);
            return;
        }
        self.next_turn();
    }

    fn next_turn(&mut self) {
        self.active = (self.active + 1) % self.players;
        if self.active == 0 {
            self.collected_this_round = 0;
        }
        self.turns += 1;
        self.begin_turn();
        if self.turns > TURN_LIMIT {
            self.end(Outcome::TurnLimit);
        }
    }
}

/// Every non-empty part of a hand, as counts per suit.
pub(crate) fn sub_hands(hand: &[u8; 5]) -> Vec<[u8; 5]> {
    let mut out = Vec::new();
    let mut cards = [0u8; 5];
    loop {
        // Counts up like an odometer whose digit `suit` runs 0..=hand[suit].
        let Some(suit) = (0..5).find(|&suit| cards[suit] < hand[suit]) else {
            return out;
        };
        cards[suit] += 1;
        cards[..suit].fill(0);
        out.push(cards);
    }
}

/// Chooses among legal actions. A policy sees the state as the players do:
/// top cards, hands, particles; nothing below a stack's top, no future dice.
pub trait Policy {
    fn choose(&mut self, s: &State) -> Action;
}

/// Plays a game from `s` to the end: the policy chooses, the engine checks.
pub fn play(s: &mut State, policy: &mut impl Policy, dice: &mut impl Dice) -> Outcome {
    loop {
        if let Some(o) = s.outcome() {
            return o;
        }
        let action = policy.choose(s);
        if s.apply(action, dice).is_err() {
            // A policy that names an illegal action forfeits the choice: the
            // first legal action stands in, so a game always ends.
            let fallback = s.legal()[0];
            s.apply(fallback, dice).expect("a listed action is legal");
        }
    }
}

/// Plays `games` games of a deal with the policy made by `make`, dice from
/// the deal's own seed, so the rating reproduces exactly.
pub fn rate_with<P: Policy>(
    params: &Params,
    deal: &Deal,
    seed: &Seed,
    games: u32,
    mut make: impl FnMut(u32) -> P,
) -> Rating {
    let start = State::new(params, deal);
    let mut dice = seed.stream("simulate", 0);
    let mut wins = 0;
    let (mut one_stack_wins, mut off_start_collections) = (0, 0);
    let mut losses = LossCounts::default();
    for g in 0..games {
        let mut s = start.clone();
        let mut policy = make(g);
        let outcome = play(&mut s, &mut policy, &mut dice);
        off_start_collections += s.off_start_collections();
        match outcome {
            Outcome::Won => {
                wins += 1;
                one_stack_wins += u32::from(s.one_stack());
            }
            Outcome::NoRoom => losses.no_room += 1,
            Outcome::HandLimitZero => losses.hand_limit_zero += 1,
            Outcome::EmptyStack => losses.empty_stack += 1,
            Outcome::TurnLimit => losses.turn_limit += 1,
        }
    }
    Rating {
        games,
        win_rate: wins as f64 / games.max(1) as f64,
        wins,
        losses,
        one_stack_wins,
        off_start_collections,
    }
}

/// A fresh random stream for a search player's own rollouts.
pub fn rollout_rng(seed: &Seed, index: u64) -> ChaCha8Rng {
    ChaCha8Rng::from_seed(seed.stream("search", index).r#gen())
}
