"""The card table. ``python main.py`` opens the table; the subcommands run it headless.

    python main.py [play]
    python main.py simulate --game hokm --games 1000 --seed 1 --bots random
    python main.py screenshot --game hokm --seed 1 --moves 20 --out table.png [--words]
        [--setting NAME=VALUE ...]
    python main.py screenshot --scene setup --game pasur --size 1280x720 --lang fa --rects
    python main.py bench-ui --game hokm --frames 600 --seed 1
    python main.py selftest
    python main.py scores [--json] [--game ID]
    python main.py host --game hokm --remote 1,2 --port 47250 --headless [--seed S] [--code C]
    python main.py join HOST:PORT --name Sara --code C [--seat K] --headless [--bot normal]

A frozen (PyInstaller) build may have no stderr at all (windowed on Windows and macOS): there,
whatever goes to stderr - uncaught exceptions, a bot thread's traceback, warnings, the one-line
usage errors - is also appended, line by line with a timestamp, to ``cardtable.log`` in the
data folder (`saves.data_folder`), and still shown on the console when there is one.
"""

from __future__ import annotations

import argparse
import io
import json
import multiprocessing
import os
import sys
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from collections.abc import Callable

    from game.core import Rules
    from game.shapes import Chair
    from net.client import RemoteMatch
    from net.host import Host
    from net.invite import Inviter, LinkSettings
    from ui.table.remote import Hosting


class UsageError(Exception):
    """Bad command-line input: reported in one line, exit status 2."""


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(message)


def cmd_simulate(args: argparse.Namespace) -> int:
    from game import registry
    from game.simulate import parse_bots, parse_options, simulate

    try:
        rules = registry.get(args.game)
    except KeyError as e:
        raise UsageError(str(e.args[0])) from None
    seats = args.seats or rules.seat_counts[0]
    try:
        rules.check_seats(seats)
        kinds = parse_bots(args.bots, seats)
        options = parse_options(args.option)
        rules.resolve_options(options)
    except ValueError as e:
        raise UsageError(str(e)) from None
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    start = time.perf_counter()
    out = simulate(args.game, args.games, args.seed, kinds, options)
    seconds = time.perf_counter() - start
    out["seconds"] = round(seconds, 3)
    out["games_per_s"] = round(args.games / seconds, 1)
    out["actions_per_s"] = round(int(out["actions"]) / seconds, 1)
    print(json.dumps(out, ensure_ascii=False))
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # the one line below is the news
    why = no_display()
    if why:
        print(f"main.py: {why}", file=sys.stderr)
        return 1
    from saves import Saves
    from ui.app import App

    server = None
    if getattr(args, "server", None):
        from net.servers import server_url
        try:
            server = server_url(args.server)
        except ValueError as e:
            raise UsageError(f"--server: {e}") from None
    saves = Saves.open()
    saves.hold_table()  # a second copy plays on without a game in progress (saves' notice)
    app = App(saves)
    app.server = server
    return app.run()


HEADLESS = ("offscreen", "dummy")
"""SDL's video drivers that draw nowhere: it falls back to them when it finds no display."""


def no_display() -> str | None:
    """Why no window can open here (None if one can): SDL found no display and fell back to
    drawing nowhere, where the table would run unseen until killed. A driver asked for by name
    (``SDL_VIDEODRIVER=dummy``) is taken at its word."""
    import pygame

    try:
        pygame.display.init()
    except pygame.error as e:
        return f"no display to open the table's window on ({e})"
    driver = pygame.display.get_driver()
    if driver in HEADLESS and not os.environ.get("SDL_VIDEODRIVER"):
        pygame.display.quit()
        return ("no display to open the table's window on (SDL found none: set DISPLAY or "
                "WAYLAND_DISPLAY); 'screenshot' and 'selftest' run without one")
    return None


def _game(game_id: str) -> str:
    from game import registry

    if game_id not in registry.ids():
        raise UsageError(f"unknown game {game_id!r}; games: {', '.join(registry.ids())}")
    return game_id


def _settings(pairs: list[str]) -> dict[str, object]:
    """``--setting NAME=VALUE`` pairs as settings a player could have chosen (the language is
    ``--lang``'s); `UsageError` names a setting that is not one, or a value it cannot take."""
    from game.simulate import parse_options
    from saves.schemas import DEFAULT_SETTINGS, check_settings

    try:
        chosen = parse_options(pairs, "--setting")
        for name in chosen:
            if name == "lang":
                raise ValueError("the language is set by --lang")
            if name not in DEFAULT_SETTINGS:
                raise ValueError(f"no setting is called {name!r}; settings: "
                                 f"{', '.join(n for n in DEFAULT_SETTINGS if n != 'lang')}")
        check_settings({**DEFAULT_SETTINGS, **chosen})
    except ValueError as e:
        raise UsageError(str(e)) from None
    return dict(chosen)


