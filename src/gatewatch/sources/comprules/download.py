"""Fetch the current Comprehensive Rules text from Wizards' rules page into a cache folder (I/O only)."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote, urljoin

import httpx

from ...errors import SourceError

RULES_PAGE = "https://magic.wizards.com/en/rules"
_TXT_LINK = re.compile(r"""href=["']?([^"'\s>]+?MagicCompRules[^"'\s>]*?\.txt)""", re.IGNORECASE)


def find_rules_link(html: str, page_url: str) -> str:
    """The URL of the plain-text CR linked from the rules page."""
    match = _TXT_LINK.search(html)
    if not match:
        raise SourceError(page_url, "no link to a MagicCompRules .txt file on the rules page")
    return urljoin(page_url, match.group(1))


def download_current_rules(cache: Path, page_url: str = RULES_PAGE, timeout: float = 60.0) -> Path:
    """Download the CR text linked from `page_url` into `cache`; returns the file (reused if already there)."""
    cache.mkdir(parents=True, exist_ok=True)
    try:
        with httpx.Client(follow_redirects=True, timeout=timeout,
                          headers={"User-Agent": "gatewatch (rules reference)"}) as client:
            page = client.get(page_url)
            page.raise_for_status()
            url = find_rules_link(page.text, str(page.url))
            target = cache / Path(unquote(url.split("?")[0])).name.replace(" ", "_")
            if target.exists() and target.stat().st_size > 0:
                return target
            response = client.get(url)
            response.raise_for_status()
    except httpx.HTTPError as err:
        raise SourceError(page_url, f"download failed: {err}") from None
    tmp = target.with_suffix(".part")
    tmp.write_bytes(response.content)
    tmp.replace(target)
    return target
