import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../../../test/api-mock';
import { typeGoogleCode } from '../../../../test/google-code';
import { renderWithProviders } from '../../../../test/render';
import { GoogleCard } from './google-card';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const UNBOUND = ok({
  isBindGoogle: false,
  secret: SECRET,
  otpauthUrl: `otpauth://totp/Tollgate:ana%40shop.dev?secret=${SECRET}&issuer=Tollgate`,
});
const BOUND = ok({ isBindGoogle: true, secret: null, otpauthUrl: null });

afterEach(() => vi.unstubAllGlobals());

describe('GoogleCard while unbound', () => {
  it('shows the QR code and the secret for manual entry, and binds with password and code', async () => {
    const api = mockApi({ '/google/check': [UNBOUND, BOUND], '/google/send': ok() });
    renderWithProviders(<GoogleCard />);
    expect((await screen.findByTestId('google-status')).textContent).toBe('Not bound');
    expect(screen.getByTestId('google-qr').querySelector('canvas, svg')).toBeTruthy();
    expect(screen.getByTestId('google-secret').textContent).toContain(SECRET);
    expect(
      within(screen.getByTestId('google-bind-panel')).getByRole('button', { name: /copy/i }),
    ).toBeTruthy();

    fireEvent.click(screen.getByTestId('google-bind-submit'));
    expect(await screen.findByText('Please enter password')).toBeTruthy();
    expect(await screen.findByText('Please enter the 6-digit code')).toBeTruthy();
    expect(api.callsTo('/google/send')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('google-bind-password'), { target: { value: 'Secret123' } });
    typeGoogleCode('google-bind-code', '123456');
    fireEvent.click(screen.getByTestId('google-bind-submit'));
    await waitFor(() => expect(screen.getByTestId('google-status').textContent).toBe('Bound'));
    expect(screen.getByTestId('google-bound-panel')).toBeTruthy();
    expect(api.callsTo('/google/send')[0]?.body).toMatchObject({
      password: 'Secret123',
      code: '123456',
    });
    expect(api.callsTo('/google/check')).toHaveLength(2);
  });

  it('shows a refused code and keeps the panel', async () => {
    mockApi({ '/google/check': UNBOUND, '/google/send': fail(1203, 'Incorrect Google Authenticator code') });
    renderWithProviders(<GoogleCard />);
    fireEvent.change(await screen.findByTestId('google-bind-password'), { target: { value: 'Secret123' } });
    typeGoogleCode('google-bind-code', '000000');
    fireEvent.click(screen.getByTestId('google-bind-submit'));
    expect((await screen.findByTestId('google-bind-error')).textContent).toContain(
      'Incorrect Google Authenticator code',
    );
    expect(screen.getByTestId('google-status').textContent).toBe('Not bound');
  });
});

describe('GoogleCard once bound', () => {
  it('warns before unbinding; cancelling asks for nothing', async () => {
    const api = mockApi({ '/google/check': BOUND });
    renderWithProviders(<GoogleCard />);
    fireEvent.click(await screen.findByTestId('google-unbind'));
    const warning = await screen.findByText(/Your account will be less secure/);
    expect(warning).toBeTruthy();
    expect(screen.queryByTestId('google-unbind-form')).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
    expect(screen.queryByTestId('google-unbind-form')).toBeNull();
    expect(api.callsTo('/google/remove')).toHaveLength(0);
  });

  it('after the warning, unbinds with password and code and shows the bind panel again', async () => {
    const api = mockApi({ '/google/check': [BOUND, UNBOUND], '/google/remove': ok() });
    renderWithProviders(<GoogleCard />);
    fireEvent.click(await screen.findByTestId('google-unbind'));
    fireEvent.click(await screen.findByTestId('google-unbind-warning-ok'));
    const form = await screen.findByTestId('google-unbind-form');
    fireEvent.change(within(form).getByTestId('google-unbind-password'), { target: { value: 'Secret123' } });
    typeGoogleCode('google-unbind-code', '654321');
    fireEvent.click(screen.getByTestId('google-unbind-submit'));
    expect(await screen.findByTestId('google-bind-panel')).toBeTruthy();
    expect(api.callsTo('/google/remove')[0]?.body).toMatchObject({ password: 'Secret123', code: '654321' });
  });
});
