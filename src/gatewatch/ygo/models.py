"""Typed Yu-Gi-Oh models: what the library, the CLI (`--json`) and the web hand out."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

Authority = Literal["fan_rulebook", "rulebook", "ruling", "official", "official_card_text", "unofficial", "wiki",
                    "other"]

FAN_RULEBOOK = "laaners/yugioh_comprehensive_rulebook @ d3a9687 (2025-03-29)"


class YgoReference(BaseModel):
    """A source a topic cites, as listed at the end of its block."""

    label: str = Field(description="The reference as the rulebook words it, e.g. 'Official rulebook page 53'")
    url: str | None = Field(None, description="Where it points (official rulebook, YGOrg rulings database …)")
    authority: Authority = Field(description="rulebook (an official rulebook page), ruling (an official ruling), "
                                             "official (another Konami publication), unofficial, wiki, other")
    block: int = Field(description="Which references list of the topic (0-based); `[n]` marks in the text cite the "
                                   "n-th item of the list that follows them")


class YgoTopicRef(BaseModel):
    """Enough about a topic to name it and link to it."""

    chapter: int = Field(description="Chapter number, 1-10")
    ordinal: int = Field(description="Position within the chapter, from 1")
    slug: str = Field(description="English identifier from the source file name, e.g. 'banish'")
    slug_es: str = Field(description="Spanish identifier used in our URLs, e.g. 'desterrar'")
    title: str = Field(description="Our Spanish title")
    title_en: str = Field(description="The original English title")
    depth: int = Field(0, description="0 for topics the chapter page lists; deeper for sub-topics")
    url: str = Field(description="Web address of the topic page")


class YgoChapter(BaseModel):
    """A chapter of the rulebook with its topics in reading order."""

    number: int = Field(description="1-10")
    roman: str = Field(description="The number in Roman numerals, as chapters are named ('Capítulo II')")
    slug: str = Field(description="English identifier, e.g. 'monster-cards'")
    slug_es: str = Field(description="Spanish identifier, e.g. 'cartas-de-monstruo'")
    title: str = Field(description="Our Spanish title")
    title_en: str = Field(description="The original English title")
    url: str
    intro_html: str = Field("", description="The chapter page's own text (sanitised HTML)")
    references: list[YgoReference] = Field(default_factory=list)
    topics: list[YgoTopicRef] = Field(default_factory=list)


class YgoTopic(BaseModel):
    """One topic of the fan comprehensive rulebook, with its sources and its neighbours in the chapter."""

    chapter: YgoChapter = Field(description="The chapter (without its topic list)")
    ref: YgoTopicRef
    html: str = Field(description="Sanitised HTML (English): paragraphs, lists, tables; links to topics and cards "
                                  "are site URLs")
    text: str = Field(description="Plain text of the same (one line per block, '• ' for list items)")
    lang: Literal["en"] = Field("en", description="Language of the text (no Spanish edition yet)")
    references: list[YgoReference] = Field(default_factory=list)
    previous: YgoTopicRef | None = Field(None, description="The topic before it in the chapter")
    next: YgoTopicRef | None = Field(None, description="The topic after it in the chapter")
    parent: YgoTopicRef | None = Field(None, description="The topic whose page includes this one")
    children: list[YgoTopicRef] = Field(default_factory=list, description="Topics this page includes")
    links: list[YgoTopicRef] = Field(default_factory=list, description="Other topics it links to")
    cards: list[str] = Field(default_factory=list, description="Cards it mentions (English names)")
    listed: bool = Field(True, description="False for drafts the upstream site does not list")
    authority: Authority = Field("fan_rulebook", description="The topic itself is a fan compilation; its references "
                                                             "carry their own authority")
    source: str = Field(FAN_RULEBOOK, description="Upstream repository and revision")


class YgoCardText(BaseModel):
    name: str
    text: str | None = Field(None, description="Card text (monster effect or flavour text)")
    pendulum_text: str | None = Field(None, description="Pendulum effect, for Pendulum monsters")


class YgoCard(BaseModel):
    """One Yu-Gi-Oh card with its official text in English and, when printed, in Spanish."""

    name: str = Field(description="English name")
    uuid: str = Field(description="YGOJSON identifier")
    card_type: Literal["monster", "spell", "trap", "token", "skill"]
    type_line: str = Field(description="e.g. 'Spellcaster/Normal', 'Quick-Play Spell', 'Counter Trap'")
    kinds: list[str] = Field(default_factory=list, description="The `type:` values it matches")
    attribute: str | None = None
    race: str | None = Field(None, description="Monster type, e.g. 'spellcaster', 'wingedbeast'")
    level: int | None = None
    rank: int | None = None
    link_rating: int | None = None
    link_arrows: list[str] = Field(default_factory=list)
    scale: int | None = Field(None, description="Pendulum Scale")
    atk: str | None = Field(None, description="ATK as printed ('?' for variable)")
    defense: str | None = Field(None, description="DEF as printed; none for Link monsters")
    text: str | None = None
    pendulum_text: str | None = None
    es: YgoCardText | None = Field(None, description="Spanish name and text, when printed in Spanish")
    passwords: list[str] = Field(default_factory=list)
    status: dict[str, str] = Field(default_factory=dict, description="format (tcg, ocg, genesys …) → "
                                   "forbidden/limited/semilimited/unlimited/unreleased")
    authority: Authority = "official_card_text"
    source: str = Field("YGOJSON v1 (Yugipedia, yaml-yugi, YGOPRODeck), snapshot 2026-06-14")


class YgoCardSummary(BaseModel):
    name: str
    es_name: str | None = None
    card_type: str
    type_line: str
    attribute: str | None = None
    level: int | None = None
    rank: int | None = None
    link_rating: int | None = None
    atk: int | None = None
    defense: int | None = None
    text: str = ""
    url: str


class YgoSearchResult(BaseModel):
    query: str
    total: int = Field(description="All matches, not only those returned")
    cards: list[YgoCardSummary] = Field(default_factory=list, description="First `limit` matches, by name")


class YgoNameCandidate(BaseModel):
    name: str = Field(description="English name of the card")
    matched: str = Field(description="The name (English or Spanish) that matched")
    lang: Literal["en", "es"]
    score: float


class YgoResolution(BaseModel):
    query: str
    status: Literal["found", "ambiguous", "not_found"]
    match: Literal["exact", "prefix", "fuzzy", "id"] | None = None
    card_id: int | None = None
    card: str | None = None
    matched: str | None = None
    lang: Literal["en", "es"] | None = None
    candidates: list[YgoNameCandidate] = Field(default_factory=list)
