"""Tell Spanish from English in a short question, by stop words and Spanish-only letters."""

from __future__ import annotations

import re

_ES = set("el la los las un una unos unas de del y o que en con por para si se su sus mi mis tu tus es son "
          "está están pero cuando como qué cuál cuánto puedo puede hace hago tengo tiene le lo al "
          "criatura carta mano daño turno jugador oponente hechizo habilidad".split())
_EN = set("the a an of and or that in with by for if is are my your his her its it can does do when how "
          "what which i you he she they this creature card hand damage turn player opponent spell ability "
          "would will has have".split())
_WORD = re.compile(r"[a-záéíóúñü]+")


def detect_language(text: str) -> str:
    """'es', 'en', or 'other' when neither language shows up (another language, or no words)."""
    low = text.lower()
    words = _WORD.findall(low)
    es = sum(w in _ES for w in words) + 2 * len(re.findall(r"[ñ¿¡áéíóú]", low))
    en = sum(w in _EN for w in words)
    if es == 0 and en == 0:
        return "other"
    return "es" if es >= en else "en"
