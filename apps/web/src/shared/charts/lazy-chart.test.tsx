import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { LazyChart } from './lazy-chart';

// The chart's chunk cannot be fetched (offline, or a deploy removed the old file).
vi.mock('./echarts-view', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('LazyChart', () => {
  it("says the chart could not be loaded and offers a retry, instead of the page's error", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(<LazyChart option={{}} ariaLabel="A chart" />);
    const failed = await screen.findByTestId('chart-load-failed');
    expect(failed.textContent).toContain('The chart could not be loaded');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
