#!/usr/bin/env bash
# The README's screenshots of the HTML report, made by the toolkit's own commands:
#
#     docs/screenshot.sh [report.json [DIR [CLAIM]]]
#
# writes DIR/report.png (the top of the page: contents, verdicts, errata) and DIR/report-claim.png (one claim
# alone, opened: CLAIM, default T3.10, through the page's report.html?claim=<anchor> view). DIR defaults to
# docs/. With a JSON report (`python -m proofs --format json --output report.json`), renders it without
# re-running; without one, runs every claim at the standard budget first. Needs Debian's chromium (headless).
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
json=${1:-}
out=$(realpath -m "${2:-docs}")
claim=${3:-T3.10}
if [ -z "$json" ]; then
    json=$work/report.json
    python -m proofs --no-progress --format json --output "$json" || [ -s "$json" ]  # exit 1 = a check errored
fi
python -m proofs export --from "$json" --html "$work/report.html" --no-figures
mkdir -p "$out"
shoot() {  # shoot FILE URL HEIGHT
    chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking \
        --disable-component-update --disable-sync --hide-scrollbars --user-data-dir="$work/profile" \
        --window-size=1200,"$3" --screenshot="$1" "$2" 2>/dev/null
}
shoot "$out/report.png" "file://$work/report.html" 1600
anchor=$(python -c "import sys; from proofs.files import safe_id; print(safe_id(sys.argv[1]))" "$claim")
shoot "$out/report-claim.png" "file://$work/report.html?claim=$anchor" 1000
echo "wrote $out/report.png and $out/report-claim.png"
