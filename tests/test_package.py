"""The public names of the package."""

from __future__ import annotations

import inspect
import subprocess
import sys

import bigblind


def test_exported_names_are_complete() -> None:
    public = {
        name
        for name in dir(bigblind)
        if not name.startswith("_") and not inspect.ismodule(getattr(bigblind, name))
    }
    assert public == set(bigblind.__all__)
    for name in bigblind.__all__:
        assert getattr(bigblind, name).__doc__, name


def test_errors_are_value_errors() -> None:
    for name in bigblind.__all__:
        obj = getattr(bigblind, name)
        if isinstance(obj, type) and issubclass(obj, Exception):
            assert issubclass(obj, ValueError), name


def test_import_stays_light() -> None:
    heavy = "('numpy', 'numba', 'textual', 'pokerkit')"
    code = f"import sys, bigblind; print(sorted(m for m in {heavy} if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
