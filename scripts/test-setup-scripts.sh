#!/usr/bin/env bash
# Runs every setup script's INSTALL path — the path a fresh machine takes and a developer's machine,
# where the tools are already there, never does — in a fresh Debian container (default the local
# debian:bookworm-slim, which has none of the tools), so that an install step cannot break
# unnoticed again (scripts/gvisor.sh's distro path died of SIGPIPE every time and CI passed because
# runsc was already installed). Each script runs with SETUP_INSTALL_ONLY=1: install what is
# missing, check it is on PATH, stop before starting or registering anything (no engine, daemon
# or registry in the container). gvisor.sh runs first, on empty apt lists, as on a fresh machine.
# Needs a Docker engine and Debian's mirror (plain http, as the runtime image's build).
#   bash scripts/test-setup-scripts.sh            (used by .ci/run)
#   SETUP_TEST_IMAGE=debian:trixie-slim bash scripts/test-setup-scripts.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

image=${SETUP_TEST_IMAGE:-debian:bookworm-slim}
docker image inspect "$image" >/dev/null 2>&1 || {
  echo "test-setup-scripts: $image is missing; make it with: bash scripts/base-image.sh" >&2
  exit 1
}

# Runs inside the container (hence single quotes).
# shellcheck disable=SC2016
inside='
set -euo pipefail
export SETUP_INSTALL_ONLY=1
step() { local name=$1 tool=$2; shift 2
  ! command -v "$tool" >/dev/null 2>&1 || { echo "setup-test: $tool is already in the image; the install path would not run" >&2; exit 1; }
  local s=$SECONDS
  "$@" 2>&1 | sed "s/^/  /"
  command -v "$tool" >/dev/null 2>&1 || { echo "setup-test: $name left no $tool on PATH" >&2; exit 1; }
  echo "setup-test: ok $name installs $tool ($((SECONDS - s)) s)"
}
step gvisor.sh runsc bash /repo/scripts/gvisor.sh
step srt-deps.sh bwrap bash /repo/scripts/srt-deps.sh
step local-registry.sh docker-registry bash /repo/scripts/local-registry.sh start
step base-image.sh debootstrap bash /repo/scripts/base-image.sh
step docker-engine.sh dockerd bash /repo/scripts/docker-engine.sh
'
name="massgen-setup-test-$$"
trap 'docker rm -f "$name" >/dev/null 2>&1 || true' EXIT
start=$SECONDS
docker run --name "$name" --rm --network bridge -v "$PWD/scripts:/repo/scripts:ro" "$image" bash -c "$inside"
echo "test-setup-scripts: every install path passed in a fresh $image ($((SECONDS - start)) s)"
