"""La Mesa: the judge page and POST /api/ask."""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from pydantic import BaseModel, Field

from ..judge import MAX_QUESTION, Answer, ask
from ..judge.ask import QuestionError
from . import i18n
from .site import page

router = APIRouter()


class AskRequest(BaseModel):
    question: str = Field(description="The play, in Spanish or English", max_length=MAX_QUESTION * 5)
    lang: str | None = Field(None, description="'es' or 'en'; default: the question's language")
    board: dict[str, Any] | None = Field(None, description="An optional board (see /api/table/schema)")
    game: str | None = Field(None, description="'mtg' or 'ygo'; default: detected from the question")


@router.post("/api/ask", response_model=Answer, tags=["judge"], summary="Ask the judge")
async def api_ask(request: Request, body: AskRequest) -> Answer:
    store = request.app.state.site.store
    return await run_in_threadpool(lambda: ask(body.question, body.board, body.lang, store=store, game=body.game))


@router.get("/mesa", include_in_schema=False)
@router.get("/mesa.json", include_in_schema=False)
def mesa_page(request: Request, q: str = "", board: str = "", lang: str | None = None):
    lang = i18n.pick_lang(lang)
    store = request.app.state.site.store
    board_data = None
    if board.strip():
        try:
            board_data = json.loads(board)
        except ValueError as err:
            raise QuestionError(f"the board is not valid JSON: {err}") from None
    answer = ask(q, board_data, None, store=store).model_dump() if q.strip() else None
    data = {"question": q, "board": board, "answer": answer}
    return page(request, "mesa.html", data, lang=lang, as_json=request.url.path.endswith(".json"),
                title="La Mesa")
