import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../../../test/api-mock';
import { buildProfile } from '../../../../test/factories';
import { renderWithProviders } from '../../../../test/render';
import { formatDate } from '../../../shared/lib/format';
import { ProfileCard } from './profile-card';

const COUNTRIES = ok([
  { iso: 'SG', name: 'Singapore', countryCode: '65' },
  { iso: 'US', name: 'United States', countryCode: '1' },
]);

afterEach(() => vi.unstubAllGlobals());

describe('ProfileCard', () => {
  it('shows merchant ID, login account, the formatted registration time and an unset phone', async () => {
    mockApi({ '/userConfigFeign/pageUserInfo': ok(buildProfile()) });
    renderWithProviders(<ProfileCard />);
    const card = await screen.findByTestId('merchant-info-card');
    await waitFor(() => expect(card.textContent).toContain('100007'));
    expect(card.textContent).toContain('ana@shop.dev');
    expect(card.textContent).toContain(formatDate('2026-03-04T05:06:07Z'));
    expect(screen.getByTestId('profile-phone').textContent).toBe('Not set');
    expect(screen.getByTestId('open-set-phone').textContent).toBe('Set phone');
  });

  it('shows a set phone with its dial code and offers to change it', async () => {
    mockApi({ '/userConfigFeign/pageUserInfo': ok(buildProfile({ phone: '81234567', countryCode: '65' })) });
    renderWithProviders(<ProfileCard />);
    expect((await screen.findByTestId('profile-phone')).textContent).toBe('+65 81234567');
    expect(screen.getByTestId('open-set-phone').textContent).toBe('Change phone');
  });

  it('shows the error with a retry that loads again', async () => {
    const api = mockApi({
      '/userConfigFeign/pageUserInfo': [
        fail(500, 'The server is busy, please try again later'),
        ok(buildProfile()),
      ],
    });
    renderWithProviders(<ProfileCard />);
    expect(await screen.findByText('The server is busy, please try again later')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByTestId('merchant-info-card').textContent).toContain('100007'));
    expect(api.callsTo('/userConfigFeign/pageUserInfo')).toHaveLength(2);
  });

  it('sets the phone with the dial code of the chosen country and the password, then refreshes', async () => {
    const api = mockApi({
      '/userConfigFeign/pageUserInfo': [ok(buildProfile({ phone: '81234567', countryCode: '65' }))],
      '/otc/merchant-sys/support/country': COUNTRIES,
      '/merchant/phone': [fail(1113, 'Incorrect password'), ok()],
    });
    renderWithProviders(<ProfileCard />);
    fireEvent.click(await screen.findByTestId('open-set-phone'));
    const form = await screen.findByTestId('set-phone-form');
    await waitFor(() => expect(form.textContent).toContain('+65'));
    expect((screen.getByTestId('set-phone-number') as HTMLInputElement).value).toBe('81234567');

    fireEvent.change(screen.getByTestId('set-phone-number'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('set-phone-submit'));
    expect(await within(form).findByText('Please enter phone number')).toBeTruthy();
    expect(await within(form).findByText('Please enter password')).toBeTruthy();

    fireEvent.change(screen.getByTestId('set-phone-number'), { target: { value: '9123 4567' } });
    fireEvent.change(screen.getByTestId('set-phone-password'), { target: { value: 'Wrong1234' } });
    fireEvent.click(screen.getByTestId('set-phone-submit'));
    expect((await screen.findByTestId('set-phone-error')).textContent).toContain('Incorrect password');
    fireEvent.click(screen.getByTestId('set-phone-submit'));
    await waitFor(() => expect(api.callsTo('/merchant/phone')).toHaveLength(2));
    expect(api.callsTo('/merchant/phone')[1]?.body).toMatchObject({
      countryCode: '65',
      phone: '9123 4567',
      password: 'Wrong1234',
    });
    await waitFor(() => expect(api.callsTo('/userConfigFeign/pageUserInfo')).toHaveLength(2));
  });
});
