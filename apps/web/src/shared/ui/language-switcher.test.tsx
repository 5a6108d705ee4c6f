import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../lib/i18n';
import { LanguageSwitcher } from './language-switcher';

const renderSwitcher = () =>
  render(
    <I18nextProvider i18n={i18n}>
      <LanguageSwitcher />
    </I18nextProvider>,
  );

describe('LanguageSwitcher', () => {
  it('is named by the language it shows (speech control says what it sees), described as the language choice', () => {
    renderSwitcher();
    const button = screen.getByTestId('language-switcher');
    expect(button.textContent).toBe('English');
    // The accessible name contains the visible text (axe: label-content-name-mismatch).
    expect(screen.getByRole('button', { name: 'English' })).toBe(button);
    expect(button.getAttribute('aria-label')).toBeNull();
    expect(button.getAttribute('title')).toBe('Language');
    expect(button.querySelector('[lang="en-US"]')?.textContent).toBe('English');
  });

  it('lists each language in its own name and language', async () => {
    renderSwitcher();
    fireEvent.click(screen.getByTestId('language-switcher'));
    const option = await screen.findByTestId('language-option-vi_VN');
    expect(option.textContent).toBe('Tiếng Việt');
    expect(option.getAttribute('lang')).toBe('vi-VN');
  });

  it('opens with the focus on the current language, and Escape gives the focus back', async () => {
    renderSwitcher();
    const button = screen.getByTestId('language-switcher');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    const current = (await screen.findByTestId('language-option-en_US')).closest('button');
    await waitFor(() => expect(document.activeElement).toBe(current));
    expect(current?.getAttribute('aria-current')).toBe('true');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(current as HTMLElement, { key: 'Escape' });
    await waitFor(() => expect(button.getAttribute('aria-expanded')).toBe('false'));
    expect(document.activeElement).toBe(button);
  });

  it('stores the chosen language and reloads', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    renderSwitcher();
    fireEvent.click(screen.getByTestId('language-switcher'));
    fireEvent.click(await screen.findByTestId('language-option-zh_TW'));
    expect(reload).toHaveBeenCalledOnce();
    expect(window.localStorage.getItem('lang')).toBe('zh_TW');
  });
});

afterEach(() => vi.unstubAllGlobals());