def cmd_screenshot(args: argparse.Namespace) -> int:
    from pathlib import Path

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout is what it lists
    from ui.headless import screenshot

    w, _, h = args.size.partition("x")
    if not (args.out or args.words or args.rects):
        raise UsageError("screenshot needs --out, --words or --rects")
    words: list[str] | None = [] if args.words else None
    rects: list[dict[str, object]] | None = [] if args.rects else None
    out = screenshot(_game(args.game), args.seed, args.moves,
                     Path(args.out) if args.out else None, args.lang, (int(w), int(h)),
                     args.seats, words, _settings(args.setting), args.scene, rects)
    if rects is not None:
        for item in rects:
            print(json.dumps(item, ensure_ascii=False))
        return 0
    if out is not None:
        print(out)
    for line in words or []:
        print(line)
    return 0


def cmd_bench_ui(args: argparse.Namespace) -> int:
    from ui.headless import bench_ui

    print(json.dumps(bench_ui(_game(args.game), args.frames, args.seed, args.level, args.seats,
                              args.cpu_clock, _settings(args.setting))))
    return 0


def cmd_selftest(args: argparse.Namespace) -> int:
    from ui.headless import selftest

    try:
        report = selftest()
    except Exception as e:  # the self-test reports any failure in one line and fails
        print(f"selftest failed: {type(e).__name__}: {e}", file=sys.stderr)
        return 1
    print(json.dumps(report, ensure_ascii=False, indent=1))
    return 0


def cmd_scores(args: argparse.Namespace) -> int:
    from saves import cli

    return cli.main((["--json"] if args.json else [])
                    + (["--game", args.game] if args.game else []))


def _seat_list(text: str) -> list[int]:
    try:
        return sorted({int(s) for s in text.split(",") if s.strip()})
    except ValueError:
        raise UsageError(f"--remote takes seat numbers, comma-separated, not {text!r}") from None


def play_at_table(remote: RemoteMatch, hosting: Hosting | None = None,
                  on_close: Callable[[], None] | None = None) -> int:
    """Open the window on the table of ``remote`` (a `net.client.RemoteMatch`), over the main
    menu, where leaving the table goes; 1 with the reason if the host does not answer."""
    from saves import Saves
    from ui.app import App
    from ui.table.remote import NetMatch
    from ui.table.scene import TableScene

    try:
        match = NetMatch(remote, hosting, on_close)
    except ConnectionError as e:
        remote.close()
        if on_close is not None:
            on_close()
        print(f"main.py: {e}", file=sys.stderr)
        return 1
    app = App(Saves.open())
    app.push(app.open("menu", greet=False))  # the table comes first, not the menu's questions
    app.push(TableScene(app, match.config, match))
    return app.run()


def cmd_host(args: argparse.Namespace) -> int:
    """Host a match; headless, the host's own chairs are bots. Prints where to join, then the
    result as one JSON line."""
    from pathlib import Path

    from game.simulate import parse_options
    from net.discovery import Announcer, addresses, announcement
    from net.host import Host
    from net.invite import LinkError
    from net.protocol import shown_code

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout says where to join
    from ui.text import default_name  # a bot named so, each player reads it in their language

    rules = _rules(args.game)
    seats = args.seats or rules.usual_seats
    internet = _seat_list(args.internet)
    remote = sorted(set(_seat_list(args.remote)) | set(internet))
    if any(not 0 <= s < seats for s in remote):
        raise UsageError(f"--remote and --internet seats are 0..{seats - 1}")
    link = _link_settings(args) if internet else None
    settings = {"wait": args.wait, "pace": args.pace, "in_order": args.in_order}
    try:
        if args.resume:
            host = Host.resume(Path(args.resume), **settings)
        else:
            chairs: list[Chair] = [
                {"kind": "remote", "name": f"#{s + 1}"} if s in remote
                else {"kind": "local", "name": args.name} if s == 0 and not args.headless
                else {"kind": "bot", "name": default_name("bot", s + 1), "level": args.bot}
                for s in range(seats)]
            if not args.headless and 0 in remote:
                raise UsageError("chair 0 is this machine's player: --remote names others")
            host = Host.start(rules.id, chairs, args.seed, parse_options(args.option),
                              args.code, args.table or args.name, **settings)
    except (ValueError, TypeError) as e:
        raise UsageError(str(e)) from None
    announcer: Announcer | None = None
    host.on_wrong_code = lambda address, count: print(
        f"a wrong table code from {address} ({count} so far)", file=sys.stderr, flush=True)
    inviter: Inviter | None = None

    def opened(address: tuple[str, int]) -> None:
        nonlocal announcer, inviter
        port = address[1]
        if args.save:
            host.save(Path(args.save))
        if link is not None:
            inviter = _invite(host, internet, link)
        code = shown_code(host.code)
        for shown in addresses(args.bind):
            print(f"hosting {rules.id} at {shown}:{port}, table code {code} "
                  f"(python main.py join {shown}:{port} --code {code} --name NAME "
                  "--headless)", flush=True)
        if not args.no_announce and args.bind not in ("127.0.0.1", "localhost"):
            announcer = Announcer(lambda: announcement(rules.id, host.table, port,
                                                       host.open_seats()))

    try:
        if not args.headless:
            return _host_windowed(host, args, opened)
        result = host.serve_forever(args.bind, args.port, opened)
    except LinkError as e:
        host.stop()
        print(f"main.py: {e}. Friends can still join on this network, or by this machine's "
              "address and port where its router lets them in.", file=sys.stderr)
        return 1
    finally:
        if announcer is not None:
            announcer.stop()
        if inviter is not None:
            inviter.close()
    print(json.dumps(result, ensure_ascii=False), flush=True)
    return 0


