import type { CashierView } from '@tollgate/contracts';
import type { Language } from '@tollgate/contracts/languages';
import { useEffect, useMemo, useState } from 'react';
import { amountSizeClass } from './amount-size';
import { Countdown } from './components/countdown';
import { LanguageSwitch } from './components/language-switch';
import { NetworkChoice } from './components/network-choice';
import { PaymentBox } from './components/payment-box';
import { SimulatePanel } from './components/simulate-panel';
import { phaseOf, StatusPanel } from './components/status-panel';
import { TransferList } from './components/transfer-list';
import { browserLanguage, navigatorLanguages, pageLanguage, readChoice, storeChoice } from './language';
import { format, HTML_LANG, STRINGS, type Strings } from './strings';
import { useOrderFeed, useServerNow } from './use-order-feed';

/**
 * The cashier page /pay/{orderNo}: the order in its own language (language.ts: the payer's
 * choice, else the order's, else the browser's), its amount, the network choice or where to
 * pay, a countdown and the live status.
 */

export function App({ orderNo }: { orderNo: string }) {
  const tags = useMemo(navigatorLanguages, []);
  const [choice, setChoice] = useState<Language | null>(readChoice);
  // Until the order has loaded: the payer's choice or browser (its refusals come back in it).
  const { state, live, retry, accept } = useOrderFeed(orderNo, choice ?? browserLanguage(tags));
  const language = pageLanguage(choice, state.kind === 'ready' ? state.view.language : null, tags);
  const t = STRINGS[language];
  const choose = (next: Language) => {
    storeChoice(next);
    setChoice(next);
  };

  useEffect(() => {
    document.documentElement.lang = HTML_LANG[language];
    document.title = `${t.title} · Tollgate`;
  }, [language, t]);

  return (
    <div className="page">
      {state.kind === 'ready' && state.view.test && (
        // A landmark of its own (banner), like everything else on the page.
        <header className="test-banner" data-testid="test-banner">
          {t.testBadge}
        </header>
      )}
      <main className="card" aria-busy={state.kind === 'loading'}>
        <header className="card-head">
          <span className="brand">Tollgate</span>
          <h1>{t.title}</h1>
          <LanguageSwitch value={language} label={t.languageLabel} onChange={choose} />
        </header>
        {state.kind === 'loading' && (
          <p className="status-line" role="status">
            <span className="spinner" aria-hidden="true" />
            {t.loading}
          </p>
        )}
        {state.kind === 'error' && <ErrorState kind={state.error} t={t} onRetry={retry} />}
        {state.kind === 'ready' && (
          <OrderView
            view={state.view}
            clockOffset={state.clockOffset}
            live={live}
            t={t}
            lang={language}
            onView={accept}
          />
        )}
      </main>
      {/* A completed order needs nothing more (the success view then redirects); an expired
          one keeps the panel: a payment after expiry is a case to try (late, credited). */}
      {state.kind === 'ready' && state.view.simulate && state.view.status !== 'completed' && (
        <SimulatePanel view={state.view} t={t} lang={language} />
      )}
      <footer className="footer">{t.footer}</footer>
    </div>
  );
}

function ErrorState({ kind, t, onRetry }: { kind: 'notFound' | 'network'; t: Strings; onRetry: () => void }) {
  return (
    <div className="error-state" role="alert">
      <h2>{kind === 'notFound' ? t.notFoundTitle : t.networkErrorTitle}</h2>
      <p>{kind === 'notFound' ? t.notFoundBody : t.networkErrorBody}</p>
      {kind === 'network' && (
        <button type="button" className="primary" onClick={onRetry}>
          {t.retry}
        </button>
      )}
    </div>
  );
}

function OrderView({
  view,
  clockOffset,
  live,
  t,
  lang,
  onView,
}: {
  view: CashierView;
  clockOffset: number;
  live: boolean;
  t: Strings;
  lang: Language;
  onView: (view: CashierView) => void;
}) {
  const now = useServerNow(clockOffset);
  const leftMs = Date.parse(view.expiresAt) - now;
  const phase = phaseOf(view, leftMs <= 0);
  const open = phase === 'choose' || phase === 'waiting' || phase === 'underpaid';
  return (
    <>
      <section className="amount-block" aria-labelledby="amount-label">
        <span className="field-label" id="amount-label">
          {t.amountLabel}
        </span>
        <p className="amount-row">
          <span className={`amount ${amountSizeClass(view.amount)}`} data-testid="amount">
            {view.amount}
          </span>
          <span className="currency">{view.currency}</span>
        </p>
        {view.description && (
          <p className="description">
            <span className="muted">
              {t.descriptionLabel}
              {t.labelColon}
            </span>
            {view.description}
          </p>
        )}
        <p className="order-no">
          <span className="muted">
            {t.orderNoLabel}
            {t.labelColon}
          </span>
          <code>{view.orderNo}</code>
        </p>
      </section>
      {open && <Countdown leftMs={leftMs} t={t} />}
      <StatusPanel view={view} phase={phase} t={t} />
      {phase === 'choose' && <NetworkChoice view={view} t={t} lang={lang} onChosen={onView} />}
      {(phase === 'waiting' || phase === 'underpaid') && <PaymentBox view={view} t={t} />}
      {phase !== 'choose' && phase !== 'waiting' && <TransferList view={view} t={t} />}
      {!live && open && <p className="hint">{format(t.liveLost)}</p>}
    </>
  );
}
