"""Gatewatch Pro benchmark: free pages with and without the account system, and /api/ask with an API key.

Starts two servers on loopback over the built content database ($GATEWATCH_HOME or --db): one with the
account system installed (security headers, /cuenta, the judge behind keys) and one without, each with
a throwaway accounts database in a temp folder. Sends a bounded number of requests per scenario
(alternating the two servers twice, to even out noise), then asks the judge with a Pro key, prints
requests/s, p50 and p95, and stops. Run: .venv/bin/python bench/pro.py [--requests 800] [--asks 60]"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx

from gatewatch import config
from gatewatch.store import open_store

MAX_SECONDS = 120  # per scenario: the loop stops by itself even on a very slow machine
QUESTIONS = ["¿Toque mortal con arrollar contra dos bloqueadoras?", "Can I respond to Lightning Bolt?",
             "¿Qué pasa si robo de una biblioteca vacía?", "Two legendary permanents with the same name?"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve_plain(port: int) -> None:
    """The site as it was before issue 8: create_app() with the account system's install() left out."""
    import datetime as dt

    import uvicorn

    from gatewatch.accounts import Access, Account
    from gatewatch.web import security

    # The baseline: no middleware, no /cuenta, and a judge that lets everyone in and counts nothing.
    # Patched before gatewatch.web.app is imported, so that pages_judge's Depends() picks these up.
    nobody = Account(id=0, email="bench@localhost", plan="pro", created_at=dt.datetime(2026, 1, 1))

    async def open_judge() -> Access:
        return Access(account=nobody, plan="pro", limit=10**9, remaining=10**9)

    security.install = lambda app, *a, **k: None
    security.judge_access = open_judge
    security.record_question = lambda access: access.remaining
    from gatewatch.web.app import create_app
    uvicorn.run(create_app(), host="127.0.0.1", port=port, log_level="warning")


def start(kind: str, env: dict[str, str]) -> tuple[subprocess.Popen, str]:
    port = free_port()
    cmd = [sys.executable, "-m", "gatewatch", "serve", "--port", str(port)] if kind == "accounts" else \
        [sys.executable, __file__, "--serve-plain", str(port)]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    deadline = time.time() + 90
    while time.time() < deadline:
        try:
            if httpx.get(base + "/reglas/100.1.json", timeout=2).status_code == 200:
                return proc, base
        except httpx.HTTPError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit(f"the {kind} server did not start")


def run(base: str, requests: list[tuple[str, dict | None]], clients: int, headers: dict[str, str] | None = None
        ) -> tuple[float, list[float], int, int]:
    """(elapsed, latencies, errors, requests sent): stops early when MAX_SECONDS is up."""
    errors = 0
    stop_at = time.perf_counter() + MAX_SECONDS

    def one(item: tuple[str, dict | None]) -> float | None:
        nonlocal errors
        if time.perf_counter() > stop_at:
            return None
        path, body = item
        t = time.perf_counter()
        r = client.post(path, json=body) if body is not None else client.get(path)
        if r.status_code != 200:
            errors += 1
        return time.perf_counter() - t

    client = httpx.Client(base_url=base, timeout=60, headers=headers or {},
                          limits=httpx.Limits(max_connections=clients))
    started = time.perf_counter()
    with ThreadPoolExecutor(clients) as pool:
        lat = [x for x in pool.map(one, requests) if x is not None]
    elapsed = time.perf_counter() - started
    client.close()
    return elapsed, lat, errors, len(lat)


def line(name: str, elapsed: float, lat: list[float], errors: int, sent: int, clients: int) -> str:
    qs = statistics.quantiles(lat, n=100)
    return (f"{name:40s} {sent / elapsed:7.1f} req/s   p50 {qs[49] * 1000:6.1f} ms   p95 {qs[94] * 1000:6.1f} ms"
            f"   ({sent} requests, {clients} clients, {errors} errors)")


def pro_key(env: dict[str, str]) -> str:
    """A Pro account and its key in the throwaway accounts database, through the library."""
    from gatewatch.accounts import Accounts, AccountSettings
    os.environ["GATEWATCH_SECRET_KEY"] = env["GATEWATCH_SECRET_KEY"]
    accounts = Accounts(AccountSettings.from_env(Path(env["GATEWATCH_HOME"])))
    account = accounts.sign_up("bench@example.com", "bench password 123")
    accounts.grant_pro(account.email)
    key = accounts.create_key(accounts.get(account.id), "bench").token
    accounts.db.dispose()
    return key


