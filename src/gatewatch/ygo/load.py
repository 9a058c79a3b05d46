"""Build the Yu-Gi-Oh tables: cards from YGOJSON and the fan comprehensive rulebook's topics.

Called by `gatewatch build` inside its transaction on a migrated store; writes rows and returns
counts, never commits or closes. Cards load first, so that card mentions in topics become links."""

from __future__ import annotations

import csv
import gzip
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from rich.progress import Progress

from ..errors import SourceError
from ..sources.ygo.cards import YgoRecord, parse_card, stat_number, text_key
from ..sources.ygo.parse import ChapterDraft, anchor_index, finalize_links, parse_rulebook, topic_text
from ..text import fold

if TYPE_CHECKING:
    from ..store import Store

CARDS_FILE = Path("cards") / "ygo" / "ygojson_cards.jsonl.gz"
SECTIONS = Path("rules") / "ygo" / "en" / "comprehensive_rulebook_laaners" / "sections"
TITLES_TSV = Path(__file__).with_name("titles_es.tsv")


def topic_url(chapter: int, slug_es: str) -> str:
    return f"/yugioh/reglas/{chapter}/{slug_es}"


def card_url(name: str) -> str:
    return "/yugioh/cartas/" + quote(name, safe="")


def slugify(title: str, limit: int = 70) -> str:
    """'Cartas de Monstruo' → 'cartas-de-monstruo'; long titles are cut at a word boundary."""
    words = fold(title.replace("/", " ").replace("&", " y ")).replace(" ", "-").strip("-")
    if len(words) > limit:
        words = words[:limit].rsplit("-", 1)[0]
    return words


def read_titles(path: Path = TITLES_TSV) -> dict[str, tuple[str, str]]:
    """path under sections/ → (English title as the source had it, our Spanish title)."""
    out: dict[str, tuple[str, str]] = {}
    with path.open(encoding="utf-8") as f:
        rows = csv.DictReader((line for line in f if not line.startswith("#")), delimiter="\t",
                              quoting=csv.QUOTE_NONE)
        for n, row in enumerate(rows, start=2):
            if not row.get("path") or not row.get("title_es"):
                raise SourceError(f"{path}:{n}", "expected path, title_en and title_es")
            out[row["path"]] = (row["title_en"], row["title_es"])
    return out


def read_cards(path: Path) -> list[YgoRecord]:
    if not path.exists():
        raise SourceError(str(path), "missing YGOJSON card file")
    records = []
    try:
        with gzip.open(path, "rt", encoding="utf-8") as f:
            for n, line in enumerate(f, start=1):
                if line.strip():
                    try:
                        data = json.loads(line)
                    except json.JSONDecodeError as err:
                        raise SourceError(f"{path}:{n}", f"invalid JSON ({err.msg})") from None
                    records.append(parse_card(data, f"{path}:{n}"))
    except (OSError, EOFError) as err:
        raise SourceError(str(path), f"unreadable gzip ({err})") from None
    if not records:
        raise SourceError(str(path), "no cards")
    return records


def read_sections(folder: Path) -> dict[str, str]:
    if not folder.is_dir():
        raise SourceError(str(folder), "missing rulebook sections folder")
    files = {}
    for p in sorted(folder.rglob("*.html")):
        try:
            files[p.relative_to(folder).as_posix()] = p.read_text(encoding="utf-8")
        except UnicodeDecodeError as err:
            raise SourceError(str(p), f"not UTF-8 ({err.reason} at byte {err.start})") from None
    return files


def _card_rows(records: list[YgoRecord]) -> tuple[list, list, list, list]:
    cards, names, passwords, status = [], [], [], []
    for card_id, r in enumerate(records, start=1):
        row = (card_id, r.uuid, r.name, r.es_name, r.card_type, "|" + "|".join(r.kinds) + "|", r.attribute, r.race,
               r.level, r.rank, r.link, r.scale, stat_number(r.atk), stat_number(r.defense), fold(r.name),
               fold(r.es_name) if r.es_name else None,
               text_key("\n".join(t for t in (r.pendulum_text, r.text) if t)),
               text_key("\n".join(t for t in (r.es_pendulum_text, r.es_text) if t)) if r.es_text else None,
               r.type_line)
        cards.append((row, json.dumps(r.as_json(), ensure_ascii=False)))
        names.append((card_id, r.name, fold(r.name), "en", r.rank_order))
        if r.es_name and fold(r.es_name):
            names.append((card_id, r.es_name, fold(r.es_name), "es", r.rank_order))
        passwords += [(p, card_id) for p in r.passwords]
        status += [(card_id, fmt, st) for fmt, st in r.status.items()]
    return cards, names, passwords, status


