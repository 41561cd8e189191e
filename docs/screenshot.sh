#!/usr/bin/env bash
# The README's screenshot of the HTML report (docs/report.png), made by the toolkit's own commands:
#
#     docs/screenshot.sh [report.json]
#
# With a JSON report (`python -m proofs --format json --output report.json`), renders it without re-running;
# without one, runs every claim at the standard budget first. Needs Debian's chromium (headless).
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
json=${1:-}
if [ -z "$json" ]; then
    json=$work/report.json
    python -m proofs --no-progress --format json --output "$json" || [ -s "$json" ]  # exit 1 = a check errored
fi
python -m proofs export --from "$json" --html "$work/report.html"
chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking \
    --disable-component-update --disable-sync --hide-scrollbars --user-data-dir="$work/profile" \
    --window-size=1200,1600 --screenshot="$PWD/docs/report.png" "file://$work/report.html" 2>/dev/null
echo "wrote docs/report.png"
