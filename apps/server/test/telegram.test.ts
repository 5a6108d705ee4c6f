/**
 * Telegram alerts against a local fake Bot API: the status and the one-time deep link; the bot
 * binding a chat by `/start <code>` (polled with getUpdates), a used or unknown code refused;
 * alerts in the merchant's language for a completed collection and a payout's result, none for
 * other events; a callback whose retries are spent; `/stop`; a chat that blocked the bot is
 * unbound; another merchant's application is not found; without a token alerts are off.
 */
import { ErrorCode } from '@tollgate/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, telegramChats } from '../src/db/schema';
import { recordCallbackEvent } from '../src/modules/callbacks/callback-events';
import { webhookSecret } from '../src/modules/telegram/telegram-bot';
import { buildTestApp } from './helpers/build-test-app';
import { createApplication, createOrderRow } from './helpers/callback-receiver';
import { postJson } from './helpers/calls';
import { createMerchant, logInAs } from './helpers/factories';
import { type FakeTelegram, startFakeTelegram } from './helpers/fake-telegram';

let telegram: FakeTelegram;
let app: FastifyInstance;
let merchant: Awaited<ReturnType<typeof createMerchant>>;
let token: string;

beforeAll(async () => {
  telegram = await startFakeTelegram();
  app = await buildTestApp({
    env: {
      TELEGRAM_BOT_TOKEN: telegram.token,
      TELEGRAM_API_URL: telegram.url,
      ALLOW_PRIVATE_CALLBACKS: '1',
      CALLBACK_RETRY_DELAYS: '1',
    },
  });
  await app.ready();
  merchant = await createMerchant(app, { lang: 'en_US' });
  token = await logInAs(app, merchant);
});
afterAll(async () => {
  await app.close();
  await telegram.close();
});

const call = (path: string, body: unknown = {}, as = token) =>
  postJson(app, path, body, { token: as, lang: 'en_US' }).then((response) => response.json());

function startMessage(
  chatId: number,
  text: string,
  extra: { username?: string; title?: string; type?: string } = {},
) {
  return {
    message: {
      message_id: 1,
      chat: { id: chatId, type: extra.type ?? 'private', username: extra.username, title: extra.title },
      from: { id: chatId, language_code: 'en' },
      text,
    },
  };
}

async function connect(appId: string): Promise<string> {
  const answer = await call('/app/telegram/connect', { appId });
  expect(answer.code).toBe(0);
  const url = new URL(answer.data.url);
  expect(`${url.origin}${url.pathname}`).toBe(`https://t.me/${telegram.username}`);
  const code = url.searchParams.get('start') ?? '';
  expect(code).toMatch(/^[A-Za-z0-9_-]{20,64}$/);
  return code;
}

async function alertJobsOf(eventId: string) {
  const rows = await app.db.select().from(jobs).where(eq(jobs.kind, 'telegram'));
  return rows.filter((row) => (row.payload as { eventId: string }).eventId === eventId);
}

