#!/usr/bin/env bash
# Makes gVisor (runsc) available to the Docker engine on this machine, idempotently, so that a
# config can say `command_line_docker_runtime: runsc`:
#   1. installs runsc if it is missing:
#        - gVisor's own apt repository when it is reachable (GitHub-hosted runners: a current
#          release), with these lines (from https://gvisor.dev/docs/user_guide/install/):
#            curl -fsSL https://gvisor.dev/archive.key | gpg --dearmor -o /usr/share/keyrings/gvisor-archive-keyring.gpg
#            echo "deb [arch=$(dpkg --print-architecture) signed-by=/usr/share/keyrings/gvisor-archive-keyring.gpg] https://storage.googleapis.com/gvisor/releases release main" > /etc/apt/sources.list.d/gvisor.list
#            apt-get update && apt-get install -y runsc
#        - otherwise the distribution's `runsc` package (Debian bookworm: 0.0~20221219);
#      GVISOR_SOURCE=gvisor|distro forces one of the two;
#   2. registers two runtimes in dockerd's daemon.json, MERGED into what is there (other keys and
#      runtimes are kept; our own `runsc`/`runsc-net` entries are replaced when they differ):
#        runsc      --platform=ptrace --network=none
#                   for agents with network none (our default): gVisor's own loopback only
#        runsc-net  --platform=ptrace --host-uds=open [--network=host]
#                   for containers that need a network (bridge, an egress allowlist) or a host Unix
#                   socket bind-mounted in (an egress proxy's socket)
#   3. reloads dockerd with SIGHUP (runtimes are reloadable; running containers are untouched) —
#      never a restart — and waits until `docker info` lists both runtimes;
#   4. verifies with real containers: the hardened flags our product uses (cap-drop ALL,
#      no-new-privileges, pids limit, memory = swap, non-root uid, init, network none) start under
#      runsc, the kernel is gVisor's (dmesg), only `lo` exists; runsc-net starts with a bridge
#      network (eth0) and with network none.
#
# Why --network=none on `runsc`: with Docker's `--network none` this runsc (Debian's 20221219)
# refuses to start ("cannot run with network enabled in root network namespace"): its check for the
# host's namespace looks for /proc/sys/net/core/rmem_default, which current kernels have in every
# namespace. With --network=none gVisor creates only its own loopback and never looks. That also
# means a container under `runsc` NEVER has a network, whatever Docker's network mode says, which
# is why networked containers get the second runtime.
# Why runsc-net may get --network=host: gVisor's own network stack (the default, `sandbox`) fails
# the same check on those kernels, for every Docker network mode; releases since 2024 fixed it.
# When the stack fails here, runsc-net falls back to --network=host — gVisor then passes socket
# calls to the host kernel *inside the container's network namespace* (Docker's bridge or none),
# so the container sees exactly the network Docker gave it, at the cost of more host-kernel surface
# for network calls. The script says which one it registered; GVISOR_NET_STACK=sandbox|host forces
# one (re-run with =sandbox after upgrading runsc).
# Why --host-uds=open on runsc-net: gVisor refuses connect() to a host Unix socket bind-mounted into
# the container unless allowed (EPERM; a socket bind-mounted as a single file even stops the
# container from starting). `open` allows connecting only, to sockets the container's mounts
# already show, which is what runc allows anyway; `create` (host-visible sockets made inside) is
# not given.
# Why --platform=ptrace: it works everywhere (no KVM on hosted runners; --platform=kvm hung at
# 100 % CPU under nested virtualisation on our CI machine). It is spelled out because newer
# releases default to systrap.
#
# Usage: sudo bash scripts/gvisor.sh           (root needed; re-running changes nothing)
#        GVISOR_VERIFY_IMAGE=img bash scripts/gvisor.sh   image for the check (default
#                                                debian:bookworm-slim, pulled if missing)
#        DOCKER_DAEMON_JSON=path  file to merge into (default: dockerd's --config-file, else
#                                 /etc/docker/daemon.json)
#        GVISOR_PLATFORM=systrap  another platform (releases since mid-2023 have systrap, faster
#                                 than ptrace; not available in Debian's 2022 runsc, so untested here)
#        GVISOR_SKIP_VERIFY=1     register and reload only
#        SETUP_INSTALL_ONLY=1     step 1 only: install runsc when missing, then stop (CI runs the
#                                 install path this way in a fresh Debian container:
#                                 scripts/test-setup-scripts.sh)
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

