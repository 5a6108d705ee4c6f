import type { CashierView } from '@tollgate/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SimulatePanel } from '../src/components/simulate-panel';
import { STRINGS } from '../src/strings';

const t = STRINGS.en_US;
const view = (over: Partial<CashierView>) =>
  ({
    orderNo: 'TG1',
    currency: 'USDT',
    amount: '25.5',
    remaining: '25.5',
    payAddress: 'TXYZ',
    language: 'en_US',
    ...over,
  }) as CashierView;
const amountOf = (html: string) => /<input[^>]*value="([^"]*)"/.exec(html)?.[1];

describe('the simulate panel', () => {
  it('is prefilled with what is still missing', () => {
    const html = renderToStaticMarkup(
      <SimulatePanel view={view({ remaining: '15.5' })} t={t} lang="en_US" />,
    );
    expect(amountOf(html)).toBe('15.5');
    expect(html).toContain(t.simHint);
  });

  it('offers no amount once the order is paid in full, and says any more is an overpayment', () => {
    const html = renderToStaticMarkup(
      <SimulatePanel
        view={view({ status: 'confirming', remaining: '0', paidAmount: '25.5' })}
        t={t}
        lang="en_US"
      />,
    );
    expect(amountOf(html)).toBe('');
    expect(html).toContain(t.simPaidInFull);
    expect(html).not.toContain('value="25.5"');
  });
});

describe('labels and their values', () => {
  it('are parted by a full-width colon in Chinese, a colon and a space elsewhere', () => {
    expect(STRINGS.zh_CN.labelColon).toBe('：');
    expect(STRINGS.zh_TW.labelColon).toBe('：');
    expect(STRINGS.en_US.labelColon).toBe(': ');
    expect(STRINGS.vi_VN.labelColon).toBe(': ');
  });
});
