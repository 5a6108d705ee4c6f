import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { App as AppItem } from '@tollgate/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../../../../test/api-mock';
import { renderWithProviders } from '../../../../test/render';
import ApplicationPage from './application-page';

const APP: AppItem = {
  appId: 'app_0123456789abcdef0123',
  name: 'My shop',
  description: '',
  icon: '',
  telegram: '',
  callbackUrl: '',
  ipWhitelist: '',
  secretMasked: 'a1b2********eff0',
  createdAt: '2026-01-15T08:00:00.000Z',
  todayPayCount: 0,
  yesterdayPayCount: 0,
  todayPayoutCount: 0,
  yesterdayPayoutCount: 0,
};
const LINK = 'https://t.me/tollgate_bot?start=AbCdEfGhIjKlMnOpQrStUvWx';
const unbound = ok({ enabled: true, botUsername: 'tollgate_bot', chats: [] });
const bound = ok({
  enabled: true,
  botUsername: 'tollgate_bot',
  chats: [{ appId: APP.appId, title: '@alice', linkedAt: '2026-11-26T08:00:00.000Z' }],
});

afterEach(() => vi.unstubAllGlobals());

describe('Telegram alerts on the application card', () => {
  it('says alerts are off when the server has no bot', async () => {
    mockApi({
      '/app/list': ok({ list: [APP] }),
      '/app/telegram/status': ok({ enabled: false, botUsername: null, chats: [] }),
    });
    renderWithProviders(<ApplicationPage />);
    expect((await screen.findByTestId('app-telegram-off')).textContent).toBe(
      'Telegram alerts are off on this server',
    );
    expect(screen.queryByTestId('app-telegramConnect')).toBeNull();
  });

  it('hands out the deep link, says what to do, and turns to connected once the chat is bound', async () => {
    const api = mockApi({
      '/app/list': ok({ list: [APP] }),
      '/app/telegram/status': [unbound, unbound, bound],
      '/app/telegram/connect': ok({ url: LINK, expiresAt: '2026-11-26T08:15:00.000Z' }),
    });
    renderWithProviders(<ApplicationPage />);
    fireEvent.click(await screen.findByTestId('app-telegramConnect'));
    const link = await screen.findByTestId('telegram-connect-link');
    expect(link.getAttribute('href')).toBe(LINK);
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(api.callsTo('/app/telegram/connect')[0]?.body).toMatchObject({ appId: APP.appId });
    expect(screen.getByTestId('telegram-connect-steps').textContent).toContain('Press Start');
    const done = await screen.findByTestId('telegram-connect-done', {}, { timeout: 10_000 });
    expect(done.textContent).toContain('Connected to @alice');
    fireEvent.click(screen.getByTestId('telegram-connect-close'));
    await waitFor(() =>
      expect(screen.getByTestId('app-telegram-bound').textContent).toContain('To @alice since'),
    );
  });

  it('disconnects after a confirmation', async () => {
    const api = mockApi({
      '/app/list': ok({ list: [APP] }),
      '/app/telegram/status': [bound, unbound],
      '/app/telegram/disconnect': ok(null),
    });
    renderWithProviders(<ApplicationPage />);
    const line = await screen.findByTestId('app-telegram-bound');
    fireEvent.click(within(line).getByTestId('app-telegramDisconnect'));
    expect(api.callsTo('/app/telegram/disconnect')).toHaveLength(0);
    fireEvent.click(await screen.findByTestId('app-telegram-disconnect-confirm'));
    await waitFor(() => expect(api.callsTo('/app/telegram/disconnect')).toHaveLength(1));
    expect(await screen.findByTestId('app-telegramConnect')).toBeTruthy();
  });
});
