"""Every rule number the table can cite exists in the newest Comprehensive Rules in the store."""

from __future__ import annotations

import re
from pathlib import Path

import gatewatch.table

SOURCE = Path(gatewatch.table.__file__).parent
_RULE = re.compile(r'"(\d{3}\.\d+[a-z]?)"')

# What issue 6 asks the table to apply, by the rules a judge would cite.
REQUIRED = {"704.3", "704.5a", "704.5b", "704.5c", "704.5d", "704.5e", "704.5f", "704.5g", "704.5h", "704.5i",
            "704.5j", "704.5m", "704.5n", "704.5q", "704.5s", "704.5v", "704.6c", "704.6d", "111.7", "903.9a",
            "510.1a", "510.1b", "510.1c", "510.4", "702.19b", "702.19d", "702.2b", "702.2c", "120.3a", "120.3b",
            "120.3c", "120.3d", "120.3e", "120.3f", "120.3h", "603.6c"}


def cited_rules() -> set[str]:
    return {m for path in SOURCE.glob("*.py") for m in _RULE.findall(path.read_text(encoding="utf-8"))}


def test_every_cited_rule_exists(table_store) -> None:
    version = table_store.latest_rules_version()
    missing = sorted(r for r in cited_rules() if table_store.rule_row(version, r) is None)
    assert not missing, f"not in the Comprehensive Rules {version}: {missing}"


def test_the_issue_s_rules_are_all_cited() -> None:
    assert REQUIRED <= cited_rules(), sorted(REQUIRED - cited_rules())
