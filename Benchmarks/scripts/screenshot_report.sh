#!/usr/bin/env bash
# Renders an HTML report of `parlance eval --report` to a PNG with headless Chromium, to check
# by eye that it renders (charts, matrix, failure list) without any network.
#
#   Benchmarks/scripts/screenshot_report.sh report.html report.png [width] [height]
#
# Needs Debian's chromium package (apt-get install chromium; installed here when missing).
set -euo pipefail
report=${1:?usage: screenshot_report.sh REPORT.html OUT.png [width] [height]}
out=${2:?usage: screenshot_report.sh REPORT.html OUT.png [width] [height]}
width=${3:-1280}
height=${4:-3000}
[ -f "$report" ] || { echo "error: $report: no such file" >&2; exit 2; }
if ! command -v chromium >/dev/null 2>&1; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium
fi
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
# --no-sandbox: CI runs as root; the page is a local file with no scripts.
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$profile" \
    --window-size="$width,$height" --screenshot="$(realpath -m "$out")" "file://$(realpath "$report")" 2>/dev/null
[ -s "$out" ] || { echo "error: no screenshot written to $out" >&2; exit 1; }
echo "$out"
