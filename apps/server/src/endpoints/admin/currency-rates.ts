// Admin GET /currency/rates (contract "GET /currency/rates", its three shapes; notes §21): the
// contract wins over G/J, so an active converter is wrapped in `info`.
import type { FastifyInstance } from 'fastify';
import type { RatesSnapshot } from '../../currency/server-rates.js';

/** Go's zero time: shown before the first successful load and for constant rates. */
const ZERO_TIME = '0001-01-01T00:00:00Z';

export interface RatesView {
  snapshot(): RatesSnapshot;
}

export function currencyRatesBody(rates: RatesView | undefined): Record<string, unknown> {
  if (!rates) return { active: false };
  const s = rates.snapshot();
  if (s.kind === 'constant')
    return { active: true, source: '', fetchingIntervalNs: 0, lastUpdated: ZERO_TIME };
  const info: Record<string, unknown> = {
    source: s.source,
    fetchingIntervalNs: s.fetchingIntervalNs,
    lastUpdated: s.lastUpdated === undefined ? ZERO_TIME : new Date(s.lastUpdated).toISOString(),
  };
  if (s.rates) info.rates = s.rates;
  return { active: true, info };
}

export function registerCurrencyRatesRoute(adminApp: FastifyInstance, rates: RatesView | undefined): void {
  adminApp.get('/currency/rates', async (_req, reply) => {
    return reply.type('application/json').send(currencyRatesBody(rates));
  });
}
