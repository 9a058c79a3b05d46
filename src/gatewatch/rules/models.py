"""Models of the Comprehensive Rules: what crosses the boundary between parser, store, CLI and web."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

RuleKind = Literal["chapter", "section", "rule", "subrule"]


class Rule(BaseModel):
    """One numbered unit of the CR: a chapter ("7"), section ("702"), rule ("702.19") or subrule ("702.19c")."""

    id: str = Field(description="The rule number without trailing dot, e.g. '702.19c'")
    kind: RuleKind
    parent: str | None = Field(None, description="The enclosing rule, section or chapter")
    section: str = Field(description="The three-digit section, e.g. '702' ('7' for a chapter)")
    chapter: str = Field(description="The chapter digit, e.g. '7'")
    text: str = Field(description="The rule text after its number; continuation lines joined with a newline")
    raw: str = Field(description="The exact source lines of the rule (without its examples)")
    examples: list[str] = Field(default_factory=list, description="Example texts, without the 'Example:' label")
    examples_raw: list[str] = Field(default_factory=list, description="The exact source lines of each example")
    position: int = Field(0, description="Order of the rule in the document")
    dup: int = Field(0, description="0 normally; 1+ when the official text reuses a number for another rule")
    line: int = Field(0, description="1-based line number in the source file")


class GlossaryEntry(BaseModel):
    term: str
    definition: str = Field(description="Definition paragraphs joined with newlines")
    raw: str = Field(description="The exact source lines of the entry")
    line: int = 0


class Reference(BaseModel):
    """A rule number mentioned in a rule, example or glossary entry."""

    source_kind: Literal["rule", "example", "glossary"]
    source_id: str = Field(description="Rule id, 'ruleid#exampleN', or the glossary term")
    target: str = Field(description="The referenced rule id")
    text: str = Field(description="The matched text, e.g. 'rules 510.1c–d'")
    resolved: bool = True


class RulesDocument(BaseModel):
    """One parsed version of the Comprehensive Rules."""

    version: str = Field(description="Effective date, YYYY-MM-DD")
    source: str = Field(description="Where the text came from (file path or URL)")
    intro: str = ""
    contents: list[str] = Field(default_factory=list, description="Table-of-contents lines")
    rules: list[Rule] = Field(default_factory=list)
    glossary: list[GlossaryEntry] = Field(default_factory=list)
    credits: str = ""
    duplicates: list[str] = Field(default_factory=list, description="Rule numbers used for two different rules")
    warnings: list[str] = Field(default_factory=list)

    def rule_ids(self) -> set[str]:
        return {r.id for r in self.rules}

    @property
    def example_count(self) -> int:
        return sum(len(r.examples) for r in self.rules)
