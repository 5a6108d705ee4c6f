import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MenuIcon } from './menu-icon';

describe('MenuIcon', () => {
  it('switches to the active image when its entry is active', () => {
    const { rerender } = render(
      <MenuIcon src="/menu/a.svg" activeSrc="/menu/a-active.svg" isActive={false} />,
    );
    expect(screen.getByTestId('menu-icon').getAttribute('src')).toBe('/menu/a.svg');
    rerender(<MenuIcon src="/menu/a.svg" activeSrc="/menu/a-active.svg" isActive />);
    expect(screen.getByTestId('menu-icon').getAttribute('src')).toBe('/menu/a-active.svg');
  });

  it('logs and hides an image that fails to load', () => {
    const logError = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<MenuIcon src="/menu/missing.svg" isActive={false} />);
    fireEvent.error(screen.getByTestId('menu-icon'));
    expect(logError).toHaveBeenCalledWith(expect.stringContaining('/menu/missing.svg'));
    expect(screen.queryByTestId('menu-icon')).toBeNull();
    logError.mockRestore();
  });
});
