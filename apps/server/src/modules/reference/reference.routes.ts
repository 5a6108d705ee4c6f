import { endpoints } from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/register-endpoint';
import { getChainList, getCoinList, getExchangeRateList } from './reference.service';

/** GET /front/config/*: public reference data the web app loads after mounting. */
export function registerReferenceRoutes(app: FastifyInstance): void {
  registerEndpoint(app, endpoints.coinList, () => getCoinList(app.db));
  registerEndpoint(app, endpoints.chainList, () => getChainList(app.db));
  registerEndpoint(app, endpoints.exchangeRateList, () => getExchangeRateList(app.db));
}
