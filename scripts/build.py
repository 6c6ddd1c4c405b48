"""Build the one-folder executable and run its self-test: the build must never rot.

    python -m pip install -e ".[build]" && python scripts/build.py

Runs PyInstaller on cardtable.spec (dist/cardtable/), then `dist/cardtable/cardtable selftest`
headless with a throwaway data folder, and prints the folder's size. Exits non-zero, saying why,
if PyInstaller is missing, the build fails or the packaged self-test fails.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist" / "cardtable"
EXE = DIST / ("cardtable.exe" if sys.platform == "win32" else "cardtable")


def folder_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def main() -> int:
    if importlib.util.find_spec("PyInstaller") is None:
        print("build: PyInstaller is not installed; run: python -m pip install -e \".[build]\"",
              file=sys.stderr)
        return 2
    built = subprocess.run([sys.executable, "-m", "PyInstaller", "cardtable.spec", "--noconfirm",
                            "--clean", "--log-level", "WARN"], cwd=ROOT)
    if built.returncode != 0 or not EXE.exists():
        print(f"build: PyInstaller failed (status {built.returncode})", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory(prefix="cardtable-selftest-") as home:
        env = {**os.environ, "CARD_TABLE_HOME": home, "SDL_VIDEODRIVER": "dummy",
               "SDL_AUDIODRIVER": "dummy"}
        test = subprocess.run([str(EXE), "selftest"], env=env, capture_output=True, text=True,
                              timeout=300)
    if test.returncode != 0:
        print(f"build: the packaged self-test failed (status {test.returncode})\n{test.stdout}"
              f"{test.stderr}", file=sys.stderr)
        return 1
    print(f"build: {DIST} ({folder_size(DIST) / 2**20:.1f} MiB); packaged self-test passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