log() { echo "gvisor: $*"; }
indent() { while IFS= read -r line; do echo "gvisor:   $1: $line"; done; }
die() {
  echo "gvisor: error: $*" >&2
  exit 1
}

SUDO=''
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 || die "run as root (or install sudo)"
  SUDO='sudo -n'
fi

PLATFORM=${GVISOR_PLATFORM:-ptrace}
RUNSC_ARGS="[\"--platform=$PLATFORM\", \"--network=none\"]"
NET_SANDBOX_ARGS="[\"--platform=$PLATFORM\", \"--host-uds=open\"]"
NET_HOST_ARGS="[\"--platform=$PLATFORM\", \"--network=host\", \"--host-uds=open\"]"
VERIFY_IMAGE=${GVISOR_VERIFY_IMAGE:-debian:bookworm-slim}

# --- 1. runsc --------------------------------------------------------------------------------
gvisor_repo_reachable() {
  command -v curl >/dev/null 2>&1 &&
    curl -fsS --max-time 10 -o /dev/null https://storage.googleapis.com/gvisor/releases/dists/release/Release
}

install_from_gvisor_repo() {
  log "installing runsc from gVisor's apt repository"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get install -y -qq ca-certificates curl gnupg >/dev/null
  curl -fsSL https://gvisor.dev/archive.key |
    $SUDO gpg --batch --yes --dearmor -o /usr/share/keyrings/gvisor-archive-keyring.gpg
  echo "deb [arch=$(dpkg --print-architecture) signed-by=/usr/share/keyrings/gvisor-archive-keyring.gpg] https://storage.googleapis.com/gvisor/releases release main" |
    $SUDO tee /etc/apt/sources.list.d/gvisor.list >/dev/null
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq runsc >/dev/null
}

install_from_distro() {
  log "installing the distribution's runsc package"
  export DEBIAN_FRONTEND=noninteractive
  # `grep >/dev/null`, never `grep -q`, after a pipe under pipefail: -q exits at the first match,
  # the writer then dies of SIGPIPE (141) and the pipeline fails although the line was there.
  if ! apt-cache policy runsc 2>/dev/null | grep 'Candidate: [0-9]' >/dev/null; then
    $SUDO apt-get update -qq
  fi
  apt-cache policy runsc 2>/dev/null | grep 'Candidate: [0-9]' >/dev/null ||
    die "no runsc package in this distribution's repositories and gVisor's repository is unreachable"
  $SUDO apt-get install -y -qq runsc >/dev/null
}

if command -v runsc >/dev/null 2>&1; then
  log "runsc already installed: $(command -v runsc) ($(runsc --version 2>/dev/null | head -n1))"
else
  command -v apt-get >/dev/null 2>&1 || die "runsc is missing and this is not an apt-based system; install gVisor by hand (https://gvisor.dev/docs/user_guide/install/)"
  case "${GVISOR_SOURCE:-auto}" in
    gvisor) install_from_gvisor_repo ;;
    distro) install_from_distro ;;
    auto) if gvisor_repo_reachable; then install_from_gvisor_repo; else install_from_distro; fi ;;
    *) die "GVISOR_SOURCE must be auto, gvisor or distro" ;;
  esac
  command -v runsc >/dev/null 2>&1 || die "runsc is still not on PATH after installing"
  log "installed $(command -v runsc) ($(runsc --version 2>/dev/null | head -n1))"
