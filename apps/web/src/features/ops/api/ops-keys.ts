import type {
  OpsAuditPageBody,
  OpsMerchantPageBody,
  OpsNoticePageBody,
  OpsUnmatchedPageBody,
  OpsWithdrawalPageBody,
} from '@tollgate/contracts';

/** Query keys of the console, one factory: everything under `ops` goes when the operator leaves. */
export const opsKeys = {
  all: ['ops'] as const,
  me: () => [...opsKeys.all, 'me'] as const,
  serverWarnings: () => [...opsKeys.all, 'serverWarnings'] as const,
  googleCheck: () => [...opsKeys.all, 'googleCheck'] as const,
  withdrawals: () => [...opsKeys.all, 'withdrawals'] as const,
  withdrawalPage: (body: OpsWithdrawalPageBody) => [...opsKeys.withdrawals(), 'page', body] as const,
  withdrawalDetail: (withdrawalNo: string) => [...opsKeys.withdrawals(), 'detail', withdrawalNo] as const,
  merchants: () => [...opsKeys.all, 'merchants'] as const,
  merchantPage: (body: OpsMerchantPageBody) => [...opsKeys.merchants(), 'page', body] as const,
  fees: () => [...opsKeys.all, 'fees'] as const,
  chains: () => [...opsKeys.all, 'chains'] as const,
  unmatched: () => [...opsKeys.all, 'unmatched'] as const,
  unmatchedPage: (body: OpsUnmatchedPageBody) => [...opsKeys.unmatched(), 'page', body] as const,
  audit: () => [...opsKeys.all, 'audit'] as const,
  auditPage: (body: OpsAuditPageBody) => [...opsKeys.audit(), 'page', body] as const,
  notices: () => [...opsKeys.all, 'notices'] as const,
  noticePage: (body: OpsNoticePageBody) => [...opsKeys.notices(), 'page', body] as const,
  noticeDetail: (id: number) => [...opsKeys.notices(), 'detail', id] as const,
};
