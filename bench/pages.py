#!/usr/bin/env python3
"""pages.py OLD NEW: pages of each game's default set at several player counts,
and of a 30-student class pack (at tables and take-home), for two builds of
panicpress side by side; whole-process time of each pack (median of 3).
Prints Markdown tables. Run from the project root after `cargo build --release`,
e.g. python3 bench/pages.py /tmp/panicpress-old target/release/panicpress"""
import re, statistics, subprocess, sys, tempfile, time, pathlib

old, new = sys.argv[1], sys.argv[2]
tmp = pathlib.Path(tempfile.mkdtemp())
roster = tmp / "class30.txt"
roster.write_text("\n".join(f"Student {i:02}" for i in range(1, 31)) + "\n")

def pages(binary, args):
    out = subprocess.run([binary, *args, "-o", str(tmp / "x.pdf")], capture_output=True, text=True)
    m = re.search(r"\((\d+) pages?", out.stdout)
    return int(m.group(1)) if m else None

def timed(binary, args, runs=3):
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run([binary, *args, "-o", str(tmp / "x.pdf")], capture_output=True)
        times.append(time.perf_counter() - t)
    return statistics.median(times)

sets = [
    ("tp-hunt", [2, 4, 6]), ("particle-panic", [1, 2, 4]),
    ("panic-buy", [2, 3, 4]), ("ppe", [2, 4, 6]),
]
print("| game | players | pages before | pages after |\n|---|---:|---:|---:|")
for game, counts in sets:
    for n in counts:
        args = [game, "--seed", "42", "--players", str(n)]
        print(f"| {game} | {n} | {pages(old, args)} | {pages(new, args)} |")
print()
print("| game | 30-student pack | pages before | pages after | pages a student after | time after (s, median of 3) |\n|---|---|---:|---:|---:|---:|")
for game, _ in sets:
    base = ["pack", "--game", game, "--roster", str(roster), "--seed", "5B"]
    before = pages(old, base)
    home = pages(new, base + ["--per", "student"])
    tables = pages(new, base)
    print(f"| {game} | take-home set each | {before} | {home} | {home / 30:.1f} | {timed(new, base + ['--per', 'student']):.2f} |")
    print(f"| {game} | at tables (default) | {before} | {tables} | {tables / 30:.1f} | {timed(new, base):.2f} |")
