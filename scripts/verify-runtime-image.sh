#!/usr/bin/env bash
# Checks that a runtime image keeps the contract docker/README.md states, inside a container run
# with the product's hardening flags (cap-drop ALL, no-new-privileges, uid 1000, network none,
# init, pids and memory limits): user and home, the venv on PATH and owned by the user, pytest, pip
# installing a locally built wheel without root or network, node, npm with its global prefix in the
# home, git, curl, gcc/g++/make, procps, coreutils.
#   scripts/verify-runtime-image.sh IMAGE            → exit 0 when every check passes, else 1
#   scripts/verify-runtime-image.sh --sudo IMAGE     → the sudo variant, with the capabilities the
#                                                      runtime gives it, also checks `sudo -n`
# Run it against a bare image (e.g. debian:bookworm-slim) to see it fail.
set -euo pipefail

sudo=0
if [ "${1:-}" = --sudo ]; then sudo=1; shift; fi
image=${1:?usage: verify-runtime-image.sh [--sudo] IMAGE}

flags=(--rm -i --init --user 1000:1000 --network none --pids-limit 512 --memory 1g
  --memory-swap 1g --cap-drop ALL)
if [ "$sudo" = 1 ]; then
  # Same set as the runtime's sudo variant (docker/README.md); no-new-privileges would stop sudo.
  for cap in SETUID SETGID AUDIT_WRITE CHOWN DAC_OVERRIDE FOWNER FSETID SETFCAP KILL; do
    flags+=(--cap-add "$cap")
  done
else
  flags+=(--security-opt no-new-privileges)
fi

docker run "${flags[@]}" --entrypoint /bin/sh "$image" -s "$sudo" <<'EOF'
sudo_variant=$1
failed=0
check() {
  name=$1; shift
  if out=$("$@" 2>&1); then
    echo "ok   $name"
  else
    echo "FAIL $name"; printf '%s\n' "$out" | tail -n 5 | sed 's/^/     /'; failed=1
  fi
}
t=$(mktemp -d)

check "user massgen 1000:1000, home /home/massgen" sh -c \
  '[ "$(id -un):$(id -u):$(id -g)" = massgen:1000:1000 ] && [ "$HOME" = /home/massgen ] &&
   [ "$(getent passwd massgen | cut -d: -f6)" = /home/massgen ]'
check "venv first on PATH, owned by massgen" sh -c \
  '[ "$(command -v python3)" = /home/massgen/.venv/bin/python3 ] &&
   [ "$(stat -c %U /home/massgen/.venv /home/massgen/.venv/bin/pip | sort -u)" = massgen ]'
# pip itself lives in the read-only root (docker/Dockerfile); it runs with the venv's Python, and
# what it installs goes into the venv (checked below with a local wheel).
check "pip of the venv" sh -c '[ "$(command -v pip)" = /home/massgen/.venv/bin/pip ] &&
   pip --version | grep "(python 3" >/dev/null && python3 -m pip --version >/dev/null'
cat > "$t/test_sample.py" <<'PY'
def test_adds():
    assert 1 + 1 == 2
PY
check "python3 -m pytest" sh -c "cd '$t' && python3 -m pytest -q test_sample.py"
check "coverage.py (compare.evidence)" sh -c "cd '$t' && python3 -I -m coverage --version >/dev/null"
mkdir -p "$t/pkg/hello_contract"
echo 'GREETING = "hi"' > "$t/pkg/hello_contract/__init__.py"
printf '[build-system]\nrequires = ["setuptools"]\nbuild-backend = "setuptools.build_meta"\n[project]\nname = "hello-contract"\nversion = "1.0"\n' > "$t/pkg/pyproject.toml"
check "pip wheel of a local project (no network, no build isolation)" sh -c \
  "cd '$t/pkg' && pip wheel -q --no-deps --no-build-isolation -w '$t/wheels' ."
check "pip install of the local wheel without root" sh -c \
  "pip install -q --no-index '$t'/wheels/hello_contract-1.0-*.whl &&
   cd / && python3 -c 'import hello_contract; assert hello_contract.GREETING == \"hi\"' &&
   pip show -f hello-contract | grep 'Location: /home/massgen/.venv/' >/dev/null"
check "node -e" sh -c '[ "$(node -e "console.log(6 * 7)")" = 42 ]'
check "npm --version" npm --version
mkdir -p "$t/npmpkg"
printf '{"name":"hello-contract","version":"1.0.0","bin":{"hello-contract":"cli.js"}}\n' > "$t/npmpkg/package.json"
printf '#!/usr/bin/env node\nconsole.log("hello from npm")\n' > "$t/npmpkg/cli.js"
check "npm install -g of a local package into the home prefix" sh -c \
  "cd '$t' && npm pack ./npmpkg >/dev/null 2>&1 && npm install -g --offline --no-audit --no-fund ./hello-contract-1.0.0.tgz >/dev/null &&
   [ \"\$(npm prefix -g)\" = /home/massgen/.npm-global ] && [ \"\$(hello-contract)\" = 'hello from npm' ]"
check "git --version, init and commit" sh -c \
  "git --version && cd '$t' && git init -q repo && cd repo && echo x > f && git add f &&
   git -c user.email=a@b -c user.name=a commit -qm init && git log --oneline | grep init >/dev/null"
check "curl --version" curl --version
printf '#include <stdio.h>\nint main(void) { puts("hello from gcc"); return 0; }\n' > "$t/hello.c"
printf '#include <iostream>\nint main() { std::cout << "hello from g++" << std::endl; }\n' > "$t/hello.cpp"
printf 'all: hello\nhello: hello.c\n\tgcc -O2 -o hello hello.c\n' > "$t/Makefile"
check "gcc on hello.c" sh -c "cd '$t' && gcc -o hc hello.c && [ \"\$(./hc)\" = 'hello from gcc' ]"
check "g++ on hello.cpp" sh -c "cd '$t' && g++ -o hcpp hello.cpp && [ \"\$(./hcpp)\" = 'hello from g++' ]"
check "make" sh -c "cd '$t' && make -s && ./hello | grep gcc >/dev/null"
check "procps: pgrep, pkill, ps" sh -c \
  'sleep 300 & pid=$!; pgrep -x sleep | grep -x "$pid" >/dev/null && pkill -x sleep && { wait "$pid"; true; } &&
   ! kill -0 "$pid" 2>/dev/null && ps -o pid= -p $$ >/dev/null'
check "coreutils: timeout, stat, sha256sum" sh -c \
  '! timeout 1 sleep 5 && stat -c %s /etc/passwd >/dev/null && echo x | sha256sum >/dev/null'
if [ "$sudo_variant" = 1 ]; then
  check "sudo -n without a password" sh -c '[ "$(sudo -n id -u)" = 0 ]'
fi
exit "$failed"
EOF
