import { z } from 'zod';
import { WITHDRAWAL_STATUS_VALUES, withdrawalObject } from './assets';
import { decimalString } from './money-schema';
import { codeField, emailField, loginPasswordField, requiredString } from './validation';

/**
 * The operator console (issue 8): its own accounts, sessions and calls under /front/ops, with
 * the token in `x-ops-token`. A merchant token is never accepted here, nor an operator token on
 * a merchant call (both answer 401). Every write is recorded in the audit log.
 */
export const OPS_TOKEN_HEADER = 'x-ops-token';

const page = {
  pageNo: z
    .number({ error: 'validation.records.pageNo' })
    .int({ message: 'validation.records.pageNo' })
    .min(1, { message: 'validation.records.pageNo' })
    .max(1_000_000, { message: 'validation.records.pageNo' })
    .default(1),
  pageSize: z
    .number({ error: 'validation.records.pageSize' })
    .int({ message: 'validation.records.pageSize' })
    .min(1, { message: 'validation.records.pageSize' })
    .max(100, { message: 'validation.records.pageSize' })
    .default(20),
};
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());
const text = (max: number) =>
  z.string({ error: 'validation.invalidType' }).trim().max(max, { message: 'validation.tooLong' });
const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    total: z.number().int(),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
  });

// --- Session -------------------------------------------------------------------------------

export const opsLoginBody = z.object({
  email: emailField,
  password: loginPasswordField,
  googleCode: optional(codeField).describe('Required once Google is bound (601 without it, 1203 when wrong)'),
});
export type OpsLoginBody = z.input<typeof opsLoginBody>;

export const operatorInfo = z.object({
  id: z.number().int(),
  email: z.string(),
  googleState: z.boolean(),
  /**
   * Live mode and Google not bound yet: until it is, only me, logout and the Google calls
   * answer; every other call is refused with 1201.
   */
  googleRequired: z.boolean(),
});
export type OperatorInfo = z.infer<typeof operatorInfo>;

/**
 * Server settings that weaken a safety rule, shown to operators for as long as they hold: the
 * console's home has a red line for each (ALLOW_PRIVATE_CALLBACKS=1 opens the callbacks' SSRF
 * guard to private and loopback addresses).
 */
export const OPS_SERVER_WARNINGS = ['privateCallbacksAllowed'] as const;
export type OpsServerWarning = (typeof OPS_SERVER_WARNINGS)[number];
export const opsServerWarnings = z.object({ warnings: z.array(z.enum(OPS_SERVER_WARNINGS)) });
export type OpsServerWarnings = z.infer<typeof opsServerWarnings>;

export const opsLoginResult = z.object({ token: z.string(), expiresAt: z.string(), operator: operatorInfo });
export type OpsLoginResult = z.infer<typeof opsLoginResult>;

export const opsGoogleBindBody = z.object({ password: loginPasswordField, code: codeField });
export type OpsGoogleBindBody = z.input<typeof opsGoogleBindBody>;

// --- Review queue ----------------------------------------------------------------------------

/** The queue's status filter for "every status" (leaving it out means the queue: pending_review). */
export const OPS_ALL_STATUSES = 'all';

export const opsWithdrawalPageBody = z.object({
  ...page,
  /** Default pending_review: the queue; `all`: every status. */
  status: optional(
    z.enum([...WITHDRAWAL_STATUS_VALUES, OPS_ALL_STATUSES], { error: 'validation.asset.status' }),
  ),
  merchantId: optional(z.number().int().positive()),
  source: optional(z.enum(['single', 'batch', 'api'])),
});
export type OpsWithdrawalPageBody = z.input<typeof opsWithdrawalPageBody>;

export const opsWithdrawal = withdrawalObject.extend({
  merchantId: z.number().int(),
  merchantEmail: z.string(),
  source: z
    .enum(['single', 'batch', 'api'])
    .describe('back office one by one, a batch row, or the payout API'),
  orderNo: z.string().nullable().describe('The payout order, for source api'),
  batchId: z.string().nullable(),
  usdtValue: decimalString.describe('amount + fee in USDT at acceptance'),
  test: z.boolean(),
  failOnChain: z.boolean(),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
});
export type OpsWithdrawal = z.infer<typeof opsWithdrawal>;
export const opsWithdrawalPage = pageOf(opsWithdrawal);

