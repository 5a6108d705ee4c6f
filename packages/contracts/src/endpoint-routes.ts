/**
 * Where each /front call lives and how its body travels: method, path, encoding (SPEC
 * section 7 gives each path form, json or multipart) and whether it needs the token. This
 * half of every endpoint has no zod in it, so the web client can route calls without loading
 * the schemas; `endpoints.ts` adds the schemas, summary and tag to each entry by name.
 */
export const BASE_PATH = '/front';

export type Encoding = 'form' | 'json' | 'multipart' | 'none';

export interface EndpointRoute {
  method: 'GET' | 'POST';
  path: string;
  encoding: Encoding;
  /**
   * Whether the call needs the merchant's `x-auth-token` header (true), or an operator's
   * `x-ops-token` ('operator': the console's calls under /ops; neither token is accepted by the
   * other kind of call).
   */
  auth: boolean | 'operator';
}

const get = (path: string, auth: boolean) => ({ method: 'GET', path, encoding: 'none', auth }) as const;
const post = <E extends Encoding>(path: string, encoding: E, auth: boolean) =>
  ({ method: 'POST', path, encoding, auth }) as const;
const opsGet = (path: string) => ({ method: 'GET', path, encoding: 'none', auth: 'operator' }) as const;
const opsPost = (path: string) => ({ method: 'POST', path, encoding: 'json', auth: 'operator' }) as const;