def gate_cost(env: dict[str, str], key: str, n: int = 300) -> str:
    """The account system's own share of a judge question, in process: check the key, then count the question.

    Over HTTP the judge's own time (and its variance on 2 cores) hides a few milliseconds."""
    from gatewatch.accounts import Accounts, AccountSettings
    accounts = Accounts(AccountSettings.from_env(Path(env["GATEWATCH_HOME"])))
    lat = []
    for _ in range(n):
        t = time.perf_counter()
        accounts.record_question(accounts.access(None, key))
        lat.append(time.perf_counter() - t)
    accounts.db.dispose()
    qs = statistics.quantiles(lat, n=100)
    label = "key check + count, in process (SQLite)"
    return f"{label:40s} p50 {qs[49] * 1000:.2f} ms   p95 {qs[94] * 1000:.2f} ms   ({n} questions)"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--requests", type=int, default=800, help="per free-page scenario and server")
    ap.add_argument("--asks", type=int, default=60, help="judge questions with the key")
    ap.add_argument("--clients", type=int, default=8)
    ap.add_argument("--db", type=Path, default=None, help="the content database (default: $GATEWATCH_HOME's)")
    ap.add_argument("--serve-plain", type=int, default=None, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.serve_plain:
        serve_plain(args.serve_plain)
        return
    db = (args.db or config.db_path()).resolve()
    store = open_store(db)
    rng = random.Random(8)
    ids = [r["id"] for r in store.rules_of_version(store.latest_rules_version())]
    # Names with a slash (split cards) have their own URL form; plain names keep the figures about speed.
    names = [r[0] for r in store.conn.execute("SELECT name FROM cards WHERE name NOT LIKE '%/%' "
                                              "ORDER BY random() LIMIT 300")]
    words = ["deathtouch", "trample", "combat damage", "toque mortal", "t:goblin mv=1", "priority"]
    pages = [(f"/reglas/{rng.choice(ids)}", None) for _ in range(args.requests // 2)] + \
        [(f"/cartas/{rng.choice(names)}.json", None) for _ in range(args.requests // 4)] + \
        [(f"/buscar?q={rng.choice(words)}", None) for _ in range(args.requests // 4)]
    rng.shuffle(pages)
    home = Path(tempfile.mkdtemp(prefix="gw-bench-pro-"))
    env = dict(os.environ, GATEWATCH_HOME=str(home), GATEWATCH_DB=str(db), GATEWATCH_SECRET_KEY="b" * 48,
               GATEWATCH_PRO_DAILY_QUESTIONS=str(10 * args.asks + 100), HF_HUB_OFFLINE="1")
    env.pop("DATABASE_URL", None)
    env.setdefault("GATEWATCH_CACHE", str(config.cache_dir()))
    print(f"content database {db}; accounts in {home} (SQLite); {args.clients} clients, loopback only")
    servers = {kind: start(kind, env) for kind in ("plain", "accounts")}
    try:
        p50s: dict[str, list[float]] = {"plain": [], "accounts": []}
        for round_ in (1, 2):
            for kind in ("plain", "accounts"):
                base = servers[kind][1]
                run(base, pages[:40], args.clients)  # warm up
                elapsed, lat, errors, sent = run(base, pages, args.clients)
                p50s[kind].append(statistics.median(lat))
                label = "free pages, " + ("with accounts" if kind == "accounts" else "without accounts")
                print(line(f"{label} (round {round_})", elapsed, lat, errors, sent, args.clients))
        ratio = statistics.mean(p50s["accounts"]) / statistics.mean(p50s["plain"])
        print(f"free pages p50 with / without the account system: {ratio:.2f}")
        key = pro_key(env)
        base = servers["accounts"][1]
        asks = [("/api/ask", {"question": rng.choice(QUESTIONS)}) for _ in range(args.asks)]
        run(base, asks[:4], 2, {"Authorization": f"Bearer {key}"})  # the judge's first questions load its models
        run(servers["plain"][1], asks[:4], 2)
        for clients in (1, 4):
            elapsed, lat, errors, sent = run(base, asks, clients, {"Authorization": f"Bearer {key}"})
            print(line("/api/ask with a Pro key", elapsed, lat, errors, sent, clients))
            # The same questions on the server without accounts: the difference is the key check and the count.
            elapsed, lat, errors, sent = run(servers["plain"][1], asks, clients)
            print(line("/api/ask without the account system", elapsed, lat, errors, sent, clients))
        refused = run(base, [("/api/ask", {"question": "x"})] * 200, args.clients, {"Authorization": "Bearer gw_bad"})
        print(line("/api/ask refused (unknown key, 403)", refused[0], refused[1], 0, refused[3], args.clients))
        print(gate_cost(env, key))
    finally:
        for proc, _ in servers.values():
            proc.terminate()
            proc.wait(timeout=10)
        shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main()
