"""Build the one-folder executable and test what was built: the build must never rot.

    python -m pip install -e ".[build]" && python scripts/build.py
    python scripts/build.py --no-build     # only check and self-test dist/cardtable/ as it is

Runs PyInstaller on cardtable.spec (into dist/cardtable/, work files in build/), then checks the
folder: the program and the assets are there (fonts with their licence, the icon), SQLite too (the
history is a database: its module and its library), and nothing the spec leaves out crept in (numpy,
test and build tools, tkinter...), in the folder or among the packed modules. Then, headless (SDL's
dummy drivers) with a throwaway data folder (``CARD_TABLE_HOME``), it runs the packaged program:
``selftest`` must exit 0 and report every game ok (it records a finished match in the history and
reads it back), a bad command must fail in one line, status 2, and land in ``cardtable.log``, and a
packaged ``host`` and ``join`` must play a match on the loopback address. It prints the folder's
size last. Exits non-zero, saying why, on the first failure, or with status 2 if PyInstaller is not
installed (installing ``.[build]`` is the caller's job).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist" / "cardtable"
EXE = DIST / ("cardtable.exe" if sys.platform == "win32" else "cardtable")
NEEDED = ("assets/fonts/Vazirmatn-Regular.ttf", "assets/fonts/Vazirmatn-Bold.ttf",
          "assets/fonts/OFL.txt", "assets/icon/cardtable.png")
"""Files the program reads, under the bundle's data folder (sys._MEIPASS)."""
STRAY_FILES = ("numpy", "tkinter", "_tkinter", "libtcl", "libtk", "tcl8", "tk8", "pytest",
               "hypothesis", "mypy", "PyInstaller", "setuptools", "pip", "IPython",
               "trio", "txtorcon")
"""Starts of file or folder names that must not be in dist/cardtable/."""
STRAY_MODULES = ("numpy", "tkinter", "pytest", "_pytest", "hypothesis", "mypy", "PyInstaller",
                 "setuptools", "pkg_resources", "pip", "IPython",
                 "pygame.tests", "pygame.examples", "trio", "werkzeug",
                 "websockets.trio", "websockets.sync", "txtorcon", "twisted.trial",
                 "wormhole_mailbox_server", "wormhole_transit_relay")
"""Packages that must not be among the packed modules (asyncio and ssl may be: websockets, for
play across machines, needs both)."""
WANTED_MODULES = ("main", "game.registry", "game.rules.hokm", "game.bots.hokm", "ui.app",
                  "ui.scenes.menu", "saves", "pygame", "bidi.algorithm", "arabic_reshaper",
                  "filelock", "multiprocessing", "concurrent.futures.process", "net.host",
                  "net.client", "net.discovery", "websockets.asyncio.server",
                  "websockets.asyncio.client", "sqlite3", "saves.history", "net.invite",
                  "wormhole.wormhole", "wormhole._dilation.manager",
                  "autobahn.twisted.websocket", "nacl.secret", "noise.connection",
                  "twisted.internet.endpoints")
NEEDED_LIBRARIES = ("_sqlite3",)
"""Starts of the names of extension modules that must be in the folder (SQLite's, which the
history needs; its library comes with it, or is built into Python's own)."""


class Failed(Exception):
    """A check failed: the message says which and why."""


def folder_size(folder: Path) -> tuple[int, int]:
    """Bytes and files under ``folder``, symbolic links not counted twice."""
    files = [p for p in folder.rglob("*") if p.is_file() and not p.is_symlink()]
    return sum(p.stat().st_size for p in files), len(files)


def build() -> None:
    if importlib.util.find_spec("PyInstaller") is None:
        print("build: PyInstaller is not installed; run: python -m pip install -e \".[build]\"",
              file=sys.stderr)
        raise SystemExit(2)
    print("build: PyInstaller cardtable.spec ...", flush=True)
    start = time.perf_counter()
    built = subprocess.run([sys.executable, "-m", "PyInstaller", "cardtable.spec", "--noconfirm",
                            "--clean", "--log-level", "WARN"], cwd=ROOT, check=False)
    if built.returncode != 0:
        raise Failed(f"PyInstaller failed (status {built.returncode})")
    print(f"build: built in {time.perf_counter() - start:.0f} s", flush=True)


