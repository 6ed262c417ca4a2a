#!/usr/bin/env bash
# Build every skill image named by the `image:` field of skills/*/SKILL.md, and with --agent
# also the agent image (root Dockerfile). Run scripts/docker/setup.sh first.
#
#   scripts/docker/build-images.sh [--agent] [skill ...]
#
# BASE_IMAGE / WEB_BASE_IMAGE: the Debian 12 / 13 images the Dockerfiles build FROM
#   (default local/bookworm:base and local/trixie:base from setup.sh; the Dockerfiles
#   themselves default to the public debian:bookworm-slim / debian:trixie-slim).
# EXTRA_CA_DIR: folder of extra CA certificates (*.crt) for an intercepting HTTPS proxy
#   (default /usr/local/share/ca-certificates). They are copied into skills/.extra-ca/
#   (gitignored) and trusted by the BUILD stages only; no final image contains them.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
BASE_IMAGE="${BASE_IMAGE:-local/bookworm:base}"
WEB_BASE_IMAGE="${WEB_BASE_IMAGE:-local/trixie:base}"
EXTRA_CA_DIR="${EXTRA_CA_DIR:-/usr/local/share/ca-certificates}"
AGENT_IMAGE="${AGENT_IMAGE:-propsearch/agent:latest}"

log() { printf '[build] %s\n' "$*" >&2; }
die() { printf '[build] ERROR: %s\n' "$*" >&2; exit 1; }

docker info >/dev/null 2>&1 || die "no docker engine answers 'docker info'; run scripts/docker/setup.sh"
docker image inspect "$BASE_IMAGE" >/dev/null 2>&1 \
  || die "base image $BASE_IMAGE missing; run scripts/docker/setup.sh"

# Fresh copy of the host's extra CAs, so a removed certificate does not linger in the context.
ca_dir="$ROOT/skills/.extra-ca"
mkdir -p "$ca_dir"
find "$ca_dir" -maxdepth 1 -name '*.crt' -delete
if compgen -G "$EXTRA_CA_DIR/*.crt" >/dev/null; then
  cp "$EXTRA_CA_DIR"/*.crt "$ca_dir/"
  log "build stages trust $(ls "$ca_dir"/*.crt | wc -l) extra CA certificate(s) from $EXTRA_CA_DIR"
fi

skill_image() {  # the `image:` value of a SKILL.md frontmatter
  awk '/^---[[:space:]]*$/ {n++; next} n == 1 && /^image:/ {sub(/^image:[[:space:]]*/, ""); gsub(/["'"'"']/, ""); print; exit}' "$1"
}

build_agent=0
wanted=()
for arg in "$@"; do
  case "$arg" in
    --agent) build_agent=1 ;;
    -*) die "unknown option $arg" ;;
    *) wanted+=("$arg") ;;
  esac
done

built=0 skipped=()
for skill_md in "$ROOT"/skills/*/SKILL.md; do
  dir=$(dirname "$skill_md") name=$(basename "$(dirname "$skill_md")")
  if [[ ${#wanted[@]} -gt 0 ]] && [[ ! " ${wanted[*]} " == *" $name "* ]]; then continue; fi
  image=$(skill_image "$skill_md")
  if [[ -z "$image" ]]; then skipped+=("$name (no image: in SKILL.md)"); continue; fi
  if [[ ! -f "$dir/Dockerfile" ]]; then skipped+=("$name (no Dockerfile)"); continue; fi
  t0=$(date +%s)
  log "building $image from skills/$name/Dockerfile"
  docker build --build-arg "BASE_IMAGE=$BASE_IMAGE" -f "$dir/Dockerfile" -t "$image" \
    --label "propsearch.skill=$name" "$ROOT/skills" || die "building $image failed"
  log "built $image in $(( $(date +%s) - t0 ))s"
  built=$((built + 1))
done

if [[ $build_agent -eq 1 ]]; then
  t0=$(date +%s)
  log "building $AGENT_IMAGE from the root Dockerfile"
  docker build --build-arg "BASE_IMAGE=$BASE_IMAGE" --build-arg "WEB_BASE_IMAGE=$WEB_BASE_IMAGE" \
    -t "$AGENT_IMAGE" "$ROOT" || die "building $AGENT_IMAGE failed"
  log "built $AGENT_IMAGE in $(( $(date +%s) - t0 ))s"
fi

for s in "${skipped[@]}"; do log "skipped $s"; done
log "done: $built skill image(s) built"
