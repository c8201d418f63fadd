#!/usr/bin/env python3
"""Benchmark panicpress against the peer implementations in ../shared/peers.

Each case runs RUNS times, interleaved (run 1 of every case, then run 2, ...)
so that machine noise spreads evenly. Wall time is measured with
time.perf_counter around the child process, peak memory with wait4's
ru_maxrss for that child alone. Prints a Markdown table of medians and the
ratios the targets are stated in.

usage: python3 bench/bench.py [--runs 5] [--counts 1,30,1000] [--seed 1]
                              [--only peers,memory,preview,panic-buy,particle-panic]
Peers are skipped when ../shared/peers or their Python packages are missing
(pip install reportlab typst; apt-get install fonts-dejavu-core).
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PEERS = os.path.join(os.path.dirname(ROOT), "shared", "peers")
BIN = os.path.join(ROOT, "target", "release", "panicpress")


GNU_TIME = "/usr/bin/time" if os.path.exists("/usr/bin/time") else None


def measure(cmd):
    """Runs cmd; returns (wall seconds, peak RSS in KiB).

    Peak RSS comes from GNU time (as in the peers' RESULTS.md) where it is
    installed: Linux keeps a process's RSS high-water mark across exec, so
    wait4 on a child forked from this Python process would report at least
    Python's own size. Without GNU time, wait4 is used and small values are
    an upper bound."""
    fd, rss_file = tempfile.mkstemp()
    os.close(fd)
    full = [GNU_TIME, "-f", "%M", "-o", rss_file] + cmd if GNU_TIME else cmd
    t0 = time.perf_counter()
    p = subprocess.Popen(full, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    err = p.stderr.read().decode()
    p.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit("failed: %s\n%s" % (" ".join(cmd), err))
    rss = usage.ru_maxrss
    if GNU_TIME:
        with open(rss_file) as f:
            rss = int(f.read().split()[-1])
    os.unlink(rss_file)
    return wall, rss


def peer_available(tool):
    script = os.path.join(PEERS, "%s_tphunt.py" % tool)
    if not os.path.exists(script):
        return False
    module = {"reportlab": "reportlab", "typst": "typst"}[tool]
    ok = subprocess.run([sys.executable, "-c", "import " + module],
                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0
    font = os.path.exists("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
    return ok and font


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--counts", default="1,30,1000")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", default="peers,memory,preview,panic-buy,particle-panic",
                    help="the sections to run, comma-separated")
    a = ap.parse_args()
    counts = [int(x) for x in a.counts.split(",")]
    only = set(a.only.split(","))

    subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    out = tempfile.mkdtemp(prefix="panicpress-bench-")
    if "peers" in only:
        compare_with_peers(a, counts, out)
    for section, run in (("memory", print_flat_memory), ("preview", print_preview),
                         ("panic-buy", print_panic_buy_rate), ("particle-panic", print_particle_panic)):
        if section in only:
            run(a.runs, out)


def compare_with_peers(a, counts, out):
    """The same TP Hunt map sheets from panicpress and the peers, a class pack
    and a Panic Buy pack: wall time, peak memory and bytes."""

    cases = []  # (name, N, pages, cmd, output file)
    for n in counts:
        f = os.path.join(out, "panicpress_n%d.pdf" % n)
        cases.append(("panicpress tp-hunt", n, n,
                      [BIN, "tp-hunt", "--seed", str(a.seed), "--count", str(n),
                       "--sheets", "map", "-o", f], f))
        for tool in ("reportlab", "typst"):
            if peer_available(tool):
                f = os.path.join(out, "%s_n%d.pdf" % (tool, n))
                cases.append((tool, n, n, [sys.executable, os.path.join(PEERS, "%s_tphunt.py" % tool),
                                           "--seed", str(a.seed), "--count", str(n), "--out", f], f))
    # A class pack: 1,000 students, TP Hunt map and tracker (2 players: one tracker page).
    f = os.path.join(out, "pack_1000.pdf")
    cases.append(("panicpress pack", 1000, 2026, [BIN, "pack", "--game", "tp-hunt", "--count", "1000", "--seed", str(a.seed),
                                                   "--sheets", "map,tracker", "--players", "2", "-o", f], f))
    # Panic Buy: a 30-board pack (boards and components), against Typst's 30 maps.
    f = os.path.join(out, "panic_buy_n30.pdf")
    cases.append(("panicpress panic-buy", 30, 30, [BIN, "panic-buy", "--seed", str(a.seed), "--count", "30", "-o", f], f))
    skipped = [t for t in ("reportlab", "typst") if not peer_available(t)]

    res = {}
    for run in range(a.runs):
        for name, n, pages, cmd, f in cases:
            wall, rss = measure(cmd)
            size = os.path.getsize(f)
            res.setdefault((name, n), []).append((wall, rss, size))
            print("run %d %-20s N=%-5d wall %.3f s  rss %d KiB  %d B"
                  % (run + 1, name, n, wall, rss, size), file=sys.stderr)

    med = statistics.median
    summary = {}
    print("| tool | N | wall s (median; min-max) | peak RSS MiB (median) | PDF bytes | bytes/page |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, n, pages, _, _ in cases:
        rows = res[(name, n)]
        walls = [r[0] for r in rows]
        rss = med([r[1] for r in rows]) / 1024
        size = rows[-1][2]
        summary[(name, n)] = (med(walls), rss, size / pages)
        print("| %s | %d | %.3f (%.3f-%.3f) | %.1f | %d | %d |"
              % (name, n, med(walls), min(walls), max(walls), rss, size, round(size / pages)))
    if skipped:
        print("\nPeers skipped (missing script, Python package or DejaVu font): %s" % ", ".join(skipped))

    n = max(counts)
    print_targets(summary, n)
    pk = summary.get(("panicpress pack", 1000))
    tp = summary.get(("panicpress tp-hunt", 1000))
    if pk and tp:
        print("- class pack, 1,000 students (2,026 pages): peak memory %.1f MiB (target at most 64); "
              "time per page %.3f ms against %.3f ms in the 1,000-map run (target: no worse)"
              % (pk[1], 1000 * pk[0] / 2026, 1000 * tp[0] / 1000))
    pb = summary.get(("panicpress panic-buy", 30))
    ty = summary.get(("typst", 30))
    if pb and ty:
        print("- Panic Buy 30-board pack vs Typst 30 maps, wall time: %.3f (target below 1)" % (pb[0] / ty[0]))


def print_flat_memory(runs, out):
    """Peak memory at 1, 1,000 and 10,000 pages for every game and a pack."""
    f = os.path.join(out, "flat.pdf")
    # (name, [(pages, command)]): settings chosen to give about that many pages.
    series = [
        ("tp-hunt maps", [(n, [BIN, "tp-hunt", "--seed", "1", "--count", str(n), "--sheets", "map", "-o", f])
                          for n in (1, 1000, 10000)]),
        # Every board is rated by 300 simulated games: 1,000 boards take a minute.
        ("panic-buy boards", [(n, [BIN, "panic-buy", "--seed", "1", "--count", str(n), "--sheets", "board", "-o", f])
                              for n in (1, 100, 1000)]),
        # 4 players: one column block; the long game's pad, sized by its length.
        ("ppe score pad", [(p, [BIN, "ppe", "--seed", "1", "--players", "4", "--mode", "long", "--target", str(t),
                                "--sheets", "scorepad", "-o", f]) for p, t in ((1, 190), (1000, 128000),
                                                                               (7815, 1000000))]),
        ("particle-panic (record, board, rules)", [(4, [BIN, "particle-panic", "--seed", "1", "-o", f])]),
        ("class pack, map + tracker", [(2 * n + 1, [BIN, "pack", "--game", "tp-hunt", "--count", str(n), "--seed", "1",
                                                    "--sheets", "map,tracker", "--players", "2", "-o", f])
                                       for n in (1, 500, 5000)]),
    ]
    res = {}
    for run in range(runs):
        for name, points in series:
            for pages, cmd in points:
                _, rss = measure(cmd)
                res.setdefault((name, pages), []).append(rss / 1024)
    med = statistics.median
    print("\n### Peak memory by pages (MiB, median of %d)\n" % runs)
    print("| document | pages | peak RSS MiB |")
    print("|---|---:|---:|")
    for name, points in series:
        for pages, _ in points:
            print("| %s | %d | %.1f |" % (name, pages, med(res[(name, pages)])))
    peak = max(med(v) for v in res.values())
    print("\nFlat memory (target: at most 10 MiB from 1 to 10,000 pages): highest median %.1f MiB, %s"
          % (peak, "met" if peak <= 10 else "NOT met"))


def print_preview(runs, out):
    """A one-page PNG preview of a map: warm (library, as the web page) and cold (the CLI)."""
    warm = subprocess.run(["cargo", "bench", "--quiet", "--bench", "preview"], cwd=ROOT,
                          capture_output=True, text=True, check=True).stdout.strip()
    cold = []
    f = os.path.join(out, "preview.png")
    for run in range(runs):
        wall, _ = measure([BIN, "tp-hunt", "--seed", "preview %d" % run, "--sheets", "map", "--format", "png",
                           "-o", f])
        cold.append(wall)
    print("\n### PNG preview of a map page (target under 100 ms)\n")
    print("- %s" % warm)
    print("- the CLI from a cold start (`tp-hunt --sheets map --format png`, 96 dpi): median %.1f ms (%.1f-%.1f)"
          % (1000 * statistics.median(cold), 1000 * min(cold), 1000 * max(cold)))


def print_panic_buy_rate(runs, out):
    """Boards generated and validated per second (2,000 boards as JSON, the
    rating rules off: they play games), rated boards per second, and
    simulated games per second on one core."""
    one_core = ["taskset", "-c", "0"] if subprocess.run(["which", "taskset"], stdout=subprocess.DEVNULL).returncode == 0 else []
    n, rated_n, games = 2000, 30, 20000
    rates, rated, sims, rating = [], [], {}, []
    for run in range(runs):
        f = os.path.join(out, "boards.json")
        wall, _ = measure([BIN, "panic-buy", "--seed", "rate %d" % run, "--count", str(n), "--format", "json",
                           "--rule-off", "length-band", "--rule-off", "first-fair", "-o", f])
        rates.append(n / wall)
        wall, _ = measure([BIN, "panic-buy", "--seed", "rated %d" % run, "--count", str(rated_n), "--format", "json", "-o", f])
        rated.append(rated_n / wall)
        for players in (2, 4):
            wall, _ = measure(one_core + [BIN, "panic-buy", "simulate", "--seed", "bench", "--players", str(players),
                                          "--games", str(games)])
            sims.setdefault(players, []).append(games / wall)
        wall, _ = measure([BIN, "panic-buy", "simulate", "--seed", "bench %d" % run, "--players", "4"])
        rating.append(wall)
    med = statistics.median
    print("\n### Panic Buy\n")
    print("| measure | median | min-max |")
    print("|---|---:|---:|")
    print("| legal boards generated, validated and written as JSON per second, rating rules off (%d boards) | %.0f | %.0f-%.0f |"
          % (n, med(rates), min(rates), max(rates)))
    print("| rated boards (every rule on) generated and written as JSON per second, 2 cores (%d boards) | %.1f | %.1f-%.1f |"
          % (rated_n, med(rated), min(rated), max(rated)))
    for players, r in sorted(sims.items()):
        print("| simulated race games/s on one core, %d players (4 baskets; %d games) | %.0f | %.0f-%.0f |"
              % (players, games, med(r), min(r), max(r)))
    print("| a 4-player board's rating (300 games), process included, 2 cores, s | %.3f | %.3f-%.3f |"
          % (med(rating), min(rating), max(rating)))


def print_particle_panic(runs, out):
    """Simulated games per second on one core, and time to find and write a hard deal."""
    one_core = ["taskset", "-c", "0"] if subprocess.run(["which", "taskset"], stdout=subprocess.DEVNULL).returncode == 0 else []
    games = 200000
    rates, hard = {}, []
    for run in range(runs):
        for players in (1, 2, 4):
            cmd = one_core + [BIN, "particle-panic", "simulate", "--seed", "bench", "--players", str(players),
                              "--games", str(games)]
            wall, _ = measure(cmd)
            rates.setdefault(players, []).append(games / wall)
            print("run %d particle-panic simulate p%d: %.0f games/s" % (run + 1, players, games / wall), file=sys.stderr)
        # +-1.5 points at worst (a 50% deal) takes 0.25 / 0.015^2 = 1,112 games.
        f = os.path.join(out, "pp-rated.pdf")
        wall, rss = measure(one_core + [BIN, "particle-panic", "--seed", "bench %d" % run, "--simulations", "1112",
                                        "-o", f])
        hard.append(wall)
    med = statistics.median
    print("\n### Particle Panic\n")
    print("| measure | median | min-max |")
    print("|---|---:|---:|")
    for players, r in sorted(rates.items()):
        print("| simulated games/s on one core, %d player%s (%d games) | %.0f | %.0f-%.0f |"
              % (players, "" if players == 1 else "s", games, med(r), min(r), max(r)))
    print("| a deal rated to +-1.5 points (1,112 games) and its PDF written, one core, s | %.3f | %.3f-%.3f |"
          % (med(hard), min(hard), max(hard)))


def print_targets(summary, n):
    ours = summary.get(("panicpress tp-hunt", n))
    typst = summary.get(("typst", n))
    rl = summary.get(("reportlab", n))
    print("\nTargets at N=%d (same run):" % n)
    if ours and typst:
        print("- wall time vs Typst: %.3f (target at most 1/15 = 0.067)" % (ours[0] / typst[0]))
    if ours and rl:
        print("- peak memory vs ReportLab: %.3f" % (ours[1] / rl[1]))
        print("- bytes/page vs ReportLab: %.2f; %d bytes a page (target at most 1,600)" % (ours[2] / rl[2], ours[2]))


if __name__ == "__main__":
    main()
