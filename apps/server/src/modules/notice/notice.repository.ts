import type { Language } from '@tollgate/contracts';
import { and, count, desc, eq, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { containsPattern } from '../../db/like';
import { noticeReads, notices, noticeTexts } from '../../db/schema';

/**
 * The merchant's reads of notices: published ones only (publish time at or before now), each in
 * the asked language where it has a text in it and in zh_CN otherwise, with the merchant's own
 * read mark. The keyword is matched against the same text the merchant sees (title and body
 * text), case-insensitively, its LIKE wildcards taken literally.
 */
const asked = alias(noticeTexts, 'asked');
const base = alias(noticeTexts, 'base');
const pick = <T>(column: keyof typeof base._.columns) => sql<T>`coalesce(${asked[column]}, ${base[column]})`;

interface Scope {
  lang: Language;
  now: Date;
  keyword?: string | undefined;
}

const baseJoin = and(eq(base.noticeId, notices.id), eq(base.lang, 'zh_CN'));
const askedJoin = (lang: Language) => and(eq(asked.noticeId, notices.id), eq(asked.lang, lang));

function whereOf(scope: Scope, id?: number): SQL | undefined {
  const pattern = scope.keyword ? containsPattern(scope.keyword) : undefined;
  return and(
    lte(notices.publishedAt, scope.now),
    id === undefined ? undefined : eq(notices.id, id),
    pattern ? or(ilike(pick<string>('title'), pattern), ilike(pick<string>('bodyText'), pattern)) : undefined,
  );
}

const listColumns = (merchantId: number) => ({
  id: notices.id,
  title: pick<string>('title'),
  summary: pick<string>('summary'),
  publishedAt: notices.publishedAt,
  pinned: notices.pinned,
  read: sql<boolean>`exists (select 1 from ${noticeReads} where ${noticeReads.noticeId} = ${notices.id} and ${noticeReads.merchantId} = ${merchantId})`,
});

export async function pagePublishedNotices(
  db: Executor,
  merchantId: number,
  scope: Scope & { pageNo: number; pageSize: number },
) {
  const where = whereOf(scope);
  const [counted] = await db
    .select({ total: count() })
    .from(notices)
    .innerJoin(base, baseJoin)
    .leftJoin(asked, askedJoin(scope.lang))
    .where(where);
  const rows = await db
    .select(listColumns(merchantId))
    .from(notices)
    .innerJoin(base, baseJoin)
    .leftJoin(asked, askedJoin(scope.lang))
    .where(where)
    .orderBy(desc(notices.pinned), desc(notices.publishedAt), desc(notices.id))
    .limit(scope.pageSize)
    .offset((scope.pageNo - 1) * scope.pageSize);
  return { rows, total: counted?.total ?? 0 };
}

export async function findPublishedNotice(db: Executor, merchantId: number, id: number, scope: Scope) {
  const [row] = await db
    .select({
      ...listColumns(merchantId),
      body: pick<string>('bodyHtml'),
      lang: sql<Language>`coalesce(${asked.lang}, ${base.lang})`,
    })
    .from(notices)
    .innerJoin(base, baseJoin)
    .leftJoin(asked, askedJoin(scope.lang))
    .where(whereOf(scope, id));
  return row;
}

export async function markNoticeRead(db: Executor, merchantId: number, noticeId: number, at: Date) {
  await db.insert(noticeReads).values({ merchantId, noticeId, readAt: at }).onConflictDoNothing();
}

export async function markAllNoticesRead(db: Executor, merchantId: number, at: Date) {
  await db
    .insert(noticeReads)
    .select(
      db
        .select({
          merchantId: sql`${merchantId}::bigint`.as('merchant_id'),
          noticeId: notices.id,
          readAt: sql`${at}::timestamptz`.as('read_at'),
        })
        .from(notices)
        .where(lte(notices.publishedAt, at)),
    )
    .onConflictDoNothing();
}

export async function countUnreadNotices(db: Executor, merchantId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notices)
    .where(
      and(
        lte(notices.publishedAt, now),
        sql`not exists (select 1 from ${noticeReads} where ${noticeReads.noticeId} = ${notices.id} and ${noticeReads.merchantId} = ${merchantId})`,
      ),
    );
  return row?.unread ?? 0;
}
