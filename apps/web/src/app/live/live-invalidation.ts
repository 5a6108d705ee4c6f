import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { LiveEventPayloads, LiveEventType } from '@tollgate/contracts/live-events';
import { orderKeys } from '../../features/collection/api/order-records';
import { accountKeys } from '../../features/dashboard/api/account-keys';
import { dashboardKeys } from '../../features/dashboard/api/get-dashboard-today';
import { transactionRecordKeys } from '../../features/finance/api/transaction-records';
import { fundsRecordKeys } from '../../features/fund-flow/api/get-funds-record';
import { merchantKeys } from '../../features/merchant/api/merchant-keys';
import { noticeKeys } from '../../features/notice/api/notice-keys';
import { reportKeys } from '../../features/reports/api/get-report';
import { markChanged } from '../../shared/live/recent-changes';

/**
 * What each live event makes stale: the queries that show it are read again (those on screen at
 * once, the others when next shown). Orders: the records, the dashboard's cards and the
 * reports. Fund records: the header's and the dashboard's balance, the asset page, the fund
 * flow, the deposit and withdrawal records, the reports. A withdrawal's review: its records. A notice: the list and the badge.
 */
const ACCOUNT_OVERVIEW: QueryKey = [...merchantKeys.all, 'accountOverview'];

export const STALE_AFTER: Record<LiveEventType, readonly QueryKey[]> = {
  order: [orderKeys.all, dashboardKeys.all, reportKeys.all],
  balance: [
    accountKeys.all,
    ACCOUNT_OVERVIEW,
    fundsRecordKeys.all,
    transactionRecordKeys.all,
    reportKeys.all,
  ],
  withdrawal: [transactionRecordKeys.all, ACCOUNT_OVERVIEW],
  notice: [noticeKeys.all],
};

/** Everything above: after a reconnect, since what was missed may be older than the replay. */
export const ALL_LIVE_KEYS: readonly QueryKey[] = Object.values(STALE_AFTER).flat();

/** The rows a records page marks: the orders and withdrawals the event names. */
export function changedKeysOf(type: LiveEventType, payload: unknown): string[] {
  if (type === 'order') return ((payload as LiveEventPayloads['order']).orders ?? []).map((o) => o.orderNo);
  if (type === 'withdrawal') {
    return ((payload as LiveEventPayloads['withdrawal']).withdrawals ?? []).map((w) => w.withdrawalNo);
  }
  return [];
}

/**
 * Invalidations gathered over a short window and sent together: a burst of events (a batch
 * payout completing) reads each page once, not once per event.
 */
export function createInvalidationBatch(queryClient: QueryClient, windowMs = 250) {
  const pending = new Map<string, QueryKey>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    const keys = [...pending.values()];
    pending.clear();
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
  return {
    add(keys: readonly QueryKey[]) {
      for (const key of keys) pending.set(JSON.stringify(key), key);
      timer ??= setTimeout(flush, windowMs);
    },
    apply(type: LiveEventType, payload: unknown) {
      markChanged(changedKeysOf(type, payload));
      this.add(STALE_AFTER[type]);
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
      pending.clear();
    },
  };
}
