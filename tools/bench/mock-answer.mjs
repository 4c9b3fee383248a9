// What a bench mock bidder answers (mock-bidders.mjs over HTTP, paired.mjs in memory): 1 call in 5 a
// no-bid; otherwise one bid per imp with a ~1.5 KB creative, as real bidders' carry, priced so that
// winners change between bidders and calls (0.50–2.49 USD).
const NO_BID_EVERY = 5;
const creative = `<div class="ad"><a href="https://click.example/c?id=%%ID%%"><img src="https://cdn.example/${'x'.repeat(
  1300,
)}.png" width="300" height="250"></a></div>`;

/** Whether bidder `index`'s call number `seq` is a no-bid (204). */
export const isNoBid = (index, seq) => seq % NO_BID_EVERY === index % NO_BID_EVERY;

/** The OpenRTB response body (JSON text) of bidder `index`'s call number `seq`. */
export function bidResponseBody({ requestId, impIds, index, seq }) {
  const bids = impIds.map((impid, i) => ({
    id: `${index}-${seq}-${i}`,
    impid,
    price: 0.5 + ((seq * 7 + index * 13 + i * 3) % 200) / 100,
    adm: creative,
    adomain: ['advertiser.example'],
    crid: `creative-${index}-${i}`,
    w: 300,
    h: 250,
    mtype: 1,
    ext: { dsp: `dsp-${index}` },
  }));
  return JSON.stringify({ id: requestId, cur: 'USD', seatbid: [{ seat: `seat${index}`, bid: bids }] });
}
