import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { App as AppItem } from '@tollgate/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../../../test/api-mock';
import { typeGoogleCode } from '../../../../test/google-code';
import { renderWithProviders } from '../../../../test/render';
import ApplicationPage from './application-page';

const SECRET = 'a1b2c3d4e5f60718293a4b5c6d7e8f900112233445566778899aabbccddeeff0';

function buildApp(overrides: Partial<AppItem> = {}): AppItem {
  return {
    appId: 'app_0123456789abcdef0123',
    name: 'My shop',
    description: 'Online shop',
    icon: '',
    telegram: 'shop_support',
    callbackUrl: 'https://shop.example.com/notify',
    ipWhitelist: '203.0.113.9,10.0.0.0/8',
    secretMasked: 'a1b2********eff0',
    createdAt: '2026-01-15T08:00:00.000Z',
    todayPayCount: 3,
    yesterdayPayCount: 7,
    todayPayoutCount: 0,
    yesterdayPayoutCount: 1,
    ...overrides,
  };
}

const MERCHANT = (googleState: boolean) =>
  ok({
    merchantId: '100007',
    email: 'ana@shop.dev',
    phone: null,
    countryCode: null,
    googleState,
    lang: 'en_US',
    createdAt: '2026-01-01T00:00:00Z',
  });

const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

afterEach(() => vi.unstubAllGlobals());