def bundle_data() -> Path:
    """The folder that is ``sys._MEIPASS`` in the build (``_internal`` since PyInstaller 6)."""
    inside = DIST / "_internal"
    return inside if inside.is_dir() else DIST


def packed_modules() -> list[str] | None:
    """The modules in the program's archive, or None if this PyInstaller cannot list them."""
    try:
        from PyInstaller.archive.readers import CArchiveReader

        archive = CArchiveReader(str(EXE))
        return [*archive.toc, *archive.open_embedded_archive("PYZ.pyz").toc]
    except Exception as e:  # a reader API that moved: say so, the self-test still runs
        print(f"build: cannot list the packed modules ({type(e).__name__}: {e}); skipped")
        return None


def check_contents() -> None:
    if not EXE.is_file():
        raise Failed(f"no program at {EXE}")
    data = bundle_data()
    missing = [name for name in NEEDED if not (data / name).is_file()]
    if missing:
        raise Failed(f"missing from {data}: {', '.join(missing)}")
    strays = sorted(str(p.relative_to(DIST)) for p in DIST.rglob("*")
                    if p.name.startswith(STRAY_FILES))
    if strays:
        raise Failed(f"files the table does not use: {', '.join(strays[:20])}")
    absent = [name for name in NEEDED_LIBRARIES
              if not any(p.name.startswith(name) for p in DIST.rglob("*"))]
    if absent:
        raise Failed(f"libraries missing from {DIST}: {', '.join(absent)}")
    modules = packed_modules()
    if modules is not None:
        strays = sorted(m for m in modules
                        if any(m == s or m.startswith(f"{s}.") for s in STRAY_MODULES))
        if strays:
            raise Failed(f"modules the table does not use: {', '.join(strays[:20])}")
        lacking = [m for m in WANTED_MODULES if m not in modules]
        if lacking:
            raise Failed(f"modules missing from the archive: {', '.join(lacking)}")
        print(f"build: {len(modules)} modules packed, none of the excluded ones")


def packaged_env(home: str) -> dict[str, str]:
    env = {**os.environ, "CARD_TABLE_HOME": home, "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env.pop("CARD_TABLE_EXIT_AFTER_FIRST_FRAME", None)
    return env


def run_packaged(args: list[str], home: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(EXE), *args], env=packaged_env(home), capture_output=True,
                          text=True, encoding="utf-8", errors="replace", timeout=300,
                          check=False)


