import { z } from 'zod';
import {
  checkLoginResult,
  country,
  emailBody,
  emailCodeBody,
  emailCodePasswordBody,
  googleBindBody,
  googleCheckResult,
  loginBody,
  merchantProfile,
  registerResult,
  setPhoneBody,
  updatePasswordBody,
} from './account';
import {
  appIdBody,
  appListResult,
  appSecretBody,
  appSecretResult,
  createAppBody,
  createAppResult,
  updateAppBody,
  updateAppResult,
  uploadSignature,
  uploadSignatureBody,
} from './application';
import {
  depositAddress,
  depositBody,
  testDepositBody,
  testDepositResult,
  transactionRecordBody,
  transactionRecordPage,
  withdrawalBody,
  withdrawalResult,
} from './assets';
import {
  batchPreview,
  batchPreviewBody,
  batchSubmitBody,
  batchSubmitResult,
  batchTemplateQuery,
} from './batch-withdrawal';
import { callbackResendBody, callbackResendResult, callbackTestBody, callbackTestResult } from './callbacks';
import {
  cashierNetworkBody,
  cashierOrderQuery,
  cashierSimulateBody,
  cashierSimulateResult,
  cashierView,
} from './cashier';
import { dashboardToday, dashboardWeek, dashboardWeekQuery } from './dashboard';
import { ENDPOINT_ROUTES, type EndpointName, type EndpointRoute } from './endpoint-routes';
import { exportBody, exportIdQuery, exportJobStarted, exportStatus } from './exports';
import { accountInfo, accountOverview, loginResult, merchantInfo } from './merchant';
import {
  noticeDetail,
  noticeIdBody,
  noticePage,
  noticePageBody,
  noticeUnreadCount,
  opsNoticePage,
  opsNoticePageBody,
  opsNoticeResult,
  opsNoticeSaveBody,
  opsNoticeUpdateBody,
} from './notice';
import {
  operatorInfo,
  opsApproveBody,
  opsAuditPage,
  opsAuditPageBody,
  opsAutoApproveBody,
  opsChainRetryBody,
  opsChains,
  opsFeeTable,
  opsFeeUpdateBody,
  opsGoogleBindBody,
  opsLoginBody,
  opsLoginResult,
  opsMerchantPage,
  opsMerchantPageBody,
  opsMerchantResult,
  opsMerchantStatusBody,
  opsRateUpdateBody,
  opsRejectBody,
  opsServerWarnings,
  opsUnmatchedCreditBody,
  opsUnmatchedPage,
  opsUnmatchedPageBody,
  opsUnmatchedReturnBody,
  opsUnmatchedTransfer,
  opsWithdrawalDetail,
  opsWithdrawalPage,
  opsWithdrawalPageBody,
  opsWithdrawalResult,
  withdrawalNoBody,
} from './ops';
import {
  fundsRecordBody,
  fundsRecordPage,
  orderDetail,
  orderDetailQuery,
  orderPage,
  orderPageBody,
} from './order-records';
import { chain, coin, exchangeRate, feeInfo, runtimeConfig } from './reference';
import { reportBody, reportResult } from './reports';
import { telegramConnect, telegramConnectBody, telegramStatus } from './telegram';
import { whitelistAddBody, whitelistRemoveBody, whitelistResult, whitelistSwitchBody } from './whitelist';

/**
 * Every /front call, declared once: the server registers its routes from these entries,
 * the web client takes its types from them and the OpenAPI document is generated from them.
 * Method, path, encoding and auth come from the entry of the same name in
 * `endpoint-routes.ts` (zod-free, for the web client); this module adds the schemas.
 */
export interface EndpointDef<
  B extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> extends EndpointRoute {
  /** The entry's name: the operation's operationId in the OpenAPI document. */
  operationId: string;
  summary: string;
  tag: string;
  body?: B;
  query?: Q;
  response: R;
}

type EndpointSchemas<B, Q, R> = { summary: string; tag: string; body?: B; query?: Q; response: R };

