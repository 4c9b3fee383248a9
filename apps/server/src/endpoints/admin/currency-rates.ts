// Admin GET /currency/rates (contract "GET /currency/rates", its three shapes; notes §21): the
// contract wins over G/J, so an active converter is wrapped in `info`. POST /currency/rates/refresh
// (issue 23) loads the rates now on every worker.
import type { FastifyInstance } from 'fastify';
import { BadRequestError, GavelError } from '@gavel/common';
import type { RatesSnapshot } from '../../currency/server-rates.js';
import type { AdminBus } from '../../cluster/admin-bus.js';
import { runEverywhere } from './broadcast-reply.js';

/** Go's zero time: shown before the first successful load and for constant rates. */
const ZERO_TIME = '0001-01-01T00:00:00Z';

export interface RatesView {
  snapshot(): RatesSnapshot;
  /** Loads once now; true on success. */
  refresh?(): Promise<boolean>;
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

export function registerCurrencyRatesRoute(
  adminApp: FastifyInstance,
  rates: RatesView | undefined,
  bus?: AdminBus,
): void {
  adminApp.get('/currency/rates', async (_req, reply) => {
    return reply.type('application/json').send(currencyRatesBody(rates));
  });
  if (!bus) return;
  bus.register('currency-refresh', async () => (rates?.refresh ? rates.refresh() : true));
  adminApp.post('/currency/rates/refresh', async (_req, reply) => {
    if (rates?.refresh === undefined || rates.snapshot().kind !== 'fetched')
      throw new BadRequestError('no currency rates source configured (currency.rates-url or rates-file)');
    const outcome = await runEverywhere(bus, 'currency-refresh');
    const failed = outcome.applied.filter((a) => a.result !== true).map((a) => a.pid);
    if (failed.length > 0)
      throw new GavelError(
        502,
        'BACKEND_ERROR',
        `currency rates load failed in worker(s) ${failed.join(', ')}`,
      );
    return reply.send({
      refreshed: true,
      workers: outcome.applied.length,
      snapshot: currencyRatesBody(rates),
    });
  });
}
