#!/usr/bin/env python3
"""An independent check of PPE's long-game optimum, written apart from the
Rust code: reads dice as `panicpress ppe --format json` writes them, scores
rolls by RULES.md, and finds what the best play makes of a turn, net of
lost turns, by the secant method on the cost of a lost turn.

    panicpress ppe --seed 42 --format json -o - | python3 bench/ppe_stop_rule.py

Prints the worth of the best turn; the card's "best possible play" must match.
"""
import itertools
import json
import sys
from functools import lru_cache

BAD = {"virus", "long_nosed_man"}
CAP = 100


def score(faces):
    """(points, ok, ventilator used) of one roll."""
    n = {f: faces.count(f) for f in set(faces)}
    v, m = n.get("virus", 0), n.get("long_nosed_man", 0)
    heroes = min(m, n.get("heroes", 0))
    vac = min(v, n.get("vaccine", 0))
    vent = min(v - vac, n.get("ventilator", 0))
    ok = v - vac - vent == 0 and m - heroes == 0
    good = sum(1 for f in faces if f not in BAD)
    return (good - heroes - vac - vent if ok else 0), ok, vent > 0


def next_sets(dice_idx, faces):
    """Sets the player may roll next: bad dice and one chosen counter each."""
    pos = lambda f: [d for d, x in zip(dice_idx, faces) if x == f]
    viruses, men = pos("virus"), pos("long_nosed_man")
    if not viruses and not men:
        return [63]
    base = sum(1 << d for d in viruses + men)
    vaccines = pos("vaccine")
    used_vac = min(len(viruses), len(vaccines))
    out = {base}
    for pool, k in ((pos("heroes"), len(men)), (vaccines, used_vac),
                    (pos("ventilator"), len(viruses) - used_vac)):
        out = {s | sum(1 << d for d in pick) for s in out
               for pick in itertools.combinations(pool, min(k, len(pool)))}
    return sorted(out)


def main():
    dice = json.load(sys.stdin)["dice"]
    table = {}
    for mask in range(1, 64):
        idx = [d for d in range(6) if mask >> d & 1]
        groups = {}
        for faces in itertools.product(*(dice[d] for d in idx)):
            pts, ok, vent = score(list(faces))
            key = (pts, vent, tuple(next_sets(idx, faces)) if ok and pts > 0 else None)
            groups[key] = groups.get(key, 0) + 1
        total = 6 ** len(idx)
        table[mask] = [(k, c / total) for k, c in groups.items()]

    def best_turn(lost):
        @lru_cache(maxsize=None)
        def roll(mask, bank, vent):
            value = 0.0
            for (pts, v, sets), p in table[mask]:
                v2 = vent or v
                cost = lost if v2 else 0.0
                if sets is None:
                    value += p * -cost
                    continue
                b2 = bank + pts
                best = b2 - cost
                if b2 <= CAP:
                    best = max([best] + [roll(s, b2, v2) for s in sets])
                value += p * best
            return value
        return roll(63, 0, False)

    # The worth L solves best_turn(L) = L; best_turn falls with L.
    a, b = 0.0, 10.0
    fa, fb = best_turn(a) - a, best_turn(b) - b
    for _ in range(60):
        c = b - fb * (b - a) / (fb - fa)
        fc = best_turn(c) - c
        a, fa, b, fb = b, fb, c, fc
        if abs(fc) < 1e-12:
            break
    print(f"best turn, net of lost turns: {b:.6f}")


if __name__ == "__main__":
    main()