describe('Telegram alerts', () => {
  let shop: Awaited<ReturnType<typeof createApplication>>;

  it("says alerts are on with the bot's name, and no chat bound yet", async () => {
    shop = await createApplication(app, merchant.id);
    const status = await call('/app/telegram/status');
    expect(status).toMatchObject({
      code: 0,
      data: { enabled: true, botUsername: telegram.username, chats: [] },
    });
  });

  it('binds the chat that sends /start with the code, once, and answers in the merchant language', async () => {
    const code = await connect(shop.appId);
    telegram.push(startMessage(777, `/start ${code}`, { username: 'alice' }));
    const reply = await telegram.waitForMessage('777', 'Connected');
    expect(reply.text).toContain('“Shop”');
    const status = await call('/app/telegram/status');
    expect(status.data.chats).toEqual([{ appId: shop.appId, title: '@alice', linkedAt: expect.any(String) }]);
    // The same code again, from another chat: used.
    telegram.push(startMessage(778, `/start ${code}`));
    expect((await telegram.waitForMessage('778', 'expired or was already used')).text).toBeTruthy();
    telegram.push(startMessage(778, '/start not-a-code-we-gave-out-at-all'));
    telegram.push(startMessage(778, 'hello'));
    await telegram.waitForMessage('778', 'Open “Connect Telegram”');
    const chats = await app.db.select().from(telegramChats);
    expect(chats.map((chat) => chat.chatId)).toEqual(['777']);
  });

  it('alerts a completed collection and a failed payout, not a paid-but-open order', async () => {
    const order = await createOrderRow(app, shop);
    const completed = await app.db.transaction((tx) =>
      recordCallbackEvent(tx, {
        merchantId: merchant.id,
        applicationId: shop.id,
        orderId: order.id,
        type: 'collection.completed',
        data: { order: { orderNo: order.orderNo } },
        now: app.now(),
      }),
    );
    const paid = await recordCallbackEvent(app.db, {
      merchantId: merchant.id,
      applicationId: shop.id,
      orderId: order.id,
      type: 'collection.payment_received',
      data: { order: { orderNo: order.orderNo } },
      now: app.now(),
    });
    expect(await alertJobsOf(completed.id)).toHaveLength(1);
    expect(await alertJobsOf(paid.id)).toHaveLength(0);
    app.jobs.wake();
    const alert = await telegram.waitForMessage('777', order.orderNo);
    expect(alert.text.split('\n')).toEqual(
      expect.arrayContaining([
        '[Test mode] ✅ Collection completed · Shop',
        `Order: ${order.orderNo}`,
        'Amount: 10 USDT (TRON)',
      ]),
    );
    const failed = await recordCallbackEvent(app.db, {
      merchantId: merchant.id,
      applicationId: shop.id,
      orderId: order.id,
      type: 'payout.failed',
      data: { payout: { address: 'TXYZ', reason: 'the chain refused it' } },
      now: app.now(),
    });
    expect(await alertJobsOf(failed.id)).toHaveLength(1);
    app.jobs.wake();
    const payout = await telegram.waitForMessage('777', 'Payout failed');
    expect(payout.text).toContain('Reason: the chain refused it');
  });

  it('alerts a callback whose retries are spent, with the last error', async () => {
    // Nothing listens on port 9 of the loopback: every attempt is refused, then given up.
    const failing = await createApplication(app, merchant.id, { callbackUrl: 'http://127.0.0.1:9/hook' });
    const code = await connect(failing.appId);
    telegram.push(startMessage(-100200, `/start ${code}`, { type: 'group', title: 'Ops room' }));
    await telegram.waitForMessage('-100200', 'Connected');
    const order = await createOrderRow(app, failing);
    await recordCallbackEvent(app.db, {
      merchantId: merchant.id,
      applicationId: failing.id,
      orderId: order.id,
      type: 'collection.expired',
      data: { order: { orderNo: order.orderNo } },
      now: app.now(),
    });
    app.jobs.wake();
    const alert = await telegram.waitForMessage('-100200', 'Callback not delivered');
    expect(alert.text).toContain(`Order: ${order.orderNo}`);
    expect(alert.text).toContain('Event: collection.expired');
    expect(alert.text).toContain('Attempts: 2');
    expect(alert.text).toMatch(/Last error: .*ECONNREFUSED/);
  });

  it('waits as long as Telegram asks after a 429, then sends the alert', async () => {
    telegram.limitOnce('777', 1);
    const order = await createOrderRow(app, shop);
    await recordCallbackEvent(app.db, {
      merchantId: merchant.id,
      applicationId: shop.id,
      orderId: order.id,
      type: 'payout.completed',
      data: { payout: { address: 'TXYZ', reason: null } },
      now: app.now(),
    });
    const before = Date.now();
    app.jobs.wake();
    await telegram.waitForMessage('777', order.orderNo);
    expect(Date.now() - before).toBeGreaterThanOrEqual(1000);
  });

  it('/stop unbinds the chat; a chat that blocked the bot is unbound at the next alert', async () => {
    telegram.push(startMessage(777, '/stop'));
    await telegram.waitForMessage('777', 'Alerts for “Shop” are off');
    expect(
      (await call('/app/telegram/status')).data.chats.map((c: { appId: string }) => c.appId),
    ).not.toContain(shop.appId);
    const code = await connect(shop.appId);
    telegram.push(startMessage(779, `/start ${code}`));
    await telegram.waitForMessage('779', 'Connected');
    telegram.block('779');
    const order = await createOrderRow(app, shop);
    const event = await recordCallbackEvent(app.db, {
      merchantId: merchant.id,
      applicationId: shop.id,
      orderId: order.id,
      type: 'collection.completed',
      data: { order: { orderNo: order.orderNo } },
      now: app.now(),
    });
    app.jobs.wake();
    await expect
      .poll(async () => (await alertJobsOf(event.id))[0]?.doneAt ?? null, { timeout: 30_000 })
      .not.toBeNull();
    expect(await app.db.select().from(telegramChats).where(eq(telegramChats.applicationId, shop.id))).toEqual(
      [],
    );
  });

  it("another merchant cannot link or unlink this merchant's application", async () => {
    const other = await createMerchant(app);
    const otherToken = await logInAs(app, other);
    for (const path of ['/app/telegram/connect', '/app/telegram/disconnect']) {
      const answer = await call(path, { appId: shop.appId }, otherToken);
      expect(answer.code).toBe(ErrorCode.NOT_FOUND);
    }
    const invalid = await call('/app/telegram/connect', {});
    expect(invalid.code).toBe(ErrorCode.VALIDATION_FAILED);
  });
});

