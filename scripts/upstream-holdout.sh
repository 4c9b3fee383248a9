#!/usr/bin/env bash
# Builds a fixtures root of upstream test vectors that are NOT in ../shared/fixtures, for measuring
# fidelity beyond the shared corpus (issue "faithful bidders"). Reads a local bare mirror of
# prebid/prebid-server; writes only under OUT (never into the project).
#   scripts/upstream-holdout.sh <prebid-server git dir> <out dir> [shared fixtures dir]
set -euo pipefail
GIT=${1:?git dir of a prebid/prebid-server mirror}
OUT=${2:?output dir}
SHARED=${3:-"$(dirname "$0")/../../shared/fixtures"}
REV=$(jq -r .source.commit "$SHARED/adapters/bidder-test-setup.json" 2>/dev/null || echo HEAD)
mkdir -p "$OUT/adapters" "$OUT/exchange"
cp "$SHARED/adapters/bidder-test-setup.json" "$OUT/adapters/"
n=0
for dir in "$SHARED"/adapters/*/; do
  bidder=$(basename "$dir")
  testdir=$(ls -d "$dir"*test* 2>/dev/null | head -1 || true)
  [ -n "$testdir" ] || continue
  tname=$(basename "$testdir")
  git --git-dir="$GIT" ls-tree -r --name-only "$REV" "adapters/$bidder/$tname/" |
    grep -E '/(exemplary|supplemental)/[^/]+\.json$' | while read -r path; do
      rel=${path#adapters/}
      [ -e "$SHARED/adapters/$rel" ] && continue
      mkdir -p "$OUT/adapters/$(dirname "$rel")"
      git --git-dir="$GIT" show "$REV:$path" >"$OUT/adapters/$rel"
    done
  cp -r "$dir/static" "$OUT/adapters/$bidder/" 2>/dev/null || true
done
git --git-dir="$GIT" ls-tree --name-only "$REV" exchange/exchangetest/ | grep '\.json$' | while read -r path; do
  f=$(basename "$path")
  [ -e "$SHARED/exchange/$f" ] && continue
  git --git-dir="$GIT" show "$REV:$path" >"$OUT/exchange/$f"
done
cp -r "$SHARED/exchange/harness-data" "$OUT/exchange/" 2>/dev/null || true
# Endpoint sample requests not in the shared set, with the shared harness files beside them.
mkdir -p "$OUT/endpoints"
cp "$SHARED"/endpoints/*.json "$SHARED"/endpoints/*.md "$OUT/endpoints/" 2>/dev/null || true
git --git-dir="$GIT" ls-tree -r --name-only "$REV" endpoints/openrtb2/sample-requests/ | grep '\.json$' |
  while read -r path; do
    rel=${path#endpoints/openrtb2/}
    [ -e "$SHARED/endpoints/$rel" ] && continue
    mkdir -p "$OUT/endpoints/$(dirname "$rel")"
    git --git-dir="$GIT" show "$REV:$path" >"$OUT/endpoints/$rel"
  done
find "$OUT" -name '*.json' -path '*test/*' | wc -l | xargs echo "adapter holdout files:"
ls "$OUT/exchange" | grep -c json | xargs echo "exchange holdout files:"
find "$OUT/endpoints/sample-requests" -name '*.json' | wc -l | xargs echo "endpoint holdout files:"
