"""The payment families: every deal moves units of the stake between the players and a pot.

Austrian Preference with its pots and Illustrated Preference (:mod:`.austrian`, with the extra
contracts in :mod:`.austrian_extras`), Swabian Preference (:mod:`.swabian`, direct payments only) and
Greek Prefa (:mod:`.greek`, the kasa). They share the pot account and the moves
(:mod:`.moves`), the state (:mod:`.state`) and the settlement by balance (:mod:`.settle`).
The rules are the project's payment-families specification (its sections are cited as §).
"""
