"""What every CLI command shares: the store, JSON-or-rich output, and one-line errors."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from typing import Any, NoReturn

from rich.console import Console

from .. import config
from ..errors import GatewatchError
from ..store import Store, open_store

console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False)


def get_store() -> Store:
    try:
        return open_store(config.db_path())
    except GatewatchError as err:
        fail(err)


def emit(data: Any, as_json: bool, render: Callable[[Console, Any], None]) -> None:
    """Print `data` as JSON (for machines) or through `render` (for people)."""
    if as_json:
        if hasattr(data, "model_dump"):
            data = data.model_dump(mode="json")
        sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")
    else:
        render(console, data)


def fail(err: BaseException | str, code: int | None = None) -> NoReturn:
    """One line on stderr, no traceback, a non-zero exit code."""
    message = str(err)
    exit_code = code if code is not None else getattr(err, "exit_code", 1)
    err_console.print(f"[bold red]error:[/] {message}", markup=True, soft_wrap=True)
    if os.environ.get("GATEWATCH_DEBUG"):
        raise err if isinstance(err, BaseException) else SystemExit(exit_code)
    raise SystemExit(exit_code)
