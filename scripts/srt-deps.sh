#!/usr/bin/env bash
# Installs the host tools @anthropic-ai/sandbox-runtime needs on Linux (srt execution mode):
# bubblewrap (the sandbox), socat (bridges the proxy sockets into it), ripgrep (finds the files
# it must write-protect). Idempotent: tools already on PATH are left alone. Debian/Ubuntu (apt);
# needs root (or sudo) only when something is missing. macOS needs only ripgrep (brew).
set -euo pipefail

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
if [ "$(id -u)" != 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO=sudo; else
    echo "srt-deps: missing ${missing[*]}; run this script as root" >&2
    exit 1
  fi
fi

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
