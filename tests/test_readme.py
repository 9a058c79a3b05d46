"""The README stays honest: every command it lists exists, with the options it shows."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from gatewatch.cli import app

README = Path(__file__).resolve().parents[1] / "README.md"


def _commands() -> list[str]:
    block = README.read_text(encoding="utf-8").split("## Command line", 1)[1].split("```text", 1)[1].split("```")[0]
    return [line.strip() for line in block.splitlines() if line.strip().startswith("gatewatch ")]


def test_every_readme_command_exists_with_its_options():
    runner = CliRunner()
    commands = _commands()
    assert len(commands) >= 20
    for line in commands:
        words = line.split()[1:]
        path = []
        for w in words:
            if w.startswith(("-", "[", '"', "'")) or not re.fullmatch(r"[a-z][a-z-]*", w):
                break
            path.append(w)
        result = runner.invoke(app, [*path, "--help"])
        assert result.exit_code == 0, f"{line}: {result.output}"
        for option in re.findall(r"--[a-z][a-z-]*", line):
            assert option in result.output, f"{line}: {option} is not in `gatewatch {' '.join(path)} --help`"


def test_quick_start_is_two_commands():
    quick = README.read_text(encoding="utf-8").split("## Quick start", 1)[1].split("```bash", 1)[1].split("```")[0]
    assert [ln.split("#")[0].strip() for ln in quick.strip().splitlines()] == ["scripts/start",
                                                                              ".venv/bin/python -m pytest"]
