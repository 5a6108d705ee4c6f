import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

/**
 * A record on a phone, in one cell: what names it (an order number, a type), its amount and
 * status side by side, and its time below. A phone's 390 px hold no more than this and the row's
 * action; the detail (or a wider screen) has the rest.
 */
export function RecordSummary({
  title,
  amount,
  status,
  time,
}: {
  title?: ReactNode;
  amount: ReactNode;
  status: ReactNode;
  time?: ReactNode;
}) {
  return (
    <Flex vertical gap={4} className="record-summary" data-testid="record-summary">
      {title ? <div className="record-summary__title">{title}</div> : null}
      <Flex gap={8} align="center" wrap justify="space-between">
        <span className="record-summary__amount">{amount}</span>
        <span className="record-summary__status">{status}</span>
      </Flex>
      {time ? (
        <Typography.Text type="secondary" className="record-summary__time">
          {time}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
