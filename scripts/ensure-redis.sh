#!/usr/bin/env bash
# Installs Debian's redis-server for the game server's scale-out tests when it is missing.
set -euo pipefail

if command -v redis-server >/dev/null 2>&1; then
  echo "redis-server present: $(redis-server --version)"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  SUDO="sudo"
fi

export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update
$SUDO apt-get install -y redis-server

redis-server --version
