#!/usr/bin/env python3
"""Load and probe figures of `panicpress serve` on loopback (a benchmark, not a test).

Starts the release binary's server, then measures, each in bounded loops:

  turn    one client turning the pages of a preview already made (TURNS requests):
          p50/p95/max latency; the target is p95 under 10 ms.
  mix     CLIENTS clients for SECONDS, each asking for TP Hunt previews (a new
          seed each time) and, one request in MIX, the whole PDF: errors,
          latency per kind, the server's peak memory, and the CPU-bound floor
          (CLIENTS x one request's mean CPU time / cores).
  first   one client asking each game's first preview page for SEEDS new seeds
          (the layout made, rated and drawn), then the same page again (kept):
          median and range per game.
  probes  each probe the server must refuse (pack bomb, slow clients, a huge
          header, a foreign Host, a cross-origin POST, framing), while a
          watcher asks for a preview every 100 ms: the answer, the time, the
          server's memory during the probe, the watcher's worst latency and errors.

usage: python3 bench/serve_load.py [--seeds 15] [--clients 20] [--seconds 20] [--mix 10] [--turns 500]
"""
import argparse
import http.client
import os
import socket
import statistics
import subprocess
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.join(ROOT, "target", "release", "panicpress")
CLOCK = os.sysconf("SC_CLK_TCK")


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(p / 100 * len(values)))]


def status_kib(pid, key):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(key):
                return int(line.split()[1])
    return 0


def machine_busy():
    """(busy, total) jiffies of all cores since boot."""
    with open("/proc/stat") as f:
        v = [int(x) for x in f.readline().split()[1:]]
    idle = v[3] + v[4]
    return sum(v) - idle, sum(v)


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK


class Sampler:
    """The server's resident memory, sampled every 50 ms while running."""

    def __init__(self, pid):
        self.pid, self.peak, self.running = pid, 0, True
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self):
        while self.running:
            self.peak = max(self.peak, status_kib(self.pid, "VmRSS:"))
            time.sleep(0.05)

    def reset(self):
        self.peak = status_kib(self.pid, "VmRSS:")

    def stop(self):
        self.running = False
        self.thread.join()


def get(port, path, headers=None, timeout=60, source=None):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout, source_address=source)
    conn.request("GET", path, headers=headers or {})
    r = conn.getresponse()
    body = r.read()
    conn.close()
    return r.status, r.getheaders(), body


def timed_get(port, path, source=None):
    t0 = time.perf_counter()
    status, _, body = get(port, path, source=source)
    return status, body, time.perf_counter() - t0


def row(name, values):
    return (f"| {name} | {len(values)} | {1000 * statistics.median(values):.1f} | "
            f"{1000 * percentile(values, 95):.1f} | {1000 * max(values):.1f} |")


def turn_pages(port, turns):
    base = "/api/tp-hunt/{}?seed=turn&players=3"
    status, body, _ = timed_get(port, base.format("info"))
    pages = int(__import__("json").loads(body)["pages"])
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    latencies = []
    for i in range(turns):
        t0 = time.perf_counter()
        conn.request("GET", base.format("preview") + f"&page={i % pages + 1}")
        r = conn.getresponse()
        r.read()
        latencies.append(time.perf_counter() - t0)
        assert r.status == 200
    conn.close()
    print("### Turning the pages of a preview already made (1 client, one connection)")
    print("| kind | requests | p50 ms | p95 ms | max ms |")
    print("|---|---:|---:|---:|---:|")
    print(row("preview page", latencies))
    print()


def first_previews(port, seeds):
    print(f"\n### The first preview of a new seed, one client (ms; {seeds} seeds a game)\n")
    print("| game | first: median | range | the same page again: median |")
    print("|---|---:|---:|---:|")
    for game in ["tp-hunt", "particle-panic", "panic-buy", "ppe"]:
        first, again = [], []
        for k in range(seeds):
            path = f"/api/{game}/preview?seed=first-{k}&page=1"
            for times in (first, again):
                status, _, dt = timed_get(port, path)
                assert status == 200, (path, status)
                times.append(dt)
        print(f"| {game} | {1000 * statistics.median(first):.1f} | {1000 * min(first):.1f}-{1000 * max(first):.1f} "
              f"| {1000 * statistics.median(again):.1f} |")


