"""Gatewatch: Spanish-first rules reference and judge for trading card games."""

__version__ = "0.1.0"
__all__ = ["__version__"]
