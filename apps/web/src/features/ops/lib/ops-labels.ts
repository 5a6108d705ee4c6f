import type { OpsAuditAction, OpsWithdrawal } from '@tollgate/contracts';

/**
 * What the console shows for the contract's enums. Each record is keyed by the contract's type,
 * so a value added there fails to compile here until it has its colour and its label.
 */
export type WithdrawalStatus = OpsWithdrawal['status'];

export const WITHDRAWAL_STATUS_COLOR: Record<WithdrawalStatus, string> = {
  pending_review: 'warning',
  processing: 'processing',
  completed: 'success',
  failed: 'error',
  rejected: 'error',
};
export const WITHDRAWAL_STATUSES = Object.keys(WITHDRAWAL_STATUS_COLOR) as WithdrawalStatus[];

const AUDIT_ACTION_ORDER: Record<OpsAuditAction, number> = {
  login: 0,
  google_bind: 1,
  withdrawal_approve: 2,
  withdrawal_reject: 3,
  merchant_disable: 4,
  merchant_enable: 5,
  merchant_auto_approve: 6,
  fee_update: 7,
  rate_update: 8,
  notice_create: 9,
  notice_update: 10,
  notice_delete: 11,
  chain_send_retry: 12,
  unmatched_credit: 13,
  unmatched_return: 14,
};
export const AUDIT_ACTIONS = (Object.keys(AUDIT_ACTION_ORDER) as OpsAuditAction[]).sort(
  (a, b) => AUDIT_ACTION_ORDER[a] - AUDIT_ACTION_ORDER[b],
);

export const AUDIT_ACTION_COLOR: Partial<Record<OpsAuditAction, string>> = {
  withdrawal_approve: 'success',
  withdrawal_reject: 'error',
  merchant_disable: 'error',
  merchant_enable: 'success',
  unmatched_credit: 'success',
  unmatched_return: 'warning',
};