export const withdrawalNoBody = z.object({
  withdrawalNo: requiredString('validation.required').trim().max(64),
});

export const opsWithdrawalDetail = z.object({
  withdrawal: opsWithdrawal,
  merchant: z.object({
    id: z.number().int(),
    email: z.string(),
    status: z.enum(['active', 'disabled']),
    createdAt: z.string(),
    autoApproveUsdt: decimalString,
    balances: z.array(z.object({ coinName: z.string(), available: decimalString, frozen: decimalString })),
  }),
  /** Earlier withdrawals of any merchant to the same address on the same chain, newest first (≤ 20). */
  addressHistory: z.array(opsWithdrawal),
  /** How many withdrawals this address has had before, by status. */
  addressStats: z.object({
    total: z.number().int(),
    completed: z.number().int(),
    merchants: z.number().int(),
  }),
  /** The merchant's latest withdrawals, newest first (≤ 20). */
  merchantHistory: z.array(opsWithdrawal),
});
export type OpsWithdrawalDetail = z.infer<typeof opsWithdrawalDetail>;

export const opsApproveBody = z.object({
  withdrawalNo: withdrawalNoBody.shape.withdrawalNo,
  /** Devnet only (refused in live mode): the transfer is sent and then reverts on chain → failed. */
  failOnChain: z.boolean().default(false),
});
export type OpsApproveBody = z.input<typeof opsApproveBody>;

export const opsRejectBody = z.object({
  withdrawalNo: withdrawalNoBody.shape.withdrawalNo,
  reason: requiredString('validation.ops.reasonRequired')
    .trim()
    .min(1, { message: 'validation.ops.reasonRequired' })
    .max(500, { message: 'validation.tooLong' }),
});
export type OpsRejectBody = z.input<typeof opsRejectBody>;

export const opsWithdrawalResult = z.object({ withdrawal: opsWithdrawal });

// --- Merchants ---------------------------------------------------------------------------------

export const opsMerchantPageBody = z.object({
  ...page,
  keyword: optional(text(128)).describe('Part of the email, or the merchant ID'),
  status: optional(z.enum(['active', 'disabled'])),
});
export type OpsMerchantPageBody = z.input<typeof opsMerchantPageBody>;

export const opsMerchant = z.object({
  id: z.number().int(),
  email: z.string(),
  status: z.enum(['active', 'disabled']),
  createdAt: z.string(),
  autoApproveUsdt: decimalString,
  totalUsdt: decimalString,
  balances: z.array(z.object({ coinName: z.string(), available: decimalString, frozen: decimalString })),
  pendingReview: z.number().int().describe('Withdrawals waiting for review'),
});
export type OpsMerchant = z.infer<typeof opsMerchant>;
export const opsMerchantPage = pageOf(opsMerchant);

export const opsMerchantStatusBody = z.object({
  merchantId: z.number().int().positive(),
  status: z.enum(['active', 'disabled']),
  reason: optional(text(500)),
});
export type OpsMerchantStatusBody = z.input<typeof opsMerchantStatusBody>;

export const opsAutoApproveBody = z.object({
  merchantId: z.number().int().positive(),
  autoApproveUsdt: decimalString.describe(
    'Withdrawals worth at most this many USDT skip review; 0 = review all',
  ),
});
export type OpsAutoApproveBody = z.input<typeof opsAutoApproveBody>;

export const opsMerchantResult = z.object({ merchant: opsMerchant });

// --- Fees and rates ---------------------------------------------------------------------------

export const opsFeeRow = z.object({
  chainId: z.string(),
  coinName: z.string(),
  collectionRate: decimalString.describe('Share of each collected amount, e.g. 0.008'),
  payoutFee: decimalString.describe('Fixed fee per payout, in the coin'),
});
export const opsRateRow = z.object({ coinName: z.string(), rate: decimalString, updatedAt: z.string() });
export const opsFeeTable = z.object({ fees: z.array(opsFeeRow), rates: z.array(opsRateRow) });
export type OpsFeeTable = z.infer<typeof opsFeeTable>;

