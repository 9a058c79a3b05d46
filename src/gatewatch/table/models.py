"""The board format: what a player describes, validated by Pydantic and published as a JSON Schema.

A board is a snapshot of a game at the moment the game would check state-based actions (or begin a
combat damage step). The same model is the input and the output, so a resulting board can be
checked again. Cards are named in Spanish or English; `load_board` resolves them to Oracle data."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, NonNegativeInt, PrivateAttr

from ..errors import GatewatchError

ID_PATTERN = r"^[A-Za-z0-9_.:-]{1,64}$"  # ids appear in JSON paths and messages: keep them plain


class BoardError(GatewatchError):
    """An invalid board: every problem found, each with its JSON path (one error, not the first only)."""

    exit_code = 2

    def __init__(self, problems: list[tuple[str, str]]) -> None:
        self.problems = problems
        listed = "; ".join(f"{path}: {message}" for path, message in problems)
        super().__init__(f"invalid board ({len(problems)} problem{'s' if len(problems) != 1 else ''}): {listed}")

    def to_json(self) -> list[dict[str, str]]:
        return [{"path": path, "message": message} for path, message in self.problems]


class _Model(BaseModel):
    # Unknown keys are mistakes (a misspelt "conters" must not be silently ignored).
    model_config = ConfigDict(extra="forbid")


class ZoneCard(_Model):
    """A card (or token, or copy) in a graveyard, in exile or in the command zone."""

    id: str | None = Field(None, pattern=ID_PATTERN,
                           description="Optional id (needed to refer to it, e.g. a commander's damage)")
    card: str | None = Field(None, description="Card name, Spanish or English; may be omitted for a token")
    name: str | None = Field(None, description="Display name (filled in from the card; give it for tokens)")
    es_name: str | None = Field(None, description="Spanish name, when printed in Spanish (filled in)")
    token: bool = Field(False, description="A token: ceases to exist outside the battlefield (704.5d)")
    copy_: bool = Field(False, alias="copy", description="A copy of a card: ceases to exist outside the "
                                                          "stack and battlefield (704.5e)")
    commander: bool = Field(False, description="This card is a commander (Commander games)")
    since_last_check: bool = Field(True, description="Put into this zone since state-based actions were last "
                                                     "checked (matters for commanders, 704.6d)")
    to_command_zone: bool = Field(True, description="For a commander: its owner chooses to move it to the "
                                                    "command zone when allowed (704.6d)")
    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class Player(_Model):
    """A player: life, poison, library and hand sizes, commander damage taken, and their zones."""

    id: str = Field(pattern=ID_PATTERN, description="Unique id, e.g. 'p1' or 'ana'")
    name: str | None = Field(None, description="Display name")
    life: int = Field(description="Life total (may be 0 or negative)")
    poison: int = Field(0, ge=0, description="Poison counters")
    library: int = Field(0, ge=0, description="Number of cards in the library")
    hand: int = Field(0, ge=0, description="Number of cards in hand")
    drew_from_empty_library: bool = Field(False, description="Attempted to draw from an empty library since "
                                                             "state-based actions were last checked (704.5b)")
    commander_damage: dict[str, NonNegativeInt] = Field(default_factory=dict,
                                             description="Combat damage taken from each commander, by the "
                                                         "commander's id (704.6c)")
    graveyard: list[ZoneCard] = Field(default_factory=list, description="Graveyard, bottom first")
    exile: list[ZoneCard] = Field(default_factory=list, description="Cards this player owns in exile")
    command: list[ZoneCard] = Field(default_factory=list, description="Command zone (commanders, emblems ...)")
    lost: bool = Field(False, description="Has lost the game (set by the checks)")


class Effect(_Model):
    """A continuous effect on a permanent's power/toughness (layer 7b sets, layer 7c modifies)."""

    power: int = Field(0, description="Modification to power, e.g. -1")
    toughness: int = Field(0, description="Modification to toughness, e.g. -1")
    set_power: int | None = Field(None, description="Sets base power to this value (layer 7b)")
    set_toughness: int | None = Field(None, description="Sets base toughness to this value (layer 7b)")
    until: Literal["end_of_turn", "permanent", "while_attached", "other"] = Field(
        "end_of_turn", description="How long it lasts (only shown; the checks do not advance the turn)")
    source: str | None = Field(None, description="What created it, e.g. 'Disfigure'")


