import type { OpsWithdrawal, OpsWithdrawalDetail } from '@tollgate/contracts';
import { loadOpsLocale } from '../../locales/ops-resources';

/**
 * The console's texts for its component tests (the suite's i18n holds the en_US bundle, which
 * does not carry ops.json), and server answers built fresh per call with a test's overrides.
 */
export const loadOpsTexts = () => loadOpsLocale('en_US');

export function buildOpsWithdrawal(overrides: Partial<OpsWithdrawal> = {}): OpsWithdrawal {
  return {
    withdrawalNo: 'WD2026112500000000000000000001',
    coinName: 'USDT',
    chainId: 'TRON',
    address: 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH',
    amount: '1500',
    fee: '1',
    total: '1501',
    status: 'pending_review',
    txHash: null,
    reason: null,
    createdAt: '2026-11-25T09:00:00.000Z',
    updatedAt: '2026-11-25T09:00:00.000Z',
    merchantId: 100001,
    merchantEmail: 'demo@tollgate.dev',
    source: 'single',
    orderNo: null,
    batchId: null,
    usdtValue: '1501',
    test: true,
    failOnChain: false,
    reviewedBy: null,
    reviewedAt: null,
    ...overrides,
  };
}

export function buildOpsDetail(withdrawal: OpsWithdrawal): OpsWithdrawalDetail {
  return {
    withdrawal,
    merchant: {
      id: withdrawal.merchantId,
      email: withdrawal.merchantEmail,
      status: 'active',
      createdAt: '2026-11-20T00:00:00.000Z',
      autoApproveUsdt: '1000',
      balances: [
        { coinName: 'USDT', available: '2000.5', frozen: '1501' },
        { coinName: 'DOGE', available: '0', frozen: '0' },
      ],
    },
    addressHistory: [],
    addressStats: { total: 0, completed: 0, merchants: 0 },
    merchantHistory: [withdrawal],
  };
}

export const page = <T>(list: T[]) => ({ list, total: list.length, pageNo: 1, pageSize: 20 });
