"""Bad input files: a corrupt or truncated card file gives one clear SourceError line, and a failed
build leaves the previous database untouched."""

from __future__ import annotations

import io
import json
import tarfile
from pathlib import Path

import pytest

from gatewatch.build import build_database
from gatewatch.cards import get_card
from gatewatch.cards.load import MTGJSON_ARCHIVE, SPOILER_ARCHIVE, load_cards
from gatewatch.errors import SourceError
from gatewatch.store import MIGRATIONS, Store

SET = {"meta": {"version": "5.2.0+test"}, "data": {"code": "TST", "releaseDate": "2020-01-01", "cards": [
    {"name": "Test Bear", "manaCost": "{1}{G}", "manaValue": 2.0, "type": "Creature — Bear",
     "types": ["Creature"], "power": "2", "toughness": "2", "colors": ["G"], "colorIdentity": ["G"],
     "printings": ["TST"], "rulings": [{"date": "2020-01-01", "text": "It is a bear."}],
     "foreignData": [{"language": "Spanish", "name": "Oso de prueba"}]}]}}
SPOILER = (b"<cockatrice_carddatabase version='4'><cards><card><name>New Card</name><text>Draw a card.</text>"
           b"<prop><type>Instant</type><cmc>1</cmc><manacost>U</manacost><colors>U</colors></prop>"
           b"<set rarity='Common'>NEW</set></card></cards></cockatrice_carddatabase>")


def _archive(path: Path, files: dict[str, bytes]) -> None:
    with tarfile.open(path, "w:xz") as tar:
        for name, data in files.items():
            info = tarfile.TarInfo(f"./{name}")
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))


def _mirror(root: Path, sets: dict[str, bytes] | None = None, spoilers: dict[str, bytes] | None = None) -> Path:
    folder = root / "cards" / "mtg"
    folder.mkdir(parents=True)
    _archive(folder / MTGJSON_ARCHIVE, sets if sets is not None else {"TST.json": json.dumps(SET).encode()})
    _archive(folder / SPOILER_ARCHIVE, spoilers if spoilers is not None else {"NEW.xml": SPOILER})
    return root


def _store(path: Path) -> Store:
    store = Store(path, readonly=False)
    store.migrate(MIGRATIONS)
    return store


def test_tiny_mirror_loads(tmp_path):
    store = _store(tmp_path / "ok.db")
    counts = load_cards(store, _mirror(tmp_path / "m"))
    assert (counts["cards"], counts["spoiler_cards"], counts["rulings"], counts["spanish_names"]) == (2, 1, 1, 1)


def test_truncated_archive(tmp_path, mtg_dir):
    mirror = _mirror(tmp_path / "m")
    target = mirror / "cards" / "mtg" / MTGJSON_ARCHIVE
    target.write_bytes((mtg_dir / MTGJSON_ARCHIVE).read_bytes()[:400_000])  # a cut download
    with pytest.raises(SourceError) as info:
        load_cards(_store(tmp_path / "x.db"), mirror)
    message = str(info.value)
    assert message.startswith(str(target)) and "corrupt or truncated archive" in message and "\n" not in message


def test_empty_archive_file(tmp_path):
    mirror = _mirror(tmp_path / "m")
    (mirror / "cards" / "mtg" / MTGJSON_ARCHIVE).write_bytes(b"")
    with pytest.raises(SourceError, match="corrupt or truncated archive"):
        load_cards(_store(tmp_path / "x.db"), mirror)


def test_invalid_json_in_a_set_file(tmp_path):
    mirror = _mirror(tmp_path / "m", sets={"TST.json": json.dumps(SET).encode(), "BAD.json": b'{"data": {'})
    with pytest.raises(SourceError) as info:
        load_cards(_store(tmp_path / "x.db"), mirror)
    assert "BAD.json" in str(info.value) and "invalid JSON" in str(info.value)


def test_malformed_spoiler_xml(tmp_path):
    mirror = _mirror(tmp_path / "m", spoilers={"NEW.xml": SPOILER[:90]})
    with pytest.raises(SourceError) as info:
        load_cards(_store(tmp_path / "x.db"), mirror)
    assert "NEW.xml" in str(info.value) and "malformed XML" in str(info.value)


def test_missing_archive(tmp_path):
    with pytest.raises(SourceError, match="missing MTGJSON set archive"):
        load_cards(_store(tmp_path / "x.db"), tmp_path)


def test_failed_build_keeps_the_previous_database(tmp_path):
    dest = tmp_path / "home" / "gatewatch.db"
    build_database(dest, _mirror(tmp_path / "good"), parts=("cards",))
    before = dest.read_bytes()
    bad = _mirror(tmp_path / "bad", sets={"TST.json": b"not json at all"})
    with pytest.raises(SourceError):
        build_database(dest, bad, parts=("cards",))
    assert dest.read_bytes() == before
    assert [p.name for p in dest.parent.iterdir()] == ["gatewatch.db"]  # no temp file left behind
    assert get_card(Store(dest, readonly=True), "Oso de prueba").name == "Test Bear"
