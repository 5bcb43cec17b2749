#!/usr/bin/env bash
# Lints every shell script in the repository (the tracked files named *.sh or starting with a sh/bash
# shebang): shellcheck, plus one rule shellcheck does not know — no quiet grep (-q) reading a pipe
# in a script run under `set -o pipefail` (grep -q exits at its first match, the writer dies of
# SIGPIPE and the pipeline fails with 141 although the line was there: how scripts/gvisor.sh's
# install path hid). Comment lines are not checked.
# Installs nothing: without shellcheck it says what to install and fails (.ci/run installs it).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

command -v shellcheck >/dev/null 2>&1 || {
  echo "lint-shell: shellcheck is not installed (Debian/Ubuntu: apt-get install shellcheck; macOS: brew install shellcheck)" >&2
  exit 1
}

scripts=()
while IFS= read -r f; do
  [ -f "$f" ] || continue
  case "$f" in
    dist/* | node_modules/*) continue ;;
    *.sh) scripts+=("$f") ;;
    *) if head -n 1 "$f" 2>/dev/null | grep -E '^#!.*\b(ba)?sh\b' >/dev/null; then scripts+=("$f"); fi ;;
  esac
done < <(git ls-files)

shellcheck "${scripts[@]}"

status=0
for f in "${scripts[@]}"; do
  grep -E 'set -[a-z]*o pipefail|set -o pipefail' "$f" >/dev/null || continue
  if grep -nE '^[^#]*\|[[:space:]]*grep[[:space:]]+(-[a-zA-Z]*q|--quiet)' "$f"; then
    echo "lint-shell: $f: a quiet grep (-q) reading a pipe under pipefail fails with 141 when grep exits early; send its output to /dev/null instead (or give it a here-string)" >&2
    status=1
  fi
done
[ "$status" = 0 ] && echo "lint-shell: ${#scripts[@]} scripts clean (shellcheck $(shellcheck --version | awk '/^version:/{print $2}'))"
exit "$status"
