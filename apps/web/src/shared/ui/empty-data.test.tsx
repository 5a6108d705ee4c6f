import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n';
import { EMPTY_MIN_HEIGHT, EmptyData, type EmptyDataProps } from './empty-data';

const renderEmpty = (props: EmptyDataProps = {}) =>
  render(
    <I18nextProvider i18n={i18n}>
      <EmptyData {...props} />
    </I18nextProvider>,
  );

describe('EmptyData', () => {
  it('shows the 160x94 image and the generic no-data text by default', () => {
    renderEmpty();
    expect(screen.getByText('No data')).toBeTruthy();
    const image = screen.getByRole('presentation') as HTMLImageElement;
    expect(image.getAttribute('width')).toBe('160');
    expect(image.getAttribute('height')).toBe('94');
  });

  it('shows the text of a known key', () => {
    renderEmpty({ textKey: 'pages.notice.empty' });
    expect(screen.getByText('No notices yet')).toBeTruthy();
  });

  it('falls back to the generic text when the key has no translation', () => {
    renderEmpty({ textKey: 'pages.nothing.here' });
    expect(screen.getByText('No data')).toBeTruthy();
    expect(screen.queryByText('pages.nothing.here')).toBeNull();
  });

  it.each([
    ['small', 120],
    ['default', 200],
    ['large', 300],
  ] as const)('theme %s has a minimum height of %i px', (theme, height) => {
    renderEmpty({ theme });
    expect(EMPTY_MIN_HEIGHT[theme]).toBe(height);
    expect(screen.getByTestId('empty-data').style.minHeight).toBe(`${height}px`);
  });

  it('renders an optional action area', () => {
    renderEmpty({ action: <button type="button">Add</button> });
    expect(screen.getByRole('button', { name: 'Add' })).toBeTruthy();
  });

  it('has no action area without an action', () => {
    const { container } = renderEmpty();
    expect(container.querySelector('.empty-data__action')).toBeNull();
  });
});
