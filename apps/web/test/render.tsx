import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App as AntdApp, ConfigProvider } from 'antd';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { BUTTON_CONFIG } from '../src/app/providers';
import { i18n } from '../src/shared/lib/i18n';

/**
 * Renders a component as the app does: a fresh query client (no retries, so a failure shows at
 * once), i18n in English, antd's App (message and modal) without animations and a memory
 * router at `path`.
 */
// antd's open/close animations run on timers that only slow a test down (a closing modal
// stays in the DOM until its animation ends), and their late updates land outside act().
const NO_MOTION = { token: { motion: false } };

export function renderWithProviders(
  ui: ReactElement,
  {
    path = '/',
    initialEntry = path,
    queryClient: client,
  }: { path?: string; initialEntry?: string; queryClient?: QueryClient } = {},
) {
  const queryClient =
    client ??
    new QueryClient({
      defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
    });
  const router = createMemoryRouter(
    [
      { path, element: ui },
      { path: '*', element: <p data-testid="navigated">elsewhere</p> },
    ],
    { initialEntries: [initialEntry] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <ConfigProvider theme={NO_MOTION} button={BUTTON_CONFIG}>
          <AntdApp>
            <RouterProvider router={router} />
          </AntdApp>
        </ConfigProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}
