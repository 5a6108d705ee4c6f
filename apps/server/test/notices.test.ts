/**
 * System notices (issue 9): operators write them (/front/ops/notices/*, audited), merchants read
 * them (/front/notice/*): published only, pinned first then newest, in the merchant's language
 * with zh_CN where a notice has none, searched in titles and bodies, read state per merchant,
 * the unread count; the body sanitized on the server; console calls refused to merchants.
 */
import { randomBytes } from 'node:crypto';
import { noticeDetail, noticePage, opsNoticeResult } from '@tollgate/contracts';
import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantEvents, notices, noticeTexts, operatorAuditLog } from '../src/db/schema';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import { getAs, postJson } from './helpers/calls';
import { createMerchant, logInAs } from './helpers/factories';
import { createTestOperator, logInOperator, opsCall } from './helpers/ops';

const HOUR = 3_600_000;
const clock = createTestClock(new Date('2026-11-26T02:00:00.000Z'));
let app: FastifyInstance;
let opsToken: string;
let merchantA: { id: number; token: string };
let merchantB: { id: number; token: string };

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
  await app.ready();
  opsToken = await logInOperator(app, await createTestOperator(app));
  const logIn = async () => {
    const merchant = await createMerchant(app);
    return { id: merchant.id, token: await logInAs(app, merchant) };
  };
  merchantA = await logIn();
  merchantB = await logIn();
});
afterAll(async () => {
  await app.close();
});

const ops = (path: string, body?: unknown, lang = 'en_US') =>
  opsCall(app, path, body, { token: opsToken, lang }).then((r) => ({ status: r.statusCode, body: r.json() }));
const merchantPost = (path: string, body: unknown, token = merchantA.token, lang = 'en_US') =>
  postJson(app, path, body, { token, lang }).then((r) => ({ status: r.statusCode, body: r.json() }));
const page = async (body: unknown, token = merchantA.token, lang = 'en_US') => {
  const response = await merchantPost('/notice/page', body, token, lang);
  expect(response.body.code).toBe(0);
  return noticePage.strict().parse(response.body.data);
};
const unread = async (token: string) =>
  (await getAs(app, '/notice/unread-count', { token })).json().data.unread;

const text = (title: string, body = `<p>${title} body</p>`, summary = '') => ({ title, summary, body });
async function createNotice(body: Record<string, unknown>) {
  const response = await ops('/notices/create', body);
  expect(response.body.code, JSON.stringify(response.body)).toBe(0);
  return opsNoticeResult.strict().parse(response.body.data).notice;
}
const tag = () => `t${randomBytes(4).toString('hex')}`;