export const opsFeeUpdateBody = opsFeeRow;
export type OpsFeeUpdateBody = z.input<typeof opsFeeUpdateBody>;
export const opsRateUpdateBody = z.object({
  coinName: z.string().trim().min(1).max(16),
  rate: decimalString,
});
export type OpsRateUpdateBody = z.input<typeof opsRateUpdateBody>;

// --- Audit log ---------------------------------------------------------------------------------

export const OPS_AUDIT_ACTIONS = [
  'login',
  'google_bind',
  'withdrawal_approve',
  'withdrawal_reject',
  'merchant_disable',
  'merchant_enable',
  'merchant_auto_approve',
  'fee_update',
  'rate_update',
  'notice_create',
  'notice_update',
  'notice_delete',
  'chain_send_retry',
  'unmatched_credit',
  'unmatched_return',
] as const;
export type OpsAuditAction = (typeof OPS_AUDIT_ACTIONS)[number];

export const opsAuditPageBody = z.object({
  ...page,
  action: optional(z.enum(OPS_AUDIT_ACTIONS)),
  target: optional(text(128)).describe('Exact target, e.g. merchant:100001 or withdrawal:WD…'),
});
export type OpsAuditPageBody = z.input<typeof opsAuditPageBody>;

export const opsAuditEntry = z.object({
  id: z.number().int(),
  operatorEmail: z.string(),
  action: z.enum(OPS_AUDIT_ACTIONS),
  target: z.string(),
  // null included: z.unknown() takes it (a nullable unknown documents an empty anyOf branch).
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type OpsAuditEntry = z.infer<typeof opsAuditEntry>;
export const opsAuditPage = pageOf(opsAuditEntry);

// --- Chains (issue 32) ---------------------------------------------------------------------------

/** ok: the node answers and the scan keeps up; degraded: the node does not answer; disabled: not on this server. */
export const OPS_CHAIN_STATES = ['ok', 'degraded', 'disabled'] as const;
export const OPS_CHAIN_ALERT_KINDS = [
  'deep_reorg',
  'hot_wallet_low',
  'rpc_down',
  'reconcile_difference',
] as const;
export const OPS_CHAIN_SEND_KINDS = ['withdrawal', 'sweep', 'gas_topup', 'return'] as const;

export const opsChainWallet = z.object({
  /** hot: pays withdrawals and payouts; gas: pays the gas a token sweep needs (account chains). */
  role: z.enum(['hot', 'gas']),
  address: z.string(),
  /** Each coin of the chain it holds (null while the node does not answer). */
  balances: z.array(z.object({ coinName: z.string(), amount: decimalString.nullable() })),
  /**
   * UTXO chains (Doge), the hot wallet: how many unspent outputs it holds that a send can spend
   * (mined, not locked to a send in flight). Null on account chains.
   */
  unspentOutputs: z.number().int().nullable(),
});

export const opsChainSend = z.object({
  id: z.number().int(),
  kind: z.enum(OPS_CHAIN_SEND_KINDS),
  /** The withdrawal number, the sweep's or the unmatched transfer's id. */
  ref: z.string(),
  coinName: z.string(),
  amount: decimalString,
  toAddress: z.string(),
  status: z.enum(['pending', 'mined']),
  nonce: z.number().int().nullable(),
  createdAt: z.string(),
  /** Every signed transaction of the send, oldest first: the first, then each replacement. */
  txs: z.array(
    z.object({
      txHash: z.string(),
      /** The fee offered, in base units (EVM: gas, maxFeePerGas and maxPriorityFeePerGas, or gasPrice). */
      fee: z.record(z.string(), z.string()),
      createdAt: z.string(),
      broadcastAt: z.string().nullable(),
      mined: z.boolean(),
    }),
  ),
});

export const opsChainAlert = z.object({
  id: z.number().int(),
  kind: z.enum(OPS_CHAIN_ALERT_KINDS),
  key: z.string(),
  detail: z.unknown(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** A withdrawal held in processing because the hot wallet cannot pay it: an operator may retry it. */
export const opsHeldWithdrawal = z.object({
  withdrawalNo: z.string(),
  coinName: z.string(),
  amount: decimalString,
  createdAt: z.string(),
});

export const opsChain = z.object({
  chainId: z.string(),
  mode: z.enum(['devnet', 'live']),
  state: z.enum(OPS_CHAIN_STATES),
  /**
   * Why the chain is disabled or degraded: no_rpc_url (live, RPC_URL_<CHAIN> unset), no_adapter
   * (live, no live adapter for this chain yet), node_down (the node does not answer); null when
   * running.
   */
  reasonCode: z.enum(['no_rpc_url', 'no_adapter', 'node_down']).nullable(),
  /** The node's own error when it does not answer (as it said it, untranslated). */
  reason: z.string().nullable(),
  confirmations: z.number().int(),
  headHeight: z.number().int().nullable(),
  scannedHeight: z.number().int().nullable(),
  /** head − scanned, in blocks. */
  lag: z.number().int().nullable(),
  lastBlockTime: z.string().nullable(),
  wallets: z.array(opsChainWallet),
  /** Sweeps queued or on their way. */
  pendingSweeps: z.number().int(),
  sends: z.array(opsChainSend),
  held: z.array(opsHeldWithdrawal),
  alerts: z.array(opsChainAlert),
});
export type OpsChain = z.infer<typeof opsChain>;
export type OpsChainSend = z.infer<typeof opsChainSend>;
export type OpsChainAlert = z.infer<typeof opsChainAlert>;
export const opsChains = z.object({ chains: z.array(opsChain) });
export type OpsChains = z.infer<typeof opsChains>;

export const opsChainRetryBody = z.object({
  withdrawalNo: withdrawalNoBody.shape.withdrawalNo.describe(
    'A withdrawal held in processing (the hot wallet could not pay it)',
  ),
});
export type OpsChainRetryBody = z.input<typeof opsChainRetryBody>;

// --- Unmatched transfers (issue 32) -----------------------------------------------------------------

/**
 * Transfers to a watched address that no rule credits (a token other than the order's, a
 * payment to a deleted application's address, a coin a deposit address does not take): the
 * operator credits each to the address owner's balance, or returns it to its sender. Each is
 * settled once: `credited` and `returned` are final, `returning` while the return is on chain.
 */
export const OPS_UNMATCHED_STATUSES = ['unmatched', 'returning', 'returned', 'credited'] as const;

export const opsUnmatchedPageBody = z.object({
  ...page,
  status: optional(z.enum(OPS_UNMATCHED_STATUSES, { error: 'validation.asset.status' })).describe(
    'Leave out for the ones waiting (unmatched)',
  ),
});
export type OpsUnmatchedPageBody = z.input<typeof opsUnmatchedPageBody>;

export const opsUnmatchedTransfer = z.object({
  id: z.number().int(),
  chainId: z.string(),
  coinName: z.string(),
  amount: decimalString,
  txHash: z.string(),
  logIndex: z.number().int(),
  fromAddress: z.string(),
  toAddress: z.string(),
  blockHeight: z.number().int(),
  seenAt: z.string(),
  status: z.enum(OPS_UNMATCHED_STATUSES),
  /** Whose address it is: an order's (its number and the order's own coin) or a merchant's deposit address. */
  owner: z.object({
    merchantId: z.number().int(),
    merchantEmail: z.string(),
    kind: z.enum(['order', 'deposit']),
    orderNo: z.string().nullable(),
    orderCurrency: z.string().nullable(),
  }),
  /** The return's transaction once sent. */
  returnTxHash: z.string().nullable(),
});
export type OpsUnmatchedTransfer = z.infer<typeof opsUnmatchedTransfer>;
export const opsUnmatchedPage = pageOf(opsUnmatchedTransfer);

export const opsUnmatchedCreditBody = z.object({
  id: z.number({ error: 'validation.invalidType' }).int({ message: 'validation.invalidType' }).positive(),
});
export type OpsUnmatchedCreditBody = z.input<typeof opsUnmatchedCreditBody>;

export const opsUnmatchedReturnBody = z.object({
  id: opsUnmatchedCreditBody.shape.id,
  googleCode: codeField.describe(
    "The operator's Google Authenticator code: a return sends coin from the hot wallet",
  ),
});
export type OpsUnmatchedReturnBody = z.input<typeof opsUnmatchedReturnBody>;
