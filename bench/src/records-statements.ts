/** The records lists' statements, written out for bench:records and its raw server. */
export type Filters = Record<string, string>;
export const PAGE_SIZE = 10;
/** The server's RECORDS_WINDOW (its default). */
export const WINDOW = 10_000;

/**
 * The statements the server runs (records.repository.ts, fund-records.routes.ts,
 * lib/records-window.ts), written out: the count over a LIMIT window + 1 subquery, then the page.
 */
export function orderStatements(merchantId: number, f: Filters, offset: number) {
  const params: unknown[] = [merchantId, 'collection'];
  const p = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where = ['"orders"."merchant_id" = $1', '"orders"."type" = $2'];
  if (f.currency) where.push(`"orders"."currency" = ${p(f.currency)}`);
  if (f.amountMin) where.push(`"orders"."amount" >= ${p(f.amountMin)}`);
  if (f.amountMax) where.push(`"orders"."amount" <= ${p(f.amountMax)}`);
  if (f.createdFrom) where.push(`"orders"."created_at" >= ${p(f.createdFrom)}`);
  if (f.createdTo) where.push(`"orders"."created_at" < ${p(f.createdTo)}`);
  if (f.status) where.push(`"orders"."status" = ${p(f.status)}`);
  if (f.payAddress) {
    const a = p(f.payAddress);
    where.push(
      `("orders"."pay_address" = ${a} or "orders"."id" = any(array(select w.order_id from "withdrawals" w where w.merchant_id = $1 and w.address = ${a} and w.order_id is not null)))`,
    );
  }
  if (f.merchantOrderNo) where.push(`"orders"."merchant_order_no" = ${p(f.merchantOrderNo)}`);
  if (f.orderNo) where.push(`"orders"."order_no" = ${p(f.orderNo)}`);
  if (f.appName) {
    where.push(
      `"orders"."application_id" in (select a.id from "applications" a where a.merchant_id = $1 and a.name ilike ${p(`%${f.appName}%`)})`,
    );
  }
  if (f.txHash) {
    const h = p(f.txHash);
    where.push(
      `("orders"."tx_hash" = ${h} or "orders"."id" = any(array(select t.order_id from "chain_transfers" t where t.tx_hash = ${h} and t.order_id is not null)))`,
    );
  }
  const w = where.join(' and ');
  const n = params.length;
  return {
    count: {
      text: `select count(*) from (select 1 from "orders" where ${w} limit $${n + 1}) "matched"`,
      params: [...params, WINDOW + 1],
    },
    page: {
      text: `select "orders".*, "applications"."app_id", "applications"."name", "withdrawals"."address"
        from "orders" inner join "applications" on "applications"."id" = "orders"."application_id"
        left join "withdrawals" on "withdrawals"."order_id" = "orders"."id"
        where ${w} order by "orders"."created_at" desc, "orders"."id" desc limit $${n + 1} offset $${n + 2}`,
      params: [...params, PAGE_SIZE, offset],
    },
  };
}

export function fundStatements(merchantId: number, f: Filters, offset: number) {
  const params: unknown[] = [merchantId];
  const p = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where = ['"merchant_id" = $1'];
  if (f.type) where.push(`"type" = ${p(f.type)}`);
  if (f.currency) where.push(`"currency" = ${p(f.currency)}`);
  if (f.timeFrom) where.push(`"created_at" >= ${p(f.timeFrom)}`);
  if (f.timeTo) where.push(`"created_at" < ${p(f.timeTo)}`);
  if (f.orderNo) where.push(`"order_no" = ${p(f.orderNo)}`);
  const w = where.join(' and ');
  const n = params.length;
  return {
    count: {
      text: `select count(*) from (select 1 from "fund_records" where ${w} limit $${n + 1}) "matched"`,
      params: [...params, WINDOW + 1],
    },
    page: {
      text: `select * from "fund_records" where ${w} order by "created_at" desc, "id" desc limit $${n + 1} offset $${n + 2}`,
      params: [...params, PAGE_SIZE, offset],
    },
  };
}
