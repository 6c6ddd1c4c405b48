"""A table server on this machine as it is deployed: `cardtable-server` processes behind HAProxy
running the shipped configuration (``deploy/haproxy.cfg``), only its ports and paths filled in
(its environment). For trying a deployment on one machine, and what the tests and
``benchmarks/net_server.py`` start.

    python -m net.cluster --processes 2 [--port 8443] [-- SERVER ARGUMENTS...]

prints the server's address (``wss://127.0.0.1:PORT/``) and serves until Ctrl-C. Its TLS
certificate is ``deploy/loopback.pem``, self-signed for 127.0.0.1 and ``localhost`` only (a
client trusts it through `Cluster.tls`); a server on the internet has its own.

Everything listens on the loopback address. Each process is a shard of `SHARDS` (the
configuration routes four); the shards not started are found down by the proxy's health
checks, and new tables go to the others.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

DEPLOY = Path(__file__).resolve().parent.parent / "deploy"
CONFIG = DEPLOY / "haproxy.cfg"
CERT = DEPLOY / "loopback.pem"
SHARDS = "ABCD"
"""The shards the shipped configuration routes."""
LOOPBACK = "127.0.0.1"
START_WAIT = 20.0
"""Seconds a process (a server, the proxy) may take to start listening."""


def free_port() -> int:
    """A port nothing listens on now, on the loopback address."""
    with socket.socket() as sock:
        sock.bind((LOOPBACK, 0))
        return int(sock.getsockname()[1])


def listening(port: int) -> bool:
    try:
        with socket.create_connection((LOOPBACK, port), timeout=0.5):
            return True
    except OSError:
        return False


class Cluster:
    """``processes`` table server processes (shards ``A``, ``B``... of `SHARDS`) run with
    ``server_args`` besides their own, behind HAProxy at ``port`` (0: a free one). `start`
    runs them; `stop` (or the ``with`` block's end) ends them all."""

    def __init__(self, processes: int, port: int = 0, server_args: Sequence[str] = ()) -> None:
        if not 1 <= processes <= len(SHARDS):
            raise ValueError(f"the shipped configuration routes 1 to {len(SHARDS)} processes")
        self.shards = SHARDS[:processes]
        self.port = port or free_port()
        self.server_args = list(server_args)
        self.servers: dict[str, subprocess.Popen[str]] = {}
        self.ports: dict[str, int] = {}
        self.proxy: subprocess.Popen[str] | None = None
        self.log = tempfile.TemporaryFile("w+")  # noqa: SIM115 - open while the cluster runs
        """What the proxy said (its alerts)."""

    @property
    def url(self) -> str:
        return f"wss://{LOOPBACK}:{self.port}/"

    @property
    def tls(self) -> ssl.SSLContext:
        """What a client checks this cluster's certificate against."""
        return ssl.create_default_context(cafile=str(CERT))

    def __enter__(self) -> Cluster:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def start(self) -> None:
        """Start every server process, then the proxy; return once all listen (`OSError`
        saying which did not)."""
        haproxy = shutil.which("haproxy") or next(
            (p for p in ("/usr/sbin/haproxy", "/usr/local/sbin/haproxy") if os.path.exists(p)),
            None)
        if haproxy is None:
            raise OSError("haproxy is not installed (Debian: apt-get install haproxy)")
        try:
            for shard in self.shards:
                self.ports[shard] = port = free_port()
                self.servers[shard] = subprocess.Popen(
                    [sys.executable, "-m", "net.server", "--bind", LOOPBACK, "--port", str(port),
                     "--shard", shard, "--proxy", LOOPBACK, *self.server_args],
                    cwd=DEPLOY.parent, stdout=subprocess.DEVNULL, text=True)
            self._wait(self.ports, self.servers)  # up before the proxy first checks them
            for shard in SHARDS:  # where a shard not started would be: nothing listens there
                self.ports.setdefault(shard, free_port())
            env = {**os.environ, "CT_LISTEN": f"{LOOPBACK}:{self.port}", "CT_CERT": str(CERT),
                   "CT_PAGES": str(DEPLOY),
                   **{f"CT_{s}": f"{LOOPBACK}:{self.ports[s]}" for s in SHARDS}}
            self.proxy = subprocess.Popen([haproxy, "-db", "-f", str(CONFIG)], env=env,
                                          stdout=self.log, stderr=subprocess.STDOUT, text=True)
            self._wait({"haproxy": self.port}, {"haproxy": self.proxy})
        except BaseException:
            self.stop()
            raise

    def _wait(self, ports: dict[str, int], processes: dict[str, subprocess.Popen[str]]
              ) -> None:
        """Return once each of ``processes`` listens at its port of ``ports``."""
        deadline = time.monotonic() + START_WAIT
        for name, process in processes.items():
            port = ports[name]
            while not listening(port):
                if process.poll() is not None:
                    self.log.seek(0)
                    why = self.log.read().strip()[-500:] if process is self.proxy else ""
                    raise OSError(f"{name} ended as it started (status {process.returncode})"
                                  + (f": {why}" if why else ""))
                if time.monotonic() > deadline:
                    raise OSError(f"{name} did not listen on {port} within {START_WAIT:.0f} s")
                time.sleep(0.05)

    def kill(self, shard: str) -> None:
        """Kill ``shard``'s process at once (SIGKILL), as a crash would."""
        process = self.servers[shard]
        process.kill()
        process.wait(START_WAIT)

    def pids(self) -> dict[str, int]:
        """Each server process's id, by shard."""
        return {shard: process.pid for shard, process in self.servers.items()}

    def stop(self) -> None:
        """End the proxy and every server process (each is told to stop, then killed)."""
        for process in [*self.servers.values(), *([self.proxy] if self.proxy else [])]:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        for process in [*self.servers.values(), *([self.proxy] if self.proxy else [])]:
            try:
                process.wait(START_WAIT)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(START_WAIT)
        self.log.close()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m net.cluster", description=__doc__)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--port", type=int, default=8443)
    parser.add_argument("server_args", nargs="*", help="arguments for each cardtable-server")
    args = parser.parse_args(argv)
    with Cluster(args.processes, args.port, args.server_args) as cluster:
        print(f"table server: {cluster.url} ({', '.join(cluster.shards)}; Ctrl-C stops it)",
              flush=True)
        try:
            signal.pause()
        except KeyboardInterrupt:
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
