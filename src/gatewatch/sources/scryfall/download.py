"""Fetch Scryfall's `oracle_cards` and `rulings` bulk files into a cache folder (I/O only).

The bulk-data index (`GET /bulk-data`) lists each export with its `download_uri`; the files are
renamed daily, so the cache keeps them under `<type>-<updated_at>.json` and reuses a file whose
`updated_at` has not changed. The base URL is a parameter so tests can serve a fixture locally."""

from __future__ import annotations

import re
from pathlib import Path

import httpx

from ...errors import SourceError

API = "https://api.scryfall.com"
WANTED = ("oracle_cards", "rulings")
# Scryfall asks API clients to send a User-Agent and an Accept header.
HEADERS = {"User-Agent": "gatewatch/0.1 (rules reference)", "Accept": "application/json;q=0.9,*/*;q=0.8"}


def bulk_index(client: httpx.Client, base_url: str = API) -> dict[str, dict]:
    """type → bulk_data object, from the bulk-data list."""
    url = f"{base_url.rstrip('/')}/bulk-data"
    try:
        response = client.get(url)
        response.raise_for_status()
        data = response.json()
    except (httpx.HTTPError, ValueError) as err:
        raise SourceError(url, f"cannot read the bulk-data index ({err})") from err
    items = data.get("data") if isinstance(data, dict) else None
    if not isinstance(items, list):
        raise SourceError(url, "bulk-data index without a `data` list")
    return {item.get("type"): item for item in items if isinstance(item, dict)}


def _download(client: httpx.Client, url: str, target: Path) -> None:
    tmp = target.with_suffix(".part")
    try:
        with client.stream("GET", url) as response:
            response.raise_for_status()
            with tmp.open("wb") as out:
                for chunk in response.iter_bytes(1 << 16):
                    out.write(chunk)
        tmp.replace(target)
    except httpx.HTTPError as err:
        raise SourceError(url, f"download failed ({err})") from err
    finally:
        tmp.unlink(missing_ok=True)


def download_bulk(cache: Path, base_url: str = API, timeout: float = 120.0) -> tuple[Path, Path]:
    """Download (or reuse) the bulk files; returns the local (oracle_cards, rulings) paths."""
    paths = fetch_bulk(cache, base_url, timeout)
    return paths["oracle_cards"], paths["rulings"]


def fetch_bulk(cache: Path, base_url: str = API, timeout: float = 120.0) -> dict[str, Path]:
    """Download (or reuse) the oracle_cards and rulings files; returns type → local path."""
    cache.mkdir(parents=True, exist_ok=True)
    paths: dict[str, Path] = {}
    with httpx.Client(headers=HEADERS, timeout=timeout, follow_redirects=True) as client:
        index = bulk_index(client, base_url)
        for kind in WANTED:
            item = index.get(kind)
            if not item or not item.get("download_uri"):
                raise SourceError(f"{base_url}/bulk-data", f"no `{kind}` entry with a download_uri")
            stamp = re.sub(r"\D", "", str(item.get("updated_at", "")))[:14] or "latest"  # YYYYMMDDhhmmss
            target = cache / f"{kind}-{stamp}.json"
            if not target.exists() or stamp == "latest":
                _download(client, item["download_uri"], target)
            paths[kind] = target
    return paths