def _link_settings(args: argparse.Namespace) -> LinkSettings:
    """The invitations' settings: the command line's, else the saved settings', else the
    public servers."""
    from net.invite import LinkSettings
    from saves import Saves

    saved = Saves.open().settings if not (args.mailbox and args.relay and args.direct) else {}
    try:
        return LinkSettings(mailbox=args.mailbox or saved.get("invite_mailbox"),
                            relay=args.relay or saved.get("invite_relay"),
                            direct=args.direct or saved.get("invite_direct", "any"),
                            expire=args.expire)
    except ValueError as e:
        raise UsageError(str(e)) from None


def _invite(host: Host, seats: list[int], link: LinkSettings) -> Inviter:
    """Invitations for ``seats`` of ``host``, which is serving; each code, and
    each new code a seat is given to come back with, printed as it comes."""
    import threading

    from net.invite import Inviter

    inviter = Inviter(host, link)
    for seat in seats:
        inviter.invite(seat)
    shown: dict[int, str] = {}

    def tell() -> None:
        while not host.referee.finished.is_set():
            for seat, invitation in sorted(inviter.invitations().items()):
                if shown.get(seat) != invitation.code and invitation.state == "open":
                    shown[seat] = invitation.code
                    print(f"invite seat {seat}: {invitation.code} (python main.py join "
                          f"--invite {invitation.code} --name NAME --headless)", flush=True)
            host.referee.finished.wait(0.2)

    threading.Thread(target=tell, name="invite-codes", daemon=True).start()
    return inviter


def _host_windowed(host: Host, args: argparse.Namespace,
                   opened: Callable[[tuple[str, int]], None]) -> int:
    """The host's own table in a window: its server on a thread, this machine's player seated
    through loopback; the table code and address stand in its panel."""
    from net.client import RemoteMatch
    from net.discovery import addresses

    why = no_display()
    if why:
        print(f"main.py: {why}", file=sys.stderr)
        return 1
    address = host.open(args.bind, args.port)
    opened(address)
    port = address[1]
    shown = f"{addresses(args.bind)[0]}:{port}"
    from ui.table.remote import Hosting

    remote = RemoteMatch(f"127.0.0.1:{port}", args.name, host.code, token=host.token(0))
    return play_at_table(remote, Hosting(host, shown), host.stop)


def _rules(game_id: str) -> Rules:
    from game import registry

    return registry.get(_game(game_id))


def cmd_join(args: argparse.Namespace) -> int:
    """Join a hosted table, at its address with its table code or over the internet with an
    invitation's code; headless, a bot plays the seat. Prints the result as one JSON line; 1
    with the reason when the table ends the connection first or cannot be reached."""
    from net.client import RemoteMatch
    from net.invite import Joined, LinkError, join

    joined: Joined | None = None
    if args.invite:
        if args.address or args.code:
            raise UsageError("join --invite CODE needs no address nor table code")
        try:
            joined = join(args.invite, _link_settings(args))
        except LinkError as e:
            print(f"main.py: {e}", file=sys.stderr)
            return 1
        match = RemoteMatch(joined.address, args.name, joined.code, joined.seat, joined.token)
    else:
        host, _, port = (args.address or "").rpartition(":")
        if not host or not port.isdigit() or not args.code:
            raise UsageError("join HOST:PORT --code CODE, or join --invite CODE")
        match = RemoteMatch(args.address, args.name, args.code, args.seat)
    try:
        return _play_joined(match, args)
    finally:
        if joined is not None:
            joined.close()


