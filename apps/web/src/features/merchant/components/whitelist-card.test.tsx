import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../../../test/api-mock';
import { buildProfile } from '../../../../test/factories';
import { typeGoogleCode } from '../../../../test/google-code';
import { renderWithProviders } from '../../../../test/render';
import { clearCountdown } from '../../../shared/lib/use-countdown';
import { WhitelistCard } from './whitelist-card';

const TRON = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
const ENTRY = { id: 7, chainId: 'TRON', address: TRON, label: 'Cold', createdAt: '2026-11-25T09:00:00.000Z' };
const BOUND = ok({ isBindGoogle: true, secret: null, otpauthUrl: null });
const CHAINS = ok([
  { chainId: 'TRON', chainName: 'Tron', nativeCoin: 'TRX', icon: '', sort: 1 },
  { chainId: 'ETH', chainName: 'Ethereum', nativeCoin: 'ETH', icon: '', sort: 2 },
]);
const RUNTIME = ok({
  chainMode: 'devnet',
  chains: [
    { chainId: 'TRON', enabled: true, confirmations: 3 },
    { chainId: 'ETH', enabled: true, confirmations: 3 },
  ],
});
const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearCountdown(`whitelist:${buildProfile().merchantId}`);
});

describe('WhitelistCard', () => {
  it('without Google bound, says so and offers no change', async () => {
    mockApi({
      '/merchant/whitelist/list': ok({ enabled: false, list: [] }),
      '/google/check': ok({ isBindGoogle: false, secret: 'ABC', otpauthUrl: 'otpauth://totp/x' }),
      '/userConfigFeign/pageUserInfo': ok(buildProfile()),
      '/config/chainList': CHAINS,
    });
    renderWithProviders(<WhitelistCard />);
    expect((await screen.findByTestId('whitelist-need-google')).textContent).toContain(
      'Bind Google Authenticator first',
    );
    expect(screen.getByTestId('whitelist-open-add').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('whitelist-switch').hasAttribute('disabled')).toBe(true);
    expect(await screen.findByText('No address yet')).toBeTruthy();
  });

  it('adds an address with the emailed and Google codes, after checking its shape here', async () => {
    const api = mockApi({
      '/merchant/whitelist/list': ok({ enabled: false, list: [] }),
      '/google/check': BOUND,
      '/userConfigFeign/pageUserInfo': ok(buildProfile()),
      '/config/chainList': CHAINS,
      '/config/runtime': RUNTIME,
      '/merchant/whitelist/code': ok(),
      '/merchant/whitelist/add': [
        fail(1203, 'Incorrect Google Authenticator code'),
        ok({ enabled: false, list: [ENTRY] }),
      ],
    });
    renderWithProviders(<WhitelistCard />);
    fireEvent.click(await screen.findByTestId('whitelist-open-add'));
    const modal = await screen.findByTestId('whitelist-add-form');
    // Tron is picked through the select's options.
    fireEvent.mouseDown(within(modal).getByRole('combobox'));
    fireEvent.click(await screen.findByText('Tron', { selector: '.ant-select-item-option-content' }));
    type('whitelist-add-address', '0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    fireEvent.click(screen.getByTestId('whitelist-add-submit'));
    expect(await within(modal).findByText('Not a valid TRON address')).toBeTruthy();
    expect((await within(modal).findAllByText('Please enter the 6-digit code')).length).toBeGreaterThan(0);
    expect(api.callsTo('/merchant/whitelist/add')).toHaveLength(0);

    const sendCode = await screen.findByTestId('whitelist-add-send-code');
    await act(async () => fireEvent.click(sendCode));
    await waitFor(() =>
      expect(screen.getByTestId('whitelist-add-send-code').textContent).toMatch(/^Resend in/),
    );
    expect(api.callsTo('/merchant/whitelist/code')).toHaveLength(1);
    type('whitelist-add-address', TRON);
    type('whitelist-add-label', 'Cold');
    type('whitelist-add-email-code', '111111');
    typeGoogleCode('whitelist-add-google-code', '222222');
    fireEvent.click(screen.getByTestId('whitelist-add-submit'));
    expect(await within(modal).findByText('Incorrect Google Authenticator code')).toBeTruthy();
    typeGoogleCode('whitelist-add-google-code', '333333');
    fireEvent.click(screen.getByTestId('whitelist-add-submit'));
    expect(await screen.findByText('Address added to the whitelist')).toBeTruthy();
    expect(api.callsTo('/merchant/whitelist/add').at(-1)?.body).toEqual(
      expect.objectContaining({
        chainId: 'TRON',
        address: TRON,
        label: 'Cold',
        emailCode: '111111',
        googleCode: '333333',
      }),
    );
    const table = screen.getByTestId('whitelist-table');
    expect(await within(table).findByText(TRON)).toBeTruthy();
    expect(within(table).getByText('Tron')).toBeTruthy();
  });

  it('turns the whitelist off with the Google code, warning of the 24 h pause; removes an address', async () => {
    const api = mockApi({
      '/merchant/whitelist/list': ok({ enabled: true, list: [ENTRY] }),
      '/google/check': BOUND,
      '/userConfigFeign/pageUserInfo': ok(buildProfile()),
      '/config/chainList': CHAINS,
      '/merchant/whitelist/switch': ok({ enabled: false, list: [ENTRY] }),
      '/merchant/whitelist/remove': ok({ enabled: false, list: [] }),
    });
    renderWithProviders(<WhitelistCard />);
    fireEvent.click(await screen.findByTestId('whitelist-switch'));
    const off = await screen.findByTestId('whitelist-switch-modal');
    expect(off.textContent).toContain('paused for 24 hours');
    typeGoogleCode('whitelist-switch-modal-google-code', '123456');
    fireEvent.click(screen.getByTestId('whitelist-switch-modal-submit'));
    expect(await screen.findByText('The whitelist is off; withdrawals are paused for 24 hours')).toBeTruthy();
    expect(api.callsTo('/merchant/whitelist/switch').at(-1)?.body).toEqual(
      expect.objectContaining({
        enabled: false,
        googleCode: '123456',
      }),
    );

    fireEvent.click(screen.getByTestId('whitelist-remove'));
    const remove = await screen.findByTestId('whitelist-remove-modal');
    expect(remove.textContent).toContain(TRON);
    typeGoogleCode('whitelist-remove-modal-google-code', '654321');
    fireEvent.click(screen.getByTestId('whitelist-remove-modal-submit'));
    expect(await screen.findByText('Address removed')).toBeTruthy();
    expect(api.callsTo('/merchant/whitelist/remove').at(-1)?.body).toEqual(
      expect.objectContaining({ id: 7, googleCode: '654321' }),
    );
    expect(await screen.findByText('No address yet')).toBeTruthy();
  });
});
