"""What a check hands back: the steps, each citing the rule that justifies it, and the resulting board."""

from __future__ import annotations

from pydantic import BaseModel, Field

from .models import Board


class RuleQuote(BaseModel):
    """A rule cited as supporting context, with its text copied from the store."""

    rule: str = Field(description="Rule number, e.g. '111.7'")
    quote: str = Field(description="The rule's text in the cited version, copied from the store")


class Step(BaseModel):
    """One thing the game does (or one thing a judge should point out), with the rule behind it."""

    action: str = Field(description="Machine-readable action, e.g. 'destroy', 'lose_game', 'combat_damage'")
    description_en: str = Field(description="What happens, in English")
    description_es: str = Field(description="Lo que ocurre, en español")
    objects: list[str] = Field(default_factory=list, description="Ids of the permanents, cards or players involved")
    rule: str = Field(description="The rule that justifies this step, e.g. '704.5g'")
    quote: str = Field(description="The rule's text, copied from the store (newest version)")
    quote_es: str | None = Field(None, description="Our Spanish edition of that rule when it is current "
                                                   "(the official English text prevails); None otherwise")
    related: list[RuleQuote] = Field(default_factory=list, description="Other rules that support the step")
    stage: str = Field(description="When it happens: 'sba-1' (first state-based action check), "
                                   "'combat-first-strike', 'combat' ...")


class CheckResult(BaseModel):
    """The outcome of checking a board."""

    rules_version: str = Field(description="Comprehensive Rules version (effective date) the citations quote")
    steps: list[Step] = Field(default_factory=list, description="What happened, in order")
    board: Board = Field(description="The board after every step")
    losers: list[str] = Field(default_factory=list, description="Ids of players who lost the game")
