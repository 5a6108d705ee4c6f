import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { trackRouteLoad, useIsRouteModuleLoading } from './route-loading';

describe('route module loading', () => {
  it('is loading while a route module is in flight, and not once it has arrived', async () => {
    const { result } = renderHook(() => useIsRouteModuleLoading());
    expect(result.current).toBe(false);
    let arrive: (value: { default: null }) => void = () => {};
    let pending: Promise<unknown> = Promise.resolve();
    act(() => {
      pending = trackRouteLoad(new Promise<{ default: null }>((resolve) => (arrive = resolve)));
    });
    expect(result.current).toBe(true);
    await act(async () => {
      arrive({ default: null });
      await pending;
    });
    expect(result.current).toBe(false);
  });

  it('stops loading when a module fails to load too', async () => {
    const { result } = renderHook(() => useIsRouteModuleLoading());
    await act(async () => {
      await trackRouteLoad(Promise.reject(new Error('chunk failed'))).catch(() => {});
    });
    expect(result.current).toBe(false);
  });
});
