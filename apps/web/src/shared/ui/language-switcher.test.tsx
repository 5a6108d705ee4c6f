import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
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
});
