#!/usr/bin/env bash
# Make this Debian 12 host able to run PropSearch skills as Docker containers (idempotent):
#   1. install Debian's docker.io, docker-compose (v1) and debootstrap when missing;
#   2. start dockerd in the background when no engine answers (log: $DOCKERD_LOG);
#   3. build the local base images with debootstrap + `docker import` (no container registry is
#      needed; each is reused when it already exists): local/bookworm:base for every runtime
#      stage, local/trixie:base for the web build stage only (Vite needs Node >= 20.19, which
#      bookworm's nodejs 18 is not).
# Exits non-zero with the reason when any step cannot be done.
set -euo pipefail

BASE_IMAGE="${BASE_IMAGE:-local/bookworm:base}"
WEB_BASE_IMAGE="${WEB_BASE_IMAGE:-local/trixie:base}"
DOCKERD_LOG="${DOCKERD_LOG:-/var/log/propsearch-dockerd.log}"
PACKAGES=(docker.io docker-compose debootstrap)

log() { printf '[setup] %s\n' "$*" >&2; }
die() { printf '[setup] ERROR: %s\n' "$*" >&2; exit 1; }
elapsed() { echo "$(( $(date +%s) - $1 ))s"; }

debian_mirror() {
  # The host's configured Debian mirror (deb822 or one-line format); deb.debian.org otherwise.
  local uri
  uri=$(grep -hoE '^URIs:[[:space:]]*http[^[:space:]]*/debian/?$' /etc/apt/sources.list.d/*.sources 2>/dev/null | head -1 | awk '{print $2}') || true
  if [[ -z "$uri" ]]; then
    uri=$(grep -hoE '^deb[[:space:]]+(\[[^]]*\][[:space:]]+)?http[^[:space:]]*/debian/?[[:space:]]' \
      /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null | head -1 | grep -oE 'http[^[:space:]]*') || true
  fi
  echo "${DEBIAN_MIRROR:-${uri:-http://deb.debian.org/debian}}"
}

install_packages() {
  local missing=()
  for pkg in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
  done
  if [[ ${#missing[@]} -eq 0 ]]; then
    log "packages present: ${PACKAGES[*]}"
    return
  fi
  [[ $EUID -eq 0 ]] || die "need root to install ${missing[*]} (run with sudo)"
  command -v apt-get >/dev/null || die "apt-get not found: this script supports Debian 12 (bookworm) hosts"
  local t0; t0=$(date +%s)
  log "installing ${missing[*]} ..."
  apt-get update -qq || die "apt-get update failed"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" \
    || die "apt-get install ${missing[*]} failed"
  log "installed ${missing[*]} in $(elapsed "$t0")"
}

start_dockerd() {
  if docker info >/dev/null 2>&1; then
    log "docker engine already running ($(docker version -f '{{.Server.Version}}' 2>/dev/null))"
    return
  fi
  command -v dockerd >/dev/null || die "dockerd not found although docker.io is installed"
  [[ $EUID -eq 0 ]] || die "no docker engine answers and starting dockerd needs root"
  if pgrep -x dockerd >/dev/null; then
    log "dockerd is running but not answering yet; waiting"
  else
    local t0; t0=$(date +%s)
    log "starting dockerd (log: $DOCKERD_LOG)"
    mkdir -p "$(dirname "$DOCKERD_LOG")"
    # From / so the engine, a machine service that outlives the tests by design, is not mistaken
    # for a process of this checkout (scripts/ci/no-stray-processes.sh looks at working dirs).
    (cd / && setsid nohup dockerd >>"$DOCKERD_LOG" 2>&1 </dev/null &)
  fi
  for _ in $(seq 1 120); do
    if docker info >/dev/null 2>&1; then
      log "docker engine ready ($(docker version -f '{{.Server.Version}}' 2>/dev/null))"
      return
    fi
    sleep 0.5
  done
  tail -n 30 "$DOCKERD_LOG" >&2 || true
  die "dockerd did not answer 'docker info' within 60 s (see $DOCKERD_LOG)"
}

build_base_image() {  # IMAGE SUITE
  local image=$1 suite=$2
  if docker image inspect "$image" >/dev/null 2>&1; then
    log "base image $image exists; reusing it"
    return
  fi
  [[ $EUID -eq 0 ]] || die "debootstrap needs root"
  local mirror rootfs t0
  mirror=$(debian_mirror)
  rootfs=$(mktemp -d /var/tmp/propsearch-rootfs.XXXXXX)
  trap 'rm -rf "$rootfs"' EXIT
  t0=$(date +%s)
  log "debootstrap --variant=minbase $suite from $mirror ..."
  debootstrap --variant=minbase "$suite" "$rootfs" "$mirror" >"$rootfs.log" 2>&1 \
    || { tail -n 30 "$rootfs.log" >&2; die "debootstrap failed (full log: $rootfs.log)"; }
  rm -f "$rootfs.log"
  cat >"$rootfs/etc/apt/sources.list" <<SOURCES
deb $mirror $suite main
deb $mirror $suite-updates main
deb ${mirror%/debian}/debian-security $suite-security main
SOURCES
  cat >"$rootfs/etc/dpkg/dpkg.cfg.d/01-propsearch-slim" <<'DPKG'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
DPKG
  printf 'APT::Install-Recommends "false";\nAPT::Install-Suggests "false";\n' \
    >"$rootfs/etc/apt/apt.conf.d/01-propsearch-norecommends"
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/* \
    "$rootfs"/usr/share/man/* "$rootfs"/usr/share/info/* "$rootfs"/usr/share/locale/*
  find "$rootfs/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete 2>/dev/null || true
  log "debootstrap done in $(elapsed "$t0"); importing as $image"
  tar --numeric-owner --xattrs -C "$rootfs" -c . \
    | docker import -c 'CMD ["/bin/bash"]' -c 'ENV LANG=C.UTF-8' - "$image" >/dev/null \
    || die "docker import failed"
  rm -rf "$rootfs"
  trap - EXIT
  log "base image $image built in $(elapsed "$t0") ($(docker image inspect -f '{{.Size}}' "$image") bytes)"
}

install_packages
start_dockerd
build_base_image "$BASE_IMAGE" bookworm
build_base_image "$WEB_BASE_IMAGE" trixie
log "ready: docker engine up, base images $BASE_IMAGE and $WEB_BASE_IMAGE present"
