import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../../../../test/api-mock';
import { buildProfile } from '../../../../test/factories';
import { renderWithProviders } from '../../../../test/render';
import { formatDate } from '../../../shared/lib/format';
import { LoginRecordsCard } from './login-records-card';

afterEach(() => vi.unstubAllGlobals());

describe('LoginRecordsCard', () => {
  it('lists the logins with formatted time, location and IP', async () => {
    const loginRecords = [
      { time: '2026-11-20T08:00:00Z', location: 'Singapore, Singapore', ip: '203.0.113.7' },
      { time: '2026-11-19T08:00:00Z', location: '-', ip: '127.0.0.1' },
    ];
    mockApi({ '/otc/merchant-sys/login-info': ok(buildProfile({ loginRecords })) });
    renderWithProviders(<LoginRecordsCard />);
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(3));
    const [, first, second] = screen.getAllByRole('row');
    expect(first?.textContent).toBe(`${formatDate('2026-11-20T08:00:00Z')}Singapore, Singapore203.0.113.7`);
    expect(second?.textContent).toContain('127.0.0.1');
  });

  it('shows the empty block when there is no login yet', async () => {
    mockApi({ '/otc/merchant-sys/login-info': ok(buildProfile()) });
    renderWithProviders(<LoginRecordsCard />);
    expect(await screen.findByText('No logins recorded yet')).toBeTruthy();
  });
});