describe('with TELEGRAM_WEBHOOK=1', () => {
  it('takes updates only with the secret header, and binds the chat', async () => {
    const hooked = await buildTestApp({
      env: { TELEGRAM_BOT_TOKEN: telegram.token, TELEGRAM_API_URL: telegram.url, TELEGRAM_WEBHOOK: '1' },
    });
    try {
      await hooked.ready();
      const owner = await createMerchant(hooked, { lang: 'en_US' });
      const ownerToken = await logInAs(hooked, owner);
      const application = await createApplication(hooked, owner.id);
      const answer = (
        await postJson(hooked, '/app/telegram/connect', { appId: application.appId }, { token: ownerToken })
      ).json();
      const code = new URL(answer.data.url).searchParams.get('start') ?? '';
      const update = { update_id: 1, ...startMessage(4242, `/start ${code}`) };
      const refused = await hooked.inject({ method: 'POST', url: '/telegram/webhook', payload: update });
      expect(refused.statusCode).toBe(401);
      const wrong = await hooked.inject({
        method: 'POST',
        url: '/telegram/webhook',
        payload: update,
        headers: { 'x-telegram-bot-api-secret-token': 'a'.repeat(64) },
      });
      expect(wrong.statusCode).toBe(401);
      const accepted = await hooked.inject({
        method: 'POST',
        url: '/telegram/webhook',
        payload: update,
        headers: { 'x-telegram-bot-api-secret-token': webhookSecret(telegram.token) },
      });
      expect(accepted.json()).toEqual({ ok: true });
      await telegram.waitForMessage('4242', 'Connected');
      const chats = await hooked.db.select().from(telegramChats);
      expect(chats.map((chat) => chat.chatId)).toEqual(['4242']);
    } finally {
      await hooked.close();
    }
  });
});

describe('without TELEGRAM_BOT_TOKEN', () => {
  it('says alerts are off, and a connect is refused with a clear message', async () => {
    const plain = await buildTestApp();
    try {
      await plain.ready();
      const owner = await createMerchant(plain);
      const ownerToken = await logInAs(plain, owner);
      const application = await createApplication(plain, owner.id);
      const status = (await postJson(plain, '/app/telegram/status', {}, { token: ownerToken })).json();
      expect(status.data).toEqual({ enabled: false, botUsername: null, chats: [] });
      const connect = (
        await postJson(
          plain,
          '/app/telegram/connect',
          { appId: application.appId },
          { token: ownerToken, lang: 'en_US' },
        )
      ).json();
      expect(connect).toMatchObject({
        code: ErrorCode.TELEGRAM_OFF,
        message: 'Telegram alerts are off on this server (no bot token is set).',
      });
    } finally {
      await plain.close();
    }
  });
});