describe('My applications', () => {
  it('says there is none yet and offers to create one', async () => {
    mockApi({ '/app/list': ok({ list: [] }) });
    renderWithProviders(<ApplicationPage />);
    const empty = await screen.findByTestId('empty-data');
    expect(empty.textContent).toContain('No applications yet');
    expect(within(empty).getByTestId('app-add')).toBeTruthy();
  });

  it('shows a failed load with a retry that loads again', async () => {
    const api = mockApi({ '/app/list': [fail(500, 'The server is busy'), ok({ list: [buildApp()] })] });
    renderWithProviders(<ApplicationPage />);
    const error = await screen.findByTestId('app-list-error');
    expect(error.textContent).toContain('The server is busy');
    fireEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('app-card')).toBeTruthy();
    expect(api.callsTo('/app/list')).toHaveLength(2);
  });

  it('shows each card with its ID, masked secret, counts and settings', async () => {
    mockApi({
      '/app/list': ok({
        list: [
          buildApp(),
          buildApp({ appId: 'app_ffffffffffffffffffff', name: 'Second', ipWhitelist: '', telegram: '' }),
        ],
      }),
    });
    renderWithProviders(<ApplicationPage />);
    const cards = await screen.findAllByTestId('app-card');
    expect(cards).toHaveLength(2);
    const first = cards[0] as HTMLElement;
    expect(within(first).getByTestId('app-card-app-id').textContent).toContain('app_0123456789abcdef0123');
    expect(within(first).getByTestId('app-card-secret').textContent).toBe('a1b2********eff0');
    expect(within(first).getByTestId('app-card-payments').textContent).toBe('Collections37');
    expect(within(first).getByTestId('app-card-payouts').textContent).toBe('Payouts01');
    expect(within(first).getByTestId('app-card-counts').textContent).toMatch(
      /^Completed ordersTodayYesterday/,
    );
    expect(first.textContent).toContain('https://shop.example.com/notify');
    expect(first.textContent).toContain('203.0.113.9, 10.0.0.0/8');
    expect(first.textContent).toContain('@shop_support');
    expect(first.textContent).not.toContain(SECRET);
    expect((cards[1] as HTMLElement).textContent).toContain('Not set: any IP may call');
    // A copy button beside the APPID.
    expect(within(first).getByRole('button', { name: /copy/i })).toBeTruthy();
  });

  it('checks the form with the server rules before sending, naming a bad whitelist entry', async () => {
    const api = mockApi({ '/app/list': ok({ list: [] }) });
    renderWithProviders(<ApplicationPage />);
    fireEvent.click(await screen.findByTestId('app-add'));
    const form = await screen.findByTestId('app-form');
    type(within(form).getByTestId('app-form-telegram'), 'abc');
    type(within(form).getByTestId('app-form-callback-url'), 'ftp://shop.example.com');
    type(within(form).getByTestId('app-form-ip-whitelist'), '203.0.113.9, 300.1.2.3');
    fireEvent.click(screen.getByTestId('app-form-submit'));
    expect(await within(form).findByText('Please enter the application name')).toBeTruthy();
    expect(await within(form).findByText(/A Telegram username is 5-32 letters/)).toBeTruthy();
    expect(await within(form).findByText(/Enter a URL starting with http:\/\/ or https:\/\//)).toBeTruthy();
    expect(await within(form).findByText('Not a valid IP address or CIDR range: 300.1.2.3')).toBeTruthy();
    expect(api.callsTo('/app/create')).toEqual([]);
  });

  it('creates an application and shows its secret once, with a copy button', async () => {
    const created = buildApp();
    const api = mockApi({
      '/app/list': [ok({ list: [] }), ok({ list: [created] })],
      '/app/create': [
        fail(1001, 'Not a valid IP address or CIDR range: 10.0.0.0/40', {
          errors: [{ field: 'ipWhitelist', message: 'Invalid CIDR prefix length: 10.0.0.0/40' }],
        }),
        ok({ app: created, appSecret: SECRET }),
      ],
    });
    renderWithProviders(<ApplicationPage />);
    fireEvent.click(await screen.findByTestId('app-add'));
    const form = await screen.findByTestId('app-form');
    type(within(form).getByTestId('app-form-name'), 'My shop');
    type(within(form).getByTestId('app-form-telegram'), '@shop_support');
    fireEvent.click(screen.getByTestId('app-form-submit'));
    // A rule only the server knows lands on its field.
    expect(await within(form).findByText('Invalid CIDR prefix length: 10.0.0.0/40')).toBeTruthy();
    fireEvent.click(screen.getByTestId('app-form-submit'));
    const value = await screen.findByTestId('app-secret-value');
    expect(value.textContent).toContain(SECRET);
    expect(screen.getByText(/Copy it now and keep it on your server only/)).toBeTruthy();
    expect(api.callsTo('/app/create')[1]?.body).toMatchObject({
      name: 'My shop',
      telegram: '@shop_support',
      callbackUrl: '',
      ipWhitelist: '',
      icon: '',
    });
    fireEvent.click(screen.getByTestId('app-secret-done'));
    expect(await screen.findByTestId('app-card')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('app-secret-value')).toBeNull());
  });

  it('shows the secret after the password and the Google code when Google is bound', async () => {
    const api = mockApi({
      '/app/list': ok({ list: [buildApp()] }),
      '/merchant/info': MERCHANT(true),
      '/app/secret': [fail(1203, 'Incorrect Google Authenticator code'), ok({ appSecret: SECRET })],
    });
    renderWithProviders(<ApplicationPage />);
    fireEvent.click(await screen.findByTestId('app-viewSecret'));
    const form = await screen.findByTestId('app-secret-form');
    await waitFor(() => expect(screen.getByTestId('app-secret-google-code')).toBeTruthy());
    type(within(form).getByTestId('app-secret-password'), 'Secret123');
    typeGoogleCode('app-secret-google-code', '123456');
    fireEvent.click(screen.getByTestId('app-secret-submit'));
    expect((await screen.findByTestId('app-secret-error')).textContent).toContain(
      'Incorrect Google Authenticator code',
    );
    typeGoogleCode('app-secret-google-code', '654321');
    fireEvent.click(screen.getByTestId('app-secret-submit'));
    expect((await screen.findByTestId('app-secret-value')).textContent).toContain(SECRET);
    expect(api.callsTo('/app/secret')[1]?.body).toMatchObject({
      appId: 'app_0123456789abcdef0123',
      password: 'Secret123',
      googleCode: '654321',
    });
  });

  it('asks for the password only when Google is not bound', async () => {
    const api = mockApi({
      '/app/list': ok({ list: [buildApp()] }),
      '/merchant/info': MERCHANT(false),
      '/app/secret': ok({ appSecret: SECRET }),
    });
    renderWithProviders(<ApplicationPage />);
    fireEvent.click(await screen.findByTestId('app-viewSecret'));
    const form = await screen.findByTestId('app-secret-form');
    type(within(form).getByTestId('app-secret-password'), 'Secret123');
    expect(screen.queryByTestId('app-secret-google-code')).toBeNull();
    fireEvent.click(screen.getByTestId('app-secret-submit'));
    expect((await screen.findByTestId('app-secret-value')).textContent).toContain(SECRET);
    expect(api.callsTo('/app/secret')[0]?.body).not.toHaveProperty('googleCode');
  });

  it('warns before a reset that the old secret stops at once, then shows the new one', async () => {
    const api = mockApi({
      '/app/list': ok({ list: [buildApp()] }),
      '/merchant/info': MERCHANT(false),
      '/app/secret/reset': ok({ appSecret: SECRET }),
    });
    renderWithProviders(<ApplicationPage />);
    fireEvent.click(await screen.findByTestId('app-resetSecret'));
    expect((await screen.findByTestId('app-secret-reset-warning')).textContent).toContain(
      'The current secret stops working at once',
    );
    type(within(screen.getByTestId('app-secret-form')).getByTestId('app-secret-password'), 'Secret123');
    fireEvent.click(screen.getByTestId('app-secret-submit'));
    expect((await screen.findByTestId('app-secret-value')).textContent).toContain(SECRET);
    expect(screen.getByText('New app secret')).toBeTruthy();
    expect(api.callsTo('/app/secret/reset')).toHaveLength(1);
  });

  it('deletes only after the confirmation', async () => {
    const api = mockApi({
      '/app/list': [ok({ list: [buildApp()] }), ok({ list: [] })],
      '/app/delete': ok(),
    });
    renderWithProviders(<ApplicationPage />);
    fireEvent.click(await screen.findByTestId('app-delete'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Delete application My shop?');
    expect(dialog.textContent).toContain('Its orders stay in your records');
    expect(api.callsTo('/app/delete')).toEqual([]);
    await act(async () => fireEvent.click(screen.getByTestId('app-delete-confirm')));
    expect(await screen.findByTestId('empty-data')).toBeTruthy();
    expect(api.callsTo('/app/delete')[0]?.body).toMatchObject({ appId: 'app_0123456789abcdef0123' });
  });

  it('edits with the current values filled in', async () => {
    const api = mockApi({
      '/app/list': ok({ list: [buildApp()] }),
      '/app/update': ok({ app: buildApp({ name: 'Renamed' }) }),
    });
    renderWithProviders(<ApplicationPage />);
    fireEvent.click(await screen.findByTestId('app-edit'));
    const form = await screen.findByTestId('app-form');
    const name = within(form).getByTestId('app-form-name') as HTMLInputElement;
    expect(name.value).toBe('My shop');
    expect((within(form).getByTestId('app-form-ip-whitelist') as HTMLTextAreaElement).value).toBe(
      '203.0.113.9, 10.0.0.0/8',
    );
    type(name, 'Renamed');
    fireEvent.click(screen.getByTestId('app-form-submit'));
    await waitFor(() => expect(api.callsTo('/app/update')).toHaveLength(1));
    expect(api.callsTo('/app/update')[0]?.body).toMatchObject({
      appId: 'app_0123456789abcdef0123',
      name: 'Renamed',
      telegram: '@shop_support',
      ipWhitelist: '203.0.113.9, 10.0.0.0/8',
    });
  });
});
