#!/usr/bin/env python3
"""Do the printed figures hold? Each layout's figures as its sheets print
them (`GAME simulate --seed S`, the default games: the printed rating)
against many more games on the same layout (`--games REF`), for LAYOUTS
layouts of each rated game.

- Particle Panic prints "the steady player wins X% ± E% of 2,000 games"
  (E one standard error). The reference games include the printed ones, so
  the check compares the printed share with the other REF - 2,000 games
  alone: z = (printed - others) / sqrt(E^2 + E_others^2). An honest ± puts
  about 68% of layouts within |z| <= 1 and 95% within 2.
- TP Hunt prints "about N turns each (9 games in 10 end within P)", Panic
  Buy "about N rounds ... 9 games in 10 end within P ... the first player
  wins X%". "About N" holds where the reference median is within one of N;
  P is compared with the reference 90th percentile; Panic Buy's share, with
  no ± printed, is taken to the whole point it is printed to and its
  distance from the reference reported in points.

usage: python3 bench/figures_check.py [--layouts 200] [--ref 10000] [--jobs 2]
       [--only tp-hunt,particle-panic,panic-buy]
"""
import argparse
import json
import math
import os
import statistics
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import BIN  # noqa: E402


def simulate(game, seed, games=None):
    cmd = [BIN, game, "simulate", "--seed", seed, "--json"]
    if games:
        cmd += ["--games", str(games)]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def pair(game, seed, ref):
    return simulate(game, seed), simulate(game, seed, ref)


def share(values, test):
    return sum(1 for v in values if test(v)) / len(values)


def particle_panic(rows, ref):
    zs = []
    for printed, big in rows:
        n = printed["games"]
        others = (big["win_rate"] * ref - printed["win_rate"] * n) / (ref - n)
        se_others = math.sqrt(max(others * (1 - others), 1e-12) / (ref - n))
        zs.append((printed["win_rate"] - others) / math.hypot(printed["error"], se_others))
    print("| Particle Panic, the steady player's share ± its printed error | %.0f%% within 1 error (68%% if honest), %.1f%% within 2 (95%%) | largest |z| %.2f |"
          % (100 * share(zs, lambda z: abs(z) <= 1), 100 * share(zs, lambda z: abs(z) <= 2), max(abs(z) for z in zs)))


def lengths(name, rows, median, p90):
    d_med = [p[median] - b[median] for p, b in rows]
    d_p90 = [p[p90] - b[p90] for p, b in rows]
    print("| %s, \"about N\" (median) within 1 of the reference | %.1f%% | differences %d to %d |"
          % (name, 100 * share(d_med, lambda d: abs(d) <= 1), min(d_med), max(d_med)))
    print("| %s, \"9 games in 10 within P\" against the reference 90th percentile | %.1f%% within 1, %.1f%% at or above it less 1 | differences %d to %d |"
          % (name, 100 * share(d_p90, lambda d: abs(d) <= 1), 100 * share(d_p90, lambda d: d >= -1), min(d_p90), max(d_p90)))


def panic_buy_share(rows):
    d = [100 * (round(100 * p["first_player_win_share"]) / 100 - b["first_player_win_share"]) for p, b in rows]
    print("| Panic Buy, the first player's printed share against the reference | median distance %.1f points, 90%% within %.1f | largest %.1f |"
          % (statistics.median(abs(x) for x in d), sorted(abs(x) for x in d)[int(0.9 * len(d)) - 1], max(abs(x) for x in d)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--layouts", type=int, default=200)
    ap.add_argument("--ref", type=int, default=10000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--only", default="particle-panic,tp-hunt,panic-buy")
    a = ap.parse_args()
    seeds = ["check-%d" % i for i in range(a.layouts)]
    print("%d layouts a game, reference %d games a layout\n" % (a.layouts, a.ref))
    print("| figure | holds | spread |")
    print("|---|---|---|")
    for game in a.only.split(","):
        with ThreadPoolExecutor(a.jobs) as pool:
            rows = list(pool.map(lambda s: pair(game, s, a.ref), seeds))
        if game == "particle-panic":
            particle_panic(rows, a.ref)
        elif game == "tp-hunt":
            lengths("TP Hunt", rows, "median_turns", "p90_turns")
        elif game == "panic-buy":
            lengths("Panic Buy", rows, "median_rounds", "p90_rounds")
            panic_buy_share(rows)
        sys.stdout.flush()


if __name__ == "__main__":
    main()
