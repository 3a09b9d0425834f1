"""Scoring vectors: a game written as YAML with the numbers it must come to (:mod:`.load`
reads one into a game, :mod:`.verify` compares the replay with its expectations)."""
