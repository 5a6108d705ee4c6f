import {
  ErrorCode,
  LANGUAGES,
  type Language,
  type OpsNoticeDetail,
  type OpsNoticeListItem,
  type opsNoticePageBody,
  type opsNoticeSaveBody,
  type opsNoticeUpdateBody,
} from '@tollgate/contracts';
import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client';
import { containsPattern } from '../../db/like';
import { noticeReads, notices, noticeTexts } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../types';
import { announceNoticeChange } from '../notice/notice-changes';
import { noticeHtmlText, sanitizeNoticeHtml, summaryOf } from '../notice/notice-html';
import type { OperatorSession } from './operator-session.service';
import { writeAudit } from './ops-audit';

/**
 * The console's notices (issue 9), in order:
 * 1. each language's body is sanitized (notice-html.ts) before anything is stored; a body with
 *    no text left (only a script, say) is refused as empty, for that language's field;
 * 2. zh_CN is required, the other languages optional (a language left out reads as zh_CN);
 *    an update replaces every text, so a language removed reads as zh_CN again;
 * 3. publish time: given, or now on create (kept on update); later than now = scheduled;
 * 4. the notice, its texts, the audit row and the change announcement commit together.
 * Read marks stay when a notice is edited; they go with it when it is deleted.
 */
interface Deps {
  db: Database;
  now: Clock;
  log: FastifyBaseLogger;
}

type SaveBody = z.output<typeof opsNoticeSaveBody>;
type Texts = SaveBody['texts'];
interface CleanText {
  lang: Language;
  title: string;
  summary: string;
  bodyHtml: string;
  bodyText: string;
}

function cleanTexts(texts: Texts): CleanText[] {
  const clean: CleanText[] = [];
  const errors: { field: string; key: string }[] = [];
  for (const lang of LANGUAGES) {
    const text = texts[lang];
    if (!text) continue;
    const bodyHtml = sanitizeNoticeHtml(text.body);
    const bodyText = noticeHtmlText(bodyHtml);
    if (!bodyText) errors.push({ field: `texts.${lang}.body`, key: 'validation.notice.bodyRequired' });
    clean.push({ lang, title: text.title, summary: summaryOf(text.summary, bodyText), bodyHtml, bodyText });
  }
  if (errors.length > 0) throw new AppError(ErrorCode.VALIDATION_FAILED, { fieldErrors: errors });
  return clean;
}

const languagesOf = sql<string>`(select string_agg(${noticeTexts.lang}, ',') from ${noticeTexts} where ${noticeTexts.noticeId} = ${notices.id})`;
const readCountOf = sql<number>`(select count(*)::int from ${noticeReads} where ${noticeReads.noticeId} = ${notices.id})`;
const listColumns = {
  id: notices.id,
  title: noticeTexts.title,
  languages: languagesOf,
  publishedAt: notices.publishedAt,
  pinned: notices.pinned,
  readCount: readCountOf,
  createdByEmail: notices.createdByEmail,
  createdAt: notices.createdAt,
  updatedAt: notices.updatedAt,
};

type ListRow = Awaited<ReturnType<typeof selectList>>[number];