fi
RUNSC_PATH=$(command -v runsc)
[ "${SETUP_INSTALL_ONLY:-}" = 1 ] && exit 0

# --- 2. daemon.json ---------------------------------------------------------------------------
DOCKERD_PID=$(pidof dockerd 2>/dev/null | awk '{print $1}' || true)
if [ -z "${DOCKER_DAEMON_JSON:-}" ]; then
  DOCKER_DAEMON_JSON=/etc/docker/daemon.json
  if [ -n "$DOCKERD_PID" ]; then
    # dockerd may have been started with another file; reloading reads that one.
    configured=$(tr '\0' '\n' <"/proc/$DOCKERD_PID/cmdline" |
      awk '/^--config-file=/{sub(/^--config-file=/,""); print; exit} f{print; exit} /^--config-file$/{f=1}')
    [ -n "$configured" ] && DOCKER_DAEMON_JSON=$configured
  fi
fi

# Sets runtimes (path: this runsc) in the daemon.json, keeping every other key and runtime; prints
# "changed" or "unchanged" (see the helper for how it refuses a file it cannot read as JSON).
merge() { $SUDO python3 "$HERE/gvisor-merge-runtimes.py" "$DOCKER_DAEMON_JSON" "$RUNSC_PATH" "$@"; }

# The runtimeArgs runsc-net has now (compact JSON), or nothing.
current_net_args() {
  $SUDO python3 - "$DOCKER_DAEMON_JSON" <<'PY' 2>/dev/null || true
import json, sys
try:
    print(json.dumps(json.load(open(sys.argv[1]))["runtimes"]["runsc-net"]["runtimeArgs"]))
except Exception:
    pass
PY
}
compact() { python3 -c 'import json,sys; print(json.dumps(json.loads(sys.argv[1])))' "$1"; }

runtimes_listed() {
  local names
  names=$(docker info --format '{{range $k, $v := .Runtimes}}{{$k}} {{end}}' 2>/dev/null | tr ' ' '\n')
  grep -qx runsc <<<"$names" && grep -qx runsc-net <<<"$names"
}

# --- 3. reload --------------------------------------------------------------------------------
reload() {
  [ -n "$DOCKERD_PID" ] || die "dockerd is not running on this machine; start it (scripts/docker-engine.sh) and run this again"
  log "reloading dockerd (SIGHUP to pid $DOCKERD_PID)"
  $SUDO kill -HUP "$DOCKERD_PID"
  # The reload is asynchronous: wait until the engine lists what the file says.
  for _ in $(seq 1 50); do
    if runtimes_listed && [ "$(docker info --format '{{json .Runtimes}}' 2>/dev/null |
      python3 -c 'import json,sys; print(json.dumps(json.load(sys.stdin)["runsc-net"].get("runtimeArgs")))' 2>/dev/null)" = "$(current_net_args)" ]; then
      return 0
    fi
    sleep 0.2
  done
  die "dockerd does not list the runtimes of $DOCKER_DAEMON_JSON after the reload; see its log (a daemon.json error is logged there)"
}

# An existing runsc-net keeps its network stack (the fallback is decided once, by a real start);
# GVISOR_NET_STACK forces one.
case "${GVISOR_NET_STACK:-auto}" in
  sandbox) NET_ARGS=$NET_SANDBOX_ARGS ;;
  host) NET_ARGS=$NET_HOST_ARGS ;;
  auto)
    if [ "$(current_net_args)" = "$(compact "$NET_HOST_ARGS")" ]; then NET_ARGS=$NET_HOST_ARGS; else NET_ARGS=$NET_SANDBOX_ARGS; fi
    ;;
  *) die "GVISOR_NET_STACK must be auto, sandbox or host" ;;
esac

merge_out=$(merge "runsc=$RUNSC_ARGS" "runsc-net=$NET_ARGS") || die "could not merge the runtimes into $DOCKER_DAEMON_JSON"
log "$DOCKER_DAEMON_JSON: runtimes runsc, runsc-net $merge_out"
if [ "$merge_out" = changed ] || ! runtimes_listed; then reload; fi
log "docker info runtimes: $(docker info --format '{{range $k, $v := .Runtimes}}{{$k}} {{end}}')"

