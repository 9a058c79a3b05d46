"""Read the per-set JSON files out of the mirror's tar.xz, one set at a time (I/O only)."""

from __future__ import annotations

import json
import lzma
import tarfile
from collections.abc import Iterator
from pathlib import Path

from ...errors import SourceError


def iter_archive(path: Path, suffix: str) -> Iterator[tuple[str, bytes]]:
    """Yield (member name, bytes) for each file ending in `suffix`, in archive order.

    Archive order matters: the spoiler merge keeps the first occurrence of a name."""
    try:
        with tarfile.open(path, "r:*") as tar:
            for member in tar:
                if member.isfile() and member.name.endswith(suffix):
                    handle = tar.extractfile(member)
                    if handle is None:
                        raise SourceError(str(path), f"cannot read member {member.name}")
                    yield member.name, handle.read()
    except (tarfile.TarError, lzma.LZMAError, EOFError, OSError) as err:
        raise SourceError(str(path), f"corrupt or truncated archive ({err.__class__.__name__}: {err})") from err


def iter_set_documents(path: Path) -> Iterator[tuple[str, dict]]:
    """Yield (member name, decoded MTGJSON document) for every `<SET>.json` in the archive."""
    for name, raw in iter_archive(path, ".json"):
        try:
            yield name, json.loads(raw)
        except (json.JSONDecodeError, UnicodeDecodeError) as err:
            raise SourceError(f"{path}:{name}", f"invalid JSON ({err})") from err
