"""Particle Panic strategy tips, each measured at a player count: the rating
policy's per-deal win rates over the count's three levels with the tip
followed and without it (its weight set to 0 with PP_W), paired deal by
deal. Prints one TIPS row of levels.rs a tip.

    python3 bench/pp_tips.py PLAYERS LETTERS,LETTERS,LETTERS

Needs `cargo build --release --example pp_levels`.
"""
import math
import os
import subprocess
import sys

EXE = os.path.join(os.path.dirname(__file__), "..", "target", "release", "examples", "pp_levels")
DEALS, GAMES = 400, 200
# The policy's weight that follows each tip (policy.rs, WEIGHTS 22-24).
TIPS = {"together": 22, "exact": 23, "last_card": 24}


def rates(players, letters, weights):
    env = dict(os.environ, RATES="1", PP_W=weights)
    out = subprocess.run(
        [EXE, "measure", str(players), letters, str(DEALS), str(GAMES)],
        env=env, capture_output=True, text=True, check=True,
    ).stdout
    return [float(x) for x in out.splitlines()[0].split(" ")[1].split(",")]


def main():
    players, levels = int(sys.argv[1]), sys.argv[2].split(",")
    for tip, index in TIPS.items():
        off = ",".join([""] * index + ["0"])
        on_rates, off_rates = [], []
        for letters in levels:
            on_rates += rates(players, letters, "")
            off_rates += rates(players, letters, off)
        diff = [a - b for a, b in zip(on_rates, off_rates)]
        n = len(diff)
        mean = sum(diff) / n
        error = math.sqrt(sum((d - mean) ** 2 for d in diff) / (n - 1) / n)
        print(
            f'    TipRow {{ players: {players}, tip: "{tip}", with: {sum(on_rates) / n:.4f}, '
            f"without: {sum(off_rates) / n:.4f}, error: {error:.4f} }},"
        )


if __name__ == "__main__":
    main()
