import type { TableProps } from 'antd';

/**
 * How every record table takes its width (issue 31): as wide as its box, the browser's auto
 * layout wrapping what can wrap (headers, dates) before anything scrolls, and sideways
 * scrolling only when even that does not fit. antd's usual `scroll.x: 'max-content'` keeps every
 * cell on one line, so at 1440 px the status and balance columns ended up scrolled away and under
 * the fixed Actions column; a fixed column would also switch antd to the fixed table layout,
 * which shares the width out evenly: `tableLayout` stays auto.
 */
export const FIT_TABLE = {
  scroll: { x: true },
  tableLayout: 'auto',
} as const satisfies Pick<TableProps<object>, 'scroll' | 'tableLayout'>;

/**
 * The class each kind of column carries on its header and cells (antd puts a column's
 * `className` on both), so the layout test finds them in any language.
 */
export const COLUMN_CLASS = {
  amount: 'col-amount',
  paid: 'col-paid',
  fee: 'col-fee',
  status: 'col-status',
  created: 'col-created',
  completed: 'col-completed',
  balanceBefore: 'col-balance-before',
  change: 'col-change',
  balanceAfter: 'col-balance-after',
  summary: 'col-summary',
} as const;
