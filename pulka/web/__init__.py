"""`pulka serve`: the live sheet on every phone at the table, and deals tapped in.

One game's journal is served over HTTP: a page (``static/``) that shows the sheet as it stands
and updates within a second of any change to the journal, and a small JSON API the page uses
and a bot may call. Every write goes through :mod:`pulka.recorder`, as `pulka add` does.

The modules, each one job: :mod:`.links` (the two secrets and the addresses), :mod:`.ledger`
(the writes, one at a time, each submission once), :mod:`.submissions` (the ids of the
submissions written, kept across a restart), :mod:`.game_now` (the game as the journal
now stands, in each language), :mod:`.watch` (the journal watched, the change told),
:mod:`.events` (the change stream), :mod:`.form` (the deal form: the family's questions, driven),
:mod:`.labels` (the page's own words, from the catalogs), :mod:`.bodies` (a request's body,
bounded and checked), :mod:`.downloads` (the workbook and the PDFs, made in memory),
:mod:`.games` (the games served, found by a link's secret), :mod:`.club` (a club's
folder of games, and a new game started from its page), :mod:`.app` (the routes and the
rules every request meets), :mod:`.terminal` (the links and
their QR codes in the terminal).

The web stack (Starlette, uvicorn) and the QR library (segno) are imported only here, and this
package only by `pulka serve`.
"""
