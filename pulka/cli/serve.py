"""`pulka serve GAME.pulka`: the game on every phone at the table (:mod:`pulka.web`).

The web stack is imported only when this command runs (start-up of every other command is
unchanged)."""

from __future__ import annotations

import errno
import socket

import click

from ..i18n import N_, _
from . import cli


@cli.command()
@click.argument("file", type=click.Path())
@click.option("--lan", is_flag=True,
              help=N_("Listen on this computer's local network address (the phones at the "
                      "table reach it), not on this computer only."))
@click.option("--port", type=click.IntRange(0, 65535), default=None, metavar="PORT",
              help=N_("The port to listen on (by default the one this game had last time, "
                      "else any free one)."))
@click.option("--new-links", is_flag=True,
              help=N_("Make new secret links (the old ones stop working)."))
@click.option("--json", "as_json", is_flag=True,
              help=N_('Once listening, print one line {"scorer": URL, "table": URL} and '
                      "nothing else."))
def serve(file: str, lan: bool, port: int | None, new_links: bool, as_json: bool) -> None:
    """Serve the game FILE to the phones at the table: the scorer's link records deals, the
    table's link shows the sheet live. FILE may be a folder (a club's evening): its games
    are listed, each with its own links, and the scorer starts new ones there. Ctrl-C stops
    it."""
    import os

    from .. import journal
    from ..replay import final_state
    from ..web import links

    club = os.path.isdir(file)
    if club:
        title = _("the games in the folder")
    else:
        game = journal.read(file).game()
        final_state(game)  # a journal that does not replay is said now, located, and not served
        title = game.table.convention.title
    host = "127.0.0.1"
    if lan:
        found = links.lan_address()
        if found is None:
            raise click.UsageError(_("this computer has no local network address; without "
                                     "--lan the game is served on this computer only"))
        host = found
    kept = None if new_links else links.remembered(file)
    if new_links:
        links.forget(file)
    secrets = kept[0] if kept is not None else links.new_secrets()
    sock = _listen(host, port if port is not None else (kept[1] if kept else 0), port is not None)
    bound = sock.getsockname()[1]
    links.remember(file, secrets, bound)
    from ..web.app import create_app, create_club_app, run_path
    from ..web.terminal import tell

    if club:
        app = create_club_app(run_path(file), secrets, bound)
    else:
        app = create_app(run_path(file), secrets)
    try:
        from ..web.server import Server

        server = Server(app)
        tell(links.url(host, bound, secrets.scorer), links.url(host, bound, secrets.table),
             as_json=as_json, lan=lan, title=title, file=file)
        server.run(sockets=[sock])
    except KeyboardInterrupt:  # (uvicorn raises the signal again once it has stopped)
        pass
    finally:
        sock.close()
    if not as_json:
        click.echo(_("pulka serve stopped; the journal holds every deal recorded"))


def _listen(host: str, port: int, said: bool) -> socket.socket:
    """A listening socket on ``host``: the port asked for, else (one remembered but taken
    now) any free one."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        if said or exc.errno != errno.EADDRINUSE:
            sock.close()
            raise click.UsageError(_("cannot listen on {host} port {port}: {cause}").format(
                host=host, port=port, cause=exc.strerror or exc)) from None
        sock.bind((host, 0))
    sock.listen(128)
    sock.setblocking(False)
    return sock
