import type { ReportDay, ReportKind, ReportResult, ReportTotal } from '@tollgate/contracts';
import { Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay, formatExactAmount } from '../../../shared/lib/format';
import { Amount } from '../../../shared/ui/amount';
import { EmptyData } from '../../../shared/ui/empty-data';

/**
 * A report's table: one row per day and currency (and type, for the bill), newest first, then
 * the range's total per currency and the total in USDT, all as the server sent them (exact
 * decimals with thousands separators).
 */
export interface ReportTableProps {
  kind: ReportKind;
  report: ReportResult;
  isLoading?: boolean;
}

/**
 * A currency's own amounts exactly; their USDT equivalents (estimates at today's rates) at
 * USDT's 2 decimals, rounded half-up with the exact value on hover (shared/ui/amount).
 */
const amountColumn = (title: string, key: keyof ReportDay, isUsdt = false) => ({
  title,
  dataIndex: key,
  align: 'right' as const,
  render: (value: string) =>
    isUsdt ? (
      <Amount className="amount" value={value} />
    ) : (
      <span className="amount">{formatExactAmount(value)}</span>
    ),
});

export function ReportTable({ kind, report, isLoading }: ReportTableProps) {
  const { t } = useTranslation();
  const isBill = kind === 'bill';
  const typeName = (type: ReportDay['type']) => (type ? t(`fundFlow.type.${type}`) : '');
  const columns: ColumnsType<ReportDay> = [
    { title: t('reports.column.day'), dataIndex: 'day', fixed: 'left', width: 112, render: formatDay },
    { title: t('reports.column.currency'), dataIndex: 'coinName' },
    ...(isBill ? [{ title: t('reports.column.type'), dataIndex: 'type', render: typeName }] : []),
    { title: t('reports.column.count'), dataIndex: 'count', align: 'right' },
    amountColumn(t('reports.column.amount'), 'amount'),
    amountColumn(t('reports.column.fee'), 'fee'),
    amountColumn(t('reports.column.net'), 'net'),
    amountColumn(t('reports.column.amountUsdt'), 'amountUsdt', true),
    amountColumn(t('reports.column.netUsdt'), 'netUsdt', true),
  ];
  // The newest day first; within a day the server's order (currency, then type), as the totals
  // below list them (a plain reverse turned that round too). The sort is stable.
  const rows = [...report.days].sort((a, b) => (a.day < b.day ? 1 : a.day > b.day ? -1 : 0));
  const cell = (index: number, value: ReactNode, testId?: string) => (
    <Table.Summary.Cell index={index} align={index >= (isBill ? 3 : 2) ? 'right' : 'left'}>
      <Typography.Text strong className={index > 2 ? 'amount' : undefined} data-testid={testId}>
        {value}
      </Typography.Text>
    </Table.Summary.Cell>
  );
  const totalRow = (total: ReportTotal) => {
    const first = isBill ? 3 : 2;
    return (
      <Table.Summary.Row key={`${total.coinName}:${total.type ?? ''}`} data-testid="report-total-row">
        {cell(0, t('reports.total.currency'))}
        {cell(1, total.coinName)}
        {isBill ? cell(2, typeName(total.type)) : null}
        {cell(first, total.count)}
        {cell(first + 1, formatExactAmount(total.amount))}
        {cell(first + 2, formatExactAmount(total.fee))}
        {cell(first + 3, formatExactAmount(total.net))}
        {cell(first + 4, <Amount value={total.amountUsdt} />)}
        {cell(first + 5, <Amount value={total.netUsdt} />)}
      </Table.Summary.Row>
    );
  };
  const usdt = report.totalUsdt;
  const first = isBill ? 3 : 2;
  const flowRow = (flow: 'in' | 'out' | 'net', value: string, count?: number) => (
    <Table.Summary.Row key={flow} data-testid={`report-usdt-${flow}-row`}>
      {cell(0, t(`reports.total.${flow}`))}
      {cell(1, 'USDT')}
      {cell(2, '')}
      {cell(first, count ?? '', flow === 'net' ? 'report-usdt-count' : undefined)}
      {cell(first + 1, '')}
      {cell(first + 2, '')}
      {cell(first + 3, '')}
      {cell(first + 4, '')}
      {cell(first + 5, <Amount value={value} />, `report-usdt-${flow}`)}
    </Table.Summary.Row>
  );
  return (
    <Table<ReportDay>
      rowKey={(row) => `${row.day}:${row.coinName}:${row.type ?? ''}`}
      columns={columns}
      dataSource={rows}
      loading={isLoading}
      scroll={{ x: 'max-content' }}
      size="middle"
      pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
      data-testid="report-table"
      locale={{ emptyText: <EmptyData textKey="reports.empty" /> }}
      summary={() =>
        rows.length === 0 ? null : (
          <Table.Summary fixed="bottom">
            {report.totals.map(totalRow)}
            {isBill && usdt.inUsdt !== null && usdt.outUsdt !== null ? (
              // The bill's amounts in USDT would add money in and money out together (issue 31):
              // what came in, what went out and their net instead, in the net column.
              <>
                {flowRow('in', usdt.inUsdt)}
                {flowRow('out', usdt.outUsdt)}
                {flowRow('net', usdt.netUsdt, usdt.count)}
              </>
            ) : (
              <Table.Summary.Row data-testid="report-usdt-row">
                {cell(0, t('reports.total.usdt'))}
                {cell(1, 'USDT')}
                {isBill ? cell(2, '') : null}
                {cell(first, usdt.count, 'report-usdt-count')}
                {cell(first + 1, '')}
                {cell(first + 2, '')}
                {cell(first + 3, '')}
                {cell(first + 4, <Amount value={usdt.amountUsdt} />, 'report-usdt-amount')}
                {cell(first + 5, <Amount value={usdt.netUsdt} />, 'report-usdt-net')}
              </Table.Summary.Row>
            )}
          </Table.Summary>
        )
      }
    />
  );
}
