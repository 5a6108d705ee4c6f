import type { CashierView } from '@tollgate/contracts';
import { useEffect, useState } from 'react';
import { format, type Strings } from '../strings';

/**
 * Where the order stands, in a live region: screen readers hear each change (a payment seen, a
 * confirmation, success, expiry), never the ticking countdown. A pending order whose time ran
 * out shows as expired at once; the server's own expiry follows within seconds.
 */
export type Phase = 'choose' | 'waiting' | 'underpaid' | 'confirming' | 'completed' | 'expired';

export function phaseOf(view: CashierView, timeIsUp: boolean): Phase {
  if (view.status !== 'pending') return view.status;
  if (timeIsUp) return 'expired';
  if (view.network === null) return 'choose';
  return view.paidAmount === '0' ? 'waiting' : 'underpaid';
}

export function StatusPanel({ view, phase, t }: { view: CashierView; phase: Phase; t: Strings }) {
  const values = {
    paid: view.paidAmount,
    missing: view.remaining,
    amount: view.amount,
    currency: view.currency,
  };
  let body: React.ReactNode = null;
  if (phase === 'waiting') {
    body = (
      <p className="status-line">
        <span className="spinner" aria-hidden="true" />
        {t.statusWaiting}
      </p>
    );
  } else if (phase === 'underpaid') {
    body = <p className="status-line">{format(t.statusUnderpaid, values)}</p>;
  } else if (phase === 'confirming') {
    const { have, need } = view.confirmations ?? { have: 0, need: 1 };
    body = (
      <>
        <p className="status-line">{t.statusConfirming}</p>
        <div
          className="progress"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={need}
          aria-valuenow={have}
          aria-label={format(t.confirmations, { have, need })}
        >
          <span style={{ width: `${Math.round((100 * have) / Math.max(need, 1))}%` }} />
        </div>
        <p className="status-detail" data-testid="confirmations">
          {format(t.confirmations, { have, need })}
        </p>
        {view.exception === 'overpaid' && <p className="status-detail">{format(t.overpaid, values)}</p>}
      </>
    );
  } else if (phase === 'completed') {
    body = (
      <>
        <p className="status-title">
          <span className="mark" aria-hidden="true">
            ✓
          </span>
          {t.statusCompleted}
        </p>
        <p className="status-detail">{format(t.completedBody, values)}</p>
        {view.exception === 'overpaid' && <p className="status-detail">{format(t.overpaid, values)}</p>}
        {view.redirectUrl && <Redirect url={view.redirectUrl} t={t} />}
      </>
    );
  } else if (phase === 'expired') {
    body = (
      <>
        <p className="status-title">{t.statusExpired}</p>
        {view.exception === 'late' ? (
          <p className="status-detail">{format(t.late, values)}</p>
        ) : (
          <>
            <p className="status-detail">{t.expiredBody}</p>
            {view.paidAmount !== '0' && <p className="status-detail">{format(t.expiredUnderpaid, values)}</p>}
          </>
        )}
      </>
    );
  }
  return (
    <div
      className={`status status-${phase}`}
      role="status"
      aria-live="polite"
      data-testid="status"
      data-phase={phase}
    >
      {body}
    </div>
  );
}

const REDIRECT_SECONDS = 5;

/** Back to the merchant after a short visible countdown, with a link to go at once. */
function Redirect({ url, t }: { url: string; t: Strings }) {
  const [seconds, setSeconds] = useState(REDIRECT_SECONDS);
  useEffect(() => {
    if (seconds <= 0) {
      window.location.assign(url);
      return;
    }
    const timer = setTimeout(() => setSeconds((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds, url]);
  return (
    <p className="redirect">
      <span aria-hidden="true">{format(t.redirecting, { seconds: Math.max(seconds, 0) })} </span>
      <a href={url} rel="noreferrer">
        {t.returnNow}
      </a>
    </p>
  );
}
