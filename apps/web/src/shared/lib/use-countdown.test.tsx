import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { retryAfterSeconds, SendCodeButton } from '../ui/send-code-button';
import { ApiError } from './api-error';
import { i18n } from './i18n';
import { clearCountdown, RESEND_SECONDS, secondsLeft, startCountdown, useCountdown } from './use-countdown';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
});

afterEach(() => {
  cleanup(); // unmount first: clearing a countdown a mounted hook reads would update it outside act()
  for (const key of ['a', 'b', 'send']) clearCountdown(key);
  vi.useRealTimers();
});

describe('useCountdown', () => {
  it('counts 60 seconds down once started, then stops', async () => {
    const { result } = renderHook(() => useCountdown('a'));
    expect(result.current).toMatchObject({ remaining: 0, isCounting: false });
    act(() => result.current.start());
    expect(result.current).toMatchObject({ remaining: RESEND_SECONDS, isCounting: true });
    expect(RESEND_SECONDS).toBe(60);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(result.current.remaining).toBe(59);
    await act(() => vi.advanceTimersByTimeAsync(58_000));
    expect(result.current.remaining).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(result.current).toMatchObject({ remaining: 0, isCounting: false });
  });

  it('survives re-renders and a remount: the deadline is kept, not a counter', async () => {
    const first = renderHook(() => useCountdown('a'));
    act(() => first.result.current.start());
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    first.rerender();
    expect(first.result.current.remaining).toBe(50);
    first.unmount();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    const second = renderHook(() => useCountdown('a'));
    expect(second.result.current).toMatchObject({ remaining: 45, isCounting: true });
  });

  it('keeps each key apart', () => {
    startCountdown('a');
    expect(secondsLeft('a')).toBe(60);
    expect(secondsLeft('b')).toBe(0);
    const { result } = renderHook(() => useCountdown('b'));
    expect(result.current.isCounting).toBe(false);
  });
});

describe('SendCodeButton', () => {
  const renderButton = (onSend: () => Promise<unknown>) =>
    render(
      <I18nextProvider i18n={i18n}>
        <SendCodeButton countdownKey="send" onSend={onSend} testId="send" />
      </I18nextProvider>,
    );

  it('counts down and is disabled after a successful send', async () => {
    const onSend = vi.fn().mockResolvedValue(undefined);
    renderButton(onSend);
    const button = screen.getByTestId('send') as HTMLButtonElement;
    expect(button.textContent).toBe('Send code');
    await act(async () => fireEvent.click(button));
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(button.textContent).toBe('Resend in 60 s');
    expect(button.disabled).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(button.textContent).toBe('Send code');
    expect(button.disabled).toBe(false);
  });

  it('does not count down when the send fails, so it can be retried at once', async () => {
    renderButton(vi.fn().mockRejectedValue(new ApiError(-1, 'Request failed')));
    const button = screen.getByTestId('send') as HTMLButtonElement;
    await act(async () => fireEvent.click(button));
    expect(button.textContent).toBe('Send code');
    expect(button.disabled).toBe(false);
  });

  it('counts down the wait a "sent too often" refusal gives (1110, retryAfterSeconds)', async () => {
    const refusal = new ApiError(1110, 'Sent too often: please try again in 37 s', { retryAfterSeconds: 37 });
    renderButton(vi.fn().mockRejectedValue(refusal));
    const button = screen.getByTestId('send') as HTMLButtonElement;
    await act(async () => fireEvent.click(button));
    expect(button.textContent).toBe('Resend in 37 s');
    expect(button.disabled).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(37_000));
    expect(button.textContent).toBe('Send code');
    expect(button.disabled).toBe(false);
  });

  it('reads the wait only from a 1110 that carries one', () => {
    expect(retryAfterSeconds(new ApiError(1110, 'x', { retryAfterSeconds: 5 }))).toBe(5);
    expect(retryAfterSeconds(new ApiError(1110, 'x', null))).toBeUndefined();
    expect(retryAfterSeconds(new ApiError(1001, 'x', { retryAfterSeconds: 5 }))).toBeUndefined();
    expect(retryAfterSeconds(new Error('x'))).toBeUndefined();
  });
});
