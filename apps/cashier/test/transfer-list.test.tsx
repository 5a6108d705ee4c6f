import type { CashierView } from '@tollgate/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TransferList } from '../src/components/transfer-list';
import { STRINGS } from '../src/strings';

const t = STRINGS.en_US;
const HASH_A = `0x${'a'.repeat(64)}`;
const HASH_B = `0x${'b'.repeat(64)}`;
const view = (transfers: CashierView['transfers']) =>
  ({ orderNo: 'TG1', currency: 'USDT', amount: '40', txHash: HASH_A, transfers }) as CashierView;

describe('the paid transactions', () => {
  it('lists every transaction that paid the order, not only the first, each hash linked to its explorer', () => {
    const html = renderToStaticMarkup(
      <TransferList
        view={view([
          { txHash: HASH_A, amount: '15', confirmed: true, explorerUrl: `https://etherscan.io/tx/${HASH_A}` },
          {
            txHash: HASH_B,
            amount: '25',
            confirmed: false,
            explorerUrl: `https://etherscan.io/tx/${HASH_B}`,
          },
        ])}
        t={t}
      />,
    );
    expect(html.match(/data-testid="transfer"/g)).toHaveLength(2);
    expect(html).toContain(`href="https://etherscan.io/tx/${HASH_A}"`);
    expect(html).toContain(`href="https://etherscan.io/tx/${HASH_B}"`);
    expect(html).toContain('15 USDT');
    expect(html).toContain('25 USDT');
    // Only the second still waits for confirmations.
    expect(html.match(new RegExp(t.transferConfirming, 'g'))).toHaveLength(1);
    expect(html).toContain('rel="noopener noreferrer"');
  });

  it('shows a devnet hash as text (no explorer has it), still copyable', () => {
    const html = renderToStaticMarkup(
      <TransferList
        view={view([{ txHash: HASH_A, amount: '40', confirmed: true, explorerUrl: null }])}
        t={t}
      />,
    );
    expect(html).not.toContain('<a ');
    expect(html).toContain(`<code data-testid="transfer-hash">${HASH_A}</code>`);
    expect(html).toContain(`aria-label="${t.copyHash}"`);
  });

  it('shows nothing before a payment', () => {
    expect(renderToStaticMarkup(<TransferList view={view([])} t={t} />)).toBe('');
  });
});
