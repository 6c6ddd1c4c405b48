"""Proving the table code without sending it: a password-authenticated key exchange (SPAKE2,
symmetric mode) on the code, then each side proves it holds the key, the host first.

The exchange, before anything else is said (`net.protocol` carries it):

1. The joiner makes its `Half` of the exchange from the code it holds and sends the half's
   message (``knock``).
2. The host, unless it takes no code from that address for now (`net.limits.Guesses`), makes
   its own half from the table's code, derives the key from the joiner's message, and answers
   with its half's message and its proof, `host_proof`: an HMAC over both messages keyed by
   that key.
3. The joiner derives the key from the host's message and checks that proof. If it fails, the
   table does not know the code the joiner holds: either the code was mistyped or the table is
   not the one the joiner was invited to (a forged announcement); the joiner leaves. Else it
   sends its own proof, `joiner_proof`, with its hello.
4. The host checks the joiner's proof before it reads anything else of the hello.

Why a key exchange: the two messages tell nothing of the code to whoever sees them or takes
part; whoever made a half learns, from the other side's proof, whether that half's one code was
right, and nothing of any other code. No code can be tested away from the host (as a proof
keyed by the code itself would let anyone who connects do, however much the code is
stretched), so the code is as strong as the attempts the host allows: the host counts every
exchange it answers as a code tried, and one that does not end with the right proof (wrong,
dropped or silent) as a wrong code (`net.link.admit`). A forger answering a joiner learns
whether the one code it tried was the joiner's: at 31⁸ codes, nothing.

Both halves are fresh for every connection, so no message or proof can be replayed; a message
echoed back is refused (`Half.key`), and each side's proof is labelled with its side, so
neither can pass for the other's.
"""

from __future__ import annotations

import hashlib
import hmac

from spake2 import SPAKE2_Symmetric

from net.protocol import CODE_ALPHABET, PAKE_DIGITS

MESSAGE_BYTES = PAKE_DIGITS // 2
EXCHANGE_ID = b"cardtable table code"
"""What the exchange is for: halves made for another purpose never agree with ours."""

_ASCII_DIGITS = str.maketrans("۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩", "0123456789" * 2)


def ascii_digits(text: str) -> str:
    """``text`` with Persian and Arabic digits as 0-9 (a code or an address typed on a
    Persian or Arabic keyboard)."""
    return text.translate(_ASCII_DIGITS)


def normal_code(text: str) -> str:
    """A code as typed or read out (any case, Persian or Arabic digits, spaces or hyphens
    between its groups) as the host keeps it: the characters of `CODE_ALPHABET` only."""
    return "".join(c for c in ascii_digits(text).upper() if c in CODE_ALPHABET)


class Half:
    """One side's half of the exchange, made from ``code`` (`normal_code`): ``message`` (hex)
    goes to the other side, whose message gives the key (`key`), once."""

    def __init__(self, code: str) -> None:
        self._spake = SPAKE2_Symmetric(normal_code(code).encode("ascii"),
                                       idSymmetric=EXCHANGE_ID)
        self.message = self._spake.start().hex()

    def key(self, theirs: str) -> bytes:
        """The key agreed with the half whose message is ``theirs`` (hex); the same on both
        sides only if both halves were made from the same code. `ValueError` if ``theirs``
        is no half's message (malformed, not a point of the group, or this half's own sent
        back)."""
        try:
            message = bytes.fromhex(theirs)
        except ValueError:
            raise ValueError("the exchange's message is not hexadecimal") from None
        if len(message) != MESSAGE_BYTES:
            raise ValueError(f"the exchange's message is {MESSAGE_BYTES} bytes")
        try:
            return bytes(self._spake.finish(message))
        except Exception as e:  # the library's own kinds, assertions among them
            raise ValueError(f"the exchange's message is not one: {e or type(e).__name__}") \
                from None


def _mac(key: bytes, who: bytes, first: str, second: str) -> str:
    return hmac.new(key, who + bytes.fromhex(first) + bytes.fromhex(second),
                    hashlib.sha256).hexdigest()


def host_proof(key: bytes, joiner_message: str, host_message: str) -> str:
    """The host's proof that it holds ``key``, over both halves' messages."""
    return _mac(key, b"host:", joiner_message, host_message)


def joiner_proof(key: bytes, host_message: str, joiner_message: str) -> str:
    """The joiner's proof that it holds ``key``, over both halves' messages."""
    return _mac(key, b"joiner:", host_message, joiner_message)


def same(given: str, expected: str) -> bool:
    """Whether a proof received is the one expected (in constant time)."""
    return hmac.compare_digest(given.encode("ascii", "replace"), expected.encode("ascii"))
