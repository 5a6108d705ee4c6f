import type { FundsRecordBody, FundsRecordItem } from '@tollgate/contracts';
import type { Dayjs } from 'dayjs';
import { formatExactAmount } from '../../../shared/lib/format';

/** The fund flow's filters (SPEC leaves them open: type, currency, time range, order number). */
export const FUND_TYPES = [
  'deposit',
  'withdraw',
  'collection',
  'payout',
  'exchange',
] as const satisfies readonly FundsRecordItem['type'][];

export interface FundFlowFilterValues {
  type?: FundsRecordItem['type'];
  currency?: string;
  time?: [Dayjs | null, Dayjs | null] | null;
  orderNo?: string;
}

export type FundFlowFilter = Omit<FundsRecordBody, 'pageNo' | 'pageSize'>;

/** Empty fields left out; the range as [first second, just after the last) with the offset. */
export function toFundFlowFilter(values: FundFlowFilterValues): FundFlowFilter {
  const filter: FundFlowFilter = {};
  if (values.type) filter.type = values.type;
  const currency = values.currency?.trim();
  if (currency) filter.currency = currency;
  const orderNo = values.orderNo?.trim();
  if (orderNo) filter.orderNo = orderNo;
  const [from, to] = values.time ?? [];
  if (from) filter.timeFrom = from.startOf('second').format();
  if (to) filter.timeTo = to.startOf('second').add(1, 'second').format();
  return filter;
}

/** "+12.4" / "-3" / "0": the sign the change column shows (a decimal string, never a float). */
export function signedChange(change: string): { text: string; direction: 'in' | 'out' | 'none' } {
  if (change.startsWith('-')) return { text: formatExactAmount(change), direction: 'out' };
  if (/^0+(\.0+)?$/.test(change)) return { text: change, direction: 'none' };
  return { text: `+${formatExactAmount(change)}`, direction: 'in' };
}
