import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { configKeys } from '../../shared/api/config-keys';
import { DevnetBanner } from './devnet-banner';

/** The devnet strip follows the server's chain mode, and only devnet shows it. */
const chains = [{ chainId: 'TRON', enabled: true, confirmations: 3 }];

afterEach(() => vi.unstubAllGlobals());

describe('DevnetBanner', () => {
  it('says payments are simulated when the server runs on devnet', async () => {
    const api = mockApi({ '/config/runtime': ok({ chainMode: 'devnet', chains }) });
    renderWithProviders(<DevnetBanner />);
    const banner = await screen.findByTestId('devnet-banner');
    expect(banner.textContent).toBe('Test mode (devnet): payments are simulated; no real money moves.');
    expect(banner.getAttribute('role')).toBe('status');
    // Permanent: nothing closes it.
    expect(banner.querySelector('.ant-alert-close-icon')).toBeNull();
    expect(api.callsTo('/config/runtime').map((call) => call.method)).toEqual(['GET']);
  });

  it('shows nothing in live mode', async () => {
    const api = mockApi({ '/config/runtime': ok({ chainMode: 'live', chains }) });
    const { queryClient } = renderWithProviders(<DevnetBanner />);
    // The answer is in before the absence is asserted.
    await waitFor(() =>
      expect(queryClient.getQueryState(configKeys.runtimeConfig())?.status).toBe('success'),
    );
    expect(api.callsTo('/config/runtime')).toHaveLength(1);
    expect(screen.queryByTestId('devnet-banner')).toBeNull();
    expect(screen.queryByText(/Test mode/)).toBeNull();
  });
});
