import type { CashierView } from '@tollgate/contracts';
import type { Strings } from '../strings';
import { CopyButton } from './copy-button';

/**
 * Every transaction that paid the order (an order may be paid in several), oldest first: its
 * amount, whether it still waits for confirmations, and its hash, linked to the chain's
 * explorer where there is one (devnet money has none) and copyable.
 */
export function TransferList({ view, t }: { view: CashierView; t: Strings }) {
  if (view.transfers.length === 0) return null;
  return (
    <section className="transfers" aria-labelledby="transfers-label" data-testid="transfers">
      <h2 className="field-label" id="transfers-label">
        {t.transfersLabel}
      </h2>
      <ol>
        {view.transfers.map((transfer, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list only grows at its end (oldest first), and one transaction can pay twice
          <li key={`${transfer.txHash}-${index}`} data-testid="transfer">
            <p className="transfer-head">
              <span className="transfer-amount">
                {transfer.amount} {view.currency}
              </span>
              {!transfer.confirmed && <span className="muted">{t.transferConfirming}</span>}
            </p>
            <p className="tx">
              {transfer.explorerUrl ? (
                <a
                  href={transfer.explorerUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  title={t.viewOnExplorer}
                  data-testid="transfer-hash"
                >
                  <code>{transfer.txHash}</code>
                </a>
              ) : (
                <code data-testid="transfer-hash">{transfer.txHash}</code>
              )}
              <CopyButton value={transfer.txHash} label={t.copyHash} t={t} />
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
