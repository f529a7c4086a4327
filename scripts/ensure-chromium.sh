#!/usr/bin/env bash
# Makes sure a Chromium is there for the playground's end-to-end tests (test/e2e), which drive it
# through playwright-core and never download a browser. It looks where the tests look
# (test/e2e/server.ts findChromium): $DNUP_CHROMIUM, $CHROME_PATH, the usual install places,
# then the PATH. When none is found it installs the distribution's package with apt-get, dnf,
# apk or pacman (CI runs as root); otherwise it says what to do and fails.
set -euo pipefail

# a browser named on purpose is used as given, as the tests do: a wrong path is an error
for var in DNUP_CHROMIUM CHROME_PATH; do
  named="${!var:-}"
  if [ -n "$named" ]; then
    if [ -x "$named" ]; then echo "chromium from \$$var: $named ($("$named" --version 2>/dev/null || echo 'version unknown'))"; exit 0; fi
    echo "\$$var names $named, which is not an executable file." >&2
    exit 1
  fi
done

found=""
for candidate in /usr/bin/chromium /usr/bin/chromium-browser /usr/bin/google-chrome /usr/bin/google-chrome-stable \
  /usr/lib/chromium/chromium /usr/lib64/chromium-browser/chromium-browser /snap/bin/chromium /opt/google/chrome/chrome \
  "/Applications/Chromium.app/Contents/MacOS/Chromium" "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"; do
  if [ -n "$candidate" ] && [ -x "$candidate" ]; then found="$candidate"; break; fi
done
if [ -z "$found" ]; then
  for name in chromium chromium-browser google-chrome google-chrome-stable; do
    if command -v "$name" >/dev/null 2>&1; then found="$(command -v "$name")"; break; fi
  done
fi
if [ -n "$found" ]; then
  echo "chromium present: $found ($("$found" --version 2>/dev/null || echo 'version unknown'))"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
if command -v apt-get >/dev/null 2>&1; then
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update
  # Debian names the package chromium; Ubuntu's chromium-browser is a snap shim, tried second
  $SUDO apt-get install -y chromium || $SUDO apt-get install -y chromium-browser
elif command -v dnf >/dev/null 2>&1; then
  $SUDO dnf install -y chromium
elif command -v apk >/dev/null 2>&1; then
  $SUDO apk add --no-cache chromium
elif command -v pacman >/dev/null 2>&1; then
  $SUDO pacman -S --noconfirm chromium
else
  echo "No Chromium found and no known package manager: install Chromium or Chrome and set DNUP_CHROMIUM to its path." >&2
  exit 1
fi
for candidate in /usr/bin/chromium /usr/bin/chromium-browser /usr/bin/chromium-browser-stable; do
  if [ -x "$candidate" ]; then echo "chromium installed: $candidate ($("$candidate" --version))"; exit 0; fi
done
echo "Chromium was installed but not found where expected: set DNUP_CHROMIUM to its path." >&2
exit 1
