import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../../test/api-mock';
import { i18n } from '../lib/i18n';
import { CountryCodeSelect, findDialCode, findIso } from './country-code-select';

const COUNTRIES = [
  { iso: 'CA', name: 'Canada', countryCode: '1' },
  { iso: 'US', name: 'United States', countryCode: '1' },
  { iso: 'SG', name: 'Singapore', countryCode: '65' },
];

function renderSelect(onChange = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <CountryCodeSelect onChange={onChange} testId="country" />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return onChange;
}

const openSelect = () => fireEvent.mouseDown(screen.getByRole('combobox'));

afterEach(() => vi.unstubAllGlobals());

describe('dial codes', () => {
  it('maps a country to its dial code, and a stored dial code back to a country', () => {
    expect(findDialCode(COUNTRIES, 'SG')).toBe('65');
    expect(findDialCode(COUNTRIES, undefined)).toBeUndefined();
    expect(findIso(COUNTRIES, '1')).toBe('CA');
    expect(findIso(COUNTRIES, '1', 'US')).toBe('US');
    expect(findIso(COUNTRIES, '1', 'SG')).toBe('CA');
    expect(findIso(COUNTRIES, null)).toBeUndefined();
  });
});

describe('CountryCodeSelect', () => {
  it('lists the countries with their codes and finds them by name or digits', async () => {
    mockApi({ '/otc/merchant-sys/support/country': ok(COUNTRIES) });
    const onChange = renderSelect();
    openSelect();
    expect(await screen.findByText('Singapore +65')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox'), { target: { value: '+65' } });
    await waitFor(() => expect(screen.queryByText('Canada +1')).toBeNull());
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'united' } });
    fireEvent.click(await screen.findByText('United States +1'));
    expect(onChange).toHaveBeenCalledWith('US', expect.anything());
  });

  it('shows a failed load and loads again when opened', async () => {
    const api = mockApi({
      '/otc/merchant-sys/support/country': [fail(500, 'The server is busy'), ok(COUNTRIES)],
    });
    renderSelect();
    expect(await screen.findByText('Failed')).toBeTruthy();
    openSelect();
    await waitFor(() => expect(api.callsTo('/otc/merchant-sys/support/country')).toHaveLength(2));
    expect(await screen.findByText('Singapore +65')).toBeTruthy();
  });
});
