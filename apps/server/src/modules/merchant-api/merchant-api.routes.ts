import { API_BASE_PATH, apiEndpoints, ErrorCode } from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import { createPayouts, getPayout } from '../assets/payout.service';
import {
  createCollectionOrder,
  findOrderByMerchantOrderNo,
  getCollectionByNo,
} from '../orders/order.service';
import { toCollectionObject } from '../orders/order-object';
import {
  claimRequestNonce,
  createApiRateLimit,
  deferRequestNonce,
  takeDeferredNonce,
  verifySignedRequest,
} from './api-auth';
import { listBalances, listOrders } from './order-list';
import { createJsonBodyHook, keepRawJsonBodies } from './raw-body';
import { registerApiEndpoint, type SignedRequestHooks } from './register-api-endpoint';
import { depositOnDevnet } from './test-deposit';
import { payOrderOnDevnet } from './test-pay';

/**
 * The merchant API under /api/v1: signed calls (api-auth.ts) on the order service. Its own
 * plugin scope, so that the raw-body JSON parser applies here and nowhere else. The devnet pay
 * call exists only in devnet mode: in live mode it is not registered at all (404).
 */
export async function registerMerchantApi(app: FastifyInstance): Promise<void> {
  await app.register(
    async (scope) => {
      keepRawJsonBodies(scope);
      const rateLimit = createApiRateLimit(app);
      const jsonBody = createJsonBodyHook(scope);
      const hooks: SignedRequestHooks = {
        preValidation: [verifySignedRequest, rateLimit, claimRequestNonce, jsonBody],
      };
      // The create claims its nonce in the statement that writes its order (order.service.ts).
      const createHooks: SignedRequestHooks = {
        preValidation: [verifySignedRequest, rateLimit, deferRequestNonce, jsonBody],
        deferredNonce: true,
      };
      const orderDeps = () => ({ db: app.db, now: app.now, chains: app.chains });
      const orderObject = (row: Parameters<typeof toCollectionObject>[0], appId: string) =>
        toCollectionObject(row, { publicUrl: app.config.publicUrl, appId });

      registerApiEndpoint(
        scope,
        apiEndpoints.createCollection,
        createHooks,
        async ({ body, client, request }) => {
          const order = await createCollectionOrder(orderDeps(), {
            application: { id: client.applicationId, merchantId: client.merchantId },
            input: body,
            source: 'api',
            nonce: takeDeferredNonce(request),
          });
          return orderObject(order, client.appId);
        },
      );

      registerApiEndpoint(scope, apiEndpoints.getCollection, hooks, async ({ params, client }) => {
        const order = await getCollectionByNo(app.db, params.orderNo, client.applicationId);
        if (!order) throw new AppError(ErrorCode.NOT_FOUND);
        return orderObject(order, client.appId);
      });

      registerApiEndpoint(scope, apiEndpoints.findCollection, hooks, async ({ query, client }) => {
        const order = await findOrderByMerchantOrderNo(app.db, client.applicationId, query.merchantOrderNo);
        if (!order) throw new AppError(ErrorCode.NOT_FOUND);
        return orderObject(order, client.appId);
      });

      const payoutDeps = () => ({
        db: app.db,
        now: app.now,
        secrets: app.secrets,
        chains: app.chains,
        log: app.log,
        jobs: { wake: () => app.jobs.wake() },
      });
      registerApiEndpoint(scope, apiEndpoints.createPayout, hooks, async ({ body, client }) => {
        const [payout] = await createPayouts(payoutDeps(), client, [body], { batch: false });
        if (!payout) throw new Error('createPayouts returned nothing');
        return payout;
      });
      registerApiEndpoint(scope, apiEndpoints.createPayoutBatch, hooks, async ({ body, client }) => ({
        items: await createPayouts(payoutDeps(), client, body.items, { batch: true }),
      }));
      registerApiEndpoint(scope, apiEndpoints.getPayout, hooks, ({ params, client }) =>
        getPayout(payoutDeps(), client, { orderNo: params.orderNo }),
      );
      registerApiEndpoint(scope, apiEndpoints.findPayout, hooks, ({ query, client }) =>
        getPayout(payoutDeps(), client, { merchantOrderNo: query.merchantOrderNo }),
      );

      registerApiEndpoint(scope, apiEndpoints.listOrders, hooks, ({ query, client }) =>
        listOrders({ db: app.db, publicUrl: app.config.publicUrl }, client, query),
      );
      registerApiEndpoint(scope, apiEndpoints.getBalances, hooks, ({ client }) =>
        listBalances(app.db, client.merchantId),
      );

      // Devnet only (app.chains.devnet is null in live mode): otherwise the paths do not exist.
      const devnet = app.chains.devnet;
      if (devnet) {
        registerApiEndpoint(scope, apiEndpoints.testPayCollection, hooks, async ({ params, body, client }) =>
          payOrderOnDevnet({ ...orderDeps(), devnet }, { orderNo: params.orderNo, client, ...body }),
        );
        registerApiEndpoint(scope, apiEndpoints.createTestDeposit, hooks, ({ body, client }) =>
          depositOnDevnet({ db: app.db, chains: app.chains, devnet }, client, body),
        );
      }
    },
    { prefix: API_BASE_PATH },
  );
}