describe('writing a notice in the console', () => {
  it('stores the body sanitized: script, img onerror and javascript: links are gone', async () => {
    const title = `Sanitize ${tag()}`;
    const notice = await createNotice({
      texts: {
        zh_CN: text(
          title,
          '<p onclick="alert(1)">Hello <strong>team</strong></p><script>window.pwned = 1</script>' +
            '<img src=x onerror="window.pwned = 2"><a href="javascript:alert(1)">bad</a>' +
            '<a href="https://tollgate.dev/docs">docs</a><iframe src="https://evil.example"></iframe>' +
            '<style>p { display: none }</style>',
        ),
      },
    });
    const [stored] = await app.db.select().from(noticeTexts).where(eq(noticeTexts.noticeId, notice.id));
    expect(stored?.bodyHtml).toBe(
      '<p>Hello <strong>team</strong></p>bad' +
        '<a href="https://tollgate.dev/docs" target="_blank" rel="noopener noreferrer">docs</a>',
    );
    expect(stored?.bodyText).toBe('Hello team baddocs');
    expect(stored?.summary).toBe('Hello team baddocs');
    const detail = await merchantPost('/notice/detail', { id: notice.id });
    const body = noticeDetail.strict().parse(detail.body.data).body;
    for (const banned of [
      '<script',
      'onerror',
      'onclick',
      'javascript:',
      '<img',
      '<iframe',
      '<style',
      'pwned',
    ]) {
      expect(body).not.toContain(banned);
    }
  });

  it('refuses bad input with localized field errors and stores nothing', async () => {
    const [before] = await app.db.select({ n: count() }).from(notices);
    const cases: [unknown, string, string][] = [
      [{ texts: {} }, 'texts.zh_CN', 'Please enter a title'],
      [{ texts: { zh_CN: text('') } }, 'texts.zh_CN.title', 'Please enter a title'],
      [
        { texts: { zh_CN: text('x'.repeat(121)) } },
        'texts.zh_CN.title',
        'The title can be at most 120 characters',
      ],
      [
        { texts: { zh_CN: text('ok', '<script>alert(1)</script>') } },
        'texts.zh_CN.body',
        'Please enter the body',
      ],
      [{ texts: { zh_CN: text('ok'), en_US: text('en', '') } }, 'texts.en_US.body', 'Please enter the body'],
      [
        { texts: { zh_CN: text('ok') }, publishedAt: 'tomorrow' },
        'publishedAt',
        'Enter the publish time with a time zone (ISO 8601)',
      ],
      [{ texts: { zh_CN: text('ok') }, pinned: 'yes' }, 'pinned', ''],
    ];
    for (const [body, field, message] of cases) {
      const response = await ops('/notices/create', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.code).toBe(1001);
      const error = response.body.data.errors.find((e: { field: string }) => e.field === field);
      expect(error, JSON.stringify(response.body)).toBeDefined();
      if (message) expect(error.message).toBe(message);
    }
    const zh = await ops('/notices/create', { texts: { zh_CN: text('') } }, 'zh_CN');
    expect(zh.body.data.errors[0].message).toBe('请输入标题');
    const [after] = await app.db.select({ n: count() }).from(notices);
    expect(after?.n).toBe(before?.n);
  });

  it('is refused to merchants and to callers without a token (401), and merchant calls refuse operators', async () => {
    const body = { texts: { zh_CN: text('nope') } };
    for (const path of [
      '/notices/page',
      '/notices/create',
      '/notices/update',
      '/notices/delete',
      '/notices/detail',
    ]) {
      const asMerchant = await app.inject({
        method: 'POST',
        url: `/front/ops${path}`,
        payload: JSON.stringify(body),
        headers: { 'content-type': 'application/json', 'x-auth-token': merchantA.token },
      });
      expect(asMerchant.statusCode, path).toBe(401);
      expect((await opsCall(app, path, body)).statusCode, path).toBe(401);
    }
    const asOperator = await app.inject({
      method: 'POST',
      url: '/front/notice/page',
      payload: '{}',
      headers: { 'content-type': 'application/json', 'x-ops-token': opsToken },
    });
    expect(asOperator.statusCode).toBe(401);
    expect((await getAs(app, '/notice/unread-count')).statusCode).toBe(401);
  });
});

