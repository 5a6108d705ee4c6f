import { endpoints } from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/register-endpoint';
import { requireSession } from '../auth/authenticate';
import { registerBatchRoutes } from './batch.routes';
import { getDepositAddress, simulateDeposit } from './deposit.service';
import { listTransactionRecords } from './transaction-records';
import { requestWithdrawal } from './withdrawal.service';
import { listWithdrawalRecords } from './withdrawal-records';

/**
 * The asset page's calls: the merchant's deposit address, the deposit and withdrawal records,
 * and, in devnet mode only, a simulated deposit (in live mode the path is not registered: 404).
 */
export function registerAssetRoutes(app: FastifyInstance): void {
  const deps = { db: app.db, chains: app.chains };
  const withdrawalDeps = { db: app.db, now: app.now, secrets: app.secrets, chains: app.chains, log: app.log };
  registerEndpoint(app, endpoints.deposit, ({ body, request }) =>
    getDepositAddress(deps, requireSession(request).merchantId, body),
  );
  registerEndpoint(app, endpoints.transactionRecord, ({ body, request }) =>
    listTransactionRecords(deps, requireSession(request).merchantId, body, (merchantId, page) =>
      listWithdrawalRecords(deps, merchantId, page),
    ),
  );
  registerEndpoint(app, endpoints.withdrawal, ({ body, request }) =>
    requestWithdrawal(withdrawalDeps, requireSession(request).merchantId, body),
  );
  registerBatchRoutes(app);
  const devnet = app.chains.devnet;
  if (devnet) {
    registerEndpoint(app, endpoints.testDeposit, ({ body, request }) =>
      simulateDeposit({ ...deps, devnet }, requireSession(request).merchantId, body),
    );
  }
}
