#!/usr/bin/env bash
# A local image registry for the registry tests and bench: Debian's `docker-registry` package
# (distribution 2.8) serving on 127.0.0.1:5000, which Docker engines treat as an insecure-allowed
# registry by default (127.0.0.0/8), so no TLS and no daemon.json change are needed.
#   sudo scripts/local-registry.sh [start]   → installs the package if missing, starts it unless
#                                              it already answers; prints the address
#   sudo scripts/local-registry.sh stop      → stops the registry this script started
#   scripts/local-registry.sh status         → exit 0 when it answers
# LOCAL_REGISTRY_ADDR (127.0.0.1:5000) and LOCAL_REGISTRY_DIR (/var/lib/massgen-local-registry)
# move it. The package's own service is not used (it would listen on every interface): the
# binary runs with this script's config, its pid in $LOCAL_REGISTRY_DIR/registry.pid.
# SETUP_INSTALL_ONLY=1 start: install the package when missing, then stop
# (scripts/test-setup-scripts.sh).
set -euo pipefail

addr=${LOCAL_REGISTRY_ADDR:-127.0.0.1:5000}
dir=${LOCAL_REGISTRY_DIR:-/var/lib/massgen-local-registry}
pidfile=$dir/registry.pid
logfile=$dir/registry.log

answers() { curl -fsS --max-time 2 "http://$addr/v2/" >/dev/null 2>&1; }
our_pid() {
  local pid
  pid=$(cat "$pidfile" 2>/dev/null) || return 1
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && grep -q docker-registry "/proc/$pid/cmdline" 2>/dev/null &&
    echo "$pid"
}

case "${1:-start}" in
  status)
    if answers; then echo "local-registry: answering at $addr"; exit 0; fi
    echo "local-registry: nothing answers at $addr"; exit 1 ;;
  stop)
    if pid=$(our_pid); then
      kill "$pid"
      for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
      rm -f "$pidfile"
      echo "local-registry: stopped (pid $pid)"
    else
      echo "local-registry: not running (no live pid in $pidfile)"
    fi
    exit 0 ;;
  start) ;;
  *) echo "usage: local-registry.sh [start|stop|status]" >&2; exit 2 ;;
esac

if [ "${SETUP_INSTALL_ONLY:-}" != 1 ] && answers; then echo "local-registry: already answering at $addr"; exit 0; fi

if ! command -v docker-registry >/dev/null 2>&1; then
  echo "local-registry: installing Debian's docker-registry"
  export DEBIAN_FRONTEND=noninteractive
  # Keep the package's service from starting on every interface while it installs.
  policy=/usr/sbin/policy-rc.d
  created_policy=0
  if [ ! -e "$policy" ]; then printf '#!/bin/sh\nexit 101\n' > "$policy"; chmod +x "$policy"; created_policy=1; fi
  apt-get install -y -qq --no-install-recommends docker-registry >/dev/null ||
    { apt-get update -qq && apt-get install -y -qq --no-install-recommends docker-registry >/dev/null; }
  [ "$created_policy" = 1 ] && rm -f "$policy"
  command -v docker-registry >/dev/null 2>&1 || { echo "local-registry: docker-registry still missing after installing it" >&2; exit 1; }
  echo "local-registry: installed docker-registry"
fi
[ "${SETUP_INSTALL_ONLY:-}" = 1 ] && exit 0

mkdir -p "$dir/data"
cat > "$dir/config.yml" <<EOF
version: 0.1
log:
  level: warn
storage:
  filesystem:
    rootdirectory: $dir/data
  delete:
    enabled: true
http:
  addr: $addr
EOF
nohup docker-registry serve "$dir/config.yml" >"$logfile" 2>&1 &
echo $! > "$pidfile"
for _ in $(seq 100); do
  if answers; then echo "local-registry: started at $addr (pid $(cat "$pidfile"), data in $dir/data)"; exit 0; fi
  kill -0 "$(cat "$pidfile")" 2>/dev/null || break
  sleep 0.1
done
echo "local-registry: it did not come up; last log lines:" >&2
tail -n 20 "$logfile" >&2
exit 1
