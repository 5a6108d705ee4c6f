import { createHmac } from 'node:crypto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { App as AppItem } from '@tollgate/contracts';
import { useLocation } from 'react-router';
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
  callbackUrl: 'https://shop.example.com/notify',
  ipWhitelist: '',
  secretMasked: 'a1b2********eff0',
  createdAt: '2026-01-15T08:00:00.000Z',
  todayPayCount: 0,
  yesterdayPayCount: 0,
  todayPayoutCount: 0,
  yesterdayPayoutCount: 0,
};
const MERCHANT = ok({
  merchantId: '100007',
  email: 'a@b.dev',
  phone: null,
  countryCode: null,
  googleState: false,
  lang: 'en_US',
  createdAt: '2026-01-01T00:00:00Z',
});

afterEach(() => vi.unstubAllGlobals());

describe('My applications: callback tools', () => {
  it('sends a test event to the callback URL and shows the attempt', async () => {
    const api = mockApi({
      '/app/list': ok({ list: [APP] }),
      '/merchant/info': MERCHANT,
      '/app/callback/test': ok({
        eventId: 'evt_test',
        eventType: 'test',
        attempt: 1,
        createdAt: '2026-11-25T03:00:00.000Z',
        url: APP.callbackUrl,
        requestBody: '{"id":"evt_test","type":"test"}',
        responseStatus: 200,
        responseBody: 'success',
        durationMs: 31,
        error: null,
        errorCode: null,
        acknowledged: true,
      }),
    });
    renderWithProviders(<ApplicationPage />);
    fireEvent.click(await screen.findByTestId('app-testEvent'));
    const result = await screen.findByTestId('test-event-outcome');
    expect(result.textContent).toContain('Acknowledged: your endpoint answered success');
    expect(api.callsTo('/app/callback/test')[0]?.body.appId).toBe(APP.appId);
    expect(screen.getByTestId('test-event-result').textContent).toContain('31 ms');
  });

  it('offers no test event without a callback URL', async () => {
    mockApi({ '/app/list': ok({ list: [{ ...APP, callbackUrl: '' }] }), '/merchant/info': MERCHANT });
    renderWithProviders(<ApplicationPage />);
    expect((await screen.findByTestId('app-testEvent')).hasAttribute('disabled')).toBe(true);
  });

  it('checks a pasted signature in the page: valid, then invalid for another body', async () => {
    const api = mockApi({ '/app/list': ok({ list: [APP] }), '/merchant/info': MERCHANT });
    renderWithProviders(<ApplicationPage />);
    fireEvent.click(await screen.findByTestId('app-signature-check'));
    const secret = 'a1b2c3d4e5f60718293a4b5c6d7e8f900112233445566778899aabbccddeeff0';
    const body = '{"id":"evt_1","type":"collection.completed"}';
    const t = Math.floor(Date.now() / 1000);
    const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    fireEvent.change(screen.getByTestId('signature-header'), { target: { value: `t=${t},v1=${v1}` } });
    fireEvent.change(screen.getByTestId('signature-body'), { target: { value: body } });
    fireEvent.change(screen.getByTestId('signature-secret'), { target: { value: secret } });
    fireEvent.click(screen.getByTestId('signature-check-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('signature-result').textContent).toMatch(/^Valid signature, made \d+ s ago$/),
    );
    fireEvent.change(screen.getByTestId('signature-body'), { target: { value: `${body} ` } });
    fireEvent.click(screen.getByTestId('signature-check-submit'));
    await waitFor(() =>
      expect(within(screen.getByTestId('signature-result')).getByRole('alert').textContent).toContain(
        'Invalid signature',
      ),
    );
    // Nothing of it went to the server.
    expect(api.calls.map((call) => call.path)).not.toContain('/app/callback/test');
    expect(JSON.stringify(api.calls)).not.toContain(secret);
  });

  it('opens the signature check from ?tool=signature (the API documentation links it) and drops it on close', async () => {
    mockApi({ '/app/list': ok({ list: [APP] }), '/merchant/info': MERCHANT });
    function Search() {
      return <output data-testid="search">{useLocation().search}</output>;
    }
    renderWithProviders(
      <>
        <ApplicationPage />
        <Search />
      </>,
      { path: '/application', initialEntry: '/application?tool=signature&x=1' },
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('signature-header')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.getByTestId('search').textContent).toBe('?x=1'));
    await waitFor(() => expect(screen.queryByTestId('signature-header')).toBeNull());
  });

  it('opens no tool without the query', async () => {
    mockApi({ '/app/list': ok({ list: [APP] }), '/merchant/info': MERCHANT });
    renderWithProviders(<ApplicationPage />, {
      path: '/application',
      initialEntry: '/application?tool=other',
    });
    await screen.findByTestId('app-signature-check');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
