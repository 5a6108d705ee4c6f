import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { KeepAliveOutlet } from './keep-alive-outlet';

function FilterView({ name }: { name: string }) {
  const [value, setValue] = useState('');
  return <input aria-label={name} value={value} onChange={(event) => setValue(event.target.value)} />;
}

function Shell({ keepKeys }: { keepKeys: string[] }) {
  const { pathname } = useLocation();
  return <KeepAliveOutlet activeKey={pathname} keepKeys={keepKeys} isCacheable={pathname !== '/unknown'} />;
}

function renderShell(keepKeys: string[]) {
  const router = createMemoryRouter(
    [
      {
        element: <Shell keepKeys={keepKeys} />,
        children: [
          { path: '/a', element: <FilterView name="a" /> },
          { path: '/b', element: <FilterView name="b" /> },
          { path: '/unknown', element: <p>not found</p> },
        ],
      },
    ],
    { initialEntries: ['/a'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const isShown = (name: string) =>
  (screen.getByLabelText(name).closest('[data-view]') as HTMLElement).style.display !== 'none';

describe('KeepAliveOutlet', () => {
  it('keeps a visited view mounted, hidden, with its state', async () => {
    const router = renderShell(['/a', '/b']);
    fireEvent.change(screen.getByLabelText('a'), { target: { value: 'kept' } });
    await act(() => router.navigate('/b'));
    expect(isShown('b')).toBe(true);
    expect(isShown('a')).toBe(false);
    await act(() => router.navigate('/a'));
    expect((screen.getByLabelText('a') as HTMLInputElement).value).toBe('kept');
    expect(isShown('a')).toBe(true);
  });

  it('drops a view whose tab is gone once it is left', async () => {
    const router = renderShell(['/b']);
    fireEvent.change(screen.getByLabelText('a'), { target: { value: 'lost' } });
    await act(() => router.navigate('/b'));
    expect(screen.queryByLabelText('a')).toBeNull();
    await act(() => router.navigate('/a'));
    expect((screen.getByLabelText('a') as HTMLInputElement).value).toBe('');
  });

  it('renders a path that is not a view without caching it', async () => {
    const router = renderShell(['/a']);
    await act(() => router.navigate('/unknown'));
    expect(screen.getByText('not found')).toBeTruthy();
    expect(isShown('a')).toBe(false);
  });
});
