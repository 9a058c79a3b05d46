"""La Mesa's judge: a described play in, an answer citing the exact rules out.

    from gatewatch.judge import ask
    answer = ask("¿Toque mortal con arrollar contra dos bloqueadoras?")

No LLM is needed: the default answer is extractive. With an LLM backend configured
(GATEWATCH_LLM_BASE_URL ...), the prose comes from the model and its citations are checked."""

from __future__ import annotations

from .ask import MAX_QUESTION, ask
from .models import Answer, CardInfo, Citation

__all__ = ["Answer", "CardInfo", "Citation", "MAX_QUESTION", "ask"]
