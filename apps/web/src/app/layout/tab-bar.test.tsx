import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { TabBar } from './tab-bar';
import type { ViewTab } from './tabs-reducer';

const TABS: ViewTab[] = [
  { key: '/dashboard', titleCode: 'menu.dashboard', isAffix: true },
  { key: '/fundFlow', titleCode: 'menu.fundFlow', isAffix: false },
];

describe('TabBar', () => {
  it('names the overflow button and the close buttons in the interface language', () => {
    renderWithProviders(<TabBar tabs={TABS} activeKey="/fundFlow" onClose={() => {}} />, {
      path: '/fundFlow',
    });
    // antd shows it once the tabs overflow; without layout here, show it as that would.
    const more = document.querySelector<HTMLElement>('.ant-tabs-nav-more');
    if (!more) throw new Error('no overflow button');
    more.style.visibility = 'visible';
    expect(screen.getByRole('button', { name: 'More pages' })).toBe(more);
    expect(screen.getByRole('button', { name: 'Close page' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^(remove|ellipsis)$/, hidden: true })).toBeNull();
  });
});
