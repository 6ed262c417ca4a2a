#!/usr/bin/env bash
# Per-skill dependencies (`make skills-env`), so no skill's packages enter the agent's venv:
#   - a skill with requirements.txt gets its own virtual environment skills/<name>/.venv;
#     the process backend runs its `python` with that interpreter;
#   - a skill with tsconfig.json is compiled (src/ -> dist/) with web/'s TypeScript;
#   - a skill with widget/index.html has its MCP Apps widget built with web/'s Vite (React,
#     Tailwind, the MCP Apps SDK) into one self-contained file, dist/widget/index.html;
#   - a skill with prepare.py has it run (its interpreter, its folder as working directory) to
#     build what its workers only load, e.g. an index; prepare.py decides when it is up to date.
# Each step is skipped while its output is newer than its inputs.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
PYTHON="${PYTHON:-python3}"
TSC="$ROOT/web/node_modules/typescript/bin/tsc"
VITE="$ROOT/web/node_modules/vite/bin/vite.js"

log() { printf '[skills-env] %s\n' "$*" >&2; }

for dir in "$ROOT"/skills/*/; do
  name=$(basename "$dir")
  if [[ -f "$dir/requirements.txt" ]]; then
    stamp="$dir/.venv/.installed"
    if [[ ! -f "$stamp" || "$dir/requirements.txt" -nt "$stamp" ]]; then
      log "$name: installing requirements.txt into skills/$name/.venv"
      "$PYTHON" -m venv "$dir/.venv"
      "$dir/.venv/bin/pip" install -q --disable-pip-version-check -r "$dir/requirements.txt"
      touch "$stamp"
    fi
  fi
  if [[ -f "$dir/tsconfig.json" ]]; then
    newest=$(find "$dir/src" "$dir/tsconfig.json" -newer "$dir/dist/.built" 2>/dev/null | head -1 || true)
    if [[ ! -f "$dir/dist/.built" || -n "$newest" ]]; then
      [[ -x "$TSC" ]] || { log "$name: $TSC missing (run: cd web && npm ci)"; exit 1; }
      log "$name: compiling TypeScript into skills/$name/dist"
      (cd "$dir" && node "$TSC" -p tsconfig.json)
      touch "$dir/dist/.built"
    fi
  fi
  if [[ -f "$dir/widget/index.html" ]]; then
    built="$dir/dist/widget/index.html"
    newest=$(find "$dir/widget" -path "$dir/widget/node_modules" -prune -o -newer "$built" -print 2>/dev/null | head -1 || true)
    if [[ ! -f "$built" || -n "$newest" ]]; then
      [[ -f "$VITE" ]] || { log "$name: $VITE missing (run: cd web && npm ci)"; exit 1; }
      log "$name: building its widget into skills/$name/dist/widget"
      # the widget's imports (react, the MCP Apps SDK) resolve from web/'s packages
      ln -sfn "$ROOT/web/node_modules" "$dir/widget/node_modules"
      (cd "$dir/widget" && node "$VITE" build --config "$ROOT/web/vite.skill-widget.config.ts")
    fi
  fi
  if [[ -f "$dir/prepare.py" ]]; then
    python="$PYTHON"
    [[ -x "$dir/.venv/bin/python" ]] && python="$dir/.venv/bin/python"
    (cd "$dir" && PYTHONPATH="$ROOT/skills" "$python" prepare.py) || { log "$name: prepare.py failed"; exit 1; }
  fi
done

# As root, skill code runs as SKILL_USER (nobody) only where that user can reach its interpreter:
# let it pass through the folders on the way (an ACL for that user alone; see skill_user.py).
if [[ $(id -u) == 0 ]]; then
  node=$(command -v node || true)
  "$PYTHON" "$ROOT/scripts/skills/skill_user.py" "$ROOT/.venv/bin/python" "$ROOT"/skills/*/.venv/bin/python ${node:+"$node"} "$ROOT/skills"
fi
