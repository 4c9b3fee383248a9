#!/bin/sh
# The bundled examples against `npm start` (default ports), from the repository root:
#   sh apps/server/stored-data/examples/demo.sh
# Each answer is 200 without errors, with hb_* targeting whose hb_cache_id resolves in the cache
# service (`curl -s 'localhost:2424/cache?uuid=<hb_cache_id>'`). The stored files carry both
# `ext.core` and `ext.prebid`, so the same requests work under GAVEL_EXT_NAMESPACE=prebid.
# scripts/demo-data.test.ts runs every curl line below in both namespaces and checks each
# `# expect` line (targeting key=value) against the answer of the curl line that follows it.
set -e

# Stored request + stored imp whose stored auction response bids 1.25 (no bidder called).
# expect hb_pb=1.20 hb_bidder=pubmatic hb_size=300x250
curl -s -X POST localhost:8000/openrtb2/auction -d @apps/server/stored-data/examples/auction.json
echo

# The pubmatic adapter parses a stored bid response (bids 0.80) instead of calling pubmatic.
# expect hb_pb=0.80 hb_bidder=pubmatic hb_size=300x250
curl -s -X POST localhost:8000/openrtb2/auction -d @apps/server/stored-data/examples/auction-stored-bid-response.json
echo

# AMP: stored request `example-amp` (its stored auction response bids 1.25), the winner cached.
# expect hb_pb=1.20 hb_bidder=pubmatic hb_env=amp
curl -s 'localhost:8000/openrtb2/amp?tag_id=example-amp&w=300&h=250&curl=https%3A%2F%2Fwww.example.com%2Famp'
echo

# Video: one 60 s pod of 15/30 s slots (stored imp `example-pod`, a stored auction response bidding
# 3.10); the four identical stored bids share one hb_pb_cat_dur value: competitive separation keeps one.
# expect hb_pb=3.10 hb_pb_cat_dur=3.10_15s
curl -s -X POST localhost:8000/openrtb2/video -d @apps/server/stored-data/examples/video.json
echo
