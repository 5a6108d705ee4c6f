import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../../../test/api-mock';
import { renderWithProviders } from '../../../../test/render';
import { readToken } from '../../../shared/lib/session';
import { clearCountdown } from '../../../shared/lib/use-countdown';
import { EmailLoginForm } from './email-login-form';

// Real timers: the exact 60 s start is tested with fake timers (use-countdown.test.tsx); here a
// busy machine may be a few seconds into the count when the assertion looks.
const COUNTING_DOWN = /^Resend in (60|[1-5]\d|[1-9]) s$/;

const USER_INFO = {
  merchantId: '100001',
  email: 'demo@tollgate.dev',
  phone: null,
  countryCode: null,
  googleState: false,
  lang: 'en_US',
  createdAt: '2026-01-01T00:00:00Z',
};

function renderForm(onOutcome = vi.fn()) {
  renderWithProviders(<EmailLoginForm onOutcome={onOutcome} />);
  return onOutcome;
}

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

afterEach(() => {
  cleanup(); // unmount before clearing the countdown a mounted button reads
  vi.unstubAllGlobals();
  clearCountdown('login:demo@tollgate.dev');
});

describe('EmailLoginForm with a password', () => {
  it('shows the contracts messages for missing fields and sends nothing', async () => {
    const api = mockApi({});
    renderForm();
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('Please enter email')).toBeTruthy();
    expect(await screen.findByText('Please enter password')).toBeTruthy();
    type('login-email', 'not-an-email');
    type('login-password', 'x');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('Invalid email format')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('shows the server message of a failed login where the user acted', async () => {
    mockApi({ '/login': fail(1101, 'Incorrect email or password') });
    renderForm();
    type('login-email', 'demo@tollgate.dev');
    type('login-password', 'Wrong-Password-1');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('login-error')).textContent).toContain('Incorrect email or password');
    expect(readToken()).toBeUndefined();
  });

  it('stores the token on success and reports the credentials it sent', async () => {
    const api = mockApi({
      '/login': ok({ token: 'tok', expiresAt: '2030-01-01T00:00:00Z', userInfo: USER_INFO }),
    });
    const onOutcome = renderForm();
    type('login-email', 'demo@tollgate.dev');
    type('login-password', 'Tollgate2026');
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() =>
      expect(onOutcome).toHaveBeenCalledWith(expect.objectContaining({ status: 'loggedIn' }), {
        email: 'demo@tollgate.dev',
        password: 'Tollgate2026',
      }),
    );
    expect(readToken()).toBe('tok');
    expect(api.callsTo('/login')[0]?.body).toMatchObject({
      email: 'demo@tollgate.dev',
      password: 'Tollgate2026',
    });
  });

  it('passes 601 on as a pending Google step, without a token', async () => {
    mockApi({ '/login': fail(601, 'Please enter your Google Authenticator code') });
    const onOutcome = renderForm();
    type('login-email', 'demo@tollgate.dev');
    type('login-password', 'Tollgate2026');
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() =>
      expect(onOutcome).toHaveBeenCalledWith(
        { status: 'googleCodeRequired', message: 'Please enter your Google Authenticator code' },
        { email: 'demo@tollgate.dev', password: 'Tollgate2026' },
      ),
    );
    expect(readToken()).toBeUndefined();
  });
});

describe('EmailLoginForm with an email code', () => {
  it('checks the email before sending a code, then counts down', async () => {
    const api = mockApi({ '/login/sendEmailCode': ok() });
    renderForm();
    fireEvent.click(screen.getByTestId('login-mode-code'));
    const send = screen.getByTestId('login-send-code') as HTMLButtonElement;
    await act(async () => fireEvent.click(send));
    expect(await screen.findByText('Please enter email')).toBeTruthy();
    expect(api.calls).toEqual([]);

    type('login-email', 'demo@tollgate.dev');
    await act(async () => fireEvent.click(send));
    await waitFor(() => expect(send.textContent).toMatch(COUNTING_DOWN));
    expect(send.disabled).toBe(true);
    expect(api.callsTo('/login/sendEmailCode')[0]?.body).toMatchObject({ email: 'demo@tollgate.dev' });
  });

  it('asks for 6 digits and logs in with the code instead of a password', async () => {
    const api = mockApi({ '/login': fail(601, 'Google code needed') });
    const onOutcome = renderForm();
    fireEvent.click(screen.getByTestId('login-mode-code'));
    type('login-email', 'demo@tollgate.dev');
    type('login-email-code', '12ab');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('Please enter the 6-digit code')).toBeTruthy();
    expect(api.calls).toEqual([]);
    type('login-email-code', '123456');
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(onOutcome).toHaveBeenCalled());
    const body = api.callsTo('/login')[0]?.body;
    expect(body).toMatchObject({ email: 'demo@tollgate.dev', emailCode: '123456' });
    expect(body).not.toHaveProperty('password');
  });
});
