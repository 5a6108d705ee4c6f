import { expect, test } from '../src/fixtures';
import { freshMerchant, postFront } from '../src/fresh-merchant';
import { ENV, readBaseUrl } from '../src/server-env';
import { createSignedOrder } from '../src/signed-orders';

/**
 * Telegram alerts (issue 9) against the suite's fake Bot API (started by global setup; the
 * server's bot long-polls it): a new merchant connects an application from its card, the test
 * plays the user pressing Start in a group, the card shows the chat; a paid order's alert
 * arrives in the merchant's language; disconnecting asks first and frees the card again.
 */
interface SentMessage {
  chatId: string;
  text: string;
}

function fakeTelegramUrl(): string {
  const url = process.env[ENV.telegramUrl];
  if (!url) throw new Error(`${ENV.telegramUrl} is not set: global setup did not run`);
  return url;
}

async function sentTo(chatId: string): Promise<SentMessage[]> {
  const response = await fetch(`${fakeTelegramUrl()}/__fake/sent`);
  const { result } = (await response.json()) as { result: SentMessage[] };
  return result.filter((message) => message.chatId === chatId);
}

async function pressStart(chatId: number, code: string) {
  await fetch(`${fakeTelegramUrl()}/__fake/updates`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      message: {
        message_id: 1,
        chat: { id: chatId, type: 'group', title: 'Shop ops' },
        from: { id: 1, language_code: 'zh-hans' },
        text: `/start@tollgate_test_bot ${code}`,
      },
    }),
  });
}

test('connect an application to a Telegram chat, get a paid order there, disconnect', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(180_000);
  const baseUrl = readBaseUrl();
  const merchant = await freshMerchant('e2e-telegram');
  const created = (await postFront(
    '/app/create',
    { name: 'Alert shop' },
    { token: merchant.token, json: true },
  )) as {
    app: { appId: string };
    appSecret: string;
  };
  await context.addCookies([{ name: 'token', value: merchant.token, url: baseUrl, sameSite: 'Strict' }]);
  // A chat id of this test's own: the fake Bot API is shared by the whole suite.
  const chatId = -(100_000 + Math.floor(Math.random() * 800_000));

  await page.goto('/application');
  const card = page.getByTestId('app-card');
  await card.getByTestId('app-telegramConnect').click();
  const link = page.getByTestId('telegram-connect-link');
  await expect(link).toHaveAttribute('href', /^https:\/\/t\.me\/tollgate_test_bot\?start=[A-Za-z0-9_-]+$/);
  await expect(page.getByTestId('telegram-connect-steps')).toContainText('点击“开始”');
  const code = new URL((await link.getAttribute('href')) ?? '').searchParams.get('start') ?? '';
  await page.screenshot({ path: testInfo.outputPath('telegram-connect-1440-zh-cn.png') });

  await pressStart(chatId, code);
  await expect(page.getByTestId('telegram-connect-done')).toContainText('已绑定 Shop ops', {
    timeout: 30_000,
  });
  await expect
    .poll(async () => (await sentTo(String(chatId))).map((m) => m.text).join('\n'))
    .toContain('已绑定。应用「Alert shop」');
  await page.getByTestId('telegram-connect-close').click();
  await expect(card.getByTestId('app-telegram-bound')).toContainText('发送到 Shop ops');
  await page.screenshot({ path: testInfo.outputPath('telegram-card-1440-zh-cn.png') });

  // A shop order paid in full on the devnet: its completion is alerted in the group.
  const order = await createSignedOrder(
    baseUrl,
    { appId: created.app.appId, appSecret: created.appSecret },
    { currency: 'USDT', network: 'TRON', amount: '12.5' },
  );
  await postFront('/cashier/simulate', { orderNo: order.orderNo, amount: '12.5' }, { json: true });
  await expect
    .poll(
      async () => (await sentTo(String(chatId))).find((m) => m.text.includes(order.orderNo))?.text ?? '',
      {
        timeout: 90_000,
      },
    )
    .toContain('✅ 代收完成 · Alert shop');
  const alert = (await sentTo(String(chatId))).find((m) => m.text.includes(order.orderNo))?.text ?? '';
  expect(alert).toContain('金额: 12.5 USDT (TRON)');

  await card.getByTestId('app-telegramDisconnect').click();
  await page.getByTestId('app-telegram-disconnect-confirm').click();
  await expect(card.getByTestId('app-telegramConnect')).toBeVisible();
});
