"""The project's rules document: every rule cited in code, tests and the README resolves."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
DOCUMENT = REPO / "docs" / "rules.md"
# The text it is a copy of, where present: next to the repository, or inside it.
SHARED = next(
    (p for p in (REPO.parent / "shared/RULES.md", REPO / "shared/RULES.md") if p.exists()),
    REPO.parent / "shared/RULES.md",
)
CITATION = re.compile(r"RULES (\d+\.\d+)((?:(?:, | and | or |-)\d+\.\d+)*)")


def numbered(text: str) -> set[str]:
    """The rule numbers docs/rules.md states (``- **4.7** ...``)."""
    return set(re.findall(r"^- \*\*(\d+\.\d+)\*\*", text, re.MULTILINE))


def cited() -> dict[str, Path]:
    """Each rule number cited as ``RULES 4.7`` (or ``RULES 6.4-6.6, 10.3``), and a file
    citing it."""
    files = [*REPO.glob("src/**/*.py"), *REPO.glob("tests/**/*.py"), REPO / "README.md"]
    found: dict[str, Path] = {}
    for path in files:
        for match in CITATION.finditer(path.read_text(encoding="utf-8")):
            for number in [match.group(1), *re.findall(r"\d+\.\d+", match.group(2))]:
                found.setdefault(number, path)
    return found


def test_every_rule_cited_is_in_the_document() -> None:
    # A clone of the repository has docs/rules.md: the citations resolve there.
    stated = numbered(DOCUMENT.read_text(encoding="utf-8"))
    citations = cited()
    assert len(citations) > 40
    missing = {number: str(path) for number, path in citations.items() if number not in stated}
    assert missing == {}


@pytest.mark.skipif(not SHARED.exists(), reason="the shared RULES.md is not next to the repo")
def test_the_document_numbers_the_rules_as_the_shared_text() -> None:
    shared = set(re.findall(r"^(\d+\.\d+) ", SHARED.read_text(encoding="utf-8"), re.MULTILINE))
    assert numbered(DOCUMENT.read_text(encoding="utf-8")) == shared
