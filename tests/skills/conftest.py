"""Fixtures for the real_estate skill tests: the skill's import path and a fake RealtyAPI."""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest

from tests.skills.real_estate_fakes import SKILL_DIR, SKILLS_ROOT, FakeRealtyAPI, running_fake

for path in (SKILL_DIR, SKILLS_ROOT):  # the worker runs with cwd=SKILL_DIR, skills/ on PYTHONPATH
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))


@pytest.fixture
def fake_realtyapi() -> Iterator[FakeRealtyAPI]:
    with running_fake() as fake:
        yield fake