function endpoint<N extends EndpointName, B extends z.ZodType, Q extends z.ZodType, R extends z.ZodType>(
  name: N,
  schemas: EndpointSchemas<B, Q, R>,
): EndpointDef<B, Q, R> & (typeof ENDPOINT_ROUTES)[N] {
  const route: EndpointRoute = ENDPOINT_ROUTES[name];
  return { ...route, operationId: name, ...schemas } as EndpointDef<B, Q, R> & (typeof ENDPOINT_ROUTES)[N];
}

const empty = z.object({});

export const endpoints = {
  login: endpoint('login', {
    summary: 'Log in with email or phone, password or email code, and the Google code after a 601',
    tag: 'auth',
    body: loginBody,
    response: loginResult,
  }),
  logout: endpoint('logout', {
    summary: 'Revoke the calling token',
    tag: 'auth',
    body: empty,
    response: z.null(),
  }),
  merchantInfo: endpoint('merchantInfo', {
    summary: 'The logged-in merchant',
    tag: 'merchant',
    response: merchantInfo,
  }),
  accountInfo: endpoint('accountInfo', {
    summary: 'Balances per currency and their total in USDT',
    tag: 'merchant',
    response: accountInfo,
  }),
  accountOverview: endpoint('accountOverview', {
    summary: 'The asset page: every currency with its balances and worth, the total and the distribution',
    tag: 'merchant',
    response: accountOverview,
  }),
  dashboardToday: endpoint('dashboardToday', {
    summary:
      "Today's collection and payout orders (the merchant's day in Asia/Shanghai): created, completed, amount and fees in USDT",
    tag: 'merchant',
    response: dashboardToday,
  }),
  dashboardWeek: endpoint('dashboardWeek', {
    summary:
      'The past seven days of collection or payout orders, oldest first: completed orders and their amount per day',
    tag: 'merchant',
    query: dashboardWeekQuery,
    response: dashboardWeek,
  }),
  billReport: endpoint('billReport', {
    summary: 'The bill report: fund records per day, currency and type (count, amounts, fees, net change)',
    tag: 'report',
    body: reportBody,
    response: reportResult,
  }),
  rechargeReport: endpoint('rechargeReport', {
    summary: 'The recharge report: deposits credited per day and currency',
    tag: 'report',
    body: reportBody,
    response: reportResult,
  }),
  withdrawalReport: endpoint('withdrawalReport', {
    summary: 'The withdrawal report: back-office withdrawals completed per day and currency',
    tag: 'report',
    body: reportBody,
    response: reportResult,
  }),
  collectionReport: endpoint('collectionReport', {
    summary: 'The collection report: collection orders completed per day and currency',
    tag: 'report',
    body: reportBody,
    response: reportResult,
  }),
  paymentReport: endpoint('paymentReport', {
    summary: 'The payment report: API payouts completed per day and currency',
    tag: 'report',
    body: reportBody,
    response: reportResult,
  }),
  noticePage: endpoint('noticePage', {
    summary:
      "Published system notices, pinned first then newest, in the merchant's language (zh_CN where a notice has none); keyword searches titles and bodies",
    tag: 'notice',
    body: noticePageBody,
    response: noticePage,
  }),
  noticeDetail: endpoint('noticeDetail', {
    summary: 'One published notice with its sanitized HTML body; marks it read for the merchant',
    tag: 'notice',
    body: noticeIdBody,
    response: noticeDetail,
  }),
  noticeReadAll: endpoint('noticeReadAll', {
    summary: 'Mark every published notice read for the merchant',
    tag: 'notice',
    body: empty,
    response: noticeUnreadCount,
  }),
  noticeUnreadCount: endpoint('noticeUnreadCount', {
    summary: 'How many published notices the merchant has not opened (the header badge)',
    tag: 'notice',
    response: noticeUnreadCount,
  }),
  feeInfo: endpoint('feeInfo', {
    summary: 'The rate table: collection rate and payout fee per currency on each chain',
    tag: 'merchant',
    response: feeInfo,
  }),
  coinList: endpoint('coinList', {
    summary: 'Every currency on every chain',
    tag: 'config',
    response: z.array(coin),
  }),
  chainList: endpoint('chainList', {
    summary: 'Supported chains',
    tag: 'config',
    response: z.array(chain),
  }),
  exchangeRateList: endpoint('exchangeRateList', {
    summary: 'Exchange rates to USDT',
    tag: 'config',
    response: z.array(exchangeRate),
  }),
  runtimeConfig: endpoint('runtimeConfig', {
    summary: 'The chain mode (devnet: simulated payments) and each chain with its confirmations',
    tag: 'config',
    response: runtimeConfig,
  }),
  // Registration: mail a code, check it, then create the account with it.
  sendRegisterCode: endpoint('sendRegisterCode', {
    summary: 'Mail a 6-digit registration code',
    tag: 'registration',
    body: emailBody,
    response: z.null(),
  }),
  verifyRegisterCode: endpoint('verifyRegisterCode', {
    summary: 'Check a registration code without using it up',
    tag: 'registration',
    body: emailCodeBody,
    response: z.null(),
  }),
  registerByEmail: endpoint('registerByEmail', {
    summary: 'Create the account (uses the code up)',
    tag: 'registration',
    body: emailCodePasswordBody,
    response: registerResult,
  }),
  // Login helpers.
  sendLoginCode: endpoint('sendLoginCode', {
    summary: 'Mail a 6-digit login code',
    tag: 'auth',
    body: emailBody,
    response: z.null(),
  }),
  countryList: endpoint('countryList', {
    summary: 'Countries and their dial codes, for the phone login tab',
    tag: 'auth',
    body: empty,
    response: z.array(country),
  }),
  checkLogin: endpoint('checkLogin', {
    summary: 'Whether the x-auth-token sent (if any) is still valid',
    tag: 'auth',
    body: empty,
    response: checkLoginResult,
  }),
  // Forgot password: mail a code, check it, then set the new password with it.
  sendResetCode: endpoint('sendResetCode', {
    summary: 'Mail a 6-digit password-reset code',
    tag: 'password',
    body: emailBody,
    response: z.null(),
  }),
  verifyResetCode: endpoint('verifyResetCode', {
    summary: 'Check a reset code without using it up',
    tag: 'password',
    body: emailCodeBody,
    response: z.null(),
  }),
  resetPassword: endpoint('resetPassword', {
    summary: 'Set a new password with the reset code; revokes every session',
    tag: 'password',
    body: emailCodePasswordBody,
    response: z.null(),
  }),
  // Change password while logged in.
  sendPasswordChangeCode: endpoint('sendPasswordChangeCode', {
    summary: "Mail a 6-digit code to the logged-in merchant's email",
    tag: 'password',
    body: empty,
    response: z.null(),
  }),
  updatePassword: endpoint('updatePassword', {
    summary: 'Change the password; revokes every other session',
    tag: 'password',
    body: updatePasswordBody,
    response: z.null(),
  }),
  // Google Authenticator.
  googleCheck: endpoint('googleCheck', {
    summary: 'Whether Google Authenticator is bound; while not, the pending secret to bind',
    tag: 'google',
    response: googleCheckResult,
  }),
  googleBind: endpoint('googleBind', {
    summary: 'Bind the pending secret (password and a current code)',
    tag: 'google',
    body: googleBindBody,
    response: z.null(),
  }),
  googleUnbind: endpoint('googleUnbind', {
    summary: 'Unbind Google Authenticator (password and a current code)',
    tag: 'google',
    body: googleBindBody,
    response: z.null(),
  }),
  // Merchant info page.
  pageUserInfo: endpoint('pageUserInfo', {
    summary: 'Merchant ID, login account, registration time, phone and the last ten logins',
    tag: 'merchant',
    body: empty,
    response: merchantProfile,
  }),
  loginInfo: endpoint('loginInfo', {
    summary: 'The same profile as pageUserInfo, for the login-history panel',
    tag: 'merchant',
    body: empty,
    response: merchantProfile,
  }),
  setPhone: endpoint('setPhone', {
    summary: 'Set the phone number used by the phone login tab (password confirms it)',
    tag: 'merchant',
    body: setPhoneBody,
    response: z.null(),
  }),
  // My applications.
  appList: endpoint('appList', {
    summary: "The merchant's applications with today's and yesterday's order counts (Asia/Shanghai)",
    tag: 'applications',
    body: empty,
    response: appListResult,
  }),
  appCreate: endpoint('appCreate', {
    summary: 'Create an application; its APPSECRET is returned in full this once',
    tag: 'applications',
    body: createAppBody,
    response: createAppResult,
  }),
  appUpdate: endpoint('appUpdate', {
    summary: 'Change the fields sent; the others stay',
    tag: 'applications',
    body: updateAppBody,
    response: updateAppResult,
  }),
  appDelete: endpoint('appDelete', {
    summary: 'Delete an application: its secret stops working, its orders stay in the records',
    tag: 'applications',
    body: appIdBody,
    response: z.null(),
  }),
  appSecret: endpoint('appSecret', {
    summary: 'Show the APPSECRET (password, and the Google code when bound)',
    tag: 'applications',
    body: appSecretBody,
    response: appSecretResult,
  }),
  appSecretReset: endpoint('appSecretReset', {
    summary: 'Replace the APPSECRET; the old one fails at once (password, and the Google code when bound)',
    tag: 'applications',
    body: appSecretBody,
    response: appSecretResult,
  }),
  telegramStatus: endpoint('telegramStatus', {
    summary: "Whether Telegram alerts are on, the bot's name, and which applications have a chat bound",
    tag: 'applications',
    body: empty,
    response: telegramStatus,
  }),
  telegramConnect: endpoint('telegramConnect', {
    summary:
      "A one-time deep link to the bot (t.me/<bot>?start=<code>): pressing Start there binds that chat to the application's alerts",
    tag: 'applications',
    body: telegramConnectBody,
    response: telegramConnect,
  }),
  telegramDisconnect: endpoint('telegramDisconnect', {
    summary: "Unbind the application's chat: its alerts stop",
    tag: 'applications',
    body: telegramConnectBody,
    response: z.null(),
  }),
  callbackResend: endpoint('callbackResend', {
    summary:
      "Send an order's latest notification again (same event id and body, a fresh retry schedule); a delivery already queued is not queued twice",
    tag: 'callbacks',
    body: callbackResendBody,
    response: callbackResendResult,
  }),
  callbackTest: endpoint('callbackTest', {
    summary: "Send a signed `test` event to the application's callback URL now and return the attempt",
    tag: 'callbacks',
    body: callbackTestBody,
    response: callbackTestResult,
  }),
  uploadSignature: endpoint('uploadSignature', {
    summary:
      'A short-lived signed policy to upload one file to `url`: an application icon (dir icon) or a batch withdrawal spreadsheet (dir batch)',
    tag: 'uploads',
    body: uploadSignatureBody,
    response: uploadSignature,
  }),
  ucUploadSignature: endpoint('ucUploadSignature', {
    summary: 'The same signed upload policy as /upload/oss/signature',
    tag: 'uploads',
    body: uploadSignatureBody,
    response: uploadSignature,
  }),
  // The hosted cashier (public; docs/decisions/2026-11-23-cashier.md).
  cashierOrder: endpoint('cashierOrder', {
    summary: "The cashier's view of an order: amount, network choice, address, status, countdown",
    tag: 'cashier',
    query: cashierOrderQuery,
    response: cashierView,
  }),
  cashierNetwork: endpoint('cashierNetwork', {
    summary:
      "Choose the network of an order created without one: assigns the order's own address (once; a pending, open order only)",
    tag: 'cashier',
    body: cashierNetworkBody,
    response: cashierView,
  }),
  cashierEvents: endpoint('cashierEvents', {
    summary:
      'text/event-stream: an `order` event with the cashier view at once and on each change, comments as heartbeats; ends at completion or expiry',
    tag: 'cashier',
    query: cashierOrderQuery,
    response: cashierView,
  }),
  cashierSimulate: endpoint('cashierSimulate', {
    summary:
      "Devnet only: a simulated payment of `amount` to the order's address, seen by the watcher in the next block (404 in live mode)",
    tag: 'cashier',
    body: cashierSimulateBody,
    response: cashierSimulateResult,
  }),
  // Records.
  mchOrderPage: endpoint('mchOrderPage', {
    summary:
      "The merchant's collection (or payout) orders, newest first, filtered; each is the API's Order object plus appName",
    tag: 'records',
    body: orderPageBody,
    response: orderPage,
  }),
  mchOrderGetById: endpoint('mchOrderGetById', {
    summary:
      "One of the merchant's orders by its platform number: the order, its chain transfers and its delivery log",
    tag: 'records',
    query: orderDetailQuery,
    response: orderDetail,
  }),
  fundsRecord: endpoint('fundsRecord', {
    summary: "The merchant's fund flow (ledger records), newest first",
    tag: 'records',
    body: fundsRecordBody,
    response: fundsRecordPage,
  }),
  // Assets.
  deposit: endpoint('deposit', {
    summary:
      "The merchant's own deposit address on a chain (one per chain, stable), with the minimum deposit and the confirmations needed",
    tag: 'assets',
    body: depositBody,
    response: depositAddress,
  }),
  testDeposit: endpoint('testDeposit', {
    summary:
      "Devnet only: a simulated transfer of `amount` to the merchant's deposit address, seen by the watcher in the next block (404 in live mode)",
    tag: 'assets',
    body: testDepositBody,
    response: testDepositResult,
  }),
  withdrawal: endpoint('withdrawal', {
    summary:
      'Withdraw to an address: amount + fee move from available to frozen, then review (pending_review), sending (processing) and completed, failed or rejected',
    tag: 'assets',
    body: withdrawalBody,
    response: withdrawalResult,
  }),
  transactionRecord: endpoint('transactionRecord', {
    summary: "The merchant's deposit or withdrawal records, newest first, filtered",
    tag: 'assets',
    body: transactionRecordBody,
    response: transactionRecordPage,
  }),
  // Batch withdrawal (docs/decisions/2026-11-25-batch-withdrawal.md).
  batchTemplate: endpoint('batchTemplate', {
    summary:
      "The batch withdrawal template in the merchant's language (headers coin, chain, address, amount, remark and an example row): the file itself (.xlsx or .csv), not an envelope",
    tag: 'assets',
    query: batchTemplateQuery,
    response: z.string().describe('The file (Content-Disposition: attachment)'),
  }),
  batchPreview: endpoint('batchPreview', {
    summary:
      'Read an uploaded spreadsheet (dir batch) and check every row like a single withdrawal, duplicates too; nothing is frozen. Up to 10,000 rows',
    tag: 'assets',
    body: batchPreviewBody,
    response: batchPreview,
  }),
  batchSubmit: endpoint('batchSubmit', {
    summary:
      'Submit a previewed batch without errors with one Google code: every row becomes a withdrawal in one transaction, or none (3201 names the coin that does not fit)',
    tag: 'assets',
    body: batchSubmitBody,
    response: batchSubmitResult,
  }),
  // The withdrawal address whitelist.
  whitelistList: endpoint('whitelistList', {
    summary: 'The withdrawal address whitelist: whether it is on, and the listed addresses',
    tag: 'assets',
    body: empty,
    response: whitelistResult,
  }),
  whitelistCode: endpoint('whitelistCode', {
    summary: "Mail a 6-digit code for adding a whitelist address to the logged-in merchant's email",
    tag: 'assets',
    body: empty,
    response: z.null(),
  }),
  whitelistAdd: endpoint('whitelistAdd', {
    summary:
      'Add an address to the whitelist (Google code and emailed code; the address is checked for the chain and stored as the chain writes it)',
    tag: 'assets',
    body: whitelistAddBody,
    response: whitelistResult,
  }),
  whitelistRemove: endpoint('whitelistRemove', {
    summary: 'Remove an address from the whitelist (Google code)',
    tag: 'assets',
    body: whitelistRemoveBody,
    response: whitelistResult,
  }),
  whitelistSwitch: endpoint('whitelistSwitch', {
    summary:
      'Turn the whitelist on (needs at least one address) or off (withdrawals and payouts then pause for 24 h; mailed); Google code',
    tag: 'assets',
    body: whitelistSwitchBody,
    response: whitelistResult,
  }),
  // Exports (docs/decisions/2026-11-26-exports.md).
  exportFile: endpoint('exportFile', {
    summary:
      "Export a list (collection, payout, deposit, withdrawal, fund flow) with its list call's filters as CSV or XLSX: up to 100,000 rows the file itself (Content-Disposition: attachment), beyond that { exportId } of a job",
    tag: 'merchant',
    body: exportBody,
    response: exportJobStarted,
  }),
  exportStatus: endpoint('exportStatus', {
    summary: "An export job's status, rows written, progress and, once done, its download link (kept 24 h)",
    tag: 'merchant',
    query: exportIdQuery,
    response: exportStatus,
  }),
  exportDownload: endpoint('exportDownload', {
    summary: "A finished export job's file (the owner's only): the file itself, not an envelope",
    tag: 'merchant',
    query: exportIdQuery,
    response: z.string().describe('The file (Content-Disposition: attachment)'),
  }),
  // The operator console.
  opsLogin: endpoint('opsLogin', {
    summary:
      'Operator login: email, password and, once bound, the Google code (601 asks for it); returns the x-ops-token',
    tag: 'ops',
    body: opsLoginBody,
    response: opsLoginResult,
  }),
  opsLogout: endpoint('opsLogout', {
    summary: 'Revoke the calling operator token',
    tag: 'ops',
    body: empty,
    response: z.null(),
  }),
  opsMe: endpoint('opsMe', { summary: 'The logged-in operator', tag: 'ops', response: operatorInfo }),
  opsServerWarnings: endpoint('opsServerWarnings', {
    summary: 'Server settings that weaken a safety rule, while they are set (ALLOW_PRIVATE_CALLBACKS=1)',
    tag: 'ops',
    response: opsServerWarnings,
  }),
  opsGoogleCheck: endpoint('opsGoogleCheck', {
    summary: "The operator's Google Authenticator state and, while unbound, the secret to bind",
    tag: 'ops',
    response: googleCheckResult,
  }),
  opsGoogleBind: endpoint('opsGoogleBind', {
    summary: 'Bind Google Authenticator to the operator (required in live mode)',
    tag: 'ops',
    body: opsGoogleBindBody,
    response: z.null(),
  }),
  opsWithdrawalPage: endpoint('opsWithdrawalPage', {
    summary:
      'The review queue (status pending_review by default) and every other withdrawal and payout, newest first',
    tag: 'ops',
    body: opsWithdrawalPageBody,
    response: opsWithdrawalPage,
  }),
  opsWithdrawalDetail: endpoint('opsWithdrawalDetail', {
    summary:
      "A withdrawal with its merchant, the destination address's history and the merchant's latest withdrawals",
    tag: 'ops',
    body: withdrawalNoBody,
    response: opsWithdrawalDetail,
  }),
  opsWithdrawalApprove: endpoint('opsWithdrawalApprove', {
    summary:
      'Approve a pending withdrawal: it is sent through the chain adapter (devnet: failOnChain makes it revert)',
    tag: 'ops',
    body: opsApproveBody,
    response: opsWithdrawalResult,
  }),
  opsWithdrawalReject: endpoint('opsWithdrawalReject', {
    summary: 'Reject a pending withdrawal with a reason: amount + fee return to available',
    tag: 'ops',
    body: opsRejectBody,
    response: opsWithdrawalResult,
  }),
  opsMerchantPage: endpoint('opsMerchantPage', {
    summary: 'Merchants with their status, balances and auto-approve threshold',
    tag: 'ops',
    body: opsMerchantPageBody,
    response: opsMerchantPage,
  }),
  opsMerchantStatus: endpoint('opsMerchantStatus', {
    summary: 'Disable or enable a merchant',
    tag: 'ops',
    body: opsMerchantStatusBody,
    response: opsMerchantResult,
  }),
  opsMerchantAutoApprove: endpoint('opsMerchantAutoApprove', {
    summary: "Set a merchant's auto-approve threshold in USDT (0: every withdrawal is reviewed)",
    tag: 'ops',
    body: opsAutoApproveBody,
    response: opsMerchantResult,
  }),
  opsFeeTable: endpoint('opsFeeTable', {
    summary: 'The fee table (collection rate, payout fee per chain and coin) and the exchange rates',
    tag: 'ops',
    response: opsFeeTable,
  }),
  opsFeeUpdate: endpoint('opsFeeUpdate', {
    summary: "Change one chain and coin's collection rate and payout fee",
    tag: 'ops',
    body: opsFeeUpdateBody,
    response: opsFeeTable,
  }),
  opsRateUpdate: endpoint('opsRateUpdate', {
    summary: "Change one coin's exchange rate to USDT",
    tag: 'ops',
    body: opsRateUpdateBody,
    response: opsFeeTable,
  }),
  opsAuditPage: endpoint('opsAuditPage', {
    summary: 'The audit log of every operator action, newest first',
    tag: 'ops',
    body: opsAuditPageBody,
    response: opsAuditPage,
  }),
  opsChains: endpoint('opsChains', {
    summary:
      'Every chain: head and scanned height, the hot and gas wallets, sends in flight with every hash, held withdrawals, pending sweeps and alerts',
    tag: 'ops',
    response: opsChains,
  }),
  opsChainRetry: endpoint('opsChainRetry', {
    summary: 'Try again to send a withdrawal held in processing because the hot wallet could not pay it',
    tag: 'ops',
    body: opsChainRetryBody,
    response: z.null(),
  }),
  opsUnmatchedPage: endpoint('opsUnmatchedPage', {
    summary:
      'Transfers to a watched address that no rule credits, newest first (waiting ones unless a status is given)',
    tag: 'ops',
    body: opsUnmatchedPageBody,
    response: opsUnmatchedPage,
  }),
  opsUnmatchedCredit: endpoint('opsUnmatchedCredit', {
    summary: "Credit an unmatched transfer to its address owner's balance (a fund record; once)",
    tag: 'ops',
    body: opsUnmatchedCreditBody,
    response: opsUnmatchedTransfer,
  }),
  opsUnmatchedReturn: endpoint('opsUnmatchedReturn', {
    summary:
      "Return an unmatched transfer to its sender from the hot wallet, with the operator's Google code (once)",
    tag: 'ops',
    body: opsUnmatchedReturnBody,
    response: opsUnmatchedTransfer,
  }),
  opsNoticePage: endpoint('opsNoticePage', {
    summary: 'System notices, published and scheduled, newest publish time first; keyword searches titles',
    tag: 'ops',
    body: opsNoticePageBody,
    response: opsNoticePage,
  }),
  opsNoticeDetail: endpoint('opsNoticeDetail', {
    summary: 'One notice with its text in every language it has',
    tag: 'ops',
    body: noticeIdBody,
    response: opsNoticeResult,
  }),
  opsNoticeCreate: endpoint('opsNoticeCreate', {
    summary:
      'Write a notice: a text per language (zh_CN required), publish time (default now), pinned; the body is sanitized',
    tag: 'ops',
    body: opsNoticeSaveBody,
    response: opsNoticeResult,
  }),
  opsNoticeUpdate: endpoint('opsNoticeUpdate', {
    summary: 'Rewrite a notice; languages left out are removed (they read as zh_CN again)',
    tag: 'ops',
    body: opsNoticeUpdateBody,
    response: opsNoticeResult,
  }),
  opsNoticeDelete: endpoint('opsNoticeDelete', {
    summary: 'Delete a notice, its texts and read marks',
    tag: 'ops',
    body: noticeIdBody,
    response: z.null(),
  }),
} as const satisfies Record<EndpointName, EndpointDef>;

export type Endpoints = typeof endpoints;
/** The `data` of a successful response of an endpoint. */
export type ResponseData<N extends EndpointName> = z.infer<Endpoints[N]['response']>;
