import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Amount } from './amount';

describe('Amount', () => {
  it.each([
    ['10.416', '10.42'],
    ['10.415', '10.42'],
    ['0.085', '0.09'],
    ['0.084', '0.08'],
    ['1234.005', '1,234.01'],
  ])('shows %s rounded half-up as %s, the exact value on hover', async (value, shown) => {
    render(<Amount value={value} suffix="USDT" testId="figure" />);
    const figure = screen.getByTestId('figure');
    expect(figure.textContent).toBe(`${shown} USDT`);
    expect(figure.getAttribute('data-exact')).toBe(`${value.replace('1234', '1,234')} USDT`);
    fireEvent.mouseEnter(figure);
    expect((await screen.findByRole('tooltip')).textContent).toBe(`${value.replace('1234', '1,234')} USDT`);
  });

  it('has nothing to hover when the figure is already exact', () => {
    render(<Amount value="12.5" prefix="≈ " testId="figure" />);
    const figure = screen.getByTestId('figure');
    expect(figure.textContent).toBe('≈ 12.50');
    expect(figure.getAttribute('data-exact')).toBeNull();
  });

  it('writes a dash for no value', () => {
    render(<Amount value={undefined} testId="figure" />);
    expect(screen.getByTestId('figure').textContent).toBe('-');
  });
});
