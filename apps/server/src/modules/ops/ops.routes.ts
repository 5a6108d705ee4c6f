import { endpoints } from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/register-endpoint';
import { perIpLimit, serviceDeps } from '../../lib/route-deps';
import { bindOperatorGoogle, getOperatorGoogleCheck } from './operator-google';
import { logOutOperator } from './operator-session.service';
import { pageAudit } from './ops-audit';
import { requireOperator } from './ops-authenticate';
import { listOpsChains, retryHeldOpsWithdrawal } from './ops-chains.service';
import { getOpsFeeTable, updateOpsFee, updateOpsRate } from './ops-fees.service';
import { getOperatorMe, logInOperator } from './ops-login.service';
import { listOpsMerchants, setOpsAutoApprove, setOpsMerchantStatus } from './ops-merchants.service';
import {
  createOpsNotice,
  deleteOpsNotice,
  getOpsNotice,
  listOpsNotices,
  updateOpsNotice,
} from './ops-notices.service';
import { creditUnmatched, listUnmatched } from './ops-unmatched.service';
import { returnUnmatched } from './ops-unmatched-return';
import {
  approveOpsWithdrawal,
  getOpsWithdrawalDetail,
  listOpsWithdrawals,
  rejectOpsWithdrawal,
} from './ops-withdrawals.service';
import { serverWarningsOf } from './server-warnings';

/**
 * The operator console's calls under /front/ops (issue 8). Every one but login needs an
 * operator's `x-ops-token` (lib/register-endpoint.ts → ops-authenticate.ts); every write is
 * audited in its own transaction.
 */
export function registerOpsRoutes(app: FastifyInstance): void {
  app.decorateRequest('operatorSession', null);
  const deps = serviceDeps(app);
  const withdrawalDeps = { ...deps, log: app.log };
  registerEndpoint(
    app,
    endpoints.opsLogin,
    ({ body, request }) =>
      logInOperator(deps, { ...body, ip: request.ip, userAgent: request.headers['user-agent'] }),
    perIpLimit(app),
  );
  registerEndpoint(app, endpoints.opsLogout, ({ request }) => logOutOperator(deps, requireOperator(request)));
  registerEndpoint(app, endpoints.opsMe, ({ request }) => getOperatorMe(deps, requireOperator(request)));
  registerEndpoint(app, endpoints.opsServerWarnings, async () => serverWarningsOf(app.config));
  registerEndpoint(app, endpoints.opsGoogleCheck, ({ request }) =>
    getOperatorGoogleCheck(deps, requireOperator(request).operatorId),
  );
  registerEndpoint(
    app,
    endpoints.opsGoogleBind,
    ({ body, request }) => bindOperatorGoogle(deps, requireOperator(request), body, request.ip),
    perIpLimit(app),
  );

  registerEndpoint(app, endpoints.opsChains, () => listOpsChains({ db: app.db, chains: app.chains }));
  registerEndpoint(app, endpoints.opsChainRetry, ({ body, request }) =>
    retryHeldOpsWithdrawal(withdrawalDeps, requireOperator(request), body.withdrawalNo, request.ip),
  );
  registerEndpoint(app, endpoints.opsUnmatchedPage, ({ body }) => listUnmatched(app.db, body));
  registerEndpoint(app, endpoints.opsUnmatchedCredit, ({ body, request }) =>
    creditUnmatched(deps, requireOperator(request), body.id, request.ip),
  );
  registerEndpoint(
    app,
    endpoints.opsUnmatchedReturn,
    ({ body, request }) => returnUnmatched(withdrawalDeps, requireOperator(request), body, request.ip),
    perIpLimit(app),
  );
  registerEndpoint(app, endpoints.opsWithdrawalPage, ({ body }) => listOpsWithdrawals(deps, body));
  registerEndpoint(app, endpoints.opsWithdrawalDetail, ({ body }) =>
    getOpsWithdrawalDetail(deps, body.withdrawalNo),
  );
  registerEndpoint(app, endpoints.opsWithdrawalApprove, ({ body, request }) =>
    approveOpsWithdrawal(withdrawalDeps, requireOperator(request), body, request.ip),
  );
  registerEndpoint(app, endpoints.opsWithdrawalReject, ({ body, request }) =>
    rejectOpsWithdrawal(withdrawalDeps, requireOperator(request), body, request.ip),
  );

  registerEndpoint(app, endpoints.opsMerchantPage, ({ body }) => listOpsMerchants(deps, body));
  registerEndpoint(app, endpoints.opsMerchantStatus, ({ body, request }) =>
    setOpsMerchantStatus(deps, requireOperator(request), body, request.ip),
  );
  registerEndpoint(app, endpoints.opsMerchantAutoApprove, ({ body, request }) =>
    setOpsAutoApprove(deps, requireOperator(request), body, request.ip),
  );

  registerEndpoint(app, endpoints.opsFeeTable, () => getOpsFeeTable(app.db));
  registerEndpoint(app, endpoints.opsFeeUpdate, ({ body, request }) =>
    updateOpsFee(deps, requireOperator(request), body, request.ip),
  );
  registerEndpoint(app, endpoints.opsRateUpdate, ({ body, request }) =>
    updateOpsRate(deps, requireOperator(request), body, request.ip),
  );
  registerEndpoint(app, endpoints.opsAuditPage, ({ body }) => pageAudit(app.db, body));

  const noticeDeps = { ...deps, log: app.log };
  registerEndpoint(app, endpoints.opsNoticePage, ({ body }) => listOpsNotices(deps, body));
  registerEndpoint(app, endpoints.opsNoticeDetail, ({ body }) => getOpsNotice(deps, body.id));
  registerEndpoint(app, endpoints.opsNoticeCreate, ({ body, request }) =>
    createOpsNotice(noticeDeps, requireOperator(request), body, request.ip),
  );
  registerEndpoint(app, endpoints.opsNoticeUpdate, ({ body, request }) =>
    updateOpsNotice(noticeDeps, requireOperator(request), body, request.ip),
  );
  registerEndpoint(app, endpoints.opsNoticeDelete, ({ body, request }) =>
    deleteOpsNotice(noticeDeps, requireOperator(request), body.id, request.ip),
  );
}
