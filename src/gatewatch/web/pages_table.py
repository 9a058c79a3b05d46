"""The Table over HTTP: POST /api/table/check and the board's JSON Schema."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Body, Request
from fastapi.concurrency import run_in_threadpool

from ..table import board_schema, check_json

router = APIRouter(prefix="/api/table", tags=["table"])


@router.post("/check", summary="Apply state-based actions, combat damage and zone changes to a board")
async def table_check(request: Request, board: dict[str, Any] = Body(..., description="A board (see /api/table/schema)")):
    # An invalid board raises BoardError: app.py turns it into a 422 listing every problem with its path.
    return await run_in_threadpool(check_json, board, request.app.state.site.store)


@router.get("/schema", summary="The JSON Schema of the board format")
def table_schema() -> dict[str, Any]:
    return board_schema()
