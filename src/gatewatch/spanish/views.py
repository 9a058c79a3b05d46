"""What the Spanish API returns: the shapes the CLI prints, the JSON API serves and the pages render."""

from __future__ import annotations

from pydantic import BaseModel, Field

LABEL = "Traducción de Gatewatch; el texto oficial en inglés prevalece."


class SpanishRule(BaseModel):
    id: str
    version: str = Field(description="The CR version asked for; staleness is measured against its English")
    kind: str = Field(description="chapter | section | rule | subrule")
    text: str = Field(description="Our Spanish text of the rule")
    examples: list[str] = Field(default_factory=list, description="Spanish examples, in the English order")
    stale: bool = Field(description="True when the English of this version differs from what was translated "
                                    "(rule text or an example), or an example is not translated yet")
    stale_parts: list[str] = Field(default_factory=list, description="Ids of the stale or missing parts")
    source_version: str | None = Field(description="The CR version whose English the Spanish translates")
    label: str = LABEL


class SpanishGlossaryEntry(BaseModel):
    term: str = Field(description="The Spanish term")
    english_term: str
    definition: str = Field(description="The Spanish definition")
    version: str
    stale: bool
    source_version: str | None
    label: str = LABEL


class KindCoverage(BaseModel):
    kind: str = Field(description="chapter | section | rule | subrule | example | glossary")
    total: int
    current: int
    stale: int
    missing: int
    percent: float = Field(description="current / total, in %")


class Coverage(BaseModel):
    version: str
    edition_version: str = Field(description="The version the edition files translate")
    total: int
    current: int
    percent: float
    kinds: list[KindCoverage]
    stale: list[str] = Field(description="Ids whose English changed since they were translated")
    missing: list[str] = Field(description="Ids with no translation")


class SpanishTerm(BaseModel):
    en: str
    es: str
    forms: list[str] = Field(description="Accepted Spanish forms (the checker matches them inflected)")
    source: str = Field(description="'mined' from printed cards, or 'chosen' by us")
    evidence: int | None = Field(description="Mined: aligned card lines supporting the pair")
    kind: str
    note: str = ""
