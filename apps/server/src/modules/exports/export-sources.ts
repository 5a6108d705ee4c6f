import {
  type ExportFundFilters,
  type ExportKind,
  type ExportOrderFilters,
  type ExportTransactionFilters,
  fundActionOf,
  ORDER_EXCEPTION_VALUES,
  ORDER_STATUS_VALUES,
  type ReportFilters,
  type ReportKind,
  type ReportResult,
} from '@tollgate/contracts';
import { and, desc, eq, lt, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  applications,
  chainTransfers,
  depositAddresses,
  fundRecords,
  orders,
  withdrawals,
} from '../../db/schema';
import { depositConditions } from '../assets/transaction-records';
import { shownWithdrawalStatus, withdrawalConditions } from '../assets/withdrawal.repository';
import { isWithdrawalStatus } from '../assets/withdrawal-records';
import { fundRecordConditions } from '../ledger/fund-records.routes';
import { orderRecordConditions } from '../orders/records.repository';
import { readReport } from '../reports/report.service';
import { type CopyColumn, copyDate, copyLabel, copyRows, literal, mayNeedNeutralizing } from './export-copy';
import type { ExportLabels } from './export-labels';
import { labelOf } from './export-labels';

/**
 * The kind registry: each exportable list is one entry saying its columns, how to count its
 * rows cheaply (up to a cap) and how to read them in the list's own order, in keyset batches
 * (one code path on PGlite and PostgreSQL: every batch is a short indexed read after the last
 * row's key, so no statement stays open across the writing, and a stopped export stops reading).
 * Its conditions are the list call's own (records.repository, withdrawal.repository, …), so a
 * file holds exactly the rows the screen lists; a report's rows are the report call's own. Amounts are read as exact decimal text
 * (trim_scale: "10", "0.000001", "-5", as toDecimalString writes them).
 */
export interface RowContext {
  labels: ExportLabels;
  date: (value: Date | null) => string;
}

export interface ExportSource<F> {
  headers(labels: ExportLabels): string[];
  /** How many rows, counting no further than `cap`. */
  count(db: Executor, merchantId: number, filters: F, cap: number): Promise<number>;
  /** The rows as cells, batch after batch, in the list's order. */
  batches(db: Executor, merchantId: number, filters: F, context: RowContext): AsyncGenerator<string[][]>;
  /**
   * The same rows as one select of the file's text cells, for COPY on PostgreSQL (export-copy):
   * formatted and neutralized in SQL exactly as `batches` and the writer do. Absent: keyset only.
   */
  copySelect?(db: Executor, merchantId: number, filters: F, context: CopyContext): SQL | null;
}

export interface CopyContext {
  labels: ExportLabels;
  timeZone: string;
}

export const EXPORT_BATCH_ROWS = 5_000;

const decimal = (column: SQL.Aliased | unknown) => sql<string>`trim_scale(${column})::text`;
const keyText = (column: unknown) => sql<string>`${column}::text`;

/** `count(*)` of at most `cap` rows: a big list is not counted to its end. */
async function cappedCount(db: Executor, rows: SQLWrapper, cap: number): Promise<number> {
  const result = (await db.execute(
    sql`select count(*)::int as n from (${rows} limit ${cap}) as capped`,
  )) as unknown as { rows: { n: number | string }[] };
  return Number(result.rows[0]?.n ?? 0);
}

/** Reads batch after batch after the last row's key until a short batch. */
async function* keyset<R, K>(
  read: (after: K | null) => Promise<R[]>,
  keyOf: (row: R) => K,
  cells: (row: R) => string[],
): AsyncGenerator<string[][]> {
  let after: K | null = null;
  for (;;) {
    const rows = await read(after);
    if (rows.length > 0) yield rows.map(cells);
    if (rows.length < EXPORT_BATCH_ROWS) return;
    after = keyOf(rows[rows.length - 1] as R);
  }
}

type TimeKey = { at: string; id: number };
/** (time, id) strictly after the key in a newest-first order; the key's time as PostgreSQL wrote it (microseconds kept). */
const olderThan = (time: unknown, id: unknown, key: TimeKey | null) =>
  key === null ? undefined : sql`(${time}, ${id}) < (${key.at}::timestamptz, ${key.id})`;

