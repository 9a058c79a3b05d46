"""What the judge returns: an answer whose every citation resolves in the store."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

CitationKind = Literal["rule", "example", "glossary", "ruling", "card", "table", "ygo_topic", "ygo_card"]


class Citation(BaseModel):
    kind: CitationKind
    id: str = Field(description="Rule number, 'rule#n' for an example, glossary term, 'Card Name#n' for the "
                                "n-th ruling of a card, the card name, or 'step n' for a table step")
    version: str | None = Field(None, description="CR version the quote comes from (rules, examples, glossary)")
    quote: str = Field(description="The exact text, copied from the store")
    translation: str | None = Field(None, description="Our Spanish translation of the quote, when there is one")
    date: str | None = Field(None, description="Publication date of a ruling")
    authority: str | None = Field(None, description="Yu-Gi-Oh: the source's authority as the data labels it "
                                                    "(official_card_text, fan_rulebook with its sources …)")
    title: str | None = Field(None, description="Yu-Gi-Oh topics: the topic's title")
    url: str | None = Field(None, description="Where the cited text lives on this site")


class CardInfo(BaseModel):
    name: str
    oracle_text: str
    es_name: str | None = None
    mana_cost: str | None = None
    type_line: str = ""


class Candidate(BaseModel):
    mention: str = Field(description="What the question said")
    names: list[str] = Field(description="The cards it could mean; when the answer took one as the likely "
                             "reading, that one first")


class Answer(BaseModel):
    answer: str = Field(description="The verdict in the question's language")
    lang: str
    game: Literal["mtg", "ygo"] = Field("mtg", description="The game the question is about")
    rules_version: str = Field(description="The CR version the answer used (effective date); for Yu-Gi-Oh, the "
                                           "fan rulebook's revision")
    citations: list[Citation] = Field(description="Ordered by importance")
    cards: list[CardInfo] = Field(default_factory=list)
    confidence: float = Field(description="0–1: how sure the retrieval is that the first citations decide it")
    candidates: list[Candidate] = Field(default_factory=list, description="Card names that were ambiguous")
    backend: str = Field("extractive", description="'extractive' or the LLM backend that wrote the prose")
    warnings: list[str] = Field(default_factory=list)
