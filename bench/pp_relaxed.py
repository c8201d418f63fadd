#!/usr/bin/env python3
"""Particle Panic with the board's geometry taken away: how often could a team
win if it collected every turn? An upper bound for what strong play might
reach, to set beside the rating policy's win rates.

What stays as in the rules (../shared/RULES.md): the two decks, three cards
each, six face-up stacks, two cards collected a turn (1-2 players), a code for
five cards of a suit, a die for how many particles emerge each turn, the game
lost when the board holds 36, a neutralisation attempt that succeeds on 3-6.

What is relaxed, each in the players' favour:
- every turn collects, from the best top card among REACH stacks chosen at
  random (the pawn reaches a few spaces, and only clear ones collect);
- the hands are one pool of CAP cards (sharing needs no shared space); the
  cards of the suit held least are discarded first;
- particles are neutralised only when the board would be full, after the
  emergence is seen; a failure costs one of BUDGET hand-limit points, or a
  card of a suit whose code is entered (a heart or a club spent);
- no particle ever lands where a pawn must collect.

    python3 bench/pp_relaxed.py --players 2 --budget 5 --cap 10 --reach 2
"""
import argparse
import random


def game(rng, players, budget, cap, reach):
    deck = [suit for suit in range(4) for _ in range(26)]
    rng.shuffle(deck)
    hand = [0] * 4
    for _ in range(3 * players):
        hand[deck.pop()] += 1
    stacks = [deck[i::6] for i in range(6)]  # the top card is the last
    codes, board, spare = set(), 5, 0

    def enter():
        for suit in range(4):
            if suit not in codes and hand[suit] >= 5:
                hand[suit] -= 5
                codes.add(suit)

    enter()
    turn = 0
    while True:
        turn += 1

        def wanted(stack):
            if not stack or stack[-1] in codes:
                return -1
            return hand[stack[-1]]

        best = max(rng.sample(range(6), reach), key=lambda i: wanted(stacks[i]))
        for _ in range(2):
            if stacks[best]:
                hand[stacks[best].pop()] += 1
        for suit in codes:
            spare += hand[suit]
            hand[suit] = 0
        enter()
        if len(codes) == 4:
            return True, turn
        while sum(hand) > cap:
            least = min((s for s in range(4) if hand[s] > 0), key=lambda s: hand[s])
            hand[least] -= 1
        board += rng.randint(1, 6)
        while board >= 36:
            if budget <= 0 and spare <= 0:
                return False, turn
            if rng.random() < 2 / 3:
                board -= 1
            elif spare > 0:
                spare -= 1
            else:
                budget -= 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, default=2, help="1 or 2: three cards each at the start")
    ap.add_argument("--budget", type=int, default=5, help="failed attempts the team can afford")
    ap.add_argument("--cap", type=int, default=10, help="cards the team can hold at the end of a turn")
    ap.add_argument("--reach", type=int, default=2, help="stacks to choose from each turn (1-6)")
    ap.add_argument("--games", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    wins = turns = 0
    for _ in range(a.games):
        won, t = game(rng, a.players, a.budget, a.cap, a.reach)
        wins += won
        turns += t
    print("players %d, budget %d, cap %d, reach %d: wins %.1f%% of %d games, %.1f turns on average"
          % (a.players, a.budget, a.cap, a.reach, 100 * wins / a.games, a.games, turns / a.games))


if __name__ == "__main__":
    main()
