#!/usr/bin/env bash
# Installs Debian's chromium for the playground's end-to-end tests when it is missing.
# The e2e tests drive /usr/bin/chromium through playwright-core; they never download a browser.
set -euo pipefail

if [ -x /usr/bin/chromium ]; then
  echo "chromium present: $(/usr/bin/chromium --version 2>/dev/null || echo /usr/bin/chromium)"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  SUDO="sudo"
fi

export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update
$SUDO apt-get install -y chromium

/usr/bin/chromium --version
