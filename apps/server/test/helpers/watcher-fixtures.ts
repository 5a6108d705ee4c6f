import { randomBytes } from 'node:crypto';
import { createCollectionOrder, type OrderDeps } from '../../src/modules/orders/order.service';

/** A USDT collection order of the application, on `network`, through the order service (as the API makes it). */
export function createOrderOn(
  deps: OrderDeps,
  application: { id: number; merchantId: number },
  input: { amount: string; network: string; currency?: string; expiresIn?: number },
  source: 'api' | 'epusdt' = 'api',
) {
  return createCollectionOrder(deps, {
    application,
    input: { merchantOrderNo: `wf-${randomBytes(6).toString('hex')}`, currency: 'USDT', ...input },
    source,
  });
}
