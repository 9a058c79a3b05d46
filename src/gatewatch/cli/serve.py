"""Command: serve the site and JSON API."""

from __future__ import annotations

import typer

from .. import config
from ..errors import GatewatchError
from .common import fail


def register(app: typer.Typer) -> None:
    @app.command("serve")
    def serve_cmd(host: str = typer.Option("127.0.0.1", "--host"), port: int = typer.Option(8000, "--port")) -> None:
        """Serve the web site and the JSON API (Spanish by default, ?lang=en for English)."""
        import uvicorn

        from ..web.app import create_app
        try:
            app = create_app(config.db_path())
        except GatewatchError as err:
            fail(err)
        uvicorn.run(app, host=host, port=port, log_level="info", proxy_headers=True)
