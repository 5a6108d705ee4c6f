import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../../../test/api-mock';
import { renderWithProviders } from '../../../../test/render';
import { clearCountdown } from '../../../shared/lib/use-countdown';
import { ChangePasswordModal } from './change-password-modal';

// Real timers: the exact 60 s start is tested with fake timers (use-countdown.test.tsx); here a
// busy machine may be a few seconds into the count when the assertion looks.
const COUNTING_DOWN = /^Resend in (60|[1-5]\d|[1-9]) s$/;

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

function renderModal(hasPassword: boolean, onClose = vi.fn()) {
  renderWithProviders(
    <ChangePasswordModal open onClose={onClose} hasPassword={hasPassword} merchantId="100007" />,
  );
  return onClose;
}

afterEach(() => {
  cleanup(); // unmount before clearing the countdown a mounted button reads
  vi.unstubAllGlobals();
  clearCountdown('passwordChange:100007');
});

describe('ChangePasswordModal', () => {
  it('checks every field with the SPEC messages before sending anything', async () => {
    const api = mockApi({});
    renderModal(true);
    const form = await screen.findByTestId('change-password-form');
    type('change-password-new', 'short');
    type('change-password-confirm', 'different');
    type('change-password-code', '12');
    fireEvent.click(screen.getByTestId('change-password-submit'));
    expect(await within(form).findByText('Please enter password')).toBeTruthy();
    expect(await within(form).findByText('The password does not meet the rule below')).toBeTruthy();
    // The rule is written once: under the field, not again in the error (issue 31).
    expect(form.textContent?.match(/8-32 characters/g)).toHaveLength(1);
    expect(await within(form).findByText('The two passwords do not match')).toBeTruthy();
    expect(await within(form).findByText('Please enter the 6-digit code')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('mails a code, changes the password and says other sessions were signed out', async () => {
    const api = mockApi({
      '/email/update/password/code': ok(),
      '/update/password': [fail(1112, 'The current password is incorrect'), ok()],
    });
    const onClose = renderModal(true);
    // Found first, then clicked: a findBy inside act() turns React's act environment off while
    // it polls, and an update landing then is reported as outside act (a flake seen in CI).
    const sendCode = await screen.findByTestId('change-password-send-code');
    await act(async () => fireEvent.click(sendCode));
    await waitFor(() =>
      expect(screen.getByTestId('change-password-send-code').textContent).toMatch(COUNTING_DOWN),
    );
    type('change-password-old', 'Old12345');
    type('change-password-new', 'NewSecret123');
    type('change-password-confirm', 'NewSecret123');
    type('change-password-code', '333333');
    fireEvent.click(screen.getByTestId('change-password-submit'));
    expect((await screen.findByTestId('change-password-error')).textContent).toContain(
      'The current password is incorrect',
    );
    fireEvent.click(screen.getByTestId('change-password-submit'));
    expect(await screen.findByText('Password changed; every other device was signed out')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
    expect(api.callsTo('/update/password')[1]?.body).toMatchObject({
      oldPassword: 'Old12345',
      password: 'NewSecret123',
      confirmPassword: 'NewSecret123',
      code: '333333',
    });
  });

  it('does not ask for a current password when none was ever set', async () => {
    const api = mockApi({ '/update/password': ok() });
    renderModal(false);
    await screen.findByTestId('change-password-form');
    expect(screen.queryByTestId('change-password-old')).toBeNull();
    type('change-password-new', 'NewSecret123');
    type('change-password-confirm', 'NewSecret123');
    type('change-password-code', '444444');
    fireEvent.click(screen.getByTestId('change-password-submit'));
    await waitFor(() => expect(api.callsTo('/update/password')).toHaveLength(1));
    expect(api.callsTo('/update/password')[0]?.body).not.toHaveProperty('oldPassword');
  });
});
