"""A mailbox server and a transit relay of one's own, for `net.invite`'s links.

The magic-wormhole project publishes both servers on PyPI (``magic-wormhole-mailbox-server``,
``magic-wormhole-transit-relay``, the ``test`` and ``build`` extras here); `Servers` runs them
as child processes (Twisted's ``twist``) and gives the addresses to put in
`net.invite.LinkSettings`.
The tests, ``benchmarks/net_invite.py`` and the build's self-test run them on 127.0.0.1; a
family or a community can run them for their own tables:

    python -m net.rendezvous --bind 0.0.0.0 --mailbox-port 4000 --relay-port 4001
"""

from __future__ import annotations

import argparse
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import TracebackType

START_WAIT = 20.0
"""Seconds the servers have to start listening."""


def free_port(bind: str) -> int:
    """A port nothing listens on at ``bind`` now."""
    with socket.socket() as probe:
        probe.bind((bind, 0))
        return int(probe.getsockname()[1])


class Servers:
    """A mailbox server and a transit relay listening on ``bind`` (ports 0: free ones), run
    until `stop` (or the end of a ``with``); their data (the mailbox's SQLite file, the logs)
    lives in a folder of its own, removed at `stop`."""

    def __init__(self, bind: str = "127.0.0.1", mailbox_port: int = 0,
                 relay_port: int = 0) -> None:
        self.bind = bind
        self.mailbox_port = mailbox_port or free_port(bind)
        self.relay_port = relay_port or free_port(bind)
        self._folder = tempfile.TemporaryDirectory(prefix="cardtable-rendezvous-")
        self._processes: list[subprocess.Popen[bytes]] = []

    @property
    def mailbox(self) -> str:
        """The mailbox's address, for `LinkSettings.mailbox`."""
        return f"ws://{self.bind}:{self.mailbox_port}/v1"

    @property
    def relay(self) -> str:
        """The relay's address, for `LinkSettings.relay`."""
        return f"tcp:{self.bind}:{self.relay_port}"

    def start(self) -> Servers:
        """Start both and wait until they listen; `RuntimeError` with their log if not."""
        folder = Path(self._folder.name)
        self._run("mailbox", ["wormhole-mailbox", "--port",
                              f"tcp:{self.mailbox_port}:interface={self.bind}",
                              "--channel-db", str(folder / "mailbox.sqlite")])
        self._run("relay", ["transitrelay", "--port",
                            f"tcp:{self.relay_port}:interface={self.bind}"])
        deadline = time.monotonic() + START_WAIT
        for port in (self.mailbox_port, self.relay_port):
            while not _listening(self.bind, port):
                if time.monotonic() > deadline or any(p.poll() is not None
                                                      for p in self._processes):
                    logs = "\n".join(p.read_text(errors="replace")
                                     for p in sorted(folder.glob("*.log")))
                    self.stop()
                    raise RuntimeError(f"the rendezvous servers did not start:\n{logs}")
                time.sleep(0.05)
        return self

    def _run(self, name: str, plugin: list[str]) -> None:
        log = Path(self._folder.name) / f"{name}.log"
        self._processes.append(subprocess.Popen(
            [sys.executable, "-m", "twisted", f"--log-file={log}", "--log-format=text",
             *plugin], cwd=self._folder.name, stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT))

    def running(self) -> bool:
        """Whether both servers still run."""
        return bool(self._processes) and all(p.poll() is None for p in self._processes)

    def stop(self) -> None:
        for process in self._processes:
            process.terminate()
        for process in self._processes:
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        self._processes.clear()
        self._folder.cleanup()

    def __enter__(self) -> Servers:
        return self.start()

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.stop()


def _listening(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=0.5):
            return True
    except OSError:
        return False


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m net.rendezvous",
                                     description="Run a mailbox and a transit relay for "
                                                 "the card table's invitations.")
    parser.add_argument("--bind", default="127.0.0.1", help="the address to listen on")
    parser.add_argument("--mailbox-port", type=int, default=4000)
    parser.add_argument("--relay-port", type=int, default=4001)
    args = parser.parse_args()
    with Servers(args.bind, args.mailbox_port, args.relay_port) as servers:
        print(f"mailbox {servers.mailbox} · relay {servers.relay} (Ctrl+C stops them)",
              flush=True)
        try:
            while servers.running():
                time.sleep(1)
        except KeyboardInterrupt:
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
