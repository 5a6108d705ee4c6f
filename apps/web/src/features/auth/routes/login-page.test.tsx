import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../../../test/api-mock';
import { typeGoogleCode } from '../../../../test/google-code';
import { renderWithProviders } from '../../../../test/render';
import { readToken, storeToken } from '../../../shared/lib/session';
import { clearCountdown } from '../../../shared/lib/use-countdown';
import LoginPage from './login-page';
// The views the page loads lazily, imported up front: on a busy machine a first dynamic import
// can outlast a findBy, while from the module cache it resolves at once (the lazy boundary
// itself still runs).
import '../components/forgot-password-flow';
import '../components/google-step-form';
import '../components/phone-login-form';
import '../components/register-flow';

// Real timers: the exact 60 s start is tested with fake timers (use-countdown.test.tsx); here a
// busy machine may be a few seconds into the count when the assertion looks.
const COUNTING_DOWN = /^Resend in (60|[1-5]\d|[1-9]) s$/;

/** The login page's flows against a fake server: each view, what it sends and where it leads. */
const USER_INFO = {
  merchantId: '100002',
  email: 'ana@shop.dev',
  phone: null,
  countryCode: null,
  googleState: true,
  lang: 'en_US',
  createdAt: '2026-01-01T00:00:00Z',
};
const LOGGED_IN = ok({ token: 'tok-2', expiresAt: '2030-01-01T00:00:00Z', userInfo: USER_INFO });

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

const renderPage = () => renderWithProviders(<LoginPage />, { path: '/login' });

afterEach(() => {
  cleanup(); // unmount before clearing the countdown a mounted button reads
  vi.unstubAllGlobals();
  for (const key of ['reset:ana@shop.dev', 'register:ana@shop.dev']) clearCountdown(key);
});

describe('login page: the Google step', () => {
  it('asks for the Google code after a 601, sends the same credentials with it and goes on', async () => {
    const api = mockApi({ '/login': [fail(601, 'Please enter your Google Authenticator code'), LOGGED_IN] });
    renderPage();
    type('login-email', 'ana@shop.dev');
    type('login-password', 'Secret123');
    fireEvent.click(screen.getByTestId('login-submit'));

    expect((await screen.findByTestId('google-step-prompt')).textContent).toBe(
      'Please enter your Google Authenticator code',
    );
    expect(readToken()).toBeUndefined();
    fireEvent.click(screen.getByTestId('google-submit'));
    expect(await screen.findByText('Please enter the 6-digit code')).toBeTruthy();
    expect(api.callsTo('/login')).toHaveLength(1);

    typeGoogleCode('google-code', '654321');
    fireEvent.click(screen.getByTestId('google-submit'));
    expect(await screen.findByTestId('navigated')).toBeTruthy();
    const [first, second] = api.callsTo('/login');
    expect(first?.body).not.toHaveProperty('googleCode');
    expect(second?.body).toMatchObject({
      email: 'ana@shop.dev',
      password: 'Secret123',
      googleCode: '654321',
    });
    expect(readToken()).toBe('tok-2');
  });

  it('shows a refused code on the step, and the back link keeps the email', async () => {
    mockApi({
      '/login': [fail(601, 'Google code needed'), fail(1203, 'Incorrect Google Authenticator code')],
    });
    renderPage();
    type('login-email', 'ana@shop.dev');
    type('login-password', 'Secret123');
    fireEvent.click(screen.getByTestId('login-submit'));
    await screen.findByTestId('google-step');
    typeGoogleCode('google-code', '000000');
    fireEvent.click(screen.getByTestId('google-submit'));
    expect((await screen.findByTestId('google-step-error')).textContent).toContain(
      'Incorrect Google Authenticator code',
    );
    fireEvent.click(screen.getByTestId('google-back'));
    expect((screen.getByTestId('login-email') as HTMLInputElement).value).toBe('ana@shop.dev');
  });
});

describe('login page: forgot password', () => {
  it('verifies the email with a code, then sets a matching password and returns with a notice', async () => {
    const api = mockApi({
      '/v1/reset/emailCode': ok(),
      '/reset/login/verify': [fail(1107, 'Incorrect verification code'), ok()],
      '/reset/login/password': ok(),
    });
    renderPage();
    fireEvent.click(screen.getByTestId('open-forgot'));
    // The flow's module loads when it is opened.
    expect(within(await screen.findByTestId('forgot-flow')).getByText('Reset your password')).toBeTruthy();

    fireEvent.click(screen.getByTestId('reset-verify'));
    expect(await screen.findByText('Please enter email')).toBeTruthy();
    expect(await screen.findByText('Please enter the 6-digit code')).toBeTruthy();

    type('reset-email', 'ana@shop.dev');
    await act(async () => fireEvent.click(screen.getByTestId('reset-send-code')));
    await waitFor(() => expect(screen.getByTestId('reset-send-code').textContent).toMatch(COUNTING_DOWN));
    type('reset-code', '111111');
    fireEvent.click(screen.getByTestId('reset-verify'));
    expect((await screen.findByTestId('reset-error')).textContent).toContain('Incorrect verification code');
    fireEvent.click(screen.getByTestId('reset-verify'));

    await screen.findByTestId('reset-step-password');
    type('reset-password', 'weak');
    type('reset-confirm-password', 'weak2');
    fireEvent.click(screen.getByTestId('reset-submit'));
    expect(await screen.findByText('The password does not meet the rule below')).toBeTruthy();
    // The rule is written once: under the field, not again in the error (issue 31).
    const step = screen.getByTestId('reset-step-password');
    expect(step.textContent?.match(/8-32 characters/g)).toHaveLength(1);
    expect(await screen.findByText('The two passwords do not match')).toBeTruthy();
    type('reset-password', 'NewSecret123');
    type('reset-confirm-password', 'NewSecret123');
    fireEvent.click(screen.getByTestId('reset-submit'));

    expect((await screen.findByTestId('login-notice')).textContent).toContain('Your password was reset');
    expect((screen.getByTestId('login-email') as HTMLInputElement).value).toBe('ana@shop.dev');
    expect(api.callsTo('/reset/login/password')[0]?.body).toMatchObject({
      email: 'ana@shop.dev',
      code: '111111',
      password: 'NewSecret123',
    });
    expect(api.callsTo('/reset/login/password')[0]?.body).not.toHaveProperty('confirmPassword');
  });
});

