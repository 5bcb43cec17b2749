#!/usr/bin/env bash
# Ensures the Debian base images exist locally: debian:trixie-slim, which the runtime Dockerfile
# builds FROM (docker/Dockerfile), and debian:bookworm-slim, the small stock image the gVisor check
# (scripts/gvisor.sh), the "any image with /bin/sh" tests and the tests' throwaway images run.
# Where a registry is reachable, `docker pull` is enough; where none is (offline CI), each image is
# made with debootstrap from the machine's own Debian mirror and imported under the same tag, so
# the real Dockerfile builds unchanged. Idempotent: an existing tag is left alone.
#   BASE_IMAGE=debian:trixie-slim BASE_SUITE=trixie bash scripts/base-image.sh   → only that one
#   SETUP_INSTALL_ONLY=1 → install debootstrap when missing, then stop (scripts/test-setup-scripts.sh)
set -euo pipefail

mirror=${DEBIAN_MIRROR:-}
if [ -z "$mirror" ]; then
  # First http(s) URI of the machine's apt sources (deb822 or one-line format).
  # `|| true` inside: head closing early must not kill the script under pipefail.
  mirror=$( { grep -hoE '^(URIs:|deb) +https?://[^ ]+' /etc/apt/sources.list.d/*.sources /etc/apt/sources.list 2>/dev/null \
    | grep -v -- '-security' || true; } | awk 'NR == 1 {print $2}')
fi
mirror=${mirror:-http://deb.debian.org/debian}

# ensure TAG SUITE
ensure() {
  local tag=$1 suite=$2
  if docker image inspect "$tag" >/dev/null 2>&1; then
    echo "base-image: $tag present"
    return 0
  fi
  if [ "${BASE_IMAGE_TRY_PULL:-1}" = 1 ] && timeout 60 docker pull "$tag" >/dev/null 2>&1; then
    echo "base-image: pulled $tag"
    return 0
  fi
  debootstrap_import "$tag" "$suite"
}

install_debootstrap() {
  if ! command -v debootstrap >/dev/null 2>&1; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq debootstrap >/dev/null
    command -v debootstrap >/dev/null 2>&1 || { echo "base-image: debootstrap still missing after installing it" >&2; exit 1; }
    echo "base-image: installed debootstrap"
  fi
}

debootstrap_import() {
  local tag=$1 suite=$2 dir
  install_debootstrap
  dir=$(mktemp -d /tmp/base-rootfs.XXXXXX)
  echo "base-image: debootstrap $suite from $mirror"
  debootstrap --variant=minbase "$suite" "$dir" "$mirror" >"$dir.log" 2>&1 || {
    tail -n 30 "$dir.log" >&2
    rm -rf "$dir" "$dir.log"
    exit 1
  }
  # Match the official slim image: apt caches and lists emptied.
  rm -rf "$dir"/var/cache/apt/archives/*.deb "$dir"/var/lib/apt/lists/*
  tar -C "$dir" -c . | docker import -c 'CMD ["bash"]' - "$tag" >/dev/null
  rm -rf "$dir" "$dir.log"
  echo "base-image: imported $tag"
}

if [ "${SETUP_INSTALL_ONLY:-}" = 1 ]; then
  install_debootstrap
elif [ -n "${BASE_IMAGE:-}" ]; then
  ensure "$BASE_IMAGE" "${BASE_SUITE:-$(echo "$BASE_IMAGE" | sed -E 's/^[^:]*:([a-z]+).*/\1/')}"
else
  ensure debian:trixie-slim trixie
  ensure debian:bookworm-slim bookworm
fi
