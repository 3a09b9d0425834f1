"""After the replay: the settlement in money, to the cent, with who pays whom (:mod:`.money`),
and a game's figures as one plain dict, what ``settle --json`` prints (:mod:`.figures`)."""