describe('login page: registration', () => {
  it('creates the account after the code check and returns to login with the email', async () => {
    const api = mockApi({
      '/reg/mail/code': ok(),
      '/register/email/codeVerify': ok(),
      '/register/email': [
        fail(1105, 'This email is already registered'),
        ok({ merchantId: '100003', email: 'ana@shop.dev' }),
      ],
    });
    renderPage();
    fireEvent.click(screen.getByTestId('open-register'));
    await screen.findByTestId('register-email');
    type('register-email', 'ana@shop.dev');
    await act(async () => fireEvent.click(screen.getByTestId('register-send-code')));
    await waitFor(() => expect(api.callsTo('/reg/mail/code')).toHaveLength(1));
    type('register-code', '222222');
    fireEvent.click(screen.getByTestId('register-verify'));
    await screen.findByTestId('register-step-password');
    expect(screen.getByTestId('register-for-email').textContent).toContain('ana@shop.dev');

    type('register-password', 'Secret123');
    type('register-confirm-password', 'Secret123');
    fireEvent.click(screen.getByTestId('register-submit'));
    expect((await screen.findByTestId('register-submit-error')).textContent).toContain(
      'This email is already registered',
    );
    fireEvent.click(screen.getByTestId('register-submit'));
    expect((await screen.findByTestId('login-notice')).textContent).toContain('Your account was created');
    expect((screen.getByTestId('login-email') as HTMLInputElement).value).toBe('ana@shop.dev');
    expect(api.callsTo('/register/email')[1]?.body).toMatchObject({
      email: 'ana@shop.dev',
      code: '222222',
      password: 'Secret123',
    });
  });
});

describe('login page: the phone tab', () => {
  it('gives every element its own id with both tabs shown (no two password fields are #password)', async () => {
    mockApi({
      '/otc/merchant-sys/support/country': ok([{ iso: 'US', name: 'United States', countryCode: '1' }]),
    });
    const { container } = renderPage();
    fireEvent.click(screen.getByTestId('login-tab-phone'));
    await waitFor(() => expect(screen.getByTestId('phone-login-form').textContent).toContain('+1'));
    const ids = [...container.querySelectorAll('[id]')].map((element) => element.id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    // Both forms have a password: each its own, and each label still points at its field.
    const passwords = [...container.querySelectorAll<HTMLInputElement>('input[type="password"]')];
    expect(passwords).toHaveLength(2);
    for (const input of passwords) {
      expect(input.id).not.toBe('password');
      expect(container.querySelector(`label[for="${input.id}"]`)).not.toBeNull();
    }
  });

  it('dials from the listed country of the language and logs in with phone and password', async () => {
    const api = mockApi({
      '/otc/merchant-sys/support/country': ok([
        { iso: 'CA', name: 'Canada', countryCode: '1' },
        { iso: 'US', name: 'United States', countryCode: '1' },
        { iso: 'VN', name: 'Vietnam', countryCode: '84' },
      ]),
      '/login': LOGGED_IN,
    });
    renderPage();
    fireEvent.click(screen.getByTestId('login-tab-phone'));
    await waitFor(() => expect(screen.getByTestId('phone-login-form').textContent).toContain('+1'));
    fireEvent.click(screen.getByTestId('phone-login-submit'));
    expect(await screen.findByText('Please enter phone number')).toBeTruthy();
    type('login-phone', '12');
    type('login-phone-password', 'Secret123');
    fireEvent.click(screen.getByTestId('phone-login-submit'));
    expect(await screen.findByText('Invalid phone number')).toBeTruthy();
    type('login-phone', '415 555 0100');
    fireEvent.click(screen.getByTestId('phone-login-submit'));
    expect(await screen.findByTestId('navigated')).toBeTruthy();
    expect(api.callsTo('/login')[0]?.body).toMatchObject({
      countryCode: '1',
      phone: '415 555 0100',
      password: 'Secret123',
    });
    expect(api.callsTo('/login')[0]?.body).not.toHaveProperty('email');
  });
});

describe('login page: a browser that still holds a token', () => {
  it('goes straight on when the server says the token is valid', async () => {
    storeToken('still-good');
    mockApi({ '/otc/merchant-sys/check/login': ok({ valid: true, expiresAt: '2030-01-01T00:00:00Z' }) });
    renderPage();
    expect(await screen.findByTestId('navigated')).toBeTruthy();
  });

  it('drops a token the server no longer knows and shows the form', async () => {
    storeToken('revoked');
    mockApi({ '/otc/merchant-sys/check/login': ok({ valid: false, expiresAt: null }) });
    renderPage();
    expect(await screen.findByTestId('login-form')).toBeTruthy();
    expect(readToken()).toBeUndefined();
  });
});