def _play_joined(match: RemoteMatch, args: argparse.Namespace) -> int:
    """Play ``match`` in a window, or headless with a bot (the result printed)."""
    from net.client import play_headless

    if not args.headless:
        why = no_display()
        if why:
            match.close()
            print(f"main.py: {why}", file=sys.stderr)
            return 1
        return play_at_table(match)
    try:
        result = play_headless(match, args.bot, args.seed, args.timeout)
    finally:
        match.close()
    if result is None:
        print(f"main.py: {match.problem or 'the table ended before the game did'}",
              file=sys.stderr)
        return 1
    print(json.dumps(result, ensure_ascii=False), flush=True)
    return 0


def build_parser() -> Parser:
    from saves.schemas import INVITE_DIRECT

    parser = Parser(prog="main.py", description="The card table.")
    sub = parser.add_subparsers(dest="command", parser_class=Parser)
    parser.add_argument("--server", metavar="URL",
                        help="the table server Play online uses this run (wss://host/)")
    play = sub.add_parser("play", help="open the table (the default)")
    play.add_argument("--server", metavar="URL", default=argparse.SUPPRESS,
                      help="the table server Play online uses this run (wss://host/)")
    sim = sub.add_parser("simulate", help="bots play whole games headless")
    sim.add_argument("--game", required=True)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--seats", type=int)
    sim.add_argument("--bots", default="random",
                     help="random or heuristic, or one kind per seat, comma-separated")
    sim.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    shot = sub.add_parser("screenshot", help="save the table after N bot actions (or the "
                          "game's setup) as a PNG, or list what it draws")
    shot.add_argument("--game", required=True)
    shot.add_argument("--scene", default="table", choices=["table", "setup"])
    shot.add_argument("--seed", type=int, default=1)
    shot.add_argument("--moves", type=int, default=20)
    shot.add_argument("--out")
    shot.add_argument("--lang", default="fa", choices=["fa", "en", "ar"])
    shot.add_argument("--size", default="1280x720", help="window size in pixels, WxH")
    shot.add_argument("--seats", type=int, default=None, help="chairs (the game's usual)")
    shot.add_argument("--words", action="store_true",
                      help="also print every text the frame shows, one a line, by its role")
    shot.add_argument("--setting", action="append", default=[], metavar="NAME=VALUE",
                      help="a setting a player can choose (back=0.., felt=0.., face=large, "
                           "colorblind=true...); repeatable")
    shot.add_argument("--rects", action="store_true",
                      help="print every text and control drawn, one JSON object a line: "
                      '{"role", "rect": [x, y, w, h] in the window\'s pixels, "text"}')
    bench = sub.add_parser("bench-ui", help="frame times while bots play, headless")
    bench.add_argument("--game", required=True)
    bench.add_argument("--frames", type=int, default=600)
    bench.add_argument("--seed", type=int, default=1)
    bench.add_argument("--level", default="heuristic", help="the bots' level (hard searches)")
    bench.add_argument("--seats", type=int, help="how many chairs (the game's usual count)")
    bench.add_argument("--cpu-clock", action="store_true",
                       help="time each frame's work in the CPU time of its thread (a busy machine)")
    bench.add_argument("--setting", action="append", default=[], metavar="NAME=VALUE",
                       help="a setting a player can choose (felt=3, face=large...); repeatable")
    sub.add_parser("selftest", help="check saves, scenes and every game headless")
    scores = sub.add_parser("scores", help="print score sheets and statistics")
    scores.add_argument("--json", action="store_true")
    scores.add_argument("--game", help="only this game (its id, e.g. hokm)")
    host = sub.add_parser("host", help="host a match that players join from other machines")
    host.add_argument("--game", required=True)
    host.add_argument("--remote", default="", help="the seats players join, comma-separated")
    host.add_argument("--seats", type=int, help="how many chairs (the game's usual count)")
    host.add_argument("--port", type=int, default=47250, help="0: any free port")
    host.add_argument("--bind", default="0.0.0.0", help="the address to listen on")
    host.add_argument("--seed", type=int, default=1)
    host.add_argument("--code", help="the table code (a new one by default)")
    host.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    host.add_argument("--wait", type=float, default=60.0,
                      help="seconds before a bot stands in for a player who left")
    host.add_argument("--pace", type=float, default=0.5, help="seconds a bot waits to act")
    host.add_argument("--bot", default="normal", help="the level of the host's bots")
    host.add_argument("--name", default="Host", help="this machine's player (windowed)")
    host.add_argument("--table", help="the name the table is announced as (--name's)")
    host.add_argument("--in-order", action="store_true",
                      help="offer actions to the first seat to act only (replays a local run)")
    host.add_argument("--save", help="keep the match in this file after every action")
    host.add_argument("--resume", help="go on with the match saved in this file")
    host.add_argument("--no-announce", action="store_true",
                      help="do not announce the table on the local network")
    host.add_argument("--headless", action="store_true", help="bots play this machine's chairs")
    host.add_argument("--internet", default="",
                      help="the seats friends join over the internet, each with a code")
    join = sub.add_parser("join", help="join a match hosted on another machine")
    join.add_argument("address", nargs="?", help="HOST:PORT, as the host prints it")
    join.add_argument("--name", required=True)
    join.add_argument("--code", help="the table code the host shows")
    join.add_argument("--invite", help="the code a host gave to join over the internet")
    join.add_argument("--seat", type=int, help="the seat to take (the first free one)")
    join.add_argument("--bot", default="normal", help="the level of the bot that plays")
    join.add_argument("--seed", type=int,
                      help="the host's --seed, for a bot that replays a local run")
    join.add_argument("--timeout", type=float, default=3600.0, help="seconds at most")
    join.add_argument("--headless", action="store_true", help="a bot plays the seat")
    for command in (host, join):
        command.add_argument("--mailbox", help="the rendezvous (ws://HOST:PORT/v1) of "
                                               "internet invitations (the public one)")
        command.add_argument("--relay", help="the transit relay (tcp:HOST:PORT) of internet "
                                             "invitations (the public one)")
        command.add_argument("--direct", choices=INVITE_DIRECT,
                             help="the addresses offered for a direct link (relay: none; "
                                  "every address by default)")
        command.add_argument("--expire", type=float, default=1800.0,
                             help="seconds an invitation's code waits")
    return parser


