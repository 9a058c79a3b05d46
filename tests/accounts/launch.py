"""Serve the site with the account system installed: `python launch.py PORT`.

create_app() calls security.install() and pages_judge guards /api/ask once the lead wires them in (the
patches are in issue 8's report); until then this does the same wiring, so the tests run either way."""

from __future__ import annotations

import inspect
import sys
from typing import Annotated

import uvicorn
from fastapi import APIRouter, Depends, Request, Response
from fastapi.concurrency import run_in_threadpool

from gatewatch.accounts import Access
from gatewatch.judge import ask
from gatewatch.web import security
from gatewatch.web.app import create_app
from gatewatch.web.pages_judge import AskRequest


def build():
    app = create_app()
    if not hasattr(app.state, "accounts"):
        security.install(app)
    from gatewatch.web import pages_judge
    if "judge_access" not in inspect.getsource(pages_judge):
        guarded = APIRouter()

        @guarded.post("/api/ask")
        async def api_ask(request: Request, body: AskRequest, response: Response,
                          access: Annotated[Access, Depends(security.judge_access)]):
            store = request.app.state.site.store

            def answer_and_count():
                answer = ask(body.question, body.board, body.lang, store=store)
                return answer, security.record_question(access)
            answer, remaining = await run_in_threadpool(answer_and_count)
            response.headers[security.REMAINING_HEADER] = str(remaining)
            return {**answer.model_dump(mode="json"), "remaining": remaining}
        # First in the list, so it answers before the unguarded route of pages_judge.
        app.include_router(guarded)
        app.router.routes.insert(0, app.router.routes.pop())
    return app


if __name__ == "__main__":
    uvicorn.run(build(), host="127.0.0.1", port=int(sys.argv[1]), log_level="info", proxy_headers=True)