function orderSource(type: 'collection' | 'payout'): ExportSource<ExportOrderFilters> {
  // A payout's address is its withdrawal's; a collection has no withdrawal, so its file reads
  // no withdrawals at all (on an empty withdrawals table the planner rescanned it for each of a
  // million orders, doubling the COPY).
  const from = (db: Executor, fields: Record<string, unknown>) => {
    const rows = db
      .select(fields as never)
      .from(orders)
      .innerJoin(applications, eq(applications.id, orders.applicationId));
    return type === 'payout' ? rows.leftJoin(withdrawals, eq(withdrawals.orderId, orders.id)) : rows;
  };
  const address =
    type === 'payout'
      ? sql<string | null>`coalesce(${orders.payAddress}, ${withdrawals.address})`
      : orders.payAddress;
  const visible = (merchantId: number, filters: ExportOrderFilters) =>
    filters.merchantId !== undefined && filters.merchantId !== String(merchantId)
      ? null
      : orderRecordConditions(merchantId, { ...filters, type });
  return {
    headers: ({ order: o }) => [
      o.orderNo,
      o.merchantOrderNo,
      o.appName,
      o.currency,
      o.network,
      o.amount,
      o.paidAmount,
      o.fee,
      o.status,
      o.exception,
      type === 'payout' ? o.destination : o.payAddress,
      o.txHash,
      o.createdAt,
      o.arrivedAt,
      o.completedAt,
      o.test,
    ],
    async count(db, merchantId, filters, cap) {
      const where = visible(merchantId, filters);
      if (!where) return 0;
      // The orders alone, as the list call counts them: every order has its application, and
      // at most one withdrawal (withdrawals_order_key), so the file's joins add no row and
      // drop none; without them a million rows count in about half the time, beside an
      // export's COPY on the same cores.
      return cappedCount(
        db,
        db
          .select({ one: sql`1` })
          .from(orders)
          .where(and(...where)),
        cap,
      );
    },
    copySelect(db, merchantId, filters, { labels, timeZone }) {
      const where = visible(merchantId, filters);
      if (!where) return null;
      const text = (column: unknown): CopyColumn => ({ value: sql`${column}::text`, neutralize: true });
      // Texts whose every value is known here need no neutralizing unless one of them would be
      // changed by it; an amount (trim_scale of a NUMERIC) is a number, which copyCell leaves as it is.
      const known = (value: SQL, texts: string[]): CopyColumn => ({
        value,
        neutralize: mayNeedNeutralizing(texts),
      });
      const amount = (column: unknown): CopyColumn => ({ value: decimal(column), neutralize: false });
      const date = (column: unknown): CopyColumn => ({
        value: copyDate(column, timeZone),
        neutralize: false,
      });
      return copyRows(
        [
          text(orders.orderNo),
          text(orders.merchantOrderNo),
          text(applications.name),
          text(orders.currency),
          text(orders.network),
          amount(orders.amount),
          amount(orders.paidAmount),
          amount(orders.fee),
          known(copyLabel(orders.status, labels.orderStatus), [
            ...ORDER_STATUS_VALUES,
            ...Object.values(labels.orderStatus),
          ]),
          known(copyLabel(orders.exception, labels.orderException), [
            ...ORDER_EXCEPTION_VALUES,
            ...Object.values(labels.orderException),
          ]),
          text(address),
          text(orders.txHash),
          date(orders.createdAt),
          date(orders.arrivedAt),
          date(orders.completedAt),
          known(sql`case when ${orders.test} then ${literal(labels.yes)} else ${literal(labels.no)} end`, [
            labels.yes,
            labels.no,
          ]),
        ],
        (values) =>
          from(db, values)
            .where(and(...where))
            .orderBy(desc(orders.createdAt), desc(orders.id))
            .getSQL(),
      );
    },
    batches(db, merchantId, filters, { labels, date }) {
      const where = visible(merchantId, filters);
      const read = async (after: TimeKey | null) => {
        if (!where) return [];
        const rows = await from(db, {
          id: orders.id,
          at: keyText(orders.createdAt),
          orderNo: orders.orderNo,
          merchantOrderNo: orders.merchantOrderNo,
          appName: applications.name,
          currency: orders.currency,
          network: orders.network,
          amount: decimal(orders.amount),
          paidAmount: decimal(orders.paidAmount),
          fee: decimal(orders.fee),
          status: orders.status,
          exception: orders.exception,
          address,
          txHash: orders.txHash,
          createdAt: orders.createdAt,
          arrivedAt: orders.arrivedAt,
          completedAt: orders.completedAt,
          test: orders.test,
        })
          .where(and(...where, olderThan(orders.createdAt, orders.id, after)))
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(EXPORT_BATCH_ROWS);
        return rows as unknown as OrderExportRow[];
      };
      return keyset(
        read,
        (r) => ({ at: r.at, id: r.id }),
        (r) => [
          r.orderNo,
          r.merchantOrderNo,
          r.appName,
          r.currency,
          r.network ?? '',
          r.amount,
          r.paidAmount,
          r.fee,
          labelOf(labels.orderStatus, r.status),
          labelOf(labels.orderException, r.exception),
          r.address ?? '',
          r.txHash ?? '',
          date(r.createdAt),
          date(r.arrivedAt),
          date(r.completedAt),
          r.test ? labels.yes : labels.no,
        ],
      );
    },
  };
}

