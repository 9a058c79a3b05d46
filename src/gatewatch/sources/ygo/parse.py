"""The fan comprehensive rulebook (one HTML fragment per topic) → chapters and ordered topics.

Pure: the caller passes every fragment's text by its path under `sections/`. A chapter is a top-level
`NN_name.html` file with its folder `NN_name/`; every other file is a topic of the chapter whose
folder holds it. Topic order is the order in which the chapter file's `<include>`s reach them,
depth first (that is the order of the upstream site's pages); an include of a topic from another
chapter, or of one already placed, becomes a link instead of a copy. Topics no include reaches
(drafts the upstream site leaves out) follow at the end of their chapter, marked `listed=False`."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from ...errors import SourceError
from .html import Fragment, Reference, html_to_text, parse_fragment

_CHAPTER = re.compile(r"^(\d\d)_([a-z0-9_&]+)\.html$")
_PLACEHOLDER = re.compile(r"\x00include:([^\x00]+)\x00")


@dataclass
class TopicDraft:
    path: str
    chapter: int
    slug: str  # from the file name: 'banish', 'normal-monsters'
    title: str
    parent: str | None  # path of the topic whose page includes this one (None: the chapter page)
    depth: int  # 0 for topics the chapter page includes
    listed: bool
    html: str  # with topic:/card:/anchor: placeholders until finalize_links
    references: list[Reference] = field(default_factory=list)
    cards: list[str] = field(default_factory=list)
    ids: set[str] = field(default_factory=set)


@dataclass
class ChapterDraft:
    number: int
    path: str
    slug: str  # 'monster-cards'
    title: str
    html: str  # the chapter page's own text (its includes are the topic list)
    references: list[Reference] = field(default_factory=list)
    topics: list[TopicDraft] = field(default_factory=list)


def slug_of(path: str) -> str:
    """'09_card_text/02_activating_cards_and_effects/cost.html' → 'cost'; 'f&l_list' → 'f-and-l-list'."""
    stem = path.rsplit("/", 1)[-1].removesuffix(".html")
    stem = re.sub(r"^\d+_", "", stem).replace("&", "_and_")
    return re.sub(r"[^a-z0-9]+", "-", stem.lower()).strip("-")


def _chapter_of(path: str) -> str:
    return path.split("/", 1)[0].removesuffix(".html")


def parse_rulebook(files: dict[str, str]) -> list[ChapterDraft]:
    """Chapters in order (01 … 10), each with its topics in reading order."""
    fragments = {path: parse_fragment(path, text) for path, text in files.items()}
    chapter_files = sorted(p for p in fragments if "/" not in p and _CHAPTER.match(p))
    if not chapter_files:
        raise SourceError("sections/", "no chapter files (NN_name.html)")
    for path, frag in fragments.items():
        for target, _ in frag.includes:
            if target not in fragments:
                raise SourceError(f"sections/{path}", f"<include> of a missing file: {target}")
    chapters = [_chapter(fragments, path) for path in chapter_files]
    known = {p for p in chapter_files} | {t.path for ch in chapters for t in ch.topics}
    orphans = sorted(set(fragments) - known)
    if orphans:
        raise SourceError(f"sections/{orphans[0]}", "file outside every chapter folder")
    return chapters


def _chapter(fragments: dict[str, Fragment], path: str) -> ChapterDraft:
    m = _CHAPTER.match(path)
    assert m is not None
    frag = fragments[path]
    if not frag.title:
        raise SourceError(f"sections/{path}", "chapter page without a leading heading")
    prefix = path.removesuffix(".html") + "/"
    chapter = ChapterDraft(number=int(m.group(1)), path=path, slug=slug_of(path), title=frag.title,
                           html=_PLACEHOLDER.sub("", frag.html), references=frag.references)
    placed: dict[str, TopicDraft] = {}

    def visit(parent: Fragment, parent_path: str | None, depth: int) -> None:
        for target, heading in parent.includes:
            if not target.startswith(prefix) or target in placed:
                continue
            child = fragments[target]
            title = child.title or heading
            if not title:
                raise SourceError(f"sections/{target}", "topic without a heading (in itself or before its include)")
            topic = TopicDraft(path=target, chapter=chapter.number, slug=slug_of(target), title=title,
                               parent=parent_path, depth=depth, listed=True, html=child.html,
                               references=child.references, cards=child.cards, ids=child.ids)
            placed[target] = topic
            chapter.topics.append(topic)
            visit(child, target, depth + 1)

    visit(frag, None, 0)
    for other in sorted(p for p in fragments if p.startswith(prefix) and p not in placed):
        child = fragments[other]
        if not child.title:
            raise SourceError(f"sections/{other}", "unlisted topic without a heading")
        topic = TopicDraft(path=other, chapter=chapter.number, slug=slug_of(other), title=child.title, parent=None,
                           depth=0, listed=False, html=child.html, references=child.references,
                           cards=child.cards, ids=child.ids)
        placed[other] = topic
        chapter.topics.append(topic)
    slugs: dict[str, str] = {}
    for topic in chapter.topics:
        if topic.slug in slugs:
            raise SourceError(f"sections/{topic.path}", f"topic slug '{topic.slug}' also used by {slugs[topic.slug]}")
        slugs[topic.slug] = topic.path
    return chapter


def anchor_index(chapters: list[ChapterDraft]) -> dict[str, str]:
    """Element id → path of the topic that holds it (for '#id' links)."""
    out: dict[str, str] = {}
    for ch in chapters:
        for topic in ch.topics:
            for ident in topic.ids:
                out.setdefault(ident, topic.path)
    return out


@dataclass
class Links:
    """What `finalize_links` did to one topic: the topic paths and card passwords it links to, the
    `#name-N` citation marks whose target the upstream site generates (kept as plain text), and
    anything it could not link (also kept as plain text)."""

    topics: list[str] = field(default_factory=list)
    cards: list[str] = field(default_factory=list)
    citations: list[str] = field(default_factory=list)
    unresolved: list[str] = field(default_factory=list)


_CARD_A = re.compile(r'<a class="card" href="card:(\d+)">(.*?)</a>', re.S)
_ANCHOR_A = re.compile(r'<a class="topic" href="anchor:([^"]*)">(.*?)</a>', re.S)
_IMAGE_CELL = re.compile(r'<td>\s*(<a class="card" href="[^"]+">)([^<]*)</a>\s*</td>\s*'
                         r'<td class="td-top">\s*<strong>\s*\2\s*</strong>')
_CITATION = re.compile(r"^[a-z_]+-\d+$")


def finalize_links(html: str, *, self_path: str, anchors: dict[str, str], titles: dict[str, str],
                   topic_url: Callable[[str], str],
                   card: Callable[[str], tuple[str, str] | None]) -> tuple[str, Links]:
    """Replace include placeholders with links to the included topic, and anchor:/card: links by URLs.

    `titles` gives the displayed title of each topic path; `card(password)` gives (url, name) of a
    card in the store, or None: then the mention stays as plain text (a bare password is dropped)."""
    links = Links()

    def include(m: re.Match[str]) -> str:
        target = m.group(1)
        links.topics.append(target)
        return f'<p class="see">→ <a class="topic" href="{topic_url(target)}">{_esc(titles[target])}</a></p>'

    def card_link(m: re.Match[str]) -> str:
        password, text = m.group(1), m.group(2)
        found = card(password)
        if found is None:
            links.unresolved.append("card " + password)
            return "" if text == password else text
        links.cards.append(password)
        url, name = found
        return f'<a class="card" href="{url}">{_esc(name) if text == password else text}</a>'

    def anchor_link(m: re.Match[str]) -> str:
        ident, text = m.group(1), m.group(2)
        target = anchors.get(ident)
        if target is None:
            (links.citations if _CITATION.match(ident) else links.unresolved).append("#" + ident)
            return text
        if target == self_path:
            return f'<a class="topic" href="#{ident}">{text}</a>'
        links.topics.append(target)
        return f'<a class="topic" href="{topic_url(target)}#{ident}">{text}</a>'

    html = _PLACEHOLDER.sub(include, html)
    html = _CARD_A.sub(card_link, html)
    html = _ANCHOR_A.sub(anchor_link, html)
    # Example tables: a card image (now a link with the card's name) beside the card's name in bold.
    html = _IMAGE_CELL.sub(r'<td class="td-top"> <strong>\1\2</a></strong>', html)
    return html, links


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def topic_text(html: str) -> str:
    return html_to_text(html)
