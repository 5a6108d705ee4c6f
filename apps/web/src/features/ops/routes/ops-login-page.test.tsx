import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../../../test/api-mock';
import { renderWithProviders } from '../../../../test/render';
import { loadOpsTexts } from '../test-support';
import OpsLoginPage from './ops-login-page';

beforeAll(loadOpsTexts);
afterEach(() => vi.unstubAllGlobals());

const OPERATOR = { id: 1, email: 'ops@tollgate.dev', googleState: true, googleRequired: false };
const LOGGED_IN = ok({ token: 'ops-token-1', expiresAt: '2026-12-25T00:00:00.000Z', operator: OPERATOR });

function fillCredentials(password = 'Tollgate2026') {
  fireEvent.change(screen.getByTestId('ops-login-email'), { target: { value: 'ops@tollgate.dev' } });
  fireEvent.change(screen.getByTestId('ops-login-password'), { target: { value: password } });
  fireEvent.click(screen.getByTestId('ops-login-submit'));
}

/** antd's OTP input takes a whole code typed into its first cell and spreads it over the six. */
async function typeCode(code: string) {
  const first = (await screen.findByTestId('ops-google-code')).querySelector('input');
  if (!first) throw new Error('the Google step has no input');
  fireEvent.input(first, { target: { value: code } });
}

describe('OpsLoginPage', () => {
  it('asks for the Google code on 601, sends the same credentials with it, stores only the operator token', async () => {
    const api = mockApi({
      '/ops/login': [
        fail(601, 'Enter the Google Authenticator code'),
        fail(1203, 'Wrong Google Authenticator code'),
        LOGGED_IN,
      ],
    });
    const { router } = renderWithProviders(<OpsLoginPage />, { path: '/ops/login' });
    fillCredentials();
    expect((await screen.findByTestId('ops-google-step-prompt')).textContent).toBe(
      'Enter the Google Authenticator code',
    );
    expect(window.sessionStorage.getItem('opsToken')).toBeNull();

    await typeCode('123456');
    fireEvent.click(screen.getByTestId('ops-google-submit'));
    expect((await screen.findByTestId('ops-google-step-error')).textContent).toContain('Wrong Google');

    await typeCode('654321');
    fireEvent.click(screen.getByTestId('ops-google-submit'));
    await screen.findByTestId('navigated');
    expect(router.state.location.pathname).toBe('/ops/queue');
    expect(window.sessionStorage.getItem('opsToken')).toBe('ops-token-1');
    // The merchant's token is another account's: login never writes it.
    expect(window.sessionStorage.getItem('token')).toBeNull();
    expect(document.cookie).not.toContain('token=ops-token-1');
    expect(api.callsTo('/ops/login').map((call) => call.body)).toEqual([
      expect.objectContaining({ email: 'ops@tollgate.dev', password: 'Tollgate2026' }),
      expect.objectContaining({ email: 'ops@tollgate.dev', password: 'Tollgate2026', googleCode: '123456' }),
      expect.objectContaining({ email: 'ops@tollgate.dev', password: 'Tollgate2026', googleCode: '654321' }),
    ]);
    expect(api.callsTo('/ops/login')[0]?.body).not.toHaveProperty('googleCode');
  });

  it("shows the server's refusal in the form and stays; back from the Google step keeps the email", async () => {
    mockApi({
      '/ops/login': [fail(1101, 'Wrong email or password'), fail(601, 'Enter the Google Authenticator code')],
    });
    renderWithProviders(<OpsLoginPage />, { path: '/ops/login' });
    // The shared email form, password only: operators get no code by mail.
    expect(screen.queryByTestId('ops-login-mode-code')).toBeNull();
    fillCredentials('Wrong2026pass');
    expect((await screen.findByTestId('ops-login-error')).textContent).toContain('Wrong email or password');
    fireEvent.click(screen.getByTestId('ops-login-submit'));
    await screen.findByTestId('ops-google-step');
    fireEvent.click(screen.getByTestId('ops-google-back'));
    await waitFor(() =>
      expect((screen.getByTestId('ops-login-email') as HTMLInputElement).value).toBe('ops@tollgate.dev'),
    );
  });
});
