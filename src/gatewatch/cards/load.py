"""Build the card tables: MTGJSON sets + Cockatrice spoilers from the mirror, or Scryfall bulk data.

Called by `gatewatch build` inside its transaction on a store that is already migrated; this
module writes rows and returns counts, and never commits or closes the store."""

from __future__ import annotations

import json
import os
import re
import time
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.progress import Progress

from ..errors import SourceError
from ..sources.cockatrice.parse import merge_spoilers, parse_xml
from ..sources.mtgjson.files import iter_archive, iter_set_documents
from ..sources.mtgjson.parse import build_oracle_cards, parse_set
from ..sources.scryfall.parse import attach_rulings, parse_cards, parse_rulings
from .records import CardRecord, card_rows, name_rows

if TYPE_CHECKING:
    from ..store import Store

MTGJSON_ARCHIVE = "mtgjson_v5_sets_20220425.tar.xz"
SPOILER_ARCHIVE = "cockatrice_spoiler_sets_xml.tar.xz"
SETS_JSON = "sets.json"
_BATCH = 2000


def mtg_dir(mirror: Path) -> Path:
    """The folder with the MTG card files: `<mirror>/cards/mtg` (or `<mirror>/mtg`)."""
    for candidate in (mirror / "cards" / "mtg", mirror / "mtg", mirror):
        if (candidate / MTGJSON_ARCHIVE).exists():
            return candidate
    raise SourceError(str(mirror / "cards" / "mtg" / MTGJSON_ARCHIVE), "missing MTGJSON set archive")


def _task(progress: Progress | None, label: str, total: int | None) -> Any:
    return progress.add_task(label, total=total) if progress is not None else None


def _advance(progress: Progress | None, task: Any, n: int = 1) -> None:
    if progress is not None:
        progress.advance(task, n)


def spoiler_revisions(path: Path) -> dict[str, str]:
    """XML file name → Magic-Spoiler commit, from sets.json (`…@<sha>^:<file>`); {} if absent."""
    if not path.exists():
        return {}
    try:
        sets = json.loads(path.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        raise SourceError(str(path), f"invalid JSON ({err})") from err
    out = {}
    for item in sets.get("spoiler_sets", []):
        match = re.match(r".*@([0-9a-f]+)\^?:(.+)$", item.get("source", ""))
        if match:
            out[match.group(2)] = match.group(1)
    return out


def known_names(records: Iterable[CardRecord]) -> set[str]:
    """Names and face names already loaded: a spoiler with one of them is not a new card."""
    names: set[str] = set()
    for r in records:
        names.add(r["name"])
        names.update(r["name"].split(" // "))
        names.update(f["face_name"] for f in r.get("faces") or () if f.get("face_name"))
    return names


def read_mirror(mirror: Path, progress: Progress | None = None) -> list[CardRecord]:
    """Every card record from the mirror: MTGJSON first, then the spoiler-only cards."""
    folder = mtg_dir(mirror)
    task = _task(progress, "MTGJSON sets", 579)
    sets = []
    for name, doc in iter_set_documents(folder / MTGJSON_ARCHIVE):
        sets.append(parse_set(doc, f"{folder / MTGJSON_ARCHIVE}:{name}"))
        _advance(progress, task)
    if not sets:
        raise SourceError(str(folder / MTGJSON_ARCHIVE), "no set files in the archive")
    records = build_oracle_cards(sets)
    del sets
    revisions = spoiler_revisions(folder / SETS_JSON)
    files = []
    spoiler_path = folder / SPOILER_ARCHIVE
    if spoiler_path.exists():
        task = _task(progress, "Spoiler XML", 212)
        for member, raw in iter_archive(spoiler_path, ".xml"):
            base = os.path.basename(member)
            files.append((base, revisions.get(base, ""), parse_xml(raw, f"{spoiler_path}:{member}")))
            _advance(progress, task)
    return records + merge_spoilers(files, known_names(records))


def write_records(store: Store, records: list[CardRecord], progress: Progress | None = None) -> None:
    """Insert the records and their names, rulings, legalities and printings.

    Ids follow the name order (code points, as SQLite's BINARY collation sorts), so a search can
    list its first matches in name order by walking the table, without sorting every match."""
    records = sorted(records, key=lambda r: r["name"])
    task = _task(progress, "Writing cards", len(records))
    for start in range(0, len(records), _BATCH):
        batch = list(enumerate(records[start:start + _BATCH], start + 1))
        store.add_cards(card_rows(i, r) for i, r in batch)
        store.add_card_names(row for i, r in batch for row in name_rows(i, r))
        store.add_card_rulings((i, n, x["date"], x["text"]) for i, r in batch for n, x in enumerate(r["rulings"]))
        store.add_card_legalities((i, f, s) for i, r in batch for f, s in (r.get("legalities") or {}).items())
        store.add_card_printings((i, s) for i, r in batch for s in r.get("printings") or ())
        _advance(progress, task, len(batch))
    store.index_cards_text()


def load_cards(store: Store, mirror: Path, progress: Progress | None = None) -> dict:
    """Load every MTG card of the mirror into `store`; returns the counts (and seconds taken)."""
    started = time.perf_counter()
    records = read_mirror(Path(mirror), progress)
    write_records(store, records, progress)
    counts = store.card_counts()
    counts["seconds"] = round(time.perf_counter() - started, 2)
    return counts


def _read_text(path: Path) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise SourceError(str(path), f"cannot read ({err})") from err


def load_cards_scryfall(store: Store, oracle_path: Path, rulings_path: Path,
                        progress: Progress | None = None) -> dict:
    """Replace the cards with Scryfall's `oracle_cards` + `rulings` bulk files.

    Scryfall's Oracle cards carry no Spanish, so Spanish names and texts already in the store
    (from a mirror build) are kept for the cards whose names did not change."""
    started = time.perf_counter()
    task = _task(progress, "Scryfall bulk data", 2)
    cards = parse_cards(_read_text(oracle_path), str(oracle_path), source="scryfall")
    _advance(progress, task)
    attach_rulings(cards, parse_rulings(_read_text(rulings_path), str(rulings_path)))
    _advance(progress, task)
    spanish = {}
    for row in store.card_records():
        old = json.loads(row["data"])
        spanish[old["name"]] = {k: old[k] for k in ("es", "es_names") if k in old}
    for record in cards:
        record.update(spanish.get(record["name"], {}))
    store.clear_cards()
    write_records(store, cards, progress)
    counts = store.card_counts()
    counts["seconds"] = round(time.perf_counter() - started, 2)
    return counts