class Permanent(_Model):
    """A permanent on the battlefield."""

    id: str = Field(pattern=ID_PATTERN, description="Unique id, e.g. 'bears1'")
    card: str | None = Field(None, description="Card name, Spanish or English (resolved to its Oracle data); "
                                                "may be omitted for a token that gives name and type_line")
    name: str | None = Field(None, description="English name (filled in from the card; give it for tokens)")
    es_name: str | None = Field(None, description="Spanish name, when printed in Spanish (filled in)")
    type_line: str | None = Field(None, description="Type line; overrides the card's (e.g. a token's)")
    power: int | None = Field(None, description="Base power; overrides the printed one (needed for */*)")
    toughness: int | None = Field(None, description="Base toughness; overrides the printed one")
    abilities: list[str] = Field(default_factory=list,
                                 description="Keyword abilities it has in addition to the card's, e.g. 'trample'")
    loses_abilities: list[str] = Field(default_factory=list, description="Keyword abilities it has lost")
    controller: str = Field(description="Id of the player who controls it")
    owner: str | None = Field(None, description="Id of its owner (default: the controller)")
    tapped: bool = False
    face_down: bool = Field(False, description="Face down: a 2/2 creature with no name or abilities (708.2a)")
    token: bool = Field(False, description="A token")
    copy_: bool = Field(False, alias="copy", description="A copy of a card (704.5e once outside the battlefield)")
    commander: bool = Field(False, description="This permanent is a commander")
    timestamp: int | None = Field(None, description="Order it entered (higher = newer); used by the legend "
                                                    "and world rules when the board says no choice")
    keep: bool = Field(False, description="Legend rule choice: this is the one its controller keeps (704.5j)")
    counters: dict[str, NonNegativeInt] = Field(default_factory=dict,
                                     description="Counters by kind: '+1/+1', '-1/-1', 'loyalty', 'defense', "
                                                 "'lore' ...; none may be negative")
    damage: int = Field(0, ge=0, description="Damage marked on it")
    deathtouch_damage: bool = Field(False, description="Dealt damage by a source with deathtouch since "
                                                       "state-based actions were last checked (704.5h)")
    attached_to: str | None = Field(None, description="Id of the permanent or player it is attached to; "
                                                       "null = attached to nothing (an Aura must say)")
    effects: list[Effect] = Field(default_factory=list, description="Power/toughness effects in force")
    attacking: str | None = Field(None, description="Id of the player, planeswalker or battle it attacks")
    blocked: bool | None = Field(None, description="An attacker that was blocked (true even if its blockers "
                                                   "are gone); derived from blockers when omitted")
    blocking: list[str] = Field(default_factory=list, description="Ids of the attackers it blocks")
    removed_from_combat: bool = Field(False, description="Removed from combat (506.4): deals and is dealt no "
                                                         "combat damage")
    damage_assignment: dict[str, NonNegativeInt] | None = Field(
        None, description="How its controller divides its combat damage, by recipient id; omitted = the "
                          "table assigns lethal damage in blocker order (510.1c, 702.19b)")
    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class StackObject(_Model):
    """A spell or ability on the stack (top last)."""

    id: str = Field(pattern=ID_PATTERN)
    kind: Literal["spell", "ability"] = "spell"
    card: str | None = Field(None, description="The spell's card name; omitted for abilities")
    name: str | None = Field(None, description="Display name")
    controller: str = Field(description="Id of its controller")
    source: str | None = Field(None, description="For an ability: id of its source permanent (e.g. a Saga "
                                                 "whose chapter ability triggered)")
    copy_: bool = Field(False, alias="copy", description="A copy of a spell")
    model_config = ConfigDict(extra="forbid", populate_by_name=True)


StepName = Literal["untap", "upkeep", "draw", "main1", "beginning_of_combat", "declare_attackers",
                "declare_blockers", "combat_damage", "end_of_combat", "main2", "end", "cleanup"]


class Turn(_Model):
    """Whose turn it is and where: checks run combat damage when the step is 'combat_damage'."""

    active_player: str = Field(description="Id of the active player")
    number: int = Field(1, ge=1)
    step: StepName = Field("main1", description="Current step (or main phase)")
    combat_damage_dealt: Literal["none", "first_strike", "all"] = Field(
        "none", description="In the combat damage step: which damage has already been dealt")


class Board(_Model):
    """A described game: players, permanents, the stack and the turn."""

    format: Literal["normal", "commander"] = Field("normal", description="'commander' turns on 704.6c/704.6d")
    players: list[Player] = Field(min_length=1)
    permanents: list[Permanent] = Field(default_factory=list, description="The battlefield")
    stack: list[StackObject] = Field(default_factory=list, description="The stack, bottom first")
    turn: Turn
    # Oracle data of each permanent, by id (filled by load_board; not part of the JSON).
    _infos: dict = PrivateAttr(default_factory=dict)


Problem = tuple[str, str]
