"""The public names of the package and its layers, and the direction of imports."""

from __future__ import annotations

import ast
import importlib
import inspect
import subprocess
import sys
from pathlib import Path

import pytest

import bigblind

SRC = Path(bigblind.__file__).resolve().parent

# Lower numbers are lower layers; a module may import only from its own layer or below.
LAYERS: dict[str, int] = {
    "cards": 0,
    "deck": 0,
    "errors": 0,
    "databases": 0,
    "evaluation": 1,
    "engine": 2,
    "solver": 2,
    "formats": 3,
    "fast": 3,
    "sessions": 4,
    "bots": 5,
    "tracker": 5,
    "ui": 6,
    "room": 6,
    "env": 6,
    "cli": 7,
}

SUBPACKAGES = ["bigblind.engine", "bigblind.evaluation", "bigblind.formats", "bigblind.sessions"]


def _exported(module: object) -> set[str]:
    return {
        name
        for name in dir(module)
        if not name.startswith("_")
        and not inspect.ismodule(getattr(module, name))
        and name not in {"annotations", "TYPE_CHECKING", "Any"}
    }


def test_exported_names_are_complete() -> None:
    assert _exported(bigblind) == set(bigblind.__all__)
    if bigblind.__compiled__:
        return  # mypyc keeps only signatures; the pure run checks the docstrings
    for name in bigblind.__all__:
        assert getattr(bigblind, name).__doc__, name


@pytest.mark.parametrize("name", SUBPACKAGES)
def test_subpackage_exports_are_complete(name: str) -> None:
    module = importlib.import_module(name)
    exported = set(module.__all__)
    for attr in exported:
        getattr(module, attr)  # lazily loaded names resolve too
    eager = _exported(module)
    assert eager <= exported, eager - exported
    assert len(module.__all__) == len(exported)


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


def test_module_names_do_not_shadow_exports() -> None:
    # `import bigblind.evaluation.scalar as m` must give the module, never a function.
    for package in ["bigblind", *SUBPACKAGES]:
        module = importlib.import_module(package)
        folder = Path(module.__file__ or "").parent
        submodules = {p.stem for p in folder.glob("*.py")} | {
            p.name for p in folder.iterdir() if (p / "__init__.py").exists()
        }
        for name in module.__all__:
            if name in submodules:
                assert inspect.ismodule(getattr(module, name)), f"{package}.{name}"


def _layer(module: str) -> int | None:
    parts = module.split(".")
    if parts[0] != "bigblind" or len(parts) < 2:
        return None
    return LAYERS.get(parts[1])


def _imports(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append(node.module)
            if node.module == "bigblind":
                found += [f"bigblind.{alias.name}" for alias in node.names]
    return found


def test_every_module_belongs_to_a_layer() -> None:
    for path in SRC.rglob("*.py"):
        parts = path.relative_to(SRC).with_suffix("").parts
        if parts == ("__init__",) or parts == ("__main__",):
            continue
        assert parts[0] in LAYERS, f"{path.name}: not in a layer"


def test_imports_point_down_only() -> None:
    wrong = []
    for path in SRC.rglob("*.py"):
        parts = path.relative_to(SRC).with_suffix("").parts
        if parts[0] not in LAYERS:
            continue  # the package's own __init__ gathers the public API
        own = LAYERS[parts[0]]
        for imported in _imports(path):
            layer = _layer(imported)
            # Only the interfaces may read the package itself (its version, say).
            top = imported == "bigblind" and own < LAYERS["ui"]
            if top or (layer is not None and layer > own):
                wrong.append(f"{'/'.join(parts)} imports {imported}")
    assert wrong == []


def _module_name(path: Path) -> str:
    parts = path.relative_to(SRC.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(path): path for path in SRC.rglob("*.py")}


def _type_checking_only(tree: ast.AST) -> set[int]:
    """The nodes under ``if TYPE_CHECKING:``: no import at run time, so no circle."""
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped |= {id(inner) for inner in ast.walk(node)}
    return skipped


def _module_imports(name: str) -> list[tuple[str, str | None]]:
    """Every (module, name) ``name`` imports from the package, at any depth of the code:
    ``(module, None)`` for a module itself."""
    path = MODULES[name]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = _type_checking_only(tree)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[tuple[str, str | None]] = []
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            found += [(alias.name, None) for alias in node.names if alias.name in MODULES]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, *([node.module] if node.module else [])])
            for alias in node.names:
                if f"{base}.{alias.name}" in MODULES:
                    found.append((f"{base}.{alias.name}", None))
                elif base in MODULES:
                    found.append((base, alias.name))
    return found


def test_no_module_imports_another_modules_private_names() -> None:
    # A name with a leading underscore is its module's own: another module that needs it
    # needs a public name (or the code belongs in one place).
    wrong = [
        f"{name} imports {module}.{imported}"
        for name in MODULES
        for module, imported in _module_imports(name)
        if imported is not None and imported.startswith("_") and not imported.startswith("__")
    ]
    assert wrong == []


def test_no_import_circles() -> None:
    # The modules of a package may import each other only one way: a circle means that
    # neither can be read (or loaded) without the other. The packages' __init__ files,
    # which gather names for the user, are left out.
    graph = {
        name: {module for module, _ in _module_imports(name) if not _is_package(module)}
        for name in MODULES
        if not _is_package(name)
    }
    circles = []
    done: set[str] = set()

    def visit(name: str, path: list[str]) -> None:
        if name in path:
            circles.append(" -> ".join([*path[path.index(name) :], name]))
            return
        if name in done:
            return
        for imported in sorted(graph.get(name, ())):
            visit(imported, [*path, name])
        done.add(name)

    for name in sorted(graph):
        visit(name, [])
    assert circles == []


def _is_package(name: str) -> bool:
    return MODULES[name].name == "__init__.py"
