"""The page's own words (headings, buttons, hints), from the catalogs like every other message
pulka says: the page asks for them in its language (``GET labels``) and writes no word of
its own."""

from __future__ import annotations

from ..i18n import N_, translated

LABELS = {
    "live": N_("live"),
    "offline": N_("offline: reconnecting…"),
    "viewing": N_("the table's view"),
    "scoring": N_("the scorer's page"),
    "language": N_("Language"),
    "now": N_("Now"),
    "enter": N_("Enter a deal"),
    "notation": N_("Or type the deal as for pulka add"),
    "notation_hint": N_("e.g. Аня 6s 6 Борис whist 2 Вера whist 2"),
    "the_line": N_("The deal in the notation:"),
    "record": N_("Record"),
    "clear": N_("Clear"),
    "undo": N_("Undo the last deal"),
    "redo": N_("Redo"),
    "end": N_("End the game"),
    "end_ask": N_("End the game here? (this records `end`)"),
    "again_ask": N_("The same as the deal before it. Record it again?"),
    "recorded": N_("Recorded:"),
    "undone": N_("Taken back:"),
    "redone": N_("Brought back:"),
    "fixed": N_("Corrected:"),
    "fix": N_("Fix a deal"),
    "fix_button": N_("Fix"),
    "deal_number": N_("Deal"),
    "recent": N_("Last deals"),
    "no_deals": N_("No deals yet"),
    "settlement": N_("Settlement now"),
    "player": N_("Player"),
    "whists": N_("Whists"),
    "money": N_("Money"),
    "nobody_pays": N_("Nobody owes anybody anything yet"),
    "closed": N_("closed"),
    "sheet": N_("The sheet"),
    "downloads": N_("Download"),
    "workbook": N_("The workbook (XLSX)"),
    "pdf": N_("The filled sheet (PDF)"),
    "blank": N_("A blank sheet to print (PDF)"),
    "sending": N_("Sending…"),
    "lost": N_("The connection was lost; the deal will be sent again when it is back"),
    "form_none": N_("This game's deals are typed in the notation"),
    # a club's evening (pulka serve FOLDER)
    "all_games": N_("All games"),
    "games": N_("Games"),
    "no_games": N_("No games in this folder yet"),
    "deals_count": N_("deals:"),
    "over": N_("over"),
    "open_scorer": N_("Score"),
    "open_table": N_("Table"),
    "new_game": N_("A new game"),
    "players": N_("Players, in seating order (the first deals first)"),
    "convention": N_("Convention"),
    "price": N_("Price of a whist (optional)"),
    "file": N_("File name (optional)"),
    "start": N_("Start the game"),
    "lost_game": N_("The connection was lost; look at the list before starting it again"),
}


def labels() -> dict[str, str]:
    """Every label in the language in use."""
    return {key: translated(text) for key, text in LABELS.items()}
