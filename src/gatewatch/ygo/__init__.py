"""Yu-Gi-Oh: the fan comprehensive rulebook's topics in chapters, and the card database (EN/ES)."""

from __future__ import annotations

from .api import get_card, get_chapter, get_topic, list_chapters, search_cards, search_topics
from .models import (YgoCard, YgoCardSummary, YgoChapter, YgoReference, YgoResolution, YgoSearchResult, YgoTopic,
                     YgoTopicRef)
from .names import autocomplete, resolve_name

__all__ = [
    "YgoCard", "YgoCardSummary", "YgoChapter", "YgoReference", "YgoResolution", "YgoSearchResult", "YgoTopic",
    "YgoTopicRef", "autocomplete", "get_card", "get_chapter", "get_topic", "list_chapters", "resolve_name",
    "search_cards", "search_topics",
]
