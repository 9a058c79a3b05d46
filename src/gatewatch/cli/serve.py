"""Command: serve the site and JSON API."""

from __future__ import annotations

import typer

from .. import config
from ..errors import GatewatchError
from .common import fail


def register(app: typer.Typer) -> None:
    @app.command("serve")
    def serve_cmd(host: str = typer.Option("127.0.0.1", "--host"), port: int = typer.Option(8000, "--port"),
                  workers: int = typer.Option(1, "--workers", min=1, max=64,
                                              help="Worker processes (each opens the read-only database)")) -> None:
        """Serve the web site and the JSON API (Spanish by default, ?lang=en for English)."""
        import uvicorn

        from ..web.app import create_app
        try:
            app = create_app(config.db_path())  # fails here, once, with a clear message if there is no database
        except GatewatchError as err:
            fail(err)
        if workers == 1:
            uvicorn.run(app, host=host, port=port, log_level="info", proxy_headers=True)
        else:
            # Several processes need an import string; each creates its own app over the same file.
            uvicorn.run("gatewatch.web.app:create_app", factory=True, host=host, port=port, workers=workers,
                        log_level="info", proxy_headers=True)