LOG_NAME = "cardtable.log"


class ErrorLog(io.TextIOBase):
    """A stderr for the frozen build: each line goes to the console (``console``, the real
    stderr, None in a windowed build) and is appended to ``data_folder()/cardtable.log`` as
    ``YYYY-MM-DD HH:MM:SS [pid] line``. The file is opened only when a line comes, so a run
    without errors writes nothing; if it cannot be written the line is dropped, never raised."""

    encoding = "utf-8"

    def __init__(self, console: TextIO | None) -> None:
        super().__init__()
        self.console = console
        self._pending = ""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        if self.console is not None:
            try:
                self.console.write(text)
                self.console.flush()
            except (OSError, ValueError):
                self.console = None
        *lines, self._pending = (self._pending + text).split("\n")
        if lines:
            self._append(lines)
        return len(text)

    def flush(self) -> None:
        if self._pending:
            line, self._pending = self._pending, ""
            self._append([line])

    def _append(self, lines: list[str]) -> None:
        try:
            from saves import data_folder  # late: the log must not stop the table starting

            folder = data_folder()
            folder.mkdir(parents=True, exist_ok=True)
            stamp = f"{time.strftime('%Y-%m-%d %H:%M:%S')} [{os.getpid()}] "
            with open(folder / LOG_NAME, "a", encoding="utf-8") as log:
                log.writelines(f"{stamp}{line}\n" for line in lines)
        except Exception:  # nowhere left to report it
            pass


def log_errors_when_frozen() -> None:
    """In a PyInstaller build, send stderr (and so uncaught exceptions) to `ErrorLog` too; a
    windowed build on Windows has no stdout either, and printing there must not fail."""
    if getattr(sys, "frozen", False) and not isinstance(sys.stderr, ErrorLog):
        sys.stderr = ErrorLog(sys.stderr)
        if sys.stdout is None:
            sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - for the run


COMMANDS = {"play": cmd_play, "simulate": cmd_simulate, "screenshot": cmd_screenshot,
            "bench-ui": cmd_bench_ui, "selftest": cmd_selftest, "scores": cmd_scores,
            "host": cmd_host, "join": cmd_join}


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        return COMMANDS[args.command or "play"](args)
    except UsageError as e:
        print(f"main.py: {e}", file=sys.stderr)
        return 2
    except OSError as e:
        from saves import FolderError

        if not isinstance(e, FolderError):
            raise
        print(f"main.py: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    multiprocessing.freeze_support()  # the packaged table's bots search in a child process
    log_errors_when_frozen()
    sys.exit(main())
