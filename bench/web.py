"""Web benchmark: requests/s and p50/p95 latency on loopback with several concurrent clients.

Starts `gatewatch serve` on a free loopback port over the built database ($GATEWATCH_HOME), sends a
bounded number of requests per scenario (rule pages, card pages, search), prints figures and stops.
Run: .venv/bin/python bench/web.py [--requests 600] [--clients 8]"""

from __future__ import annotations

import argparse
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

import httpx

from gatewatch.store import open_store


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def run(base: str, paths: list[str], clients: int) -> tuple[float, list[float], int]:
    errors = 0

    def one(path: str) -> float:
        nonlocal errors
        t = time.perf_counter()
        r = client.get(path)
        if r.status_code >= 500:
            errors += 1
        return time.perf_counter() - t

    client = httpx.Client(base_url=base, timeout=30, limits=httpx.Limits(max_connections=clients))
    started = time.perf_counter()
    with ThreadPoolExecutor(clients) as pool:
        lat = list(pool.map(one, paths))
    elapsed = time.perf_counter() - started
    client.close()
    return elapsed, lat, errors


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--requests", type=int, default=600)
    ap.add_argument("--clients", type=int, default=8)
    ap.add_argument("--workers", type=int, default=1, help="server worker processes")
    args = ap.parse_args()
    store = open_store()
    rng = random.Random(3)
    v = store.latest_rules_version()
    ids = [r["id"] for r in store.rules_of_version(v)]
    names = [r[0] for r in store.conn.execute("SELECT name FROM cards ORDER BY random() LIMIT 500")]
    words = ["deathtouch", "trample", "combat damage", "legend rule", "toque mortal", "t:goblin mv=1",
             "o:draw t:instant", "counter target spell", "priority", "mulligan", "robar una carta", "c>=ug"]
    scenarios = {
        "rule page": [f"/reglas/{rng.choice(ids)}" for _ in range(args.requests)],
        "card page": [f"/cartas/{rng.choice(names)}" for _ in range(args.requests)],
        "search": [f"/buscar?q={rng.choice(words)}" for _ in range(args.requests)],
        "rule JSON API": [f"/api/rules/{rng.choice(ids)}" for _ in range(args.requests)],
    }
    port = free_port()
    log = tempfile.TemporaryFile()
    proc = subprocess.Popen([sys.executable, "-m", "gatewatch", "serve", "--port", str(port), "--workers",
                             str(args.workers)], stdout=log,
                            stderr=subprocess.STDOUT, env=dict(os.environ))
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                httpx.get(base + "/reglas/100.1.json", timeout=2)
                break
            except httpx.HTTPError:
                time.sleep(0.2)
        for name, paths in scenarios.items():
            run(base, paths[:30], args.clients)  # warm up
            elapsed, lat, errors = run(base, paths, args.clients)
            qs = statistics.quantiles(lat, n=100)
            print(f"{name:14s} {len(paths) / elapsed:7.1f} req/s   p50 {qs[49] * 1000:6.1f} ms   "
                  f"p95 {qs[94] * 1000:6.1f} ms   ({len(paths)} requests, {args.clients} clients, "
                  f"{args.workers} workers, {errors} errors)")
    finally:
        proc.terminate()
        proc.wait(timeout=10)


if __name__ == "__main__":
    main()