[ "${GVISOR_SKIP_VERIFY:-}" = 1 ] && exit 0

# --- 4. verify --------------------------------------------------------------------------------
if ! docker image inspect "$VERIFY_IMAGE" >/dev/null 2>&1; then
  log "pulling $VERIFY_IMAGE for the check"
  docker pull -q "$VERIFY_IMAGE" >/dev/null
fi
hardened=(--rm --init --cap-drop ALL --security-opt no-new-privileges:true --pids-limit 512
  --memory 256m --memory-swap 256m --user 1000:1000)
# Run inside the container (hence single quotes). /proc/net/dev, not /sys/class/net: gVisor's
# sysfs has no class/net.
# shellcheck disable=SC2016
probe='echo "uid=$(id -u)"; echo "ifaces=$(tail -n +3 /proc/net/dev | cut -d: -f1 | tr -d " " | tr "\n" " ")"; echo "kernel=$(uname -r)"; dmesg 2>&1 | head -n 1; ls / >/dev/null 2>&1 || echo "ls-broken"'

out=$(docker run "${hardened[@]}" --network none --runtime=runsc "$VERIFY_IMAGE" sh -c "$probe" 2>&1) ||
  die "the hardened container did not run under runsc:
$out"
indent runsc <<<"$out"
grep -q 'Starting gVisor' <<<"$out" || die "runsc: the container's kernel log does not show gVisor"
grep -qx 'uid=1000' <<<"$out" || die "runsc: the container did not run as uid 1000"
grep -qx 'ifaces=lo ' <<<"$out" || die "runsc: a container with network none has more than lo"
if grep -qx 'ls-broken' <<<"$out"; then
  log "WARNING: \`ls\` fails inside gVisor here (this runsc rejects statx(AT_NO_AUTOMOUNT), which coreutils >= 9 uses for ls and stat); agents' ls/stat commands will fail. gVisor's own releases fixed it: GVISOR_SOURCE=gvisor after removing the distribution package."
fi

net_check() {
  docker run "${hardened[@]}" --network "$1" --runtime=runsc-net "$VERIFY_IMAGE" sh -c "$probe" 2>&1
}
if ! net=$(net_check bridge); then
  if grep -q 'root network namespace' <<<"$net" && [ "$NET_ARGS" = "$NET_SANDBOX_ARGS" ] &&
    [ "${GVISOR_NET_STACK:-auto}" = auto ]; then
    log "runsc-net: gVisor's network stack cannot start here (this runsc's root-namespace check misfires on this kernel); registering runsc-net with --network=host instead (socket calls go to the host kernel, inside the container's own network namespace)"
    NET_ARGS=$NET_HOST_ARGS
    merge "runsc-net=$NET_ARGS" >/dev/null || die "could not update runsc-net in $DOCKER_DAEMON_JSON"
    reload
    net=$(net_check bridge) || die "runsc-net did not run a container with a bridge network:
$net"
  else
    die "runsc-net did not run a container with a bridge network:
$net"
  fi
fi
indent 'runsc-net (bridge)' <<<"$net"
grep -q 'Starting gVisor' <<<"$net" || die "runsc-net: the container's kernel log does not show gVisor"
grep -q 'ifaces=.*eth0' <<<"$net" || die "runsc-net: no eth0 on a bridge network"
none=$(net_check none) || die "runsc-net did not run a container with network none:
$none"
grep -q 'ifaces=lo $' <<<"$none" || die "runsc-net: a container with network none has more than lo"
stack=sandbox
[ "$NET_ARGS" = "$NET_HOST_ARGS" ] && stack=host
log "ok: runsc (network none) and runsc-net (network stack: $stack; bridge and none) run the hardened container under gVisor"
