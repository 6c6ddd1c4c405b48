"""Where the table's files are: the repository, or the PyInstaller bundle."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(getattr(sys, "_MEIPASS", Path(__file__).resolve().parent.parent))
"""The folder that holds ``assets/``: the repository, or the PyInstaller bundle."""


def asset(*parts: str) -> Path:
    """The path of a file under ``assets/``, in the repository or in a PyInstaller bundle."""
    return ROOT.joinpath("assets", *parts)
