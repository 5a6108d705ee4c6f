import type { CashierView } from '@tollgate/contracts';
import type { Language } from '@tollgate/contracts/languages';
import { useState } from 'react';
import { CallError, chooseNetwork } from '../api';
import { format, type Strings } from '../strings';

/** The networks the currency can be paid on; choosing one assigns the order's address. */
export function NetworkChoice({
  view,
  t,
  lang,
  onChosen,
}: {
  view: CashierView;
  t: Strings;
  /** The page's language: the server's refusals come back in it. */
  lang: Language;
  onChosen: (view: CashierView) => void;
}) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState('');

  const choose = async (chainId: string) => {
    setBusy(chainId);
    setError('');
    try {
      onChosen(await chooseNetwork(view.orderNo, chainId, lang));
    } catch (caught) {
      setError(
        caught instanceof CallError && caught.kind === 'refused' ? caught.message : t.networkErrorBody,
      );
    } finally {
      setBusy(null);
    }
  };

  if (view.networks.length === 0) return <p className="notice">{t.noNetworks}</p>;
  return (
    <fieldset className="networks" aria-describedby="network-hint">
      <legend>{t.chooseNetwork}</legend>
      <p id="network-hint" className="hint">
        {format(t.chooseNetworkHint, { currency: view.currency })}
      </p>
      <div className="network-list">
        {view.networks.map((network) => (
          <button
            key={network.chainId}
            type="button"
            className="network"
            disabled={busy !== null}
            aria-busy={busy === network.chainId}
            onClick={() => choose(network.chainId)}
          >
            <span className="network-name">{network.chainName}</span>
            <span className="network-unit">
              {view.currency} · {network.chainId}
            </span>
          </button>
        ))}
      </div>
      {busy && <p className="hint">{t.choosing}</p>}
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
