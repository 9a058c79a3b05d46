"""What the rules API returns: the shapes the CLI prints, the JSON API serves and the pages render."""

from __future__ import annotations

from pydantic import BaseModel, Field


class RuleView(BaseModel):
    id: str
    version: str = Field(description="Effective date of the CR version this text comes from")
    kind: str
    section: str
    section_title: str = ""
    chapter: str
    chapter_title: str = ""
    parent: str | None
    text: str
    examples: list[str] = Field(default_factory=list)
    subrules: list[str] = Field(default_factory=list)
    siblings: list[str] = Field(default_factory=list)
    references: list[str] = Field(default_factory=list, description="Rules this rule and its examples cite")
    referenced_by: list[str] = Field(default_factory=list, description="Rules whose text or examples cite this one")
    glossary_terms: list[str] = Field(default_factory=list, description="Glossary entries that cite this rule")
    previous: str | None = None
    next: str | None = None
    duplicates: list[str] = Field(default_factory=list,
                                  description="Texts of other rules the official document gave the same number")


class SearchHit(BaseModel):
    id: str
    kind: str = Field(description="'rule' or 'example' (an example's id is its rule's)")
    text: str
    score: float


class SearchResults(BaseModel):
    query: str
    version: str
    results: list[SearchHit]


class GlossaryView(BaseModel):
    term: str
    version: str
    definition: str
    references: list[str]


class VersionInfo(BaseModel):
    version: str
    rules: int
    examples: int
    glossary: int
    source: str
    duplicates: list[str]


class RuleChange(BaseModel):
    kind: str = Field(description="added | removed | changed | renumbered")
    old_id: str | None
    new_id: str | None
    similarity: float
    old_text: str | None = None
    new_text: str | None = None
    inline: list[tuple[str, str]] = Field(default_factory=list, description="Word diff: ('=', '-', '+', text)")


class DiffResult(BaseModel):
    old: str
    new: str
    added: list[RuleChange]
    removed: list[RuleChange]
    changed: list[RuleChange]
    renumbered: list[RuleChange]


class HistoryEntry(BaseModel):
    version: str
    id: str
    change: str = Field(description="initial | added | changed | renumbered")
    previous_version: str | None
    previous_id: str | None
    text: str
    inline: list[tuple[str, str]] = Field(default_factory=list)


class RuleHistory(BaseModel):
    id: str
    version: str
    entries: list[HistoryEntry] = Field(description="Newest first: each version where the text changed")
