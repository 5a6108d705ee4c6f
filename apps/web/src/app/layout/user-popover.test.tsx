import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { readToken, storeToken } from '../../shared/lib/session';
import { UserPopover } from './user-popover';

/** The avatar popover holds the only logout, so it must open without a mouse hovering. */
const MERCHANT = {
  merchantId: '100002',
  email: 'ana@shop.dev',
  phone: null,
  countryCode: null,
  googleState: false,
  lang: 'en_US',
  createdAt: '2026-01-01T00:00:00Z',
};

const avatar = () => screen.getByTestId('user-avatar');
const isPanelShown = () => {
  const panel = screen.queryByTestId('user-popover');
  return panel !== null && !panel.closest('.ant-popover')?.classList.contains('ant-popover-hidden');
};

function renderPopover() {
  const api = mockApi({ '/merchant/info': ok(MERCHANT), '/admin/login-out': ok() });
  renderWithProviders(<UserPopover />, { path: '/dashboard' });
  return api;
}

afterEach(() => vi.unstubAllGlobals());

describe('UserPopover', () => {
  it('opens from the keyboard (a click with no pointer), focusing its first button', async () => {
    renderPopover();
    expect(avatar().getAttribute('aria-expanded')).toBe('false');
    avatar().focus();
    fireEvent.click(avatar(), { detail: 0 }); // what Enter or Space on a <button> dispatches
    await waitFor(() => expect(isPanelShown()).toBe(true));
    expect(avatar().getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('popover-merchant-info')));
    expect(await screen.findByText('ana@shop.dev')).toBeTruthy();
  });

  it('closes on Escape and gives focus back to the avatar', async () => {
    renderPopover();
    avatar().focus();
    fireEvent.click(avatar(), { detail: 0 });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('popover-merchant-info')));
    fireEvent.keyDown(window, { key: 'Escape', code: 'Escape' });
    await waitFor(() => expect(isPanelShown()).toBe(false));
    expect(document.activeElement).toBe(avatar());
  });

  it('opens on a click or tap without moving focus, and a second click keeps it open', async () => {
    renderPopover();
    fireEvent.click(avatar(), { detail: 1 });
    await waitFor(() => expect(isPanelShown()).toBe(true));
    expect(document.activeElement).not.toBe(screen.getByTestId('popover-merchant-info'));
    fireEvent.click(avatar(), { detail: 1 });
    expect(isPanelShown()).toBe(true);
  });

  it('closes when a press lands outside it', async () => {
    renderPopover();
    fireEvent.click(avatar(), { detail: 1 });
    await waitFor(() => expect(isPanelShown()).toBe(true));
    act(() => {
      document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    });
    await waitFor(() => expect(isPanelShown()).toBe(false));
  });

  it('logs out from the keyboard-opened panel', async () => {
    storeToken('tok-logout');
    const api = renderPopover();
    fireEvent.click(avatar(), { detail: 0 });
    fireEvent.click(await screen.findByTestId('popover-logout'));
    expect(await screen.findByTestId('navigated')).toBeTruthy();
    expect(api.callsTo('/admin/login-out')).toHaveLength(1);
    // The session is gone, and the call that revoked it was the last one sent with it.
    expect(readToken()).toBeUndefined();
    expect(api.calls.at(-1)?.path).toBe('/admin/login-out');
  });
});
