#!/usr/bin/env python3
"""How even a class pack's tables are: for each game and pack seed, a
30-student pack at tables, and the spread (highest minus lowest) of each
table's figure: Particle Panic the steady player's simulated wins (from the
pack's manifest), Panic Buy the median rounds and TP Hunt the median turns
each of the table's board or map (from `simulate` on the table's seed).
Tables of one size are compared with each other: a table of 3 plays longer
than a table of 4 by the rules, not by its layout.

    python3 bench/fair_tables.py [--spread] [--bin target/release/panicpress]

`--spread` asks for the packs as they were before tables were matched
(every table the layout its own seed makes).
"""
import argparse, json, subprocess, tempfile, os, statistics

SEEDS = ["5B", "1", "2", "3", "4", "autumn"]
GAMES = {
    "particle-panic": None,
    "panic-buy": "median_rounds",
    "tp-hunt": "median_turns",
}


def pack(binary, game, seed, spread):
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "pack.json")
        args = [binary, "pack", "--game", game, "--count", "30", "--seed", seed, "--format", "json", "-o", out]
        if spread:
            args.append("--spread")
        subprocess.run(args, check=True, capture_output=True)
        return json.load(open(out))["groups"]


def figures(binary, game, groups):
    """(players, figure) for each table."""
    out = []
    for g in groups:
        params = g["code"].split(":")[2].split("-")
        players = next(int(x[1:]) for x in params if x[:1] == "p" and x[1:].isdigit())
        if GAMES[game] is None:
            out.append((players, 100 * g["layout"]["rating"]["win_rate"]))
        else:
            seed = g["code"].split(":", 5)[5]
            r = subprocess.run([binary, game, "simulate", "--seed", seed, "--players", str(players), "--json"],
                               check=True, capture_output=True, text=True)
            out.append((players, json.loads(r.stdout)[GAMES[game]]))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default="target/release/panicpress")
    ap.add_argument("--spread", action="store_true")
    a = ap.parse_args()
    print(f"| game | pack seed | tables of 4: lowest-highest | spread | tables of 3 | spread |")
    print("|---|---|---|---:|---|---:|")
    for game in GAMES:
        spreads = []
        for seed in SEEDS:
            f = figures(a.bin, game, pack(a.bin, game, seed, a.spread))
            row = [game, seed]
            for n in (4, 3):
                v = [x for p, x in f if p == n]
                row += [f"{min(v):.1f}-{max(v):.1f}", f"{max(v) - min(v):.1f}"] if v else ["-", "-"]
                if n == 4 and v:
                    spreads.append(max(v) - min(v))
            print("| " + " | ".join(row) + " |")
        print(f"| {game} | median spread, tables of 4 | | {statistics.median(spreads):.1f} | | |")


if __name__ == "__main__":
    main()
