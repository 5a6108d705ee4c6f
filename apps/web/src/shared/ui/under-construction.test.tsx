import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n';
import { UnderConstruction } from './under-construction';

const renderBlock = (ui: React.ReactElement) => render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);

describe('UnderConstruction', () => {
  it('says in words that the page is being built and what it will hold, with no picture and no action', () => {
    const { container } = renderBlock(<UnderConstruction planned="Deposits and withdrawals will be here." />);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('This page is being built');
    expect(screen.getByText('Deposits and withdrawals will be here.')).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByText('No data')).toBeNull();
  });

  it('has a compact form for a block of a page, without a heading', () => {
    renderBlock(
      <UnderConstruction variant="block" planned="Today's orders will show here." testId="orders-soon" />,
    );
    expect(screen.getByTestId('orders-soon').textContent).toBe("Being builtToday's orders will show here.");
    expect(screen.queryByRole('heading')).toBeNull();
  });
});