def play_across_machines(home: str) -> None:
    """The packaged program hosts a Hokm match on the loopback address and a second packaged
    program joins it and plays its seat: websockets, asyncio and ssl are in the build."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    host = subprocess.Popen([str(EXE), "host", "--game", "hokm", "--remote", "1", "--port",
                             str(port), "--bind", "127.0.0.1", "--headless", "--code", "NETQK234",
                             "--pace", "0", "--no-announce", "--option", "sets=1"],
                            env=packaged_env(home), stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and host.poll() is None:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.2)
        join = run_packaged(["join", f"127.0.0.1:{port}", "--name", "Build", "--code", "NETQK234",
                             "--headless", "--timeout", "120"], home)
        _, host_errors = host.communicate(timeout=120)
    finally:
        host.kill()
    played(host, join, host_errors, home, "")


def play_through_a_link(home: str) -> None:
    """The packaged program hosts a Hokm match with a seat for a friend over the internet,
    meeting at a mailbox and a relay run on the loopback address (`net.rendezvous`, from the
    build's environment), and a second packaged program joins it with the code it printed:
    magic-wormhole, Twisted and their cryptography are in the build."""
    import queue
    import threading

    sys.path.insert(0, str(ROOT))
    from net.rendezvous import Servers

    with Servers() as servers:
        link = ["--mailbox", servers.mailbox, "--relay", servers.relay, "--direct", "loopback"]
        host = subprocess.Popen([str(EXE), "host", "--game", "hokm", "--internet", "1",
                                 "--port", "0", "--bind", "127.0.0.1", "--headless", "--pace",
                                 "0", "--no-announce", "--option", "sets=1", *link],
                                env=packaged_env(home), stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)
        lines: queue.Queue[str] = queue.Queue()
        out = host.stdout
        assert out is not None

        def read_lines() -> None:
            for line in out:
                lines.put(line)

        threading.Thread(target=read_lines, daemon=True).start()
        try:
            code = None
            while code is None:
                line = lines.get(timeout=120)
                if line.startswith("invite seat 1: "):
                    code = line.split()[3]
            join = run_packaged(["join", "--invite", code, "--name", "Build", "--headless",
                                 "--timeout", "120", *link], home)
            _, host_errors = host.communicate(timeout=120)
        except queue.Empty:
            raise Failed(f"the packaged host printed no invitation\n{log_of(home)}") from None
        finally:
            host.kill()
    played(host, join, host_errors, home, " with a code")


def played(host: subprocess.Popen[str], join: subprocess.CompletedProcess[str],
           host_errors: str, home: str, how: str) -> None:
    """Both packaged programs ended well, the host and the one that joined it ``how``; else
    `Failed` with what they said."""
    if join.returncode != 0 or host.returncode != 0:
        raise Failed(f"the packaged host and join{how} did not play a match (status "
                     f"{host.returncode} and {join.returncode})\n{host_errors}{join.stderr}"
                     f"{log_of(home)}")
    print(f"build: the packaged table hosted a match and a packaged table joined it{how}")


def log_of(home: str) -> str:
    log = Path(home) / "cardtable.log"
    return log.read_text(encoding="utf-8", errors="replace") if log.is_file() else ""


def self_test() -> None:
    with tempfile.TemporaryDirectory(prefix="cardtable-selftest-") as home:
        start = time.perf_counter()
        test = run_packaged(["selftest"], home)
        seconds = time.perf_counter() - start
        if test.returncode != 0:
            raise Failed(f"the packaged self-test failed (status {test.returncode})\n"
                         f"{test.stdout}{test.stderr}{log_of(home)}")
        # a windowed Windows build has no stdout: then the status is all there is to read
        report_text = test.stdout[test.stdout.find("{"):] if "{" in test.stdout else ""
        if report_text:
            report = json.loads(report_text)
            sys.path.insert(0, str(ROOT))
            from game import registry

            games = report.get("games", {})
            if set(games) != set(registry.ids()) or set(games.values()) != {"ok"}:
                raise Failed(f"the packaged self-test did not pass every game: {games}")
            print(f"build: packaged self-test passed in {seconds:.1f} s: "
                  f"{', '.join(f'{g} {r}' for g, r in games.items())}")
        else:
            print(f"build: packaged self-test passed in {seconds:.1f} s (no report on stdout)")

        searched = run_packaged(["bench-ui", "--game", "hokm", "--frames", "300",
                                 "--level", "hard"], home)
        report_text = searched.stdout[searched.stdout.find("{"):]
        if searched.returncode != 0 or not json.loads(report_text or "{}").get("bot_actions"):
            raise Failed(f"hard bots did not play in the packaged table (their search runs in "
                         f"a spawned process)\n{searched.stdout}{searched.stderr}{log_of(home)}")
        print("build: a hard bot searched in a spawned process of the packaged table")

        bad = run_packaged(["no-such-command"], home)
        lines = [line for line in bad.stderr.splitlines() if line.strip()]
        if bad.returncode != 2 or len(lines) > 1:
            raise Failed(f"a bad command should fail in one line with status 2, not "
                         f"{bad.returncode}:\n{bad.stderr}")
        if "no-such-command" not in log_of(home):
            raise Failed(f"the bad command is not in {Path(home) / 'cardtable.log'}:\n"
                         f"{log_of(home)}")
        print("build: errors go to cardtable.log in the data folder")
        play_across_machines(home)
        play_through_a_link(home)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-build", action="store_true",
                        help="check and self-test dist/cardtable/ without building it")
    args = parser.parse_args()
    try:
        if not args.no_build:
            build()
        check_contents()
        self_test()
    except Failed as e:
        print(f"build: FAILED: {e}", file=sys.stderr)
        return 1
    except subprocess.TimeoutExpired as e:
        print(f"build: FAILED: {e}", file=sys.stderr)
        return 1
    size, files = folder_size(DIST)
    print(f"build: {DIST.relative_to(ROOT)}: {size / 2**20:.1f} MiB in {files} files; "
          f"run {EXE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