describe('the merchant list', () => {
  it('shows published notices only, pinned first then newest, paged', async () => {
    const mark = tag();
    const older = await createNotice({
      texts: { zh_CN: text(`${mark} older`) },
      publishedAt: new Date(clock.now().getTime() - 2 * HOUR).toISOString(),
    });
    const newer = await createNotice({ texts: { zh_CN: text(`${mark} newer`) } });
    const pinned = await createNotice({
      texts: { zh_CN: text(`${mark} pinned`) },
      pinned: true,
      publishedAt: new Date(clock.now().getTime() - 5 * HOUR).toISOString(),
    });
    const scheduled = await createNotice({
      texts: { zh_CN: text(`${mark} scheduled`) },
      publishedAt: new Date(clock.now().getTime() + HOUR).toISOString(),
    });
    expect(scheduled.scheduled).toBe(true);
    const first = await page({ pageNo: 1, pageSize: 2, keyword: mark });
    expect(first.total).toBe(3);
    expect(first.list.map((n) => n.id)).toEqual([pinned.id, newer.id]);
    expect(first.list[0]).toMatchObject({ pinned: true, read: false, title: `${mark} pinned` });
    const second = await page({ pageNo: 2, pageSize: 2, keyword: mark });
    expect(second.list.map((n) => n.id)).toEqual([older.id]);
    expect((await merchantPost('/notice/detail', { id: scheduled.id })).status).toBe(404);
    // Its time comes: it shows, newest of the unpinned.
    clock.advance(HOUR);
    const later = await page({ pageNo: 1, pageSize: 10, keyword: mark });
    expect(later.list.map((n) => n.id)).toEqual([pinned.id, scheduled.id, newer.id, older.id]);
  });

  it('announces a scheduled notice again at its time, not once moved elsewhere or deleted', async () => {
    const announced = async (id: number) =>
      (
        await app.db
          .select({ n: count() })
          .from(merchantEvents)
          .where(
            and(
              eq(merchantEvents.type, 'notice'),
              sql`(${merchantEvents.payload}->>'noticeId')::int = ${id}`,
            ),
          )
      )[0]?.n ?? 0;
    const inAnHour = new Date(clock.now().getTime() + HOUR).toISOString();
    const kept = await createNotice({ texts: { zh_CN: text(`${tag()} kept`) }, publishedAt: inAnHour });
    const moved = await createNotice({ texts: { zh_CN: text(`${tag()} moved`) }, publishedAt: inAnHour });
    const deleted = await createNotice({ texts: { zh_CN: text(`${tag()} deleted`) }, publishedAt: inAnHour });
    // Saving the kept one again at the same time queues nothing more; the moved one goes 3 h on.
    const keptAgain = await ops('/notices/update', {
      id: kept.id,
      texts: { zh_CN: text('kept, edited') },
      publishedAt: inAnHour,
      pinned: false,
    });
    expect(keptAgain.body.code).toBe(0);
    const movedAway = await ops('/notices/update', {
      id: moved.id,
      texts: { zh_CN: text('moved') },
      publishedAt: new Date(clock.now().getTime() + 3 * HOUR).toISOString(),
      pinned: false,
    });
    expect(movedAway.body.code).toBe(0);
    expect((await ops('/notices/delete', { id: deleted.id })).body.code).toBe(0);
    // One announcement per save so far.
    expect([await announced(kept.id), await announced(moved.id), await announced(deleted.id)]).toEqual([
      2, 2, 2,
    ]);
    await app.jobs.drain();
    expect([await announced(kept.id), await announced(moved.id)]).toEqual([2, 2]);
    clock.advance(HOUR);
    await app.jobs.drain();
    expect([await announced(kept.id), await announced(moved.id), await announced(deleted.id)]).toEqual([
      3, 2, 2,
    ]);
    clock.advance(2 * HOUR);
    await app.jobs.drain();
    expect([await announced(kept.id), await announced(moved.id)]).toEqual([3, 3]);
  });

  it("reads in the merchant's language, zh_CN where the notice has none", async () => {
    const mark = tag();
    const both = await createNotice({
      texts: {
        zh_CN: text(`${mark} 费率调整`, '<p>新费率</p>', '中文摘要'),
        en_US: text(`${mark} Fee change`, '<p>New rates</p>', 'English summary'),
      },
    });
    const zhOnly = await createNotice({ texts: { zh_CN: text(`${mark} 仅中文`, '<p>只有中文</p>') } });
    const en = await page({ keyword: mark }, merchantA.token, 'en_US');
    expect(en.list.find((n) => n.id === both.id)).toMatchObject({
      title: `${mark} Fee change`,
      summary: 'English summary',
    });
    expect(en.list.find((n) => n.id === zhOnly.id)?.title).toBe(`${mark} 仅中文`);
    const tw = await page({ keyword: mark }, merchantA.token, 'zh_TW');
    expect(tw.list.find((n) => n.id === both.id)).toMatchObject({
      title: `${mark} 费率调整`,
      summary: '中文摘要',
    });
    const detailEn = noticeDetail.parse((await merchantPost('/notice/detail', { id: both.id })).body.data);
    expect(detailEn).toMatchObject({ lang: 'en_US', body: '<p>New rates</p>' });
    const detailVi = noticeDetail.parse(
      (await merchantPost('/notice/detail', { id: both.id }, merchantA.token, 'vi_VN')).body.data,
    );
    expect(detailVi).toMatchObject({ lang: 'zh_CN', body: '<p>新费率</p>' });
  });

  it('searches titles and bodies in that language, case-insensitively, wildcards taken literally', async () => {
    const mark = tag();
    const notice = await createNotice({
      texts: {
        zh_CN: text(`${mark} 维护通知`, '<p>周六 <strong>TRON</strong> 节点维护 100% 完成</p>'),
        en_US: text(
          `${mark} Maintenance`,
          '<p>The <strong>TRON</strong> node upgrade_window is Saturday</p>',
        ),
      },
    });
    const ids = async (keyword: string, lang = 'en_US') =>
      (await page({ keyword }, merchantA.token, lang)).list.map((n) => n.id);
    expect(await ids(mark.toUpperCase())).toContain(notice.id);
    expect(await ids('maintenance')).toContain(notice.id);
    expect(await ids('tron node UPGRADE')).toContain(notice.id);
    expect(await ids('upgrade_window')).toContain(notice.id);
    // Not the other language's text, not markup.
    expect(await ids('节点维护')).not.toContain(notice.id);
    expect(await ids('节点维护', 'zh_CN')).toContain(notice.id);
    expect(await ids('节点维护', 'vi_VN')).toContain(notice.id);
    expect(await ids('strong')).not.toContain(notice.id);
    // `_` and `%` are characters, not wildcards.
    expect(await ids('upgrade%window')).not.toContain(notice.id);
    expect(await ids('upgrade window'.replace(' ', '_'))).toContain(notice.id);
    expect(await ids('100%', 'zh_CN')).toContain(notice.id);
    expect(await ids('0_%', 'zh_CN')).not.toContain(notice.id);
  });

  it('refuses bad paging and keywords with 1001', async () => {
    for (const body of [
      { pageNo: 0 },
      { pageSize: 101 },
      { pageNo: 'x' },
      { keyword: 'k'.repeat(101) },
      { keyword: 5 },
    ]) {
      const response = await merchantPost('/notice/page', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.code).toBe(1001);
    }
    for (const body of [{}, { id: 'one' }, { id: -1 }, { id: 1.5 }]) {
      expect((await merchantPost('/notice/detail', body)).body.code).toBe(1001);
    }
    expect((await merchantPost('/notice/detail', { id: 987654321 })).status).toBe(404);
  });
});