def mix(port, pid, clients, seconds, every):
    latencies = {"preview": [], "pdf": []}
    errors = []
    lock = threading.Lock()
    stop = time.monotonic() + seconds

    def client(k):
        # The server takes at most 16 connections from one address: ten
        # clients to a loopback address, as a class's computers each have one.
        source = ("127.0.0.%d" % (2 + k // 10), 0)
        i = 0
        while time.monotonic() < stop:
            i += 1
            kind = "pdf" if i % every == 0 else "preview"
            path = f"/api/tp-hunt/{kind}?seed=c{k}-{i}" + ("&page=1" if kind == "preview" else "")
            try:
                status, body, dt = timed_get(port, path, source)
                ok = status == 200 and len(body) > 0
            except Exception as e:  # noqa: BLE001 - every failure counts
                ok, body, dt = False, str(e).encode(), 0
            with lock:
                (latencies[kind] if ok else errors).append(dt if ok else (path, body[:100]))

    cpu0 = cpu_seconds(pid)
    mine0 = sum(os.times()[:2])
    busy0 = machine_busy()
    sampler = Sampler(pid)
    threads = [threading.Thread(target=client, args=(k,)) for k in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    sampler.stop()
    cpu = cpu_seconds(pid) - cpu0
    mine = sum(os.times()[:2]) - mine0
    busy1 = machine_busy()
    busy = (busy1[0] - busy0[0]) / max(busy1[1] - busy0[1], 1)
    done = sum(len(v) for v in latencies.values())
    cores = os.cpu_count()
    floor = clients * cpu / max(done, 1) / cores
    print(f"### {clients} clients for {seconds:.0f} s, one PDF in {every} requests")
    print("| kind | requests | p50 ms | p95 ms | max ms |")
    print("|---|---:|---:|---:|---:|")
    for kind, values in latencies.items():
        if values:
            print(row(kind, values))
    print()
    print(f"- errors: {len(errors)}")
    for e in errors[:5]:
        print("  -", e)
    print(f"- server memory: peak {sampler.peak / 1024:.1f} MiB (VmRSS sampled every 50 ms)")
    print(f"- server CPU: {cpu:.1f} s for {done} requests ({1000 * cpu / max(done, 1):.1f} ms each); "
          f"CPU-bound floor {clients} x {1000 * cpu / max(done, 1):.1f} ms / {cores} cores = {1000 * floor:.1f} ms")
    print(f"- CPU besides the server: these clients {mine:.1f} s; the machine's {cores} cores were "
          f"{100 * busy:.0f}% busy in all (the server {100 * cpu / seconds / cores:.0f}%)")
    got = cpu / seconds
    print(f"- the floor at the CPU the server had ({got:.2f} cores on average): "
          f"{clients} x {1000 * cpu / max(done, 1):.1f} ms / {got:.2f} = {1000 * clients * cpu / max(done, 1) / max(got, 0.01):.0f} ms")
    print()


def multipart(fields):
    boundary = "----panicpressBench"
    body = b""
    for name, value in fields:
        body += (f"--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n").encode()
    body += f"--{boundary}--\r\n".encode()
    return f"multipart/form-data; boundary={boundary}", body


def raw(port, data, timeout=60):
    s = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    try:
        s.sendall(data)
    except OSError:
        pass
    out = b""
    try:
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            out += chunk
    except OSError:
        pass
    s.close()
    head = out.split(b"\r\n", 1)[0].decode(errors="replace")
    return head


def raw_size(port, data):
    s = socket.create_connection(("127.0.0.1", port), timeout=60)
    s.sendall(data)
    n = 0
    while True:
        chunk = s.recv(65536)
        if not chunk:
            break
        n += len(chunk)
    s.close()
    return n


def probes(port, pid):
    watched, failures, stop = [], [], threading.Event()

    def watcher():
        while not stop.is_set():
            try:
                status, _, dt = timed_get(port, "/api/tp-hunt/preview?seed=watch&page=1")
                (watched if status == 200 else failures).append(dt if status == 200 else status)
            except Exception as e:  # noqa: BLE001
                failures.append(str(e))
            time.sleep(0.1)

    sampler = Sampler(pid)
    w = threading.Thread(target=watcher, daemon=True)
    w.start()
    host = f"127.0.0.1:{port}"
    results = []

    def probe(name, run):
        sampler.reset()
        before = len(watched)
        start = len(failures)
        t0 = time.perf_counter()
        answer = run()
        dt = time.perf_counter() - t0
        time.sleep(0.3)
        during = watched[before:] or [0]
        results.append((name, answer, dt, sampler.peak / 1024, 1000 * max(during), len(failures) - start))

    def pack_bomb():
        ctype, body = multipart([("games", "ppe"), ("seed", "x"), ("count", "500"), ("ppe.target", "1000000")])
        head = raw(port, f"POST /api/pack HTTP/1.1\r\nHost: {host}\r\nContent-Type: {ctype}\r\n"
                         f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n".encode() + body)
        return head

    def slow_clients():
        socks = []
        for i in range(40):
            s = socket.create_connection(("127.0.0.1", port))
            if i % 2:
                s.sendall(b"GET / HTTP/1.1\r\nHost: local")
            else:
                s.sendall(b"POST /api/validate/tp-hunt HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1000000\r\n\r\n{")
            socks.append(s)
        closed = 0
        for s in socks:
            s.settimeout(60)
            try:
                while s.recv(65536):
                    pass
                closed += 1
            except OSError:
                pass
            s.close()
        return f"{closed} of 40 cut off"

    def huge_header():
        s = socket.create_connection(("127.0.0.1", port), timeout=30)
        s.sendall(b"GET / HTTP/1.1\r\nHost: localhost\r\nX-Big: ")
        sent = 0
        chunk = b"a" * 65536
        try:
            while sent < 200 * 1024 * 1024:
                s.sendall(chunk)
                sent += len(chunk)
        except OSError:
            pass
        try:
            head = s.recv(200).split(b"\r\n", 1)[0].decode(errors="replace")
        except OSError as e:
            head = f"closed ({e.__class__.__name__})"
        s.close()
        return f"{head or 'closed'} after {sent / 1024 / 1024:.1f} MiB sent"

    def foreign_host():
        return raw(port, b"GET /api/games HTTP/1.1\r\nHost: rebound.example\r\nConnection: close\r\n\r\n")

    def cross_origin():
        ctype, body = multipart([("games", "tp-hunt"), ("seed", "x"), ("count", "2")])
        return raw(port, f"POST /api/pack HTTP/1.1\r\nHost: {host}\r\nOrigin: http://evil.example\r\n"
                         f"Content-Type: {ctype}\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n".encode() + body)

    def framing():
        _, headers, _ = get(port, "/")
        h = {k.lower(): v for k, v in headers}
        return f"frame-ancestors 'none': {'yes' if 'frame-ancestors' in h.get('content-security-policy', '') else 'NO'}, X-Frame-Options {h.get('x-frame-options')}"

    def leaves_download():
        request = "GET /api/ppe/pdf?seed={}&target=190000 HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
        c0 = cpu_seconds(pid)
        whole = raw_size(port, request.format("whole").encode())
        whole_cpu = cpu_seconds(pid) - c0
        c0 = cpu_seconds(pid)
        s = socket.create_connection(("127.0.0.1", port), timeout=30)
        s.sendall(request.format("left").encode())
        s.recv(65536)
        s.close()
        time.sleep(3)
        return (f"server CPU {cpu_seconds(pid) - c0:.2f} s after the client left "
                f"(the whole {whole / 1e6:.1f} MB download: {whole_cpu:.2f} s)")

    probe("pack bomb (500 students x PPE to 1,000,000)", pack_bomb)
    probe("a client leaves a PDF of 2,780 pages after 64 KB", leaves_download)
    probe("40 slow clients (half a head, or 1 byte of 1 MB)", slow_clients)
    probe("a 200 MB header line", huge_header)
    probe("foreign Host (DNS rebinding)", foreign_host)
    probe("cross-origin POST", cross_origin)
    probe("framing", framing)
    stop.set()
    w.join()
    sampler.stop()
    print("### Probes (a watcher asks for a preview every 100 ms meanwhile)")
    print("| probe | answer | s | server memory peak MiB | watcher max ms | watcher errors |")
    print("|---|---|---:|---:|---:|---:|")
    for name, answer, dt, mib, worst, errs in results:
        print(f"| {name} | {answer} | {dt:.1f} | {mib:.1f} | {worst:.0f} | {errs} |")
    print()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--clients", type=int, default=20)
    ap.add_argument("--seconds", type=float, default=20)
    ap.add_argument("--mix", type=int, default=10, help="one PDF every MIX requests")
    ap.add_argument("--turns", type=int, default=500)
    ap.add_argument("--port", type=int, default=18080)
    ap.add_argument("--bin", default=BIN)
    ap.add_argument("--seeds", type=int, default=15, help="new seeds a game for `first`")
    ap.add_argument("--only", choices=["turn", "first", "mix", "probes"])
    args = ap.parse_args()
    server = subprocess.Popen([args.bin, "serve", "--port", str(args.port)], stdout=subprocess.PIPE)
    server.stdout.readline()
    try:
        if args.only in (None, "turn"):
            turn_pages(args.port, args.turns)
        if args.only in (None, "first"):
            first_previews(args.port, args.seeds)
        if args.only in (None, "mix"):
            mix(args.port, server.pid, args.clients, args.seconds, args.mix)
        if args.only in (None, "probes"):
            probes(args.port, server.pid)
        print(f"server memory over the whole run: peak {status_kib(server.pid, 'VmHWM:') / 1024:.1f} MiB (VmHWM)")
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
