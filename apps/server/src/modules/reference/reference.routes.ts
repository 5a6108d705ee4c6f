import { endpoints } from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import { runtimeConfigOf } from '../../chains/chain-registry';
import { registerEndpoint } from '../../lib/register-endpoint';
import { getChainList, getCoinList, getExchangeRateList } from './reference.service';

/** GET /front/config/*: public reference data and the chain mode, which the web app loads after mounting. */
export function registerReferenceRoutes(app: FastifyInstance): void {
  registerEndpoint(app, endpoints.coinList, () => getCoinList(app.db));
  registerEndpoint(app, endpoints.chainList, () => getChainList(app.db));
  registerEndpoint(app, endpoints.exchangeRateList, () => getExchangeRateList(app.db));
  // The chain mode: the web app shows its devnet banner from it.
  registerEndpoint(app, endpoints.runtimeConfig, async () => runtimeConfigOf(app.chains));
}