interface OrderExportRow {
  id: number;
  at: string;
  orderNo: string;
  merchantOrderNo: string;
  appName: string;
  currency: string;
  network: string | null;
  amount: string;
  paidAmount: string;
  fee: string;
  status: string;
  exception: string | null;
  address: string | null;
  txHash: string | null;
  createdAt: Date;
  arrivedAt: Date | null;
  completedAt: Date | null;
  test: boolean;
}

const depositSource: ExportSource<ExportTransactionFilters> = {
  headers: ({ transaction: t }) => [
    t.depositNo,
    t.currency,
    t.network,
    t.address,
    t.fromAddress,
    t.amount,
    t.fee,
    t.txHash,
    t.status,
    t.time,
    t.creditedAt,
  ],
  async count(db, merchantId, filters, cap) {
    const where = depositConditions(merchantId, filters);
    if (!where) return 0;
    const rows = db
      .select({ one: sql`1` })
      .from(chainTransfers)
      .innerJoin(depositAddresses, eq(depositAddresses.id, chainTransfers.depositAddressId))
      .where(and(...where));
    return cappedCount(db, rows, cap);
  },
  batches(db, merchantId, filters, { labels, date }) {
    const where = depositConditions(merchantId, filters);
    const read = async (after: number | null) => {
      if (!where) return [];
      return db
        .select({
          id: chainTransfers.id,
          chainId: chainTransfers.chainId,
          txHash: chainTransfers.txHash,
          logIndex: chainTransfers.logIndex,
          depositNo: chainTransfers.depositNo,
          coinName: chainTransfers.coinName,
          toAddress: chainTransfers.toAddress,
          fromAddress: chainTransfers.fromAddress,
          amount: decimal(chainTransfers.amount),
          status: chainTransfers.status,
          seenAt: chainTransfers.seenAt,
          creditedAt: chainTransfers.creditedAt,
        })
        .from(chainTransfers)
        .innerJoin(depositAddresses, eq(depositAddresses.id, chainTransfers.depositAddressId))
        .where(and(...where, after === null ? undefined : lt(chainTransfers.id, after)))
        .orderBy(desc(chainTransfers.id))
        .limit(EXPORT_BATCH_ROWS);
    };
    return keyset(
      read,
      (r) => r.id,
      (r) => [
        r.depositNo ?? `${r.chainId}:${r.txHash}:${r.logIndex}`,
        r.coinName,
        r.chainId,
        r.toAddress,
        r.fromAddress,
        r.amount,
        '0',
        r.txHash,
        labelOf(
          labels.transactionStatus,
          r.status === 'credited'
            ? 'completed'
            : r.status === 'below_minimum'
              ? 'below_minimum'
              : 'confirming',
        ),
        date(r.seenAt),
        date(r.creditedAt),
      ],
    );
  },
};

