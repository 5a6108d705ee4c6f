import { useEffect, useState } from 'react';
import type { Strings } from '../strings';

/** Copies `value`; says so for two seconds, in the button and to screen readers. */
export function CopyButton({ value, label, t }: { value: string; label: string; t: Strings }) {
  const [result, setResult] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (result === 'idle') return;
    const timer = setTimeout(() => setResult('idle'), 2000);
    return () => clearTimeout(timer);
  }, [result]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setResult('copied');
    } catch {
      setResult('failed');
    }
  };
  return (
    <>
      <button type="button" className="copy" onClick={copy} aria-label={label}>
        {result === 'copied' ? t.copied : t.copy}
      </button>
      <span className="visually-hidden" aria-live="polite">
        {result === 'copied' ? t.copied : result === 'failed' ? t.copyFailed : ''}
      </span>
      {result === 'failed' && <span className="copy-failed">{t.copyFailed}</span>}
    </>
  );
}
