#!/usr/bin/env bash
# Builds the runtime image by hand (the action builds it itself under image-policy auto/build).
#   docker/build.sh                 → massgen/mcp-runtime:latest
#   docker/build.sh --sudo          → massgen/mcp-runtime-sudo:latest (builds the runtime image first)
#   docker/build.sh -t dev          → massgen/mcp-runtime:dev
#   docker/build.sh -n my/runtime   → my/runtime:latest
# BASE_IMAGE overrides the Debian base (default debian:trixie-slim). Images built here carry no
# content-hash label, so under image-policy auto the action rebuilds them once with its label.
set -euo pipefail

dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
tag=latest
name=massgen/mcp-runtime
sudo=0
while [ $# -gt 0 ]; do
  case "$1" in
    -t|--tag) tag=$2; shift 2 ;;
    -n|--name) name=$2; shift 2 ;;
    --sudo) sudo=1; shift ;;
    -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
    *) echo "build.sh: unknown option $1" >&2; exit 2 ;;
  esac
done

command -v docker >/dev/null || { echo "build.sh: docker CLI not found" >&2; exit 1; }
docker info >/dev/null 2>&1 || { echo "build.sh: the Docker engine is not reachable" >&2; exit 1; }

base_args=()
[ -n "${BASE_IMAGE:-}" ] && base_args=(--build-arg "BASE_IMAGE=$BASE_IMAGE")

if [ "$sudo" = 1 ]; then
  [ "$name" = massgen/mcp-runtime ] && name=massgen/mcp-runtime-sudo
  runtime="massgen/mcp-runtime:$tag"
  echo "build.sh: building $runtime"
  docker build "${base_args[@]}" -t "$runtime" -f "$dir/Dockerfile" "$dir"
  echo "build.sh: building $name:$tag"
  docker build --build-arg "RUNTIME_IMAGE=$runtime" -t "$name:$tag" -f "$dir/Dockerfile.sudo" "$dir"
else
  echo "build.sh: building $name:$tag"
  docker build "${base_args[@]}" -t "$name:$tag" -f "$dir/Dockerfile" "$dir"
fi