const withdrawalSource: ExportSource<ExportTransactionFilters> = {
  headers: ({ transaction: t }) => [
    t.withdrawalNo,
    t.currency,
    t.network,
    t.address,
    t.source,
    t.amount,
    t.fee,
    t.total,
    t.txHash,
    t.status,
    t.reason,
    t.time,
    t.updatedAt,
  ],
  async count(db, merchantId, filters, cap) {
    const where = withdrawalWhere(merchantId, filters);
    if (!where) return 0;
    return cappedCount(
      db,
      db
        .select({ one: sql`1` })
        .from(withdrawals)
        .where(and(...where)),
      cap,
    );
  },
  batches(db, merchantId, filters, { labels, date }) {
    const where = withdrawalWhere(merchantId, filters);
    const read = async (after: TimeKey | null) => {
      if (!where) return [];
      return db
        .select({
          id: withdrawals.id,
          at: keyText(withdrawals.createdAt),
          withdrawalNo: withdrawals.withdrawalNo,
          coinName: withdrawals.coinName,
          chainId: withdrawals.chainId,
          address: withdrawals.address,
          source: withdrawals.source,
          // A payout's withdrawal (its order is the merchant's own: at most one order per withdrawal).
          payoutOrderNo: orders.orderNo,
          amount: decimal(withdrawals.amount),
          fee: decimal(withdrawals.fee),
          total: sql<string>`trim_scale(${withdrawals.amount} + ${withdrawals.fee})::text`,
          txHash: withdrawals.txHash,
          status: withdrawals.status,
          reason: withdrawals.reason,
          createdAt: withdrawals.createdAt,
          updatedAt: withdrawals.updatedAt,
        })
        .from(withdrawals)
        .leftJoin(orders, eq(orders.id, withdrawals.orderId))
        .where(and(...where, olderThan(withdrawals.createdAt, withdrawals.id, after)))
        .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
        .limit(EXPORT_BATCH_ROWS);
    };
    return keyset(
      read,
      (r) => ({ at: r.at, id: r.id }),
      (r) => [
        r.withdrawalNo,
        r.coinName,
        r.chainId,
        r.address,
        // As the withdrawal table shows it: a payout's with its order number.
        r.payoutOrderNo
          ? `${labels.transactionSource.api} ${r.payoutOrderNo}`
          : labelOf(labels.transactionSource, r.source),
        r.amount,
        r.fee,
        r.total,
        r.txHash ?? '',
        labelOf(labels.transactionStatus, shownWithdrawalStatus(r.status)),
        r.reason ?? '',
        date(r.createdAt),
        date(r.updatedAt),
      ],
    );
  },
};

function withdrawalWhere(merchantId: number, filters: ExportTransactionFilters): SQL[] | null {
  const { status, ...rest } = filters;
  if (status !== undefined && !isWithdrawalStatus(status)) return null;
  return withdrawalConditions(merchantId, { ...rest, status });
}

const fundFlowSource: ExportSource<ExportFundFilters> = {
  headers: ({ fund: f }) => [
    f.createdAt,
    f.type,
    f.action,
    f.orderNo,
    f.hash,
    f.address,
    f.currency,
    f.network,
    f.amount,
    f.fee,
    f.status,
    f.bucket,
    f.balanceBefore,
    f.changeAmount,
    f.balanceAfter,
  ],
  count(db, merchantId, filters, cap) {
    const rows = db
      .select({ one: sql`1` })
      .from(fundRecords)
      .where(and(...fundRecordConditions(merchantId, filters)));
    return cappedCount(db, rows, cap);
  },
  batches(db, merchantId, filters, { labels, date }) {
    const where = fundRecordConditions(merchantId, filters);
    const read = (after: TimeKey | null) =>
      db
        .select({
          id: fundRecords.id,
          at: keyText(fundRecords.createdAt),
          createdAt: fundRecords.createdAt,
          type: fundRecords.type,
          orderNo: fundRecords.orderNo,
          txHash: fundRecords.txHash,
          address: fundRecords.address,
          currency: fundRecords.currency,
          network: fundRecords.network,
          amount: decimal(fundRecords.amount),
          fee: decimal(fundRecords.fee),
          status: fundRecords.status,
          bucket: fundRecords.bucket,
          balanceBefore: decimal(fundRecords.balanceBefore),
          changeAmount: decimal(fundRecords.changeAmount),
          balanceAfter: decimal(fundRecords.balanceAfter),
        })
        .from(fundRecords)
        .where(and(...where, olderThan(fundRecords.createdAt, fundRecords.id, after)))
        .orderBy(desc(fundRecords.createdAt), desc(fundRecords.id))
        .limit(EXPORT_BATCH_ROWS);
    return keyset(
      read,
      (r) => ({ at: r.at, id: r.id }),
      (r) => [
        date(r.createdAt),
        labelOf(labels.fundType, r.type),
        labelOf(
          labels.fundAction,
          fundActionOf({ type: r.type, status: r.status, changeAmount: r.changeAmount }),
        ),
        r.orderNo ?? '',
        r.txHash ?? '',
        r.address ?? '',
        r.currency,
        r.network ?? '',
        r.amount,
        r.fee,
        labelOf(labels.fundStatus, r.status),
        labelOf(labels.fundBucket, r.bucket),
        r.balanceBefore,
        r.changeAmount,
        r.balanceAfter,
      ],
    );
  },
};

