"""``pulka stats``: the club's archive, statistics across every game it played.

One module per job: :mod:`.files` (which files are journals), :mod:`.summary` (one game
replayed and settled by the same library calls as ``settle --json``, reduced to plain
numbers), :mod:`.cache` (those summaries kept in SQLite by content hash), :mod:`.collect`
(the run: cache, parallel replay, progress), :mod:`.aggregate` (the tables), :mod:`.render`
(the terminal), :mod:`.workbook` (``--xlsx``) and :mod:`.tallies` (what each player did in a
deal: declared, made, failed, misère, raspasy).

Nothing here is imported by the other commands: sqlite3 and concurrent.futures are
loaded only when the archive is read.
"""