export const ENDPOINT_ROUTES = {
  login: post('/login', 'form', false),
  logout: post('/admin/login-out', 'multipart', true),
  merchantInfo: get('/merchant/info', true),
  accountInfo: get('/merchant/account/info', true),
  feeInfo: get('/merchant/fee-info', true),
  accountOverview: get('/merchant/account/overview', true),
  // The dashboard's order cards (issue 9).
  dashboardToday: get('/dashboard/today', true),
  dashboardWeek: get('/dashboard/week', true),
  // The reports (issue 9): daily aggregates over a range of the merchant's days.
  billReport: post('/report/bill', 'json', true),
  rechargeReport: post('/report/recharge', 'json', true),
  withdrawalReport: post('/report/withdrawal', 'json', true),
  collectionReport: post('/report/collection', 'json', true),
  paymentReport: post('/report/payment', 'json', true),
  // System notices (issue 9): the list with its search, one notice (marks it read), the badge.
  noticePage: post('/notice/page', 'json', true),
  noticeDetail: post('/notice/detail', 'json', true),
  noticeReadAll: post('/notice/read-all', 'json', true),
  noticeUnreadCount: get('/notice/unread-count', true),
  coinList: get('/config/coinList', false),
  chainList: get('/config/chainList', false),
  exchangeRateList: get('/config/exchangeRateList', false),
  runtimeConfig: get('/config/runtime', false),
  // Registration: mail a code, check it, then create the account with it.
  sendRegisterCode: post('/reg/mail/code', 'form', false),
  verifyRegisterCode: post('/register/email/codeVerify', 'form', false),
  registerByEmail: post('/register/email', 'form', false),
  // Login helpers.
  sendLoginCode: post('/login/sendEmailCode', 'form', false),
  countryList: post('/otc/merchant-sys/support/country', 'multipart', false),
  checkLogin: post('/otc/merchant-sys/check/login', 'multipart', false),
  // Forgot password: mail a code, check it, then set the new password with it.
  sendResetCode: post('/v1/reset/emailCode', 'form', false),
  verifyResetCode: post('/reset/login/verify', 'form', false),
  resetPassword: post('/reset/login/password', 'form', false),
  // Change password while logged in.
  sendPasswordChangeCode: post('/email/update/password/code', 'form', true),
  updatePassword: post('/update/password', 'form', true),
  // Google Authenticator.
  googleCheck: get('/google/check', true),
  googleBind: post('/google/send', 'json', true),
  googleUnbind: post('/google/remove', 'json', true),
  // Merchant info page.
  pageUserInfo: post('/userConfigFeign/pageUserInfo', 'json', true),
  loginInfo: post('/otc/merchant-sys/login-info', 'multipart', true),
  setPhone: post('/merchant/phone', 'json', true),
  // My applications (issue 7).
  appList: post('/app/list', 'json', true),
  appCreate: post('/app/create', 'json', true),
  appUpdate: post('/app/update', 'json', true),
  appDelete: post('/app/delete', 'json', true),
  appSecret: post('/app/secret', 'json', true),
  appSecretReset: post('/app/secret/reset', 'json', true),
  // Telegram alerts (issue 9): whether the server has a bot, and binding an application's chat.
  telegramStatus: post('/app/telegram/status', 'json', true),
  telegramConnect: post('/app/telegram/connect', 'json', true),
  telegramDisconnect: post('/app/telegram/disconnect', 'json', true),
  // Callbacks (issue 7): send an order's notification again, send an application a test event.
  callbackResend: post('/mchOrder/callback/resend', 'json', true),
  callbackTest: post('/app/callback/test', 'json', true),
  // Upload signatures (SPEC 7: two paths, payload `dir`); the file then goes to the policy's url.
  uploadSignature: post('/upload/oss/signature', 'form', true),
  ucUploadSignature: post('/uc/oss/signature', 'form', true),
  // The hosted cashier /pay/{orderNo} (issue 7): public, the order's own data only. `events` is a
  // text/event-stream of the same view; `simulate` exists in devnet mode only.
  cashierOrder: get('/cashier/order', false),
  cashierNetwork: post('/cashier/network', 'json', false),
  cashierEvents: get('/cashier/events', false),
  cashierSimulate: post('/cashier/simulate', 'json', false),
  // Records (issue 7): collection and payout orders with their detail, and the fund flow.
  mchOrderPage: post('/mchOrder/page', 'json', true),
  mchOrderGetById: get('/mchOrder/getById', true),
  fundsRecord: post('/merchant/account/funds-record', 'json', true),
  // Assets (issue 8): the merchant's deposit address, the devnet's simulated deposit, the records.
  deposit: post('/merchant/account/deposit', 'json', true),
  testDeposit: post('/test/deposit', 'json', true),
  withdrawal: post('/merchant/account/withdrawal', 'json', true),
  transactionRecord: post('/merchant/account/transaction-record', 'json', true),
  // Batch withdrawal (issue 8): the template is a file (.xlsx or .csv), not an envelope.
  batchTemplate: get('/merchant/account/withdrawal/batch/template', true),
  batchPreview: post('/merchant/account/withdrawal/batch/preview', 'json', true),
  batchSubmit: post('/merchant/account/withdrawal/batch/submit', 'json', true),
  // The withdrawal address whitelist (issue 8), on the merchant info page.
  whitelistList: post('/merchant/whitelist/list', 'json', true),
  whitelistCode: post('/merchant/whitelist/code', 'json', true),
  whitelistAdd: post('/merchant/whitelist/add', 'json', true),
  whitelistRemove: post('/merchant/whitelist/remove', 'json', true),
  whitelistSwitch: post('/merchant/whitelist/switch', 'json', true),
  // Exports (issue 9): the file itself up to the direct limit, else a job; its status and file.
  exportFile: post('/export', 'json', true),
  exportStatus: get('/export/status', true),
  exportDownload: get('/export/download', true),
  // The operator console (issue 8), under /front/ops with the operator's own token.
  opsLogin: { method: 'POST', path: '/ops/login', encoding: 'json', auth: false },
  opsLogout: opsPost('/ops/logout'),
  opsMe: opsGet('/ops/me'),
  opsServerWarnings: opsGet('/ops/server-warnings'),
  opsGoogleCheck: opsGet('/ops/google/check'),
  opsGoogleBind: opsPost('/ops/google/bind'),
  opsWithdrawalPage: opsPost('/ops/withdrawals/page'),
  opsWithdrawalDetail: opsPost('/ops/withdrawals/detail'),
  opsWithdrawalApprove: opsPost('/ops/withdrawals/approve'),
  opsWithdrawalReject: opsPost('/ops/withdrawals/reject'),
  opsMerchantPage: opsPost('/ops/merchants/page'),
  opsMerchantStatus: opsPost('/ops/merchants/status'),
  opsMerchantAutoApprove: opsPost('/ops/merchants/auto-approve'),
  opsFeeTable: opsGet('/ops/fees'),
  opsFeeUpdate: opsPost('/ops/fees/update'),
  opsRateUpdate: opsPost('/ops/rates/update'),
  opsAuditPage: opsPost('/ops/audit/page'),
  opsChains: opsGet('/ops/chains'),
  opsChainRetry: opsPost('/ops/chains/retry'),
  opsUnmatchedPage: opsPost('/ops/unmatched/page'),
  opsUnmatchedCredit: opsPost('/ops/unmatched/credit'),
  opsUnmatchedReturn: opsPost('/ops/unmatched/return'),
  opsNoticePage: opsPost('/ops/notices/page'),
  opsNoticeDetail: opsPost('/ops/notices/detail'),
  opsNoticeCreate: opsPost('/ops/notices/create'),
  opsNoticeUpdate: opsPost('/ops/notices/update'),
  opsNoticeDelete: opsPost('/ops/notices/delete'),
} as const satisfies Record<string, EndpointRoute>;

export type EndpointName = keyof typeof ENDPOINT_ROUTES;