/**
 * A report (modules/reports), as its page lists it: its days with activity, newest first, then
 * its totals per currency (and type), then the total in USDT. At most 366 days: one batch, read from the kept aggregates.
 */
function reportSource(kind: ReportKind): ExportSource<ReportFilters> {
  const isBill = kind === 'bill';
  return {
    headers: ({ report: r }) => [
      r.day,
      r.currency,
      ...(isBill ? [r.type] : []),
      r.count,
      r.amount,
      r.fee,
      r.net,
      r.amountUsdt,
      r.feeUsdt,
      r.netUsdt,
    ],
    async count(db, merchantId, filters) {
      const report = await readReport(db, merchantId, kind, filters);
      return report.days.length === 0 ? 0 : report.days.length + report.totals.length + (isBill ? 3 : 1);
    },
    async *batches(db, merchantId, filters, { labels }) {
      const report = await readReport(db, merchantId, kind, filters);
      const cells = (day: string, row: ReportResult['totals'][number]) => [
        day,
        row.coinName,
        ...(isBill ? [labelOf(labels.fundType, row.type)] : []),
        String(row.count),
        row.amount,
        row.fee,
        row.net,
        row.amountUsdt,
        row.feeUsdt,
        row.netUsdt,
      ];
      if (report.days.length === 0) return;
      // As the screen lists them: the days newest first, the totals per currency, the USDT total.
      const usdt = report.totalUsdt;
      // The bill's amounts in USDT would add money in and money out together: it ends with what
      // came in, what went out and their net instead (in the net column), as its page does.
      const usdtRows =
        isBill && usdt.inUsdt !== null && usdt.outUsdt !== null
          ? [
              [labels.report.inUsdt, 'USDT', '', '', '', '', '', '', '', usdt.inUsdt],
              [labels.report.outUsdt, 'USDT', '', '', '', '', '', '', '', usdt.outUsdt],
              [labels.report.netTotalUsdt, 'USDT', '', String(usdt.count), '', '', '', '', '', usdt.netUsdt],
            ]
          : [
              [
                labels.report.totalUsdt,
                'USDT',
                ...(isBill ? [''] : []),
                String(usdt.count),
                '',
                '',
                '',
                usdt.amountUsdt,
                usdt.feeUsdt,
                usdt.netUsdt,
              ],
            ];
      yield [
        ...[...report.days].reverse().map((row) => cells(row.day.replaceAll('-', '/'), row)),
        ...report.totals.map((row) => cells(labels.report.total, row)),
        ...usdtRows,
      ];
    },
  };
}

/** One entry per exportable kind: each list, and each report. */
export const EXPORT_SOURCES = {
  collection: orderSource('collection'),
  payout: orderSource('payout'),
  deposit: depositSource,
  withdrawal: withdrawalSource,
  fundFlow: fundFlowSource,
  billReport: reportSource('bill'),
  rechargeReport: reportSource('recharge'),
  withdrawalReport: reportSource('withdrawal'),
  collectionReport: reportSource('collection'),
  paymentReport: reportSource('payment'),
} satisfies Record<ExportKind, ExportSource<never>>;
