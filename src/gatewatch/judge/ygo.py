"""The judge for Yu-Gi-Oh: tell the game from the question, then cite rulebook topics and official
card texts, each labelled with the authority its data gives it."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from ..cards.mtg import name_key
from ..errors import GatewatchError
from ..store import Store
from ..text import fold
from .models import CardInfo, Citation

# Words that only one of the two games uses (English and Spanish, folded).
_YGO = {"duel", "duelo", "duelist", "duelista", "summon", "summoned", "summoning", "invocacion", "invocar",
        "invoco", "invocada", "tribute", "tributo", "xyz", "synchro", "sincronia", "pendulum", "pendulo",
        "fusion", "link", "tuner", "cantante", "materials", "materiales", "chain", "cadena", "banish",
        "banished", "desterrar", "destierro", "desterrada", "colocar", "coloco", "lp",
        "monster", "monstruo", "monstruos", "trap", "trampa", "magica", "negate", "negar", "niega",
        "yugioh", "yu", "gi", "oh", "konami", "atk", "def", "flip", "volteo", "attribute", "atributo",
        "overlay", "rank", "rango", "scale", "escala", "eslabon"}
# Yu-Gi-Oh words Magic players use too ("flip a 4-drop" to cascade, flip cards, "summoning sickness"):
# half a vote each.
_YGO_WEAK = {"flip", "volteo", "link", "fusion", "summoning", "negate", "negar", "niega", "scale", "escala",
             "rank", "rango", "colocar", "coloco", "trampa"}
_MTG = {"mana", "tap", "untap", "girar", "enderezar", "battlefield", "stack", "pila", "planeswalker",
        "creature", "criatura", "criaturas", "instant", "instantaneo", "sorcery", "conjuro", "mulligan", "upkeep",
        "mantenimiento", "trample", "arrollar", "deathtouch", "toque", "flying", "vuela", "commander",
        "comandante", "library", "biblioteca", "token", "ficha", "exile", "exiliar", "permanent",
        "permanente", "oracle", "magic", "mtg", "aura", "equipment", "equipo", "loyalty", "lealtad", "cast",
        "lanzar", "lanzo", "priority", "prioridad", "command", "mando", "trigger", "dispara", "spell", "hechizo",
        "cascade", "cascada", "cascadea", "mv", "cmc", "scry", "edh", "sick", "sickness", "mareo"}
# Spanish rulebook words → the English the fan rulebook is written in, for its full-text index.
_ES_TO_EN = {"desterrar": "banish", "desterrada": "banish", "destierro": "banish", "invocacion": "summon",
             "invocar": "summon", "especial": "special", "normal": "normal", "tributo": "tribute",
             "cadena": "chain", "eslabon": "chain link", "negar": "negate", "monstruo": "monster",
             "trampa": "trap", "magica": "spell", "mano": "hand", "cementerio": "graveyard", "campo": "field",
             "zona": "zone", "efecto": "effect", "activar": "activate", "coste": "cost", "objetivo": "target",
             "destruir": "destroy", "boca": "face", "abajo": "down", "arriba": "up", "colocar": "set",
             "ataque": "attack", "defensa": "defense", "batalla": "battle", "fase": "phase", "robo": "draw",
             "robar": "draw", "cantante": "tuner", "sincronia": "synchro", "fusion": "fusion",
             "pendulo": "pendulum", "escala": "scale", "materiales": "material", "enlace": "link",
             "voltear": "flip", "volteo": "flip", "rapida": "quick", "contraefecto": "counter",
             "continua": "continuous", "equipo": "equip", "ritual": "ritual", "ficha": "token"}
_WORD = re.compile(r"[a-z0-9]+")
_TOKEN = re.compile(r"[\w'’\-]+")


def detect_game(store: Store, question: str) -> str:
    """'ygo' when the question speaks Yu-Gi-Oh (its words or a multi-word Yu-Gi-Oh card name), else 'mtg'.
    Words inside a Magic card's whole name do not count («Monstruo arcaico de lo profundo» is Elder
    Deep-Fiend, not a Yu-Gi-Oh monster); the names are looked for only when the words alone say Yu-Gi-Oh."""
    ygo_cards = cache(lambda: find_ygo_cards(store, question))
    if _speaks_ygo(store, question, ygo_cards) and _speaks_ygo(store, _without_mtg_names(store, question), ygo_cards):
        return "ygo"
    return "mtg"


def _speaks_ygo(store: Store, text: str, ygo_cards: Callable[[], list[str]]) -> bool:
    words = set(_WORD.findall(fold(text)))
    strong = len(words & (_YGO - _YGO_WEAK))
    ygo = strong + 0.5 * len(words & _YGO & _YGO_WEAK)
    mtg = len(words & _MTG)
    if "yugioh" in words or ("yu" in words and "gi" in words):
        return True
    if ygo and ygo >= mtg + 1 and _has_ygo_data(store):
        return True
    return bool(strong and ygo >= mtg and ygo_cards())


def _whole_names(tokens: list[str], rows_of: Callable[[str], list]) -> list[tuple[int, int, list]]:
    """The spans of two to eight tokens that `rows_of` knows as a name, longest first, never overlapping:
    (first token, past the last, the rows)."""
    taken = [False] * len(tokens)
    spans = []
    for n in range(min(8, len(tokens)), 1, -1):
        for i in range(len(tokens) - n + 1):
            if any(taken[i:i + n]):
                continue
            rows = rows_of(" ".join(tokens[i:i + n]))
            if rows:
                spans.append((i, i + n, rows))
                taken[i:i + n] = [True] * n
    return spans


def _without_mtg_names(store: Store, question: str) -> str:
    """The question with the Magic card names of two words or more it holds, whole, taken out."""
    tokens = _TOKEN.findall(question)
    kept = [True] * len(tokens)
    for i, j, _ in _whole_names(tokens, lambda text: store.card_names_exact(name_key(text))):
        kept[i:j] = [False] * (j - i)
    return " ".join(t for t, keep in zip(tokens, kept) if keep)


def _has_ygo_data(store: Store) -> bool:
    try:
        return store.ygo_topic_count() > 0
    except Exception:  # noqa: BLE001 - a database built without Yu-Gi-Oh
        return False


def find_ygo_cards(store: Store, question: str) -> list[str]:
    """Yu-Gi-Oh card names (two words or more, English or Spanish) that appear in the question."""
    if not _has_ygo_data(store):
        return []
    spans = _whole_names(_TOKEN.findall(question), lambda text: store.ygo_card_names_exact(fold(text)))
    return list(dict.fromkeys(rows[0]["card_name"] for _, _, rows in spans))


def _topic_query(question: str, lang: str) -> str:
    words = [w for w in _WORD.findall(fold(question)) if len(w) > 2]
    if lang == "es":
        words = [_ES_TO_EN.get(w, w) for w in words]
    stop = {"the", "and", "can", "does", "what", "when", "que", "los", "las", "una", "por", "con", "para", "mi",
            "del", "como", "puedo", "tengo", "este", "esta", "pero", "sus", "hay", "with", "this", "that", "have",
            "your", "from", "then", "which", "would", "into"}
    return " OR ".join(f'"{w}"*' for w in dict.fromkeys(" ".join(words).split()) if w not in stop)


def ygo_citations(store: Store, question: str, lang: str, limit: int = 5) -> tuple[list[Citation], list[CardInfo]]:
    from .. import ygo
    citations: list[Citation] = []
    cards: list[CardInfo] = []
    for name in find_ygo_cards(store, question)[:4]:
        try:
            card = ygo.get_card(store, name)
        except GatewatchError:
            continue
        text = "\n".join(t for t in (card.pendulum_text, card.text) if t)
        citations.append(Citation(kind="ygo_card", id=card.name, quote=text, authority=card.authority,
                                  translation=card.es.text if card.es else None, url=f"/yugioh/cartas/{card.name}"))
        cards.append(CardInfo(name=card.name, oracle_text=text, es_name=card.es.name if card.es else None,
                              type_line=card.type_line))
    match = _topic_query(question, lang)
    rows = store.search_ygo_topics_fts(match, limit) if match else []
    for r in rows:
        topic = ygo.get_topic(store, r["chapter"], r["slug"])
        paragraph = _best_paragraph(topic.text, question, lang)
        labels = "; ".join(f"{ref.label} [{ref.authority}]" for ref in topic.references[:3])
        citations.append(Citation(kind="ygo_topic", id=f"{topic.ref.chapter}/{topic.ref.slug_es}",
                                  quote=paragraph, authority=f"fan_rulebook (sources: {labels})" if labels else
                                  "fan_rulebook", url=topic.ref.url, title=topic.ref.title if lang == "es" else
                                  topic.ref.title_en))
    return citations, cards


def _best_paragraph(text: str, question: str, lang: str) -> str:
    words = set(_WORD.findall(fold(question)))
    if lang == "es":
        words |= {_ES_TO_EN.get(w, w) for w in words}
    paragraphs = [p for p in text.split("\n") if len(p.strip()) > 30] or [text]
    return max(paragraphs, key=lambda p: len(set(_WORD.findall(fold(p))) & words) / (1 + len(p) ** 0.3))


def ygo_answer(citations: list[Citation], lang: str) -> str:
    es = lang == "es"
    topics = [c for c in citations if c.kind == "ygo_topic"]
    cards = [c for c in citations if c.kind == "ygo_card"]
    parts = []
    if topics:
        t = topics[0]
        parts.append(f"Según el tema «{t.title}» del reglamento (recopilación de aficionados, con sus fuentes "
                     f"oficiales): «{t.quote}»" if es else
                     f"The rulebook topic “{t.title}” (a fan compilation citing official sources) says: “{t.quote}”")
    for c in cards[:2]:
        parts.append(f"Texto oficial de {c.id}: «{c.translation or c.quote}»" if es else
                     f"Official text of {c.id}: “{c.quote}”")
    if not parts:
        parts.append("No encuentro temas del reglamento de Yu-Gi-Oh que respondan a esta pregunta." if es else
                     "I cannot find Yu-Gi-Oh rulebook topics that answer this question.")
    return " ".join(parts)
