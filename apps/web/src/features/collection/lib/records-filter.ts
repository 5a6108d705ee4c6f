import type { OrderPageBody, OrderRecord } from '@tollgate/contracts';
import type { Dayjs } from 'dayjs';

/**
 * The records filter form (SPEC "Collection and payout records") and the page body it sends.
 * Text fields are trimmed and left out when empty; time ranges go as ISO 8601 with the
 * browser's offset, the end exclusive (the last second chosen is included).
 */
export const ORDER_STATUSES = [
  'pending',
  'confirming',
  'completed',
  'expired',
] as const satisfies readonly OrderRecord['status'][];

/** A payout's statuses: its withdrawal's. */
export const PAYOUT_STATUSES = [
  'pending_review',
  'processing',
  'completed',
  'failed',
  'rejected',
] as const satisfies readonly OrderRecord['status'][];

export interface RecordsFilterValues {
  currency?: string;
  amountMin?: string;
  amountMax?: string;
  created?: [Dayjs | null, Dayjs | null] | null;
  arrived?: [Dayjs | null, Dayjs | null] | null;
  status?: OrderRecord['status'];
  txHash?: string;
  payAddress?: string;
  appName?: string;
  merchantOrderNo?: string;
  orderNo?: string;
  merchantId?: string;
}

export type RecordsFilter = Omit<OrderPageBody, 'type' | 'pageNo' | 'pageSize'>;

const TEXT_FIELDS = [
  'currency',
  'amountMin',
  'amountMax',
  'txHash',
  'payAddress',
  'appName',
  'merchantOrderNo',
  'orderNo',
  'merchantId',
] as const;

/** [from, to) of a picked range: from its first second to just after its last. */
function range(value: RecordsFilterValues['created']): [string | undefined, string | undefined] {
  const [from, to] = value ?? [];
  return [
    from ? from.startOf('second').format() : undefined,
    to ? to.startOf('second').add(1, 'second').format() : undefined,
  ];
}

export function toRecordsFilter(values: RecordsFilterValues): RecordsFilter {
  const filter: RecordsFilter = {};
  for (const field of TEXT_FIELDS) {
    const text = values[field]?.trim();
    if (text) filter[field] = text;
  }
  if (values.status) filter.status = values.status;
  const [createdFrom, createdTo] = range(values.created);
  const [arrivedFrom, arrivedTo] = range(values.arrived);
  if (createdFrom) filter.createdFrom = createdFrom;
  if (createdTo) filter.createdTo = createdTo;
  if (arrivedFrom) filter.arrivedFrom = arrivedFrom;
  if (arrivedTo) filter.arrivedTo = arrivedTo;
  return filter;
}
