#!/usr/bin/env bash
# Quick start: make sure an engine and the base image exist, then run the bundled default example
# with the committed bundle (no npm install needed).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "$(id -u)" = 0 ]; then
  bash scripts/docker-engine.sh
  bash scripts/base-image.sh
fi
exec node dist/cli/index.js run examples/quickstart.yaml --out massgen-results "$@"
