"""Domain errors: each carries a one-line message that names what was wrong and where."""

from __future__ import annotations


class GatewatchError(Exception):
    """Base class: the CLI prints `str(error)` on one line and exits non-zero."""

    exit_code = 1


class SourceError(GatewatchError):
    """An input file is empty, truncated, undecodable or not what it claims to be."""

    def __init__(self, path: str, problem: str) -> None:
        self.path = path
        self.problem = problem
        super().__init__(f"{path}: {problem}")


class NotFound(GatewatchError):
    """A rule, term, card or version that the store does not have."""

    exit_code = 2

    def __init__(self, what: str, suggestions: list[str] | None = None) -> None:
        self.what = what
        self.suggestions = suggestions or []
        hint = f" (did you mean: {', '.join(self.suggestions[:5])}?)" if self.suggestions else ""
        super().__init__(f"{what} not found{hint}")


class QueryError(GatewatchError):
    """A malformed search query; `position` is the 0-based character offset of the problem."""

    exit_code = 2

    def __init__(self, message: str, position: int) -> None:
        self.message = message
        self.position = position
        super().__init__(f"{message} (at position {position})")


class NoDatabase(GatewatchError):
    """The store has not been built yet."""

    def __init__(self, path: str) -> None:
        super().__init__(f"no database at {path}: run `gatewatch build` first")
