"""La Mesa: the judge page and POST /api/ask."""

from __future__ import annotations

import json
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request, Response
from fastapi.concurrency import run_in_threadpool
from pydantic import BaseModel, Field

from ..accounts import Access
from ..judge import MAX_QUESTION, Answer, ask
from ..judge.ask import QuestionError
from . import i18n, security
from .site import page

router = APIRouter()


class AskRequest(BaseModel):
    question: str = Field(description="The play, in Spanish or English", max_length=MAX_QUESTION * 5)
    lang: str | None = Field(None, description="'es' or 'en'; default: the question's language")
    board: dict[str, Any] | None = Field(None, description="An optional board (see /api/table/schema)")
    game: str | None = Field(None, description="'mtg' or 'ygo'; default: detected from the question")


class AskReply(Answer):
    remaining: int = Field(description="Judge questions left today for this account (and key); also in the "
                                       "X-Gatewatch-Remaining header")


def _answer_and_count(access: Access, question: str, board: dict | None, lang: str | None, store,
                      game: str | None = None) -> tuple:
    """Ask, then count the question: only an answered question uses the allowance."""
    answer = ask(question, board, lang, store=store, game=game)
    return answer, security.record_question(access)


@router.post("/api/ask", response_model=AskReply, tags=["judge"], summary="Ask the judge",
             description="Needs `Authorization: Bearer <API key>` (Gatewatch Pro) or a logged-in session. "
                         "401 without either, 403 for a revoked or unknown key, 429 over today's allowance.")
async def api_ask(request: Request, body: AskRequest, response: Response,
                  access: Annotated[Access, Depends(security.judge_access)]) -> AskReply:
    store = request.app.state.site.store
    answer, remaining = await run_in_threadpool(_answer_and_count, access, body.question, body.board, body.lang,
                                                store, body.game)
    response.headers[security.REMAINING_HEADER] = str(remaining)
    return AskReply(**answer.model_dump(), remaining=remaining)


@router.get("/mesa", include_in_schema=False)
@router.get("/mesa.json", include_in_schema=False)
async def mesa_page(request: Request, q: str = "", board: str = "", lang: str | None = None):
    lang = i18n.pick_lang(lang)
    store = request.app.state.site.store
    account = await security.current_account(request)
    board_data = None
    if board.strip():
        try:
            board_data = json.loads(board)
        except ValueError as err:
            raise QuestionError(f"the board is not valid JSON: {err}") from None
    answer, remaining = None, None
    if q.strip():
        # The judge is behind an account: 401 / 403 / 429 pages say why and link to /cuenta.
        access = await security.judge_access(request)
        result, remaining = await run_in_threadpool(_answer_and_count, access, q, board_data, None, store)
        answer = result.model_dump()
    data = {"question": q, "board": board, "answer": answer, "logged_in": account is not None,
            "remaining": remaining}
    response = page(request, "mesa.html", data, lang=lang, as_json=request.url.path.endswith(".json"),
                    title="La Mesa")
    if remaining is not None:
        response.headers[security.REMAINING_HEADER] = str(remaining)
    return response