describe('read state', () => {
  it('is kept per merchant; the unread count and mark-all follow it', async () => {
    const mark = tag();
    const startA = await unread(merchantA.token);
    const startB = await unread(merchantB.token);
    const one = await createNotice({ texts: { zh_CN: text(`${mark} one`) } });
    const two = await createNotice({ texts: { zh_CN: text(`${mark} two`) } });
    expect(await unread(merchantA.token)).toBe(startA + 2);
    await merchantPost('/notice/detail', { id: one.id });
    await merchantPost('/notice/detail', { id: one.id });
    expect(await unread(merchantA.token)).toBe(startA + 1);
    expect(await unread(merchantB.token)).toBe(startB + 2);
    const listA = await page({ keyword: mark });
    expect(Object.fromEntries(listA.list.map((n) => [n.id, n.read]))).toEqual({
      [one.id]: true,
      [two.id]: false,
    });
    const listB = await page({ keyword: mark }, merchantB.token);
    expect(listB.list.every((n) => !n.read)).toBe(true);
    const all = await merchantPost('/notice/read-all', {}, merchantB.token);
    expect(all.body.data).toEqual({ unread: 0 });
    expect(await unread(merchantB.token)).toBe(0);
    expect(await unread(merchantA.token)).toBe(startA + 1);
    // A scheduled notice is not counted until its time, nor marked by read-all before it.
    const ahead = await createNotice({
      texts: { zh_CN: text(`${mark} ahead`) },
      publishedAt: new Date(clock.now().getTime() + HOUR).toISOString(),
    });
    expect(await unread(merchantB.token)).toBe(0);
    clock.advance(HOUR);
    expect(await unread(merchantB.token)).toBe(1);
    expect((await page({ keyword: mark }, merchantB.token)).list.find((n) => n.id === ahead.id)?.read).toBe(
      false,
    );
    await merchantPost('/notice/read-all', {}, merchantB.token);
  });
});

