#!/usr/bin/env python3
"""What rated sets cost: panicpress against an earlier build of itself and
against the peers' unrated TP Hunt maps, all in one run, interleaved.

- per game, the cost of one more rated set on one core (taskset -c 0): the
  time of N sets less the time of 1 set, over N - 1 (medians of RUNS);
- 1,000 rated TP Hunt maps (`tp-hunt --count 1000 --sheets map`) against
  Typst's and ReportLab's 1,000 unrated maps: wall time, peak RSS, bytes a page;
- class packs of 30 and 1,000 students per game;
- take-home packs (`--per student`, a rated set for each student) of 1,000
  students for TP Hunt and Panic Buy (`--only takehome`);
- the CLI's PNG preview of a map page from a cold start;
- where a rated set's time goes (`--only floor`): one simulated game's cost
  on one core (`GAME simulate`, N games less 1 game), the games behind a
  default rating, and what is left for the pages, against the 5 ms target.

The machine is shared: compare the ratios within one run, not the seconds.

usage: python3 bench/ratings.py [--runs 5] [--before OTHER_BINARY] [--only sets,peers,packs,takehome,preview,floor]
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import BIN, PEERS, measure, peer_available  # noqa: E402

GAMES = ["tp-hunt", "particle-panic", "panic-buy", "ppe"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--before", help="an earlier build to measure beside this one")
    ap.add_argument("--sets", type=int, default=41)
    ap.add_argument("--only", default="sets,peers,packs,preview")
    a = ap.parse_args()
    only = set(a.only.split(","))
    bins = [("after", BIN)] + ([("before", a.before)] if a.before else [])
    out = tempfile.mkdtemp(prefix="panicpress-ratings-")
    if "sets" in only:
        per_set(a, bins, out)
    if "peers" in only:
        peers(a, bins, out)
    if "packs" in only:
        packs(a, bins, out)
    if "takehome" in only:
        takehome(a, bins, out)
    if "preview" in only:
        preview(a, bins, out)
    if "floor" in only:
        floor(a, out)


def run_cases(runs, cases):
    """cases: name -> (cmd, output file or None); interleaved; name -> [(wall, rss, bytes)]."""
    res = {}
    for _ in range(runs):
        for name, (cmd, f) in cases.items():
            wall, rss = measure(cmd)
            res.setdefault(name, []).append((wall, rss, os.path.getsize(f) if f else 0))
    return res


def med(rows, k):
    return statistics.median(r[k] for r in rows)


def per_set(a, bins, out):
    cases = {}
    for label, b in bins:
        for g in GAMES:
            for n in (1, a.sets):
                f = os.path.join(out, "%s_%s_%d.pdf" % (label, g, n))
                cases[(label, g, n)] = (["taskset", "-c", "0", b, g, "--seed", "7", "--count", str(n), "-o", f], f)
    res = run_cases(a.runs, cases)
    print("\n### One more rated set, one core (ms; %d sets less 1 set, over %d; medians of %d)\n"
          % (a.sets, a.sets - 1, a.runs))
    print("| game | " + " | ".join(label for label, _ in bins) + (" | after / before |" if len(bins) > 1 else ""))
    print("|---|" + "---:|" * (len(bins) + (1 if len(bins) > 1 else 0)))
    for g in GAMES:
        ms = [(med(res[(label, g, a.sets)], 0) - med(res[(label, g, 1)], 0)) / (a.sets - 1) * 1000
              for label, _ in bins]
        ratio = " | %.2f" % (ms[0] / ms[1]) if len(ms) > 1 else ""
        print("| %s | %s%s |" % (g, " | ".join("%.1f" % m for m in ms), ratio))


def peers(a, bins, out):
    cases = {}
    for label, b in bins:
        f = os.path.join(out, "%s_maps.pdf" % label)
        cases["panicpress %s" % label] = ([b, "tp-hunt", "--seed", "1", "--count", "1000", "--sheets", "map", "-o", f], f)
    for tool in ("typst", "reportlab"):
        if peer_available(tool):
            f = os.path.join(out, "%s.pdf" % tool)
            cases[tool] = ([sys.executable, os.path.join(PEERS, "%s_tphunt.py" % tool), "--seed", "1",
                            "--count", "1000", "--out", f], f)
    res = run_cases(a.runs, cases)
    print("\n### 1,000 TP Hunt maps: panicpress rated, the peers unrated (medians of %d)\n" % a.runs)
    print("| tool | wall s | peak RSS MiB | bytes/page | wall / Typst |")
    print("|---|---:|---:|---:|---:|")
    typst = med(res["typst"], 0) if "typst" in res else None
    for name, rows in res.items():
        w = med(rows, 0)
        print("| %s | %.3f | %.1f | %d | %s |" % (name, w, med(rows, 1) / 1024, med(rows, 2) / 1000,
                                                "%.2f" % (w / typst) if typst else "-"))


def packs(a, bins, out):
    cases = {}
    for label, b in bins:
        for g in GAMES:
            for n in (30, 1000):
                f = os.path.join(out, "%s_pack_%s_%d.pdf" % (label, g, n))
                cases[(label, g, n)] = ([b, "pack", "--game", g, "--count", str(n), "--seed", "s", "-o", f], f)
    res = run_cases(a.runs if a.runs < 3 else 3, cases)
    print("\n### Class packs (wall s, both cores; medians)\n")
    print("| game | students | " + " | ".join(label for label, _ in bins) + " |")
    print("|---|---:|" + "---:|" * len(bins))
    for g in GAMES:
        for n in (30, 1000):
            print("| %s | %d | %s |" % (g, n, " | ".join("%.2f" % med(res[(label, g, n)], 0) for label, _ in bins)))


def takehome(a, bins, out):
    cases = {}
    for label, b in bins:
        for g in ("tp-hunt", "panic-buy"):
            f = os.path.join(out, "%s_takehome_%s.pdf" % (label, g))
            cases[(label, g)] = ([b, "pack", "--game", g, "--count", "1000", "--per", "student", "--seed", "s",
                                  "-o", f], f)
    res = run_cases(a.runs if a.runs < 3 else 3, cases)
    print("\n### Take-home packs of 1,000 students (wall s, both cores; medians)\n")
    print("| game | " + " | ".join(label for label, _ in bins) + (" | after / before |" if len(bins) > 1 else ""))
    print("|---|" + "---:|" * (len(bins) + (1 if len(bins) > 1 else 0)))
    for g in ("tp-hunt", "panic-buy"):
        s = [med(res[(label, g)], 0) for label, _ in bins]
        ratio = " | %.2f" % (s[0] / s[1]) if len(s) > 1 else ""
        print("| %s | %s%s |" % (g, " | ".join("%.2f" % x for x in s), ratio))


def preview(a, bins, out):
    cases = {}
    for label, b in bins:
        f = os.path.join(out, "%s_preview.png" % label)
        for run in range(a.runs):
            cases[(label, run)] = ([b, "tp-hunt", "--seed", "new seed %d" % run, "--sheets", "map", "--format", "png",
                                    "-o", f], None)
    res = run_cases(1, cases)
    print("\n### The first preview of a new seed: a map page as PNG from a cold start (ms, median of %d seeds)\n"
          % a.runs)
    for label, _ in bins:
        walls = [res[(label, r)][0][0] for r in range(a.runs)]
        print("- %s: %.1f ms (%.1f-%.1f)" % (label, 1000 * statistics.median(walls), 1000 * min(walls),
                                              1000 * max(walls)))


# Games behind a default set's printed rating, and how many to simulate here.
RATED = {"tp-hunt": (100, 3000), "particle-panic": (2000, 60000), "panic-buy": (300, 6000)}


def floor(a, out):
    cases = {}
    for g, (_, n) in RATED.items():
        for games in (1, n):
            cases[(g, "sim", games)] = (["taskset", "-c", "0", BIN, g, "simulate", "--seed", "7", "--games",
                                         str(games)], None)
        for sets in (1, a.sets):
            f = os.path.join(out, "floor_%s_%d.pdf" % (g, sets))
            cases[(g, "set", sets)] = (["taskset", "-c", "0", BIN, g, "--seed", "7", "--count", str(sets), "-o", f], f)
    res = run_cases(a.runs, cases)
    print("\n### Where a rated set's time goes, one core (medians of %d)\n" % a.runs)
    print("| game | one game, us | games a rating | rating, ms | set, ms | the rest, ms | games 5 ms would leave |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for g, (rated, n) in RATED.items():
        game_us = (med(res[(g, "sim", n)], 0) - med(res[(g, "sim", 1)], 0)) / (n - 1) * 1e6
        set_ms = (med(res[(g, "set", a.sets)], 0) - med(res[(g, "set", 1)], 0)) / (a.sets - 1) * 1000
        rating_ms = game_us * rated / 1000
        rest = set_ms - rating_ms
        left = max(0.0, (5.0 - rest) * 1000 / game_us)
        print("| %s | %.1f | %d | %.1f | %.1f | %.1f | %d |" % (g, game_us, rated, rating_ms, set_ms, rest, left))


if __name__ == "__main__":
    main()
