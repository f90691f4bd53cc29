#!/usr/bin/env bash
# Installs Debian's chromium for the browser tests in web/e2e. Idempotent:
# when /usr/bin/chromium is there it only prints its version. Run as root
# (CI is), or with sudo at hand. Without chromium the browser tests skip.
set -euo pipefail

if [ -x /usr/bin/chromium ]; then
	/usr/bin/chromium --version 2>/dev/null || echo "chromium present"
	exit 0
fi

sudo=""
if [ "$(id -u)" != 0 ]; then
	if command -v sudo >/dev/null; then
		sudo="sudo"
	else
		echo "ci-browser.sh: not root and no sudo: cannot install chromium" >&2
		exit 1
	fi
fi

export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq chromium >/dev/null
/usr/bin/chromium --version
