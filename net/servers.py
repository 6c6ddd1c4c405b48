"""Where the table servers are: their addresses as a player sets them, the paths a reverse
proxy routes by, the invitation's link form, and which addresses may be reached unencrypted.

- A server's address is a ``ws://`` or ``wss://`` URL (`server_url` makes one of what a player
  types: a bare name is ``wss://``). Its tables are reached at ``<server>t/<shard>``, the shard
  being the first character of the table's code (the server process that holds it: the shipped
  proxy's configuration routes by it), and a new table is made at ``<server>new``, which the
  proxy sends to any process (`table_url`).
- An invitation is the code read out (``AK7-QXP-3MN``) or its link form,
  ``https://<server's host>/join/AK7-QXP-3MN`` (``http://`` for a ``ws://`` server:
  `invite_link`), which the proxy answers with a page saying how to join; the table's join
  field takes either (`read_invite`).
- Plain ``ws://`` sends everything as it is, the rejoin token included: the desktop uses it
  only on this machine or the local network (`plain_outside`) unless the player says so.
"""

from __future__ import annotations

import ipaddress
import re
from urllib.parse import urlsplit

from net.proof import normal_code
from net.protocol import CODE_ALPHABET, SERVER_CODE_LENGTH, shown_code

DEFAULT_SERVER = "wss://cardtable.example.org/"
"""The table server a new installation uses (a setting; ``main.py --server URL`` for a run)."""
LOCAL_SUFFIXES = (".localhost", ".local", ".lan", ".home.arpa", ".internal")
"""Names that stay on the local network (mDNS, home routers', RFC 8375's)."""
_INVITE = re.compile(r"/join/([A-Za-z0-9۰-۹٠-٩ -]+)/?$")


def is_server_url(address: str) -> bool:
    return address.startswith(("ws://", "wss://"))


class BadServer(ValueError):
    """A server's address that is not one, in words, and why as a ``reason`` a table can say
    in its own language: ``empty``, ``scheme`` (not ws:// or wss://), ``form`` (more than
    ws(s)://host[:port][/path]), ``port``."""

    def __init__(self, reason: str, words: str) -> None:
        super().__init__(words)
        self.reason = reason


def server_url(text: str) -> str:
    """The table server's URL that ``text`` names: ``ws://`` or ``wss://`` (a bare name or
    ``host:port`` is ``wss://``), a host, an optional port and path, ending in ``/``;
    `BadServer` saying what is wrong."""
    text = text.strip()
    if not text:
        raise BadServer("empty", "no server address")
    if "://" not in text:
        text = f"wss://{text}"
    parts = urlsplit(text)
    if parts.scheme not in ("ws", "wss"):
        raise BadServer("scheme", "a server's address starts ws:// or wss://, not "
                        f"{parts.scheme}://")
    if not parts.hostname or parts.username or parts.password or parts.query or parts.fragment \
            or any(c.isspace() for c in text):
        raise BadServer("form", "a server's address is ws(s)://host[:port][/path], nothing more")
    try:
        port = parts.port
    except ValueError:
        raise BadServer("port", "the server's port is a number from 1 to 65535") from None
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    path = parts.path if parts.path.endswith("/") else parts.path + "/"
    return f"{parts.scheme}://{host.lower()}{f':{port}' if port else ''}{path}"


def table_url(server: str, code: str | None) -> str:
    """Where the table of ``code`` is reached at ``server`` (None: where a new one is made)."""
    return f"{server}new" if code is None else f"{server}t/{code[0]}"


def invite_link(server: str, code: str) -> str:
    """The link form of ``code`` at ``server``: ``https://host/join/AK7-QXP-3MN``."""
    return f"http{server.removeprefix('ws')}join/{shown_code(code)}"


def read_invite(text: str) -> tuple[str | None, str]:
    """The server (None: the player's own) and the code an invitation holds: a code as read
    out, in any case, with or without its hyphens, or its link form; `ValueError` if it is
    neither."""
    text = text.strip()
    server = None
    if "://" in text:
        parts = urlsplit(text)
        found = _INVITE.search(parts.path)
        if parts.scheme not in ("http", "https") or not parts.hostname or found is None:
            raise ValueError("an invitation is a code, or a link ending /join/CODE")
        scheme = "wss" if parts.scheme == "https" else "ws"
        server = server_url(f"{scheme}://{parts.netloc}{parts.path[:found.start()]}/")
        text = found.group(1)
    code = normal_code(text)
    if len(code) != SERVER_CODE_LENGTH or len(code) != len(re.sub(r"[\s-]", "", text)):
        raise ValueError(f"a table's code is {SERVER_CODE_LENGTH} letters and digits of "
                         f"{CODE_ALPHABET}")
    return server, code


def is_local(host: str) -> bool:
    """Whether ``host`` (a name or an address) is this machine or on its local network."""
    host = host.strip("[]").lower()
    if host == "localhost" or host.endswith(LOCAL_SUFFIXES):
        return True
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return False
    return ip.is_loopback or ip.is_private or ip.is_link_local


def plain_outside(server: str) -> bool:
    """Whether ``server`` is unencrypted (``ws://``) and outside this machine and its local
    network: what the desktop asks the player about before it connects."""
    parts = urlsplit(server)
    return parts.scheme == "ws" and not is_local(parts.hostname or "")