def load_cards(store: Store, path: Path) -> dict[str, int]:
    records = read_cards(path)
    # Ids follow name order, so that a search lists by walking the table in id order.
    records.sort(key=lambda r: (fold(r.name), r.rank_order, r.uuid))
    cards, names, passwords, status = _card_rows(records)
    store.add_ygo_cards(cards)
    store.add_ygo_card_names(names)
    store.add_ygo_card_passwords(passwords)
    store.add_ygo_card_status(status)
    store.index_ygo_cards()
    return {"ygo_cards": len(cards), "ygo_card_names": len(names), "ygo_passwords": len(passwords)}


def _spanish_slugs(chapters: list[ChapterDraft], titles: dict[str, tuple[str, str]]) -> dict[str, str]:
    """path → Spanish slug, unique within each chapter (a clash gets the English slug appended)."""
    out: dict[str, str] = {}
    for ch in chapters:
        used: set[str] = set()
        for t in ch.topics:
            slug = slugify(titles.get(t.path, ("", t.title))[1]) or t.slug
            if slug in used:
                slug = f"{slug}-{t.slug}"
            used.add(slug)
            out[t.path] = slug
    return out


def load_topics(store: Store, folder: Path, card_names: dict[str, str]) -> dict[str, Any]:
    """Chapters and topics; `card_names` maps a password (no leading zeros) to the card's English name."""
    chapters = parse_rulebook(read_sections(folder))
    titles = read_titles()
    slugs = _spanish_slugs(chapters, titles)
    anchors = anchor_index(chapters)
    chapter_of = {t.path: ch.number for ch in chapters for t in ch.topics}
    shown = {t.path: titles.get(t.path, (t.title, t.title))[1] for ch in chapters for t in ch.topics}

    def t_url(path: str) -> str:
        return topic_url(chapter_of[path], slugs[path])

    def c_link(password: str) -> tuple[str, str] | None:
        name = card_names.get(password.lstrip("0"))
        return (card_url(name), name) if name else None

    chapter_rows, topic_rows, missing_titles = [], [], []
    counts = {"ygo_chapters": len(chapters), "ygo_topics": 0, "ygo_references": 0, "ygo_topic_links": 0,
              "ygo_card_mentions": 0, "ygo_unresolved_links": 0, "ygo_citation_marks": 0}
    topic_id = 0
    for ch in chapters:
        en, es = titles.get(ch.path, (ch.title, ch.title))
        html, _ = finalize_links(ch.html, self_path=ch.path, anchors=anchors, titles=shown, topic_url=t_url,
                                 card=c_link)
        chapter_rows.append((ch.number, ch.path, ch.slug, slugify(es), ch.title, es, html, topic_text(html),
                             json.dumps([r.__dict__ for r in ch.references], ensure_ascii=False)))
        for ordinal, t in enumerate(ch.topics, start=1):
            topic_id += 1
            if t.path not in titles:
                missing_titles.append(t.path)
            html, links = finalize_links(t.html, self_path=t.path, anchors=anchors, titles=shown, topic_url=t_url,
                                         card=c_link)
            counts["ygo_topics"] += 1
            counts["ygo_references"] += len(t.references)
            counts["ygo_topic_links"] += len(links.topics)
            counts["ygo_card_mentions"] += len(links.cards)
            counts["ygo_unresolved_links"] += len(links.unresolved)
            counts["ygo_citation_marks"] += len(links.citations)
            cards = list(dict.fromkeys(card_names[p.lstrip("0")] for p in links.cards))
            topic_rows.append((topic_id, ch.number, ordinal, t.path, t.slug, slugs[t.path], t.title, shown[t.path],
                               t.parent, t.depth, int(t.listed), html, topic_text(html),
                               json.dumps([r.__dict__ for r in t.references], ensure_ascii=False),
                               json.dumps(list(dict.fromkeys(links.topics))), json.dumps(cards, ensure_ascii=False)))
    store.add_ygo_chapters(chapter_rows)
    store.add_ygo_topics(topic_rows)
    store.index_ygo_topics()
    counts["ygo_topics_without_spanish_title"] = len(missing_titles)
    return counts


def load_ygo(store: Store, mirror: Path, progress: Progress | None = None) -> dict:
    """Load the Yu-Gi-Oh cards and rules topics from the mirror; return counts for the build report."""
    task = progress.add_task("Yu-Gi-Oh", total=2) if progress is not None else None
    counts = load_cards(store, Path(mirror) / CARDS_FILE)
    if progress is not None:
        progress.advance(task)
    counts.update(load_topics(store, Path(mirror) / SECTIONS, store.ygo_password_names()))
    if progress is not None:
        progress.advance(task)
    return counts
