"""The Russian family: pulya, gora and whists (Sochi, Leningrad, Rostov, Classic).

One module per part of the rules: :mod:`.legality` (is the deal possible), :mod:`.completion`
(what follows from it), :mod:`.contract` (declared games), :mod:`.raspasy`, :mod:`.bombs`
(dark games), :mod:`.pulya` (overflow, help, end) and :mod:`.settle`; :mod:`.status`
describes the state of play.
"""
