import type { CashierView } from '@tollgate/contracts';
import { format, type Strings } from '../strings';
import { CopyButton } from './copy-button';
import { QrCode } from './qr-code';

/** Where to pay: the address as a QR code and as text, each with what to send exactly. */
export function PaymentBox({ view, t }: { view: CashierView; t: Strings }) {
  const address = view.payAddress ?? '';
  const network = view.networkName ?? view.network ?? '';
  return (
    <section className="pay" aria-labelledby="pay-title">
      <p id="pay-title" className="instruction">
        {format(t.sendExactly, { amount: view.remaining, currency: view.currency, network })}
      </p>
      <div className="pay-grid">
        <QrCode text={address} label={t.qrLabel} />
        <div className="pay-fields">
          <div className="field">
            <span className="field-label">{t.networkLabel}</span>
            <span className="field-value">
              {network} <span className="muted">({view.currency})</span>
            </span>
          </div>
          <div className="field">
            <span className="field-label" id="send-label">
              {t.amountToSend}
            </span>
            <span className="field-row">
              <span className="send-amount" data-testid="send-amount">
                {view.remaining} {view.currency}
              </span>
              <CopyButton value={view.remaining} label={t.copyAmount} t={t} />
            </span>
          </div>
          <div className="field">
            <span className="field-label" id="address-label">
              {t.addressLabel}
            </span>
            <span className="field-row">
              <code className="address" data-testid="pay-address">
                {address}
              </code>
              <CopyButton value={address} label={t.copyAddress} t={t} />
            </span>
          </div>
        </div>
      </div>
    </section>
  );
}
