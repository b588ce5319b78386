#!/usr/bin/env bash
# Runs every benchmark in turn. Each prints its own ratio against a raw baseline measured in the
# same run (see the header comment of each file). Benchmarks are not tests: run them on a quiet
# machine, since two shared cores make absolute numbers noisy.
set -uo pipefail
cd "$(dirname "$0")/.."
[ -d out/renderer ] || npm run build
status=0
for b in sandbox-dataset sandbox-search client-overhead search-render bundle-size export-csv snapshots-load-all snapshot-index-cost snapshots-sort snapshots-scroll match-bulk esg-latency esg-ui-latency esg-portfolio esg-runs-frames watch-diff watch-priority team-gate team-nodes team-check-cost digest-render startup; do
  printf '\n==> bench/%s.ts\n' "$b"
  npx tsx "bench/$b.ts" || { echo "bench/$b.ts FAILED"; status=1; }
done
exit $status
