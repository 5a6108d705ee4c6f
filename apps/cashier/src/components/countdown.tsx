import type { Strings } from '../strings';

/** Time left until expiry, as h:mm:ss (or m:ss), on the server's clock. */
export function formatLeft(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

export function Countdown({ leftMs, t }: { leftMs: number; t: Strings }) {
  return (
    <div className={leftMs < 5 * 60_000 ? 'countdown soon' : 'countdown'}>
      <span className="field-label">{t.expiresIn}</span>
      {/* Not live: a screen reader would read it every second. */}
      <span className="countdown-value" data-testid="countdown">
        {formatLeft(leftMs)}
      </span>
    </div>
  );
}
