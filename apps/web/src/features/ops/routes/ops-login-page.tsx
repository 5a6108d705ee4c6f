import type { OpsLoginBody } from '@tollgate/contracts';
import { Typography, theme } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import logoUrl from '../../../assets/logo.svg?inline';
import { EmailLoginForm } from '../../../shared/auth-forms/email-login-form';
import { GoogleStepForm } from '../../../shared/auth-forms/google-step-form';
import { isOpsLoggedIn } from '../../../shared/lib/ops-session';
import { LanguageSwitcher } from '../../../shared/ui/language-switcher';
import { type OpsLoginOutcome, useOpsLogin } from '../api/ops-login';
import { resolveOpsRedirect } from '../lib/ops-redirect';
import '../ops.css';

/**
 * /ops/login: the operator's own sign-in (its own accounts and token, never the merchant's):
 * email and password, then the Google code when the server answers 601, in the forms the
 * merchant's login uses too (shared/auth-forms). A tab that already holds an operator token
 * goes straight on; the console checks it with its first call.
 */
type OpsCredentials = Omit<OpsLoginBody, 'googleCode'>;
type Step =
  | { step: 'credentials'; email?: string }
  | { step: 'google'; credentials: OpsCredentials; prompt: string };

export default function OpsLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { token } = theme.useToken();
  const [state, setState] = useState<Step>({ step: 'credentials' });
  const login = useOpsLogin();
  const target = resolveOpsRedirect(search);

  useEffect(() => {
    document.title = `${t('ops.login.title')} - ${t('ops.appName')}`;
  }, [t]);

  useEffect(() => {
    if (isOpsLoggedIn()) void navigate(target, { replace: true });
  }, [navigate, target]);

  const handleOutcome = (outcome: OpsLoginOutcome, credentials: OpsCredentials) => {
    if (outcome.status === 'loggedIn') void navigate(target, { replace: true });
    else setState({ step: 'google', credentials, prompt: outcome.message });
  };
  const logIn = async (credentials: OpsCredentials, googleCode?: string) =>
    handleOutcome(
      await login.mutateAsync(googleCode ? { ...credentials, googleCode } : credentials),
      credentials,
    );

  return (
    <div
      className="ops-login"
      style={{ color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight }}
      data-testid="page-ops-login"
    >
      <header className="ops-login__top">
        <img src={logoUrl} alt={t('common.appName')} height={32} />
        <LanguageSwitcher />
      </header>
      <main className="ops-login__main">
        <section
          className="ops-login__card"
          style={{
            background: token.colorBgContainer,
            border: `${token.lineWidth}px solid ${token.colorBorderSecondary}`,
            borderRadius: token.borderRadiusLG,
            padding: token.paddingLG,
          }}
        >
          {state.step === 'google' ? (
            <GoogleStepForm
              prompt={state.prompt}
              texts={{
                title: t('ops.login.googleTitle'),
                description: t('ops.login.googleDescription'),
                submit: t('ops.login.googleSubmit'),
                back: t('ops.login.back'),
              }}
              onSubmit={(googleCode) => logIn(state.credentials, googleCode)}
              onBack={() => setState({ step: 'credentials', email: state.credentials.email })}
              testIdPrefix="ops-"
            />
          ) : (
            <>
              <h1 style={{ marginTop: 0, fontSize: 22 }}>{t('ops.login.title')}</h1>
              <Typography.Paragraph type="secondary">{t('ops.login.subtitle')}</Typography.Paragraph>
              <EmailLoginForm
                key={state.email ?? ''}
                initialEmail={state.email}
                submitLabel={t('ops.login.submit')}
                onSubmit={logIn}
                testIdPrefix="ops-"
              />
            </>
          )}
        </section>
      </main>
    </div>
  );
}
