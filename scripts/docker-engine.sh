#!/usr/bin/env bash
# Makes a Docker engine available on this machine, idempotently:
#   - engine already answering → nothing to do;
#   - otherwise install docker.io (Debian) if dockerd is missing, start dockerd in the
#     background, and wait for the socket to answer.
# Used by .ci/run and by developers on a fresh machine. Requires root for the install/start.
# SETUP_INSTALL_ONLY=1: install dockerd when missing, then stop (scripts/test-setup-scripts.sh).
set -euo pipefail

SOCK=${DOCKER_SOCK:-/var/run/docker.sock}
LOG=${DOCKERD_LOG:-/var/log/dockerd.log}

engine_up() { docker version --format '{{.Server.Version}}' >/dev/null 2>&1; }

if [ "${SETUP_INSTALL_ONLY:-}" != 1 ] && engine_up; then
  echo "docker-engine: engine already running ($(docker version --format '{{.Server.Version}}'))"
  exit 0
fi

if ! command -v dockerd >/dev/null 2>&1; then
  echo "docker-engine: installing docker.io"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq docker.io >/dev/null
  command -v dockerd >/dev/null 2>&1 || { echo "docker-engine: dockerd still missing after installing docker.io" >&2; exit 1; }
  echo "docker-engine: installed $(dockerd --version)"
fi
[ "${SETUP_INSTALL_ONLY:-}" = 1 ] && exit 0

if ! pgrep -x dockerd >/dev/null 2>&1; then
  echo "docker-engine: starting dockerd (log: $LOG)"
  # containerd is started by dockerd itself when not running as a service.
  nohup dockerd >"$LOG" 2>&1 &
fi

for _ in $(seq 1 120); do
  if [ -S "$SOCK" ] && engine_up; then
    echo "docker-engine: engine ready ($(docker version --format '{{.Server.Version}}'))"
    exit 0
  fi
  sleep 0.5
done
echo "docker-engine: dockerd did not answer on $SOCK within 60 s; last log lines:" >&2
tail -n 30 "$LOG" >&2 || true
exit 1
