"""Typed card models: what the library, the CLI (`--json`) and the web API hand out."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field


class KeywordRef(BaseModel):
    """A keyword ability or action on the card and the Comprehensive Rules rule that defines it."""

    keyword: str = Field(description="Keyword as printed in Oracle text, e.g. 'Deathtouch'")
    rule: str | None = Field(None, description="Rule number that defines it (e.g. '702.2'), newest CR version; "
                                                "None when the rules are not in the store or have no such entry")


class Ruling(BaseModel):
    """An official ruling (Gatherer/WotC, via MTGJSON or Scryfall) on a card."""

    date: str = Field(description="Publication date, YYYY-MM-DD")
    text: str = Field(description="Ruling text in English")
    rules: list[str] = Field(default_factory=list,
                             description="Rule numbers the ruling mentions that exist in the store")


class SpanishText(BaseModel):
    """The card as printed in Spanish (printed text, not an Oracle translation)."""

    name: str = Field(description="Canonical Spanish name: the one of the newest Spanish printing")
    names: list[str] = Field(default_factory=list, description="Every Spanish name it was printed with, newest first")
    face_name: str | None = Field(None, description="Spanish name of the front face (multi-face cards)")
    type_line: str | None = Field(None, description="Spanish type line of the front face")
    text: str | None = Field(None, description="Spanish rules text of the front face as printed")
    set: str | None = Field(None, description="Set code of the printing the Spanish text comes from")


class CardFace(BaseModel):
    """One face of a split, flip, transform, modal double-faced, adventure … card."""

    name: str = Field(description="Face name")
    side: str | None = Field(None, description="MTGJSON side letter: a, b, c …")
    mana_cost: str | None = Field(None, description="Mana cost in {X}{U} notation")
    mana_value: float | None = Field(None, description="Mana value of this face")
    type_line: str = Field("", description="Type line of this face")
    oracle_text: str = Field("", description="Oracle text of this face")
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    colors: list[str] = Field(default_factory=list, description="Colours of this face (WUBRG letters)")
    color_indicator: list[str] | None = Field(None, description="Colour indicator, if the face has one")
    es_name: str | None = Field(None, description="Spanish face name, when printed in Spanish")
    es_type_line: str | None = Field(None, description="Spanish type line of this face")
    es_text: str | None = Field(None, description="Spanish printed text of this face")


class Card(BaseModel):
    """One unique card (Oracle identity) with everything a judge needs about it."""

    name: str = Field(description="English Oracle name; 'A // B' for multi-face cards")
    oracle_id: str | None = Field(None, description="Scryfall Oracle ID (absent for spoiler cards)")
    layout: str | None = Field(None, description="normal, split, flip, transform, modal_dfc, adventure, meld …")
    mana_cost: str | None = Field(None, description="Mana cost; faces joined with ' // '")
    mana_value: float = Field(0.0, description="Mana value (converted mana cost)")
    type_line: str = Field("", description="Type line; faces joined with ' // '")
    oracle_text: str = Field("", description="Oracle text; faces separated by a '//' line")
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    colors: list[str] = Field(default_factory=list, description="Colours (all faces), WUBRG order")
    color_identity: list[str] = Field(default_factory=list, description="Colour identity, WUBRG order")
    keywords: list[KeywordRef] = Field(default_factory=list, description="Keywords, each with its rule")
    legalities: dict[str, str] = Field(default_factory=dict,
                                       description="format → Legal/Banned/Restricted (formats not listed: not legal)")
    faces: list[CardFace] = Field(default_factory=list, description="Faces of a multi-face card, else empty")
    rulings: list[Ruling] = Field(default_factory=list, description="Official rulings, oldest first")
    es: SpanishText | None = Field(None, description="Spanish name(s), type line and printed text")
    printings: list[str] = Field(default_factory=list, description="Set codes it was printed in")
    source: str = Field(description="Where the data comes from (MTGJSON version, Cockatrice spoiler, Scryfall)")
    is_spoiler: bool = Field(False, description="True when the text is spoiler text, not final Oracle wording")
    flags: list[str] = Field(default_factory=list, description="The `is:` values this card matches")


class CardSummary(BaseModel):
    """A search hit: enough to list the card and link to it."""

    name: str
    es_name: str | None = Field(None, description="Canonical Spanish name, if any")
    mana_cost: str | None = None
    mana_value: float = 0.0
    type_line: str = ""
    oracle_text: str = ""
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None


class SearchResult(BaseModel):
    """The answer to a Scryfall-syntax query."""

    query: str = Field(description="The query as given")
    total: int = Field(description="Number of matching cards (all of them, not only those returned)")
    cards: list[CardSummary] = Field(default_factory=list, description="First `limit` matches, by name")


class NameCandidate(BaseModel):
    """A card a name could refer to."""

    name: str = Field(description="English Oracle name of the card")
    matched: str = Field(description="The name (English or Spanish, card or face) that matched")
    lang: Literal["en", "es"] = Field(description="Language of the matched name")
    score: float = Field(description="100 for exact and prefix matches, else the fuzzy similarity (0-100)")


class Resolution(BaseModel):
    """How a typed name resolved: one card, or the candidates when it is not clear which."""

    query: str = Field(description="The text as typed")
    status: Literal["found", "ambiguous", "not_found"]
    match: Literal["exact", "prefix", "fuzzy", "translated"] | None = Field(None, description="Which step matched")
    card: str | None = Field(None, description="English name of the card, when found")
    matched: str | None = Field(None, description="The name that matched (may be Spanish or a face name)")
    lang: Literal["en", "es"] | None = Field(None, description="Language of the matched name")
    candidates: list[NameCandidate] = Field(default_factory=list,
                                            description="When ambiguous or not found: the closest cards")
