"""Our Spanish edition of the Comprehensive Rules.

- edition/        the translation, one line-for-line file per section (or exchange-format files)
- terms.py        English → Spanish terminology: terms_chosen.tsv (ours) + terms_mined.tsv (mine.py)
- mine.py         mining the printed Spanish cards for how Wizards words each term
- memory.py       translation units, the memory entries and their current/stale/missing state
- edition.py      reading translation files and aligning them with the English (pure)
- load.py         the build step: edition → memory → Spanish full-text index
- exchange.py     export / import of reviewable files that keep the English hash
- check.py        the checker CI runs (`gatewatch spanish check`)
- stem.py         Snowball Spanish stems, accent folding (index and queries)
- api.py, views.py  the library API and the models it returns
"""
