"""Per-skill environments for tests, built the way `make skills-env` builds them."""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SKILLS_DIR = ROOT / "skills"


def ensure_skill_envs() -> None:
    """Skill venvs and compiled TypeScript skills; a no-op when they are up to date."""
    subprocess.run(["bash", str(ROOT / "scripts" / "skills" / "env.sh")], check=True)
