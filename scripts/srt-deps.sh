#!/usr/bin/env bash
# Installs the host tools @anthropic-ai/sandbox-runtime needs on Linux (srt execution mode):
# bubblewrap (the sandbox), socat (bridges the proxy sockets into it), ripgrep (finds the files
# it must write-protect). Idempotent: tools already on PATH are left alone. Debian/Ubuntu (apt);
# needs root (or sudo) only when something is missing. macOS needs only ripgrep (brew).
#
# Where AppArmor restricts unprivileged user namespaces (Ubuntu 23.10+, GitHub-hosted
# ubuntu-24.04: kernel.apparmor_restrict_unprivileged_userns=1), bubblewrap cannot start a sandbox
# as a non-root user; this script lifts the restriction for the rest of the boot (sysctl -w, as
# openai/codex-action and anthropics/claude-code-action do before they use bubblewrap). It is a
# host-wide setting: on a machine you keep, weigh it (or give bwrap an AppArmor profile that
# allows userns instead). MASSGEN_SRT_KEEP_USERNS_RESTRICTION=1 leaves it alone; srt mode then
# refuses to start with exit 2, naming the setting.
set -euo pipefail

USERNS_SYSCTL=${SRT_DEPS_USERNS_SYSCTL:-/proc/sys/kernel/apparmor_restrict_unprivileged_userns}

sudo_or_fail() {
  if [ "$(id -u)" = 0 ]; then return 0; fi
  if command -v sudo >/dev/null 2>&1; then SUDO=sudo; return 0; fi
  echo "srt-deps: $1; run this script as root" >&2
  exit 1
}

lift_userns_restriction() {
  [ -r "$USERNS_SYSCTL" ] || return 0
  [ "$(cat "$USERNS_SYSCTL")" = 1 ] || return 0
  if [ "${MASSGEN_SRT_KEEP_USERNS_RESTRICTION:-}" = 1 ]; then
    echo "srt-deps: kernel.apparmor_restrict_unprivileged_userns=1 left as it is (MASSGEN_SRT_KEEP_USERNS_RESTRICTION=1): srt mode will refuse to start" >&2
    return 0
  fi
  SUDO=
  sudo_or_fail "kernel.apparmor_restrict_unprivileged_userns=1 (bubblewrap needs unprivileged user namespaces)"
  $SUDO sysctl -q -w kernel.apparmor_restrict_unprivileged_userns=0
  echo "srt-deps: set kernel.apparmor_restrict_unprivileged_userns=0 (AppArmor restricted the unprivileged user namespaces bubblewrap needs)"
}
lift_userns_restriction

# tool → package
declare -A PKG=([bwrap]=bubblewrap [socat]=socat [rg]=ripgrep)

missing=()
for tool in bwrap socat rg; do
  command -v "$tool" >/dev/null 2>&1 || missing+=("${PKG[$tool]}")
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "srt-deps: bubblewrap, socat, ripgrep present ($(bwrap --version 2>/dev/null | head -n 1))"
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "srt-deps: missing ${missing[*]} and no apt-get here; install them with your package manager" >&2
  exit 1
fi

SUDO=
sudo_or_fail "missing ${missing[*]}"

echo "srt-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null

for tool in bwrap socat rg; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "srt-deps: $tool still missing after installing ${missing[*]}" >&2
    exit 1
  fi
done
echo "srt-deps: installed ${missing[*]} ($(bwrap --version | head -n 1))"