describe('editing and deleting', () => {
  it('replaces the texts, keeps read marks, audits before and after; delete removes it', async () => {
    const mark = tag();
    const notice = await createNotice({
      texts: { zh_CN: text(`${mark} v1`), en_US: text(`${mark} v1 en`) },
    });
    await merchantPost('/notice/detail', { id: notice.id });
    const publishedAt = notice.publishedAt;
    const updated = await ops('/notices/update', {
      id: notice.id,
      texts: { zh_CN: text(`${mark} v2`, '<p>v2 <b>body</b></p><img src=x onerror=alert(1)>') },
      pinned: true,
    });
    expect(updated.body.code).toBe(0);
    const result = opsNoticeResult.strict().parse(updated.body.data).notice;
    expect(result).toMatchObject({
      title: `${mark} v2`,
      languages: ['zh_CN'],
      pinned: true,
      publishedAt,
      readCount: 1,
    });
    expect(result.texts.zh_CN.body).toBe('<p>v2 <b>body</b></p>');
    expect(result.texts.en_US).toBeUndefined();
    // en_US gone: reads as zh_CN again; still read by A.
    const en = await page({ keyword: mark });
    expect(en.list[0]).toMatchObject({ id: notice.id, title: `${mark} v2`, read: true, pinned: true });
    const detail = await ops('/notices/detail', { id: notice.id });
    expect(detail.body.data.notice.texts.zh_CN.title).toBe(`${mark} v2`);

    const unreadB = await unread(merchantB.token);
    const deleted = await ops('/notices/delete', { id: notice.id });
    expect(deleted.body).toMatchObject({ code: 0, data: null });
    expect((await page({ keyword: mark })).total).toBe(0);
    expect(await unread(merchantB.token)).toBe(unreadB - 1);
    expect((await ops('/notices/delete', { id: notice.id })).status).toBe(404);
    expect((await ops('/notices/update', { id: notice.id, texts: { zh_CN: text('x') } })).status).toBe(404);

    const audit = await app.db
      .select()
      .from(operatorAuditLog)
      .where(eq(operatorAuditLog.target, `notice:${notice.id}`))
      .orderBy(operatorAuditLog.id);
    expect(audit.map((row) => row.action)).toEqual(['notice_create', 'notice_update', 'notice_delete']);
    expect(audit[1]?.before).toMatchObject({
      pinned: false,
      titles: { zh_CN: `${mark} v1`, en_US: `${mark} v1 en` },
    });
    expect(audit[1]?.after).toMatchObject({ pinned: true, titles: { zh_CN: `${mark} v2` } });
    expect(audit[2]?.before).toMatchObject({ titles: { zh_CN: `${mark} v2` } });
  });

  it('lists every notice for the console, scheduled ones flagged, searched by title', async () => {
    const mark = tag();
    await createNotice({
      texts: { zh_CN: text(`${mark} later`), vi_VN: text(`${mark} sau`) },
      publishedAt: new Date(clock.now().getTime() + 24 * HOUR).toISOString(),
    });
    const response = await ops('/notices/page', { keyword: mark });
    expect(response.body.data.total).toBe(1);
    expect(response.body.data.list[0]).toMatchObject({
      title: `${mark} later`,
      languages: ['zh_CN', 'vi_VN'],
      scheduled: true,
      readCount: 0,
    });
    expect((await ops('/notices/page', { keyword: `${mark} sau` })).body.data.total).toBe(1);
  });
});
