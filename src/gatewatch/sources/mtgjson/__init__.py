"""MTGJSON v5 per-set files: `files.py` reads the archive, `parse.py` turns set JSON into Oracle cards."""