function toListItem(row: ListRow, now: Date): OpsNoticeListItem {
  const present = new Set((row.languages ?? '').split(','));
  return {
    id: row.id,
    title: row.title,
    languages: LANGUAGES.filter((lang) => present.has(lang)),
    publishedAt: row.publishedAt.toISOString(),
    scheduled: row.publishedAt > now,
    pinned: row.pinned,
    readCount: Number(row.readCount),
    createdByEmail: row.createdByEmail,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function selectList(db: Executor) {
  return db
    .select(listColumns)
    .from(notices)
    .innerJoin(noticeTexts, sql`${noticeTexts.noticeId} = ${notices.id} and ${noticeTexts.lang} = 'zh_CN'`);
}

export async function listOpsNotices(
  deps: Pick<Deps, 'db' | 'now'>,
  body: z.output<typeof opsNoticePageBody>,
) {
  const where = body.keyword
    ? sql`exists (select 1 from ${noticeTexts} t where t.notice_id = ${notices.id} and t.title ilike ${containsPattern(body.keyword)})`
    : undefined;
  const [counted] = await deps.db.select({ total: count() }).from(notices).where(where);
  const rows = await selectList(deps.db)
    .where(where)
    .orderBy(desc(notices.publishedAt), desc(notices.id))
    .limit(body.pageSize)
    .offset((body.pageNo - 1) * body.pageSize);
  const now = deps.now();
  return {
    list: rows.map((row) => toListItem(row, now)),
    total: counted?.total ?? 0,
    pageNo: body.pageNo,
    pageSize: body.pageSize,
  };
}

async function readNotice(db: Executor, id: number, now: Date): Promise<OpsNoticeDetail> {
  const [row] = await selectList(db).where(eq(notices.id, id));
  if (!row) throw new AppError(ErrorCode.NOT_FOUND);
  const texts = await db
    .select()
    .from(noticeTexts)
    .where(eq(noticeTexts.noticeId, id))
    .orderBy(asc(noticeTexts.lang));
  const byLang = Object.fromEntries(
    texts.map((text) => [text.lang, { title: text.title, summary: text.summary, body: text.bodyHtml }]),
  ) as Partial<OpsNoticeDetail['texts']>;
  if (!byLang.zh_CN) throw new AppError(ErrorCode.NOT_FOUND);
  return {
    ...toListItem(row, now),
    texts: { ...byLang, zh_CN: byLang.zh_CN },
    createdAt: row.createdAt.toISOString(),
  };
}

export async function getOpsNotice(deps: Pick<Deps, 'db' | 'now'>, id: number) {
  return { notice: await readNotice(deps.db, id, deps.now()) };
}

/** What the audit log keeps of a notice: enough to tell versions apart, not the bodies. */
function auditView(
  notice: { publishedAt: Date | string; pinned: boolean },
  texts: { lang: string; title: string }[],
) {
  return {
    publishedAt: new Date(notice.publishedAt).toISOString(),
    pinned: notice.pinned,
    titles: Object.fromEntries(texts.map((text) => [text.lang, text.title])),
  };
}

export async function createOpsNotice(deps: Deps, operator: OperatorSession, body: SaveBody, ip: string) {
  const texts = cleanTexts(body.texts);
  const at = deps.now();
  const publishedAt = body.publishedAt ? new Date(body.publishedAt) : at;
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(notices)
      .values({
        publishedAt,
        pinned: body.pinned,
        createdBy: operator.operatorId,
        createdByEmail: operator.email,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: notices.id });
    if (!row) throw new Error('insert returned no notice');
    await tx.insert(noticeTexts).values(texts.map((text) => ({ ...text, noticeId: row.id })));
    await writeAudit(tx, {
      operator,
      action: 'notice_create',
      target: `notice:${row.id}`,
      after: auditView({ publishedAt, pinned: body.pinned }, texts),
      ip,
      at,
    });
    await announceNoticeChange(
      { tx, log: deps.log, now: at },
      { noticeId: row.id, action: 'created', publishedAt, pinned: body.pinned },
    );
    return row.id;
  });
  return { notice: await readNotice(deps.db, id, deps.now()) };
}

export async function updateOpsNotice(
  deps: Deps,
  operator: OperatorSession,
  body: z.output<typeof opsNoticeUpdateBody>,
  ip: string,
) {
  const texts = cleanTexts(body.texts);
  const at = deps.now();
  await deps.db.transaction(async (tx) => {
    // Locked, so two operators saving at once write two honest audit rows.
    const [before] = await tx.select().from(notices).where(eq(notices.id, body.id)).for('update');
    if (!before) throw new AppError(ErrorCode.NOT_FOUND);
    const beforeTexts = await tx.select().from(noticeTexts).where(eq(noticeTexts.noticeId, body.id));
    const publishedAt = body.publishedAt ? new Date(body.publishedAt) : before.publishedAt;
    await tx
      .update(notices)
      .set({ publishedAt, pinned: body.pinned, updatedAt: at })
      .where(eq(notices.id, body.id));
    await tx.delete(noticeTexts).where(eq(noticeTexts.noticeId, body.id));
    await tx.insert(noticeTexts).values(texts.map((text) => ({ ...text, noticeId: body.id })));
    await writeAudit(tx, {
      operator,
      action: 'notice_update',
      target: `notice:${body.id}`,
      before: auditView(before, beforeTexts),
      after: auditView({ publishedAt, pinned: body.pinned }, texts),
      ip,
      at,
    });
    await announceNoticeChange(
      { tx, log: deps.log, now: at },
      {
        noticeId: body.id,
        action: 'updated',
        publishedAt,
        previousPublishedAt: before.publishedAt,
        pinned: body.pinned,
      },
    );
  });
  return { notice: await readNotice(deps.db, body.id, deps.now()) };
}

export async function deleteOpsNotice(deps: Deps, operator: OperatorSession, id: number, ip: string) {
  await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(notices).where(eq(notices.id, id)).for('update');
    if (!before) throw new AppError(ErrorCode.NOT_FOUND);
    const beforeTexts = await tx.select().from(noticeTexts).where(eq(noticeTexts.noticeId, id));
    await tx.delete(notices).where(eq(notices.id, id));
    await writeAudit(tx, {
      operator,
      action: 'notice_delete',
      target: `notice:${id}`,
      before: auditView(before, beforeTexts),
      ip,
      at: deps.now(),
    });
    await announceNoticeChange(
      { tx, log: deps.log, now: deps.now() },
      { noticeId: id, action: 'deleted', publishedAt: null, pinned: false },
    );
  });
  return null;
}
