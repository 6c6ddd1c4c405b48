"""Draw the table's icon: a round green table with a wooden rim and three cards fanned on it.

    python scripts/make_icon.py        # writes assets/icon/cardtable.png, .ico and .icns

The cards are the table's own card art (`ui.cardart`). The emblem is drawn once at 1024 px and
smooth-scaled to each size, which anti-aliases it. The ICO (Windows) and ICNS (macOS) files
hold PNG images, one per size, written here by hand so no imaging library is needed. Commit
the output; the build (`cardtable.spec`) only reads it.
"""

from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from ui.cardart import card_surface  # noqa: E402

OUT = ROOT / "assets" / "icon"
BIG = 1024
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_TYPES = ((b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256),
              (b"ic09", 512), (b"ic10", 1024))
WOOD, WOOD_DARK = (122, 74, 38), (74, 42, 20)
FELT, FELT_LIGHT = (18, 92, 56), (30, 120, 74)


def emblem() -> pygame.Surface:
    """The icon at 1024 px, transparent outside the table."""
    out = pygame.Surface((BIG, BIG), pygame.SRCALPHA)
    c = BIG // 2
    pygame.draw.circle(out, WOOD_DARK, (c, c), 500)
    pygame.draw.circle(out, WOOD, (c, c), 480)
    pygame.draw.circle(out, WOOD_DARK, (c, c), 408)
    pygame.draw.circle(out, FELT, (c, c), 396)
    pygame.draw.circle(out, FELT_LIGHT, (c, c - 40), 300)
    pygame.draw.circle(out, FELT, (c, c - 10), 292)
    width = 330
    for code, angle, dx in (("KS", 24, -150), ("QD", 0, 0), ("AH", -24, 150)):
        card = pygame.transform.rotozoom(card_surface(code, width), angle, 1.0)
        shadow = card.copy()
        shadow.fill((0, 0, 0, 90), special_flags=pygame.BLEND_RGBA_MULT)
        rect = card.get_rect(center=(c + dx, c + 20 + abs(dx) // 5))
        out.blit(shadow, rect.move(10, 14))
        out.blit(card, rect)
    return out


def png(surface: pygame.Surface, size: int) -> bytes:
    small = surface if size == surface.get_width() else \
        pygame.transform.smoothscale(surface, (size, size))
    buf = io.BytesIO()
    pygame.image.save(small, buf, "icon.png")
    return buf.getvalue()


def ico(images: dict[int, bytes]) -> bytes:
    """An ICO of PNG images (Windows Vista and later read them)."""
    head = struct.pack("<HHH", 0, 1, len(images))
    offset = len(head) + 16 * len(images)
    entries, blobs = b"", b""
    for size, data in images.items():
        entries += struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(data),
                               offset + len(blobs))
        blobs += data
    return head + entries + blobs


def icns(images: dict[bytes, bytes]) -> bytes:
    """An ICNS of PNG images (macOS 10.7 and later)."""
    body = b"".join(kind + struct.pack(">I", 8 + len(data)) + data for kind, data in images.items())
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main() -> int:
    pygame.init()
    pygame.display.set_mode((1, 1))
    art = emblem()
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "cardtable.png").write_bytes(png(art, 256))
    (OUT / "cardtable.ico").write_bytes(ico({s: png(art, s) for s in ICO_SIZES}))
    (OUT / "cardtable.icns").write_bytes(icns({k: png(art, s) for k, s in ICNS_TYPES}))
    pygame.quit()
    for path in sorted(OUT.iterdir()):
        print(f"{path.relative_to(ROOT)}  {path.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
