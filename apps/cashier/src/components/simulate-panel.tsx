import type { CashierView } from '@tollgate/contracts';
import type { Language } from '@tollgate/contracts/languages';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { CallError, simulatePayment } from '../api';
import { format, type Strings } from '../strings';

const AMOUNT = /^\d{1,30}(\.\d{1,18})?$/;

/**
 * Devnet only, and marked as such: sends simulated money to the order's address through the
 * server (a devnet transfer the watcher sees in the next block). Prefilled with what is still
 * missing, so underpaid and overpaid can be tried by changing the amount.
 */
export function SimulatePanel({ view, t, lang }: { view: CashierView; t: Strings; lang: Language }) {
  const id = useId();
  // Nothing prefilled once the order is paid in full (confirming or completed): any amount sent
  // then is an overpayment, which the hint says; the merchant may still try one on purpose.
  const prefill = view.remaining === '0' ? '' : view.remaining;
  const [amount, setAmount] = useState(prefill);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);

  useEffect(() => {
    setAmount(view.remaining === '0' ? '' : view.remaining);
    // What was sent has now been seen (the status panel says what arrived): "sent, shows after
    // the next block" is no longer true. An error stays until the next try.
    setMessage((shown) => (shown?.tone === 'ok' ? null : shown));
  }, [view.remaining]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = amount.trim();
    if (!AMOUNT.test(value) || /^[0.]+$/.test(value)) {
      // "1e3" or "abc" is no number (said so); "0" is no amount.
      setMessage({ tone: 'error', text: AMOUNT.test(value) ? t.simAmountInvalid : t.simAmountNotNumber });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const result = await simulatePayment(view.orderNo, value, lang);
      setMessage({ tone: 'ok', text: format(t.simSent, { amount: result.amount, currency: view.currency }) });
    } catch (caught) {
      const text =
        caught instanceof CallError && caught.kind === 'refused' ? caught.message : t.networkErrorBody;
      setMessage({ tone: 'error', text });
    } finally {
      setBusy(false);
    }
  };

  const noAddress = view.payAddress === null;
  return (
    <section className="simulate" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t.simTitle}</h2>
      <p className="hint">
        {noAddress ? t.simNeedNetwork : view.remaining === '0' ? t.simPaidInFull : t.simHint}
      </p>
      <form onSubmit={submit} noValidate>
        <label htmlFor={`${id}-amount`}>{format(t.simAmount, { currency: view.currency })}</label>
        <div className="simulate-row">
          <input
            id={`${id}-amount`}
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            disabled={noAddress}
            aria-invalid={message?.tone === 'error'}
            aria-describedby={`${id}-message`}
            onChange={(event) => setAmount(event.target.value)}
          />
          <button type="submit" disabled={busy || noAddress}>
            {busy ? t.simSending : t.simSubmit}
          </button>
        </div>
        <p
          id={`${id}-message`}
          className={message?.tone === 'error' ? 'error-text' : 'ok-text'}
          aria-live="polite"
        >
          {message?.text ?? ''}
        </p>
      </form>
    </section>
  );
}
