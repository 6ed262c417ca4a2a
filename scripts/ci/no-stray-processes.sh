#!/usr/bin/env bash
# Fails when processes of this checkout are still running after the tests: anything whose working
# directory or command line is inside it (API servers, `langgraph dev`, container reapers, skill
# workers) or a skill worker started from a test's copy of a skill (its PYTHONPATH names this
# checkout's skills/). Under CI, skill containers left on the engine fail it too. Stragglers get
# GRACE_S seconds to go. The docker engine is started from / (scripts/docker/setup.sh): it is a
# machine service that outlives the tests by design.
#
#   scripts/ci/no-stray-processes.sh            (from .ci/run, after `make test`)
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
GRACE_S="${GRACE_S:-5}"

ancestors() {  # every process above this script (make, .ci/run, the CI runner)
  local pid=$$
  while [ "$pid" -gt 1 ]; do
    echo "$pid"
    pid=$(awk '{print $4}' "/proc/$pid/stat" 2>/dev/null || echo 1)
  done
}

field() { awk -v n="$2" '{sub(/.*\) /, ""); print $(n - 2)}' "/proc/$1/stat" 2>/dev/null; }

strays() {
  local skip pid cwd cmd parent_cmd
  skip=" $(ancestors | tr '\n' ' ') "
  for dir in /proc/[0-9]*; do
    pid=${dir#/proc/}
    [[ "$skip" == *" $pid "* ]] && continue
    { cwd=$(readlink "$dir/cwd") && cmd=$(tr '\0' ' ' < "$dir/cmdline"); } 2>/dev/null || continue
    [ "$(field "$pid" 3)" = Z ] && continue
    # this script, its subshells and the commands they run
    [[ "$cmd" == *no-stray-processes.sh* ]] && continue
    parent_cmd=$({ tr '\0' ' ' < "/proc/$(field "$pid" 4)/cmdline"; } 2>/dev/null)
    [[ "$parent_cmd" == *no-stray-processes.sh* ]] && continue
    # ours: started in this checkout, or a skill worker whose PYTHONPATH is this checkout's
    if [[ "$cwd" == "$ROOT" || "$cwd" == "$ROOT/"* || "$cmd" == *"$ROOT/"* ]] \
      || { tr '\0' '\n' < "$dir/environ" | grep -q "^PYTHONPATH=.*$ROOT/skills"; } 2>/dev/null; then
      echo "$pid ${cmd:0:160} (cwd $cwd)"
    fi
  done
}

deadline=$((SECONDS + GRACE_S))
while :; do
  found=$(strays)
  [ -z "$found" ] && break
  if [ "$SECONDS" -ge "$deadline" ]; then
    echo "!! project processes still running after the tests:" >&2
    echo "$found" >&2
    exit 1
  fi
  sleep 0.5
done
if command -v docker >/dev/null && docker info >/dev/null 2>&1; then
  # Containers of a live agent are fine; none should outlive the test run's agents.
  left=$(docker ps -a --filter label=propsearch.managed=1 --format '{{.Names}}')
  if [ -n "$left" ] && [ "${CI:-}" = "true" ]; then
    echo "!! skill containers still present after the tests:" >&2
    echo "$left" >&2
    exit 1
  fi
fi
echo "no stray project processes"
