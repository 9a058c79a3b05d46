"""Interface strings in Spanish (default) and English. Content language is chosen per page."""

from __future__ import annotations

import datetime as dt

LANGS = ("es", "en")

LABELS: dict[str, dict[str, str]] = {
    "es": {
        "site": "Gatewatch", "tagline": "Reglas de Magic en español, al día y citadas con precisión",
        "rules": "Reglas", "rule": "Regla", "glossary": "Glosario", "search": "Buscar", "cards": "Cartas",
        "mechanics": "Mecánicas", "changes": "Cambios", "example": "Ejemplo", "subrules": "Subreglas",
        "siblings": "Otras reglas de este apartado", "cited_by": "Reglas que la citan",
        "cites": "Reglas citadas", "previous": "Anterior", "next": "Siguiente", "history": "Historial",
        "effective": "Vigente desde el {date}", "version": "Versión", "our_translation":
        "Traducción de Gatewatch (no oficial). El texto oficial en inglés prevalece.",
        "official_english": "Texto oficial en inglés", "search_placeholder":
        "Número de regla, carta o frase…", "no_results": "Sin resultados para «{q}».",
        "not_found": "No encontrado", "did_you_mean": "¿Quisiste decir…?", "added": "añadidas",
        "removed": "eliminadas", "changed": "modificadas", "renumbered": "renumeradas",
        "latest_change": "Últimos cambios", "chapter": "Capítulo", "section": "Sección",
        "glossary_terms": "Términos del glosario que la citan", "older_versions": "Otras versiones",
        "switch": "English", "definition": "Definición", "governing_rules": "Reglas que la rigen",
        "cards_with": "Cartas con esta mecánica", "related": "Mecánicas relacionadas",
        "oracle": "Texto Oracle", "rulings": "Resoluciones oficiales", "legalities": "Legalidad",
        "faces": "Caras", "spanish_name": "Nombre en español", "keywords": "Palabras clave",
        "results_rules": "Reglas", "results_glossary": "Glosario", "results_cards": "Cartas",
        "toc": "Índice de las Reglas completas", "home": "Inicio", "translation_stale":
        "La traducción corresponde a una versión anterior del texto inglés.", "query_error":
        "Error en la búsqueda", "candidates": "Varias cartas coinciden",
        "legal": "Legal", "banned": "Prohibida", "restricted": "Restringida", "not_legal": "No legal",
        "spoiler": "Texto de avance (spoiler), aún sin Oracle definitivo",
    },
    "en": {
        "site": "Gatewatch", "tagline": "Magic rules in Spanish and English, current and precisely cited",
        "rules": "Rules", "rule": "Rule", "glossary": "Glossary", "search": "Search", "cards": "Cards",
        "mechanics": "Mechanics", "changes": "Changes", "example": "Example", "subrules": "Subrules",
        "siblings": "Other rules in this section", "cited_by": "Rules that cite it", "cites": "Rules cited",
        "previous": "Previous", "next": "Next", "history": "History", "effective": "Effective {date}",
        "version": "Version", "our_translation": "Gatewatch translation (unofficial). The official English prevails.",
        "official_english": "Official English text", "search_placeholder": "Rule number, card or phrase…",
        "no_results": "No results for “{q}”.", "not_found": "Not found", "did_you_mean": "Did you mean…?",
        "added": "added", "removed": "removed", "changed": "changed", "renumbered": "renumbered",
        "latest_change": "Latest changes", "chapter": "Chapter", "section": "Section",
        "glossary_terms": "Glossary terms that cite it", "older_versions": "Other versions", "switch": "Español",
        "definition": "Definition", "governing_rules": "Rules that govern it", "cards_with": "Cards with it",
        "related": "Related mechanics", "oracle": "Oracle text", "rulings": "Official rulings",
        "legalities": "Legality", "faces": "Faces", "spanish_name": "Spanish name", "keywords": "Keywords",
        "results_rules": "Rules", "results_glossary": "Glossary", "results_cards": "Cards",
        "toc": "Comprehensive Rules contents", "home": "Home", "translation_stale":
        "This translation matches an older English text.", "query_error": "Query error",
        "candidates": "Several cards match", "legal": "Legal", "banned": "Banned", "restricted": "Restricted",
        "not_legal": "Not legal", "spoiler": "Spoiler text, not final Oracle wording",
    },
}

_MONTHS_ES = ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre",
              "octubre", "noviembre", "diciembre"]


def pick_lang(value: str | None) -> str:
    return value if value in LANGS else "es"


def long_date(iso: str, lang: str) -> str:
    d = dt.date.fromisoformat(iso)
    if lang == "es":
        return f"{d.day} de {_MONTHS_ES[d.month - 1]} de {d.year}"
    return d.strftime("%B %-d, %Y")


def label(lang: str, key: str, **kw: str) -> str:
    text = LABELS[lang].get(key, LABELS["en"].get(key, key))
    return text.format(**kw) if kw else text
