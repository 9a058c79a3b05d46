"""Cockatrice spoiler XML (Magic-Spoiler): cards newer than the MTGJSON snapshot, marked as spoilers."""
