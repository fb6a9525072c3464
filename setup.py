"""The build: the hot modules compiled with mypyc where it can, pure Python elsewhere.

A wheel (``pip install .``, ``python -m build``) compiles the modules matched by
``COMPILED`` into C extensions when mypyc, a C compiler and the Python headers
are at hand, and ships the same ``.py`` files beside them; the extensions take
precedence on import. Without them, with ``BIGBLIND_PURE_PYTHON=1`` set, or in
an editable install (``pip install -e .``: edits take effect at once), the
package is pure Python and says so in one line. Both forms run the same
sources: ``bigblind.__compiled__`` and ``bigblind --version`` tell them apart.
"""

from __future__ import annotations

import os
import shutil
import sys
import sysconfig
from pathlib import Path
from typing import Any

from setuptools import setup

ROOT = Path(__file__).resolve().parent

# The modules compiled, chosen by measurement (benchmarks/engine.py, benchmarks/evaluate.py):
# each one here made its benchmark faster compiled than pure. Package __init__ files stay
# Python (they only gather names).
COMPILED = [
    "src/bigblind/deck.py",
    "src/bigblind/engine/*.py",
    "src/bigblind/evaluation/scalar.py",
]
# Left as Python: compiled, a frozen dataclass checks its field types itself and raises
# TypeError for a wrong one before __post_init__ can explain it as a RulesError, and a
# hand reads its rules only a few times (the modules above keep what they need). The
# Action value is a frozen dataclass too, whose __post_init__ explains a wrong amount
# (compiled, True would arrive as 1); its text reader, engine/action_text.py, is compiled
# with the betting that calls it on every action played from text.
NOT_COMPILED = [
    "src/bigblind/engine/actions.py",
    "src/bigblind/engine/rules.py",
]

# Commands that build extensions; metadata and sdist commands never compile.
_BUILDING = {"bdist_wheel", "build", "build_ext", "install"}


def compiled_modules() -> list[str]:
    """The source files ``COMPILED`` matches, relative to the project root, sorted."""
    found = {
        path.relative_to(ROOT).as_posix()
        for pattern in COMPILED
        for path in ROOT.glob(pattern)
        if path.name != "__init__.py"
    }
    left = {path for pattern in NOT_COMPILED for path in found if Path(path).match(pattern)}
    return sorted(found - left)


def why_pure() -> str | None:
    """Why this build stays pure Python, or None when it can compile."""
    if os.environ.get("BIGBLIND_PURE_PYTHON", "0") not in ("", "0"):
        return "BIGBLIND_PURE_PYTHON is set"
    if "editable_wheel" in sys.argv:
        return "an editable install runs its sources as they are"
    try:
        import mypyc.build  # noqa: F401
    except ImportError:
        return "mypyc is not installed"
    if os.name != "nt":  # on Windows setuptools finds MSVC itself
        compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
        if shutil.which(compiler) is None:
            return f"no C compiler ({compiler})"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists():
        return "the Python headers are missing"
    return None


def _notice(reason: str) -> None:
    print(f"bigblind: building pure Python: {reason}", file=sys.stderr)


def _extensions() -> list[Any]:
    if not _BUILDING.intersection(sys.argv):
        return []
    reason = why_pure()
    if reason is not None:
        _notice(reason)
        return []
    from mypyc.build import mypycify

    print(f"bigblind: compiling {len(compiled_modules())} modules with mypyc", file=sys.stderr)
    return mypycify(compiled_modules(), opt_level="3", debug_level="0", group_name="bigblind")


if __name__ == "__main__":  # setuptools runs this file as a script; tests import it
    setup(ext_modules=_extensions())
