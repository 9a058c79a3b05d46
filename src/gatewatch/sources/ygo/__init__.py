"""Yu-Gi-Oh sources: the fan comprehensive rulebook (HTML fragments) and YGOJSON cards."""
