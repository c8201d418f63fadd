#!/usr/bin/env python3
"""Load test of `panicpress serve` on loopback (a benchmark, not a test).

Starts the release binary's server, then CLIENTS threads ask for TP Hunt map
previews (page 1, a different seed each time) and, one request in MIX, the
whole PDF, for SECONDS. Prints p50/p95/max latency per kind, the error count
and the server's peak memory (VmHWM, sampled every 0.2 s).

usage: python3 bench/serve_load.py [--clients 20] [--seconds 30] [--mix 10]
"""
import argparse
import http.client
import os
import statistics
import subprocess
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.join(ROOT, "target", "release", "panicpress")


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(p / 100 * len(values)))]


def rss_kib(pid, key):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(key):
                return int(line.split()[1])
    return 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--clients", type=int, default=20)
    ap.add_argument("--seconds", type=float, default=30)
    ap.add_argument("--mix", type=int, default=10, help="one PDF every MIX requests")
    ap.add_argument("--port", type=int, default=18080)
    args = ap.parse_args()
    server = subprocess.Popen([BIN, "serve", "--port", str(args.port)], stdout=subprocess.PIPE)
    server.stdout.readline()
    latencies = {"preview": [], "pdf": []}
    errors = []
    lock = threading.Lock()
    stop = time.monotonic() + args.seconds

    def client(k):
        i = 0
        while time.monotonic() < stop:
            i += 1
            seed = f"{k}-{i}"
            kind = "pdf" if i % args.mix == 0 else "preview"
            path = f"/api/tp-hunt/{kind}?seed={seed}" + ("&page=1" if kind == "preview" else "")
            t0 = time.perf_counter()
            try:
                conn = http.client.HTTPConnection("127.0.0.1", args.port, timeout=30)
                conn.request("GET", path)
                r = conn.getresponse()
                body = r.read()
                ok = r.status == 200 and len(body) > 0
            except Exception as e:  # noqa: BLE001 - every failure counts
                ok = False
                body = str(e).encode()
            dt = time.perf_counter() - t0
            with lock:
                if ok:
                    latencies[kind].append(dt)
                else:
                    errors.append((path, body[:100]))

    peak = [0, 10**9, 0]

    def sample():
        while time.monotonic() < stop:
            rss = rss_kib(server.pid, "VmRSS:")
            peak[0] = max(peak[0], rss)
            if time.monotonic() > stop - args.seconds + 2:
                peak[1] = min(peak[1], rss)
            peak[2] = rss
            time.sleep(0.2)

    threads = [threading.Thread(target=client, args=(k,)) for k in range(args.clients)]
    sampler = threading.Thread(target=sample)
    for t in threads + [sampler]:
        t.start()
    for t in threads + [sampler]:
        t.join()
    hwm = rss_kib(server.pid, "VmHWM:")
    server.terminate()
    server.wait()
    print(f"{args.clients} clients for {args.seconds:.0f} s on loopback, one PDF in {args.mix} requests")
    print("| kind | requests | p50 ms | p95 ms | max ms |")
    print("|---|---:|---:|---:|---:|")
    for kind, values in latencies.items():
        if values:
            print(
                f"| {kind} | {len(values)} | {1000 * statistics.median(values):.1f} | "
                f"{1000 * percentile(values, 95):.1f} | {1000 * max(values):.1f} |"
            )
    print(f"errors: {len(errors)}")
    for e in errors[:5]:
        print("  ", e)
    print(f"server memory: peak {hwm / 1024:.1f} MiB, after 2 s {peak[1] / 1024:.1f} MiB, at the end {peak[2] / 1024:.1f} MiB")


if __name__ == "__main__":
    main()
