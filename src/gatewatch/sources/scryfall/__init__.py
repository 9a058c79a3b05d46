"""Scryfall bulk data, the production sync path: `download.py` fetches, `parse.py` is pure."""
