"""The Balkan family: bule, supe, refe and hats (Croatian, Slovenian, Serbian). Seed 002.

:mod:`.checks` (is the deal possible), :mod:`.contract` (a game's postings), :mod:`.refe`
(all-passes and refes), :mod:`.hats` (crossing zero), :mod:`.settle`.
"""
