"""The same translation memory for the Yu-Gi-Oh rulebook topics: our Spanish beside the sha1 of the
English topic text it translates; current when the English is unchanged, stale when it changed.

Files in spanish/edition_ygo/, one per topic, named CHAPTER-SLUG.txt:

    @ ygo_topic 8/paso-de-inicio en=<sha1 of the English topic text>
    Spanish text (the topic's plain text, line for line) ...
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from pydantic import BaseModel, Field

from ..errors import SourceError
from ..store import Store

YGO_DIR = Path(__file__).with_name("edition_ygo")
KIND = "ygo_topic"
_HEADER = re.compile(r"^@ ygo_topic (\d+)/([a-z0-9-]+) en=([0-9a-f]{40})$")


class YgoSpanish(BaseModel):
    key: str = Field(description="'chapter/slug_es'")
    text: str = Field(description="Our Spanish text of the topic")
    stale: bool = Field(description="True when the English topic changed since this translation")


class YgoCoverage(BaseModel):
    topics: int
    current: int
    stale: list[str]
    missing: int


def _sha1(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8")).hexdigest()


def parse_file(path: Path) -> tuple[str, str, str]:
    """(key, English sha1, Spanish text) of one translation file; SourceError names the file and line."""
    lines = path.read_text(encoding="utf-8").rstrip("\n").split("\n")
    match = _HEADER.match(lines[0]) if lines else None
    if match is None:
        raise SourceError(str(path), "line 1: expected '@ ygo_topic CHAPTER/SLUG en=<sha1>'")
    text = "\n".join(lines[1:]).strip()
    if not text:
        raise SourceError(str(path), "line 2: the Spanish text is empty")
    return f"{match.group(1)}/{match.group(2)}", match.group(3), text


def load_ygo_translations(store: Store, directory: Path = YGO_DIR) -> dict:
    """Put every topic translation into the memory (after the topics are loaded)."""
    rows = []
    for path in sorted(directory.glob("*.txt")):
        key, en_hash, text = parse_file(path)
        chapter, slug = key.split("/")
        row = store.conn.execute("SELECT text FROM ygo_topics WHERE chapter = ? AND slug_es = ?",
                                 (int(chapter), slug)).fetchone()
        if row is None:
            raise SourceError(str(path), f"line 1: no Yu-Gi-Oh topic {key}")
        rows.append((KIND, key, 0, en_hash, row["text"], text, None, None, "ygo", "edition"))
    store.upsert_spanish_memory(rows)
    return {"ygo_topics_translated": len(rows)}


def topic_spanish(store: Store, chapter: int | str, slug_es: str, english_text: str) -> YgoSpanish | None:
    row = store.spanish_unit(KIND, f"{chapter}/{slug_es}")
    if row is None:
        return None
    return YgoSpanish(key=row["key"], text=row["es_text"], stale=row["en_hash"] != _sha1(english_text))


def ygo_status(store: Store) -> YgoCoverage:
    topics = store.conn.execute("SELECT chapter, slug_es, text FROM ygo_topics").fetchall()
    current, stale = 0, []
    for t in topics:
        es = topic_spanish(store, t["chapter"], t["slug_es"], t["text"])
        if es is None:
            continue
        if es.stale:
            stale.append(es.key)
        else:
            current += 1
    return YgoCoverage(topics=len(topics), current=current, stale=stale,
                       missing=len(topics) - current - len(stale))


def export_templates(store: Store, directory: Path) -> int:
    """One file per untranslated topic: the header with the English hash, then the English to translate."""
    directory.mkdir(parents=True, exist_ok=True)
    n = 0
    for t in store.conn.execute("SELECT chapter, slug_es, text FROM ygo_topics ORDER BY chapter, ordinal"):
        if store.spanish_unit(KIND, f"{t['chapter']}/{t['slug_es']}") is not None:
            continue
        (directory / f"{t['chapter']}-{t['slug_es']}.txt").write_text(
            f"@ ygo_topic {t['chapter']}/{t['slug_es']} en={_sha1(t['text'])}\n{t['text']}\n", encoding="utf-8")
        n += 1
    return n
