"""The Scryfall sync path end to end: a real HTTP server on 127.0.0.1 serves the fixture bulk data,
`download` fetches it into a cache, `load_cards_scryfall` writes a real SQLite, the library reads it."""

from __future__ import annotations

import threading
from collections import Counter
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from gatewatch.cards import get_card, resolve_name, search_cards
from gatewatch.cards.load import load_cards_scryfall, write_records
from gatewatch.errors import SourceError
from gatewatch.sources.scryfall.download import download_bulk, fetch_bulk
from gatewatch.store import MIGRATIONS, Store

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "scryfall"
ROUTES = {
    "/bulk-data": "bulk-data.json",
    "/file/scryfall-bulk/oracle-cards/oracle-cards-20261130100241.json": "oracle-cards.json",
    "/file/scryfall-bulk/rulings/rulings-20261130100040.json": "rulings.json",
}


@pytest.fixture()
def scryfall_server():
    """A local stand-in for api.scryfall.com; yields (base URL, request counter)."""
    hits: Counter = Counter()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 - http.server naming
            hits[self.path] += 1
            name = ROUTES.get(self.path)
            if name is None:
                self.send_error(404)
                return
            body = (FIXTURES / name).read_text(encoding="utf-8").replace("{base}", base).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    base = f"http://127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield base, hits
    finally:
        server.shutdown()
        server.server_close()


def _new_store(path: Path) -> Store:
    store = Store(path, readonly=False)
    store.migrate(MIGRATIONS)
    return store


def test_download_fetches_only_the_two_files_and_reuses_the_cache(scryfall_server, tmp_path):
    base, hits = scryfall_server
    oracle, rulings = download_bulk(tmp_path / "cache", base_url=base)
    assert oracle.name == "oracle_cards-20261130100241.json" and rulings.name.startswith("rulings-")
    assert oracle.read_text(encoding="utf-8").lstrip().startswith("[")
    assert not any("default-cards" in path for path in hits)
    fetch_bulk(tmp_path / "cache", base_url=base)  # same updated_at: nothing downloaded again
    assert hits[next(p for p in ROUTES if "oracle" in p)] == 1 and hits["/bulk-data"] == 2


def test_scryfall_cards_load_and_read(scryfall_server, tmp_path):
    base, _ = scryfall_server
    oracle, rulings = download_bulk(tmp_path / "cache", base_url=base)
    store = _new_store(tmp_path / "scryfall.db")
    # A mirror build left Spanish for Lightning Bolt: the sync keeps it (Scryfall has none).
    write_records(store, [{"name": "Lightning Bolt", "mana_value": 1.0, "type_line": "Instant", "source": "old",
                           "es": {"name": "Relámpago", "set": "M10"}, "es_names": [{"name": "Relámpago", "set": "M10"}],
                           "rulings": []}])
    counts = load_cards_scryfall(store, oracle, rulings)
    store.conn.commit()
    assert counts["cards"] == 6  # the token and the art-series card are skipped
    assert counts["rulings"] == 4 and counts["spanish_names"] == 1
    store = Store(tmp_path / "scryfall.db", readonly=True)

    bolt = get_card(store, "relampago")
    assert bolt.name == "Lightning Bolt" and bolt.source == "scryfall" and bolt.legalities["modern"] == "Legal"
    assert "standard" not in bolt.legalities and bolt.rulings[0].date == "2024-02-09"
    fire = get_card(store, "Ice")
    assert fire.name == "Fire // Ice" and [f.name for f in fire.faces] == ["Fire", "Ice"]
    assert fire.colors == ["U", "R"] and fire.mana_cost == "{1}{R} // {1}{U}" and len(fire.rulings) == 2
    delver = get_card(store, "Insectile Aberration")
    assert delver.colors == ["U"] and delver.faces[1].color_indicator == ["U"] and "dfc" in delver.flags
    nighthawk = get_card(store, "Vampire Nighthawk")
    assert [k.keyword for k in nighthawk.keywords] == ["Flying", "Deathtouch", "Lifelink"]
    assert get_card(store, "Jace, the Mind Sculptor").loyalty == "3"

    assert resolve_name(store, "Goblin").status == "not_found"  # tokens are not cards
    assert [c.name for c in search_cards(store, "c:r is:permanent").cards] == ["Bonecrusher Giant // Stomp"]
    assert search_cards(store, "kw:deathtouch").total == 1
    assert search_cards(store, "is:split or is:adventure").total == 2
    assert search_cards(store, "s:clu").cards[0].name == "Lightning Bolt"


def test_missing_bulk_entry_is_a_source_error(scryfall_server, tmp_path):
    base, _ = scryfall_server
    with pytest.raises(SourceError, match="bulk-data index"):
        fetch_bulk(tmp_path, base_url=base + "/nowhere")


def test_truncated_bulk_file_is_a_source_error(tmp_path):
    oracle = tmp_path / "oracle.json"
    oracle.write_text((FIXTURES / "oracle-cards.json").read_text(encoding="utf-8")[:500], encoding="utf-8")
    store = _new_store(tmp_path / "x.db")
    with pytest.raises(SourceError) as info:
        load_cards_scryfall(store, oracle, FIXTURES / "rulings.json")
    assert str(info.value).startswith(str(oracle)) and "invalid JSON" in str(info.value)
