"""bigblind's two forms side by side: pure Python and compiled, each in a subprocess.

A benchmark script runs itself again with ``--worker`` under another interpreter
or path: the pure form imports the sources in ``src/``, the compiled form is this
interpreter when its bigblind is compiled, else the ``.venv-compiled`` that
``make test`` builds, else the interpreter given. The worker reports its form,
then answers one JSON request per line with one JSON line, so the parent can
let the forms take turns with its own measurements.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import bigblind

ROOT = Path(__file__).resolve().parent.parent


class Worker:
    """A benchmark script serving requests in another interpreter or form."""

    def __init__(self, python: str, script: str, args: list[str], env: dict[str, str]) -> None:
        self.process = subprocess.Popen(
            [python, script, "--worker", *args],
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.compiled = bool(self._read()["compiled"])

    def _read(self) -> Any:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise SystemExit(f"a benchmark worker stopped: {self.process.args!r}")
        return json.loads(line)

    def request(self, message: Any) -> Any:
        """Send one request and wait for its answer."""
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(message) + "\n")
        self.process.stdin.flush()
        return self._read()

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def serve(handle: Callable[[Any], Any]) -> int:
    """The worker's side: its form, then ``handle(request)`` for each request line."""
    print(json.dumps({"compiled": bigblind.__compiled__}), flush=True)
    for line in sys.stdin:
        print(json.dumps(handle(json.loads(line))), flush=True)
    return 0


def start(
    script: str, args: list[str], compiled_python: str | None
) -> tuple[Worker | None, Worker | None, list[str]]:
    """The pure and compiled workers, and a note for each form that cannot run."""
    notes = []
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), *filter(None, [env.get("PYTHONPATH")])])
    pure: Worker | None = Worker(sys.executable, script, args, env)
    if pure is not None and pure.compiled:  # extensions built in place: not the pure form
        pure.close()
        pure = None
        notes.append("src/ holds compiled modules: pure Python not measured")
    candidates = [compiled_python] if compiled_python else []
    if bigblind.__compiled__:
        candidates.append(sys.executable)
    candidates.append(str(ROOT / ".venv-compiled" / "bin" / "python"))
    compiled: Worker | None = None
    for python in candidates:
        if Path(python).exists():
            worker = Worker(python, script, args, dict(os.environ))
            if worker.compiled:
                compiled = worker
                break
            worker.close()
    if compiled is None:
        notes.append("no compiled build (make compiled, or --compiled-python): not measured")
    return pure, compiled, notes
