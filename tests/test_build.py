"""The two forms of the package: compiled by mypyc, or pure Python.

``make test`` runs the suite twice, against the editable pure install and against
a compiled wheel, and says which it expects in ``BIGBLIND_EXPECT_COMPILED``.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

import bigblind
from bigblind.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
EXPECTED = os.environ.get("BIGBLIND_EXPECT_COMPILED")


def _compiled_modules() -> list[str]:
    """The module names the build compiles, read from setup.py."""
    spec = importlib.util.spec_from_file_location("_bigblind_setup", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    setup = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(setup)
    paths: list[str] = setup.compiled_modules()
    return [p.removeprefix("src/").removesuffix(".py").replace("/", ".") for p in paths]


def _is_extension(module: str) -> bool:
    path = getattr(importlib.import_module(module), "__file__", None) or ""
    return path.endswith(tuple(EXTENSION_SUFFIXES))


def test_the_build_compiles_the_engine() -> None:
    modules = _compiled_modules()
    # The modules every hand runs through, the deck included (benchmarks/engine.py).
    for hot in ("bigblind.engine.state", "bigblind.engine.hand", "bigblind.deck"):
        assert hot in modules
    # Card stays a Python int subclass: the deck moved out of its module to be compiled.
    assert "bigblind.cards" not in modules
    assert all(m.startswith("bigblind.") and not m.endswith("__init__") for m in modules)


@pytest.mark.skipif(EXPECTED is None, reason="run by make test, which sets the expected form")
def test_the_expected_form_runs() -> None:
    compiled = EXPECTED == "1"
    assert bigblind.__compiled__ is compiled
    assert {m: _is_extension(m) for m in _compiled_modules()} == dict.fromkeys(
        _compiled_modules(), compiled
    )


def test_version_names_the_form(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    form = "compiled" if bigblind.__compiled__ else "pure Python"
    assert capsys.readouterr().out == f"bigblind {bigblind.__version__} ({form})\n"


def test_pure_python_never_loads_an_extension_of_its_own() -> None:
    if bigblind.__compiled__:
        pytest.skip("the compiled form")
    mine = [m for m in sys.modules if m.startswith("bigblind")]
    assert not any(_is_extension(m) for m in mine)
