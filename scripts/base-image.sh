#!/usr/bin/env bash
# Ensures the base image the runtime Dockerfile builds FROM (debian:bookworm-slim) exists locally.
# Where a registry is reachable, `docker pull` is enough; where none is (offline CI), the image is
# made with debootstrap from the machine's own Debian mirror and imported under the same tag, so
# the real Dockerfile builds unchanged. Idempotent: an existing tag is left alone.
set -euo pipefail

TAG=${BASE_IMAGE:-debian:bookworm-slim}
SUITE=${BASE_SUITE:-bookworm}

if docker image inspect "$TAG" >/dev/null 2>&1; then
  echo "base-image: $TAG present"
  exit 0
fi

if [ "${BASE_IMAGE_TRY_PULL:-1}" = 1 ] && timeout 60 docker pull "$TAG" >/dev/null 2>&1; then
  echo "base-image: pulled $TAG"
  exit 0
fi

mirror=${DEBIAN_MIRROR:-}
if [ -z "$mirror" ]; then
  # First http(s) URI of the machine's apt sources (deb822 or one-line format).
  # `|| true` inside: head closing early must not kill the script under pipefail.
  mirror=$( { grep -hoE '^(URIs:|deb) +https?://[^ ]+' /etc/apt/sources.list.d/*.sources /etc/apt/sources.list 2>/dev/null \
    | grep -v -- '-security' || true; } | awk 'NR == 1 {print $2}')
fi
mirror=${mirror:-http://deb.debian.org/debian}

if ! command -v debootstrap >/dev/null 2>&1; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq debootstrap >/dev/null
fi

dir=$(mktemp -d /tmp/base-rootfs.XXXXXX)
trap 'rm -rf "$dir"' EXIT
echo "base-image: debootstrap $SUITE from $mirror"
debootstrap --variant=minbase "$SUITE" "$dir" "$mirror" >/tmp/debootstrap.log 2>&1 || {
  tail -n 30 /tmp/debootstrap.log >&2; exit 1; }
# Match the official slim image: apt caches and lists emptied.
rm -rf "$dir"/var/cache/apt/archives/*.deb "$dir"/var/lib/apt/lists/*
tar -C "$dir" -c . | docker import -c 'CMD ["bash"]' - "$TAG" >/dev/null
echo "base-image: imported $TAG"
