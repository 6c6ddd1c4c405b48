"""Proving the table code without sending it: both sides show they know it, the host first.

The exchange, before anything else is said (`net.protocol` carries it):

1. The joiner sends a fresh nonce (``knock``).
2. The host answers with a salt, a fresh nonce of its own and its proof, `host_proof`: an HMAC
   over both nonces keyed by `key` (the code stretched by scrypt with the salt).
3. The joiner checks that proof. If it fails, the table does not know the code the joiner
   holds: either the code was mistyped or the table is not the one the joiner was invited to
   (a forged announcement); the joiner leaves, and whoever answered learned nothing but a
   random nonce. Else it sends its own proof, `joiner_proof`, with its hello.
4. The host checks the joiner's proof before it reads anything else of the hello; a wrong one
   is a wrong code (`net.limits.Guesses`).

Why the stretching: the host's proof, which anyone who connects receives, lets them test
candidate codes away from the host; scrypt makes each test cost about 50 ms of a core and 16 MiB,
so that the `CODE_LENGTH` characters of a table code (31⁸, about 8.5 × 10¹¹ codes) would take
hundreds of core-years. The joiner derives the key once per salt (cached); the host once per
table. Nonces are fresh for every connection, so no proof can be replayed.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from functools import lru_cache

from net.protocol import CODE_ALPHABET

NONCE_BYTES = 16
SALT_BYTES = 16
SCRYPT = {"n": 2 ** 14, "r": 8, "p": 1}
"""scrypt's cost: 16 MiB and tens of milliseconds a key."""


_ASCII_DIGITS = str.maketrans("۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩", "0123456789" * 2)


def ascii_digits(text: str) -> str:
    """``text`` with Persian and Arabic digits as 0-9 (a code or an address typed on a
    Persian or Arabic keyboard)."""
    return text.translate(_ASCII_DIGITS)


def normal_code(text: str) -> str:
    """A code as typed or read out (any case, Persian or Arabic digits, spaces or hyphens
    between its groups) as the host keeps it: the characters of `CODE_ALPHABET` only."""
    return "".join(c for c in ascii_digits(text).upper() if c in CODE_ALPHABET)


def nonce() -> str:
    return secrets.token_hex(NONCE_BYTES)


def salt() -> str:
    return secrets.token_hex(SALT_BYTES)


@lru_cache(maxsize=16)
def key(code: str, salt_hex: str) -> bytes:
    """The key both proofs are made with: ``code`` (`normal_code`) stretched with the salt."""
    return hashlib.scrypt(normal_code(code).encode("ascii"), salt=bytes.fromhex(salt_hex),
                          maxmem=64 * 2 ** 20, dklen=32, **SCRYPT)


def _mac(key_: bytes, who: bytes, first: str, second: str) -> str:
    return hmac.new(key_, who + bytes.fromhex(first) + bytes.fromhex(second),
                    hashlib.sha256).hexdigest()


def host_proof(key_: bytes, joiner_nonce: str, host_nonce: str) -> str:
    return _mac(key_, b"host:", joiner_nonce, host_nonce)


def joiner_proof(key_: bytes, host_nonce: str, joiner_nonce: str) -> str:
    return _mac(key_, b"joiner:", host_nonce, joiner_nonce)


def same(given: str, expected: str) -> bool:
    """Whether a proof received is the one expected (in constant time)."""
    return hmac.compare_digest(given.encode("ascii", "replace"), expected.encode("ascii"))
