"""One rulebook HTML fragment → sanitised HTML, its title, includes, references and card mentions.

The fragments are the upstream site's build inputs: `<include>` tags pull other fragments in,
`<ol class="references">` closes each block with its sources, and `[n]` superscripts cite the
n-th item of the next references list. We keep a small whitelist of tags and attributes, so the
stored HTML is safe to render as is; links to other topics and cards become placeholders
(`topic:<path>#frag`, `card:<password>`) that `finalize_links` turns into our URLs."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html import escape, unescape
from html.parser import HTMLParser

KEEP = {"p", "ul", "ol", "li", "em", "strong", "b", "i", "u", "sup", "sub", "br", "hr", "table", "thead", "tbody",
        "tr", "td", "th", "details", "summary", "h1", "h2", "h3", "h4", "h5", "h6", "code", "blockquote", "div"}
VOID = {"br", "hr"}
HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"}
DROP_WITH_CONTENT = {"script", "style", "iframe", "object", "template"}
CLASSES = {"references", "space-left-2", "space-left-4", "battle-damage-ol", "battle-damage-ol-li", "td-top"}
_ID = re.compile(r"[^A-Za-z0-9_-]")
_CARD_IMAGE = re.compile(r"images\.ygoprodeck\.com/images/cards(?:_cropped)?/(\d+)\.jpg")
_WS = re.compile(r"\s+")


@dataclass(frozen=True)
class Reference:
    """One item of a `<ol class="references">` list, with the authority its label claims."""

    label: str
    url: str | None
    authority: str
    block: int  # which references list of the fragment (0-based): `[n]` marks cite the list after them


@dataclass
class Fragment:
    path: str
    title: str | None  # the leading heading, removed from `html`
    html: str
    ids: set[str] = field(default_factory=set)
    includes: list[tuple[str, str | None]] = field(default_factory=list)  # (path, heading right before it)
    references: list[Reference] = field(default_factory=list)
    cards: list[str] = field(default_factory=list)  # passwords, in order of mention


def authority_of(label: str, url: str | None) -> str:
    """The kind of source a reference is, as its own label states it.

    rulebook: a page of an official rulebook (TCG rulebook, OCG Perfect Rulebook); ruling: an
    official ruling (Konami Q&A via the YGOrg database); official: another Konami publication
    (FAQ, rules update, article); unofficial: labelled so upstream; wiki: Yugipedia."""
    low = label.lower()
    host = (url or "").lower()
    if "unofficial" in low:
        return "unofficial"
    if "rulebook" in low and ("official" in low or "perfect" in low):
        return "rulebook"
    if "ruling" in low or "db.ygoresources.com" in host:
        return "ruling"
    if "yugipedia" in low or "yugipedia.com" in host:
        return "wiki"
    if ("official" in low or "konami" in low or "yugioh-card.com" in host or "konami.com" in host
            or "upperdeck" in host):
        return "official"
    return "other"


class _Sanitiser(HTMLParser):
    def __init__(self, path: str) -> None:
        super().__init__(convert_charrefs=True)
        self.path = path
        self.out: list[str] = []
        self.stack: list[str | None] = []  # the tag we emitted for each open source tag (None: dropped)
        self.frag = Fragment(path=path, title=None, html="")
        self.seen_content = False  # anything but whitespace before the first heading?
        self.title_buf: list[str] | None = None
        self.heading_buf: list[str] | None = None
        self.last_heading: str | None = None  # heading text, cleared by any other content
        self.include_buf: list[str] | None = None
        self.ref_depth = 0  # > 0 inside a references list
        self.ref_block = -1
        self.ref_item: dict | None = None
        self.skipping = 0  # > 0 inside a tag dropped with its content (script, style …)

    # -- helpers --
    def emit(self, html: str) -> None:
        self.out.append(html)

    def _attrs(self, tag: str, attrs: dict[str, str | None]) -> str:
        parts = []
        if attrs.get("id"):
            ident = _ID.sub("", attrs["id"] or "")
            if ident:
                parts.append(f' id="{ident}"')
                self.frag.ids.add(ident)
        if tag in ("td", "th"):
            for name in ("colspan", "rowspan"):
                value = attrs.get(name) or ""
                if value.isdigit():
                    parts.append(f' {name}="{value}"')
        classes = [c for c in (attrs.get("class") or "").split() if c in CLASSES]
        if classes:
            parts.append(f' class="{" ".join(classes)}"')
        return "".join(parts)

    # -- parser callbacks --
    def handle_starttag(self, tag: str, attrs_list: list[tuple[str, str | None]]) -> None:
        if tag in DROP_WITH_CONTENT or self.skipping:
            self.skipping += tag in DROP_WITH_CONTENT
            return
        attrs = dict(attrs_list)
        if tag == "include":
            self.include_buf = []
            self.stack.append(None)
            return
        if tag in HEADINGS:
            if not self.seen_content and self.frag.title is None and self.title_buf is None:
                self.title_buf = []
                self.stack.append(None)
                return
            self.heading_buf = []
        elif tag not in ("img",):
            self.last_heading = None
        if tag == "img":
            self._image(attrs)
            return
        if tag == "a":
            self._open_link(attrs)
            return
        if tag == "span":
            password = attrs.get("data-name") if "tooltip-anchor" in (attrs.get("class") or "") else None
            if password and password.isdigit():
                self.frag.cards.append(password)
                self.emit(f'<a class="card" href="card:{password}">')
                self.stack.append("a")
            else:
                self.stack.append(None)
            return
        if tag == "ol" and "references" in (attrs.get("class") or ""):
            self.ref_depth += 1
            if self.ref_depth == 1:
                self.ref_block += 1
        if tag == "li" and self.ref_depth == 1:
            self.ref_item = {"text": [], "url": None}
        if tag in KEEP:
            self.seen_content = True
            self.emit(f"<{tag}{self._attrs(tag, attrs)}>")
            self.stack.append(None if tag in VOID else tag)
            if tag in VOID:
                self.stack.pop()
        else:
            self.stack.append(None)

    def handle_startendtag(self, tag: str, attrs_list: list[tuple[str, str | None]]) -> None:
        if tag == "img":
            self._image(dict(attrs_list))
        elif tag in VOID:
            self.emit(f"<{tag}>")

    def handle_endtag(self, tag: str) -> None:
        if self.skipping:
            self.skipping -= tag in DROP_WITH_CONTENT
            return
        if tag in VOID or tag == "img" or not self.stack:
            return
        if tag == "include":
            target = "".join(self.include_buf or []).strip()
            target = target.removeprefix("build_site/sections/")
            self.frag.includes.append((target, self.last_heading))
            self.emit(f"\x00include:{target}\x00")
            self.include_buf = None
            self.last_heading = None
            self.stack.pop()
            return
        if self.title_buf is not None and tag in HEADINGS:
            self.frag.title = _WS.sub(" ", "".join(self.title_buf)).strip()
            self.title_buf = None
            self.seen_content = True
            self.stack.pop()
            return
        if tag in HEADINGS and self.heading_buf is not None:
            self.last_heading = _WS.sub(" ", "".join(self.heading_buf)).strip()
            self.heading_buf = None
        if tag == "li" and self.ref_depth == 1 and self.ref_item is not None:
            label = _WS.sub(" ", "".join(self.ref_item["text"])).strip()
            if label:
                url = self.ref_item["url"]
                self.frag.references.append(Reference(label, url, authority_of(label, url), self.ref_block))
            self.ref_item = None
        if tag == "ol" and self.ref_depth:
            self.ref_depth -= 1
        emitted = self.stack.pop()
        if emitted:
            self.emit(f"</{emitted}>")

    def handle_data(self, data: str) -> None:
        if self.skipping:
            return
        if self.include_buf is not None:
            self.include_buf.append(data)
            return
        if self.title_buf is not None:
            self.title_buf.append(data)
            return
        if self.heading_buf is not None:
            self.heading_buf.append(data)
        elif data.strip():
            self.last_heading = None
        if data.strip():
            self.seen_content = True
        if self.ref_item is not None:
            self.ref_item["text"].append(data)
        self.emit(escape(_WS.sub(" ", data), quote=False))

    # -- tags with special handling --
    def _open_link(self, attrs: dict[str, str | None]) -> None:
        href = (attrs.get("href") or "").strip()
        if self.ref_item is not None and href.startswith("http") and self.ref_item["url"] is None:
            self.ref_item["url"] = href
        if href.startswith(("http://", "https://")):
            self.emit(f'<a href="{escape(href)}" rel="noopener nofollow">')
            self.stack.append("a")
        elif href.startswith("#") and len(href) > 1:
            self.emit(f'<a class="topic" href="anchor:{_ID.sub("", href[1:])}">')
            self.stack.append("a")
        else:  # '#' on the [n] citation marks, or a malformed URL: keep the text only
            self.stack.append(None)

    def _image(self, attrs: dict[str, str | None]) -> None:
        src = attrs.get("src") or ""
        m = _CARD_IMAGE.search(src)
        ident = _ID.sub("", attrs.get("id") or "")
        if ident:
            self.frag.ids.add(ident)
            self.emit(f'<span id="{ident}"></span>')
        if m:
            self.frag.cards.append(m.group(1))
            self.emit(f'<a class="card" href="card:{m.group(1)}">{m.group(1)}</a>')
            self.seen_content = True


_EMPTY_REFS = re.compile(r"<em>\s*References:\s*</em>\s*<ol class=\"references\">\s*</ol>")
_EMPTY_INTERACTION = re.compile(r"<p>\s*<strong>\s*Interaction with:\s*</strong>\s*</p>\s*(?=\x00|<em>|$|<h)")
_EMPTY_LIST = re.compile(r"<(ul|ol)>\s*</\1>")


def parse_fragment(path: str, text: str) -> Fragment:
    """Sanitise one fragment. Pure: `text` is the file's content, `path` its name under sections/."""
    parser = _Sanitiser(path)
    parser.feed(text.replace("\r\n", "\n"))
    parser.close()
    html = "".join(parser.out)
    html = _EMPTY_REFS.sub("", html)
    html = _EMPTY_LIST.sub("", html)
    html = _EMPTY_INTERACTION.sub("", html)
    html = re.sub(r"[ \t]*\n[\s]*", "\n", html).strip()
    parser.frag.html = html
    return parser.frag


_BLOCK_END = re.compile(r"</(p|li|h[1-6]|tr|div|summary|details|table|ul|ol|blockquote)>|<br>|<hr>")
_TAG = re.compile(r"<[^>]+>")


def html_to_text(html: str) -> str:
    """Plain text of sanitised HTML: one line per block, '• ' before list items, cells split by ' | '."""
    html = re.sub(r"<li[^>]*>", "\n• ", html)
    html = re.sub(r"</t[dh]>", " | ", html)
    html = _BLOCK_END.sub("\n", html)
    text = unescape(_TAG.sub("", html))
    lines = [_WS.sub(" ", line).strip(" |") for line in text.split("\n")]
    return "\n".join(line for line in lines if line.strip())
