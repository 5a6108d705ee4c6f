import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/lib/i18n';
import { readToken } from '../../../shared/lib/session';
import type { LoginOutcome } from '../api/login-with-email';
import { EmailLoginForm } from './email-login-form';

function answerWith(envelope: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(envelope)));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderForm(onDone: (outcome: LoginOutcome) => void = () => {}) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <EmailLoginForm onDone={onDone} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

function fillAndSubmit(email: string, password: string) {
  fireEvent.change(screen.getByTestId('login-email'), { target: { value: email } });
  fireEvent.change(screen.getByTestId('login-password'), { target: { value: password } });
  fireEvent.click(screen.getByTestId('login-submit'));
}

afterEach(() => vi.unstubAllGlobals());

describe('EmailLoginForm', () => {
  it('shows the contracts messages for missing fields and sends nothing', async () => {
    const fetchMock = answerWith({ code: 0, data: null, message: 'ok' });
    renderForm();
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('Please enter email')).toBeTruthy();
    expect(await screen.findByText('Please enter password')).toBeTruthy();
    fillAndSubmit('not-an-email', 'x');
    expect(await screen.findByText('Invalid email format')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the server message of a failed login where the user acted', async () => {
    answerWith({ code: 1101, data: null, message: 'Incorrect email or password' });
    renderForm();
    fillAndSubmit('demo@tollgate.dev', 'Wrong-Password-1');
    expect((await screen.findByTestId('login-error')).textContent).toContain('Incorrect email or password');
    expect(readToken()).toBeUndefined();
  });

  it('stores the token on success and reports it', async () => {
    const userInfo = { merchantId: '100001', email: 'demo@tollgate.dev' };
    answerWith({
      code: 0,
      data: { token: 'tok', expiresAt: '2030-01-01T00:00:00Z', userInfo },
      message: 'ok',
    });
    const onDone = vi.fn();
    renderForm(onDone);
    fillAndSubmit('demo@tollgate.dev', 'Tollgate2026');
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(expect.objectContaining({ status: 'loggedIn' })));
    expect(readToken()).toBe('tok');
  });

  it('passes 601 on as a pending Google step, without a token', async () => {
    answerWith({ code: 601, data: null, message: 'Please enter your Google Authenticator code' });
    const onDone = vi.fn();
    renderForm(onDone);
    fillAndSubmit('demo@tollgate.dev', 'Tollgate2026');
    await waitFor(() =>
      expect(onDone).toHaveBeenCalledWith({
        status: 'googleCodeRequired',
        message: 'Please enter your Google Authenticator code',
        data: null,
      }),
    );
    expect(readToken()).toBeUndefined();
  });
});
