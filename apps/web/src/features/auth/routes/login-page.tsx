import { Spin, theme } from 'antd';
import { lazy, type ReactNode, Suspense, useEffect, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import logoUrl from '../../../assets/logo.svg?inline';
import { clearSession } from '../../../shared/lib/session';
import { LanguageSwitcher } from '../../../shared/ui/language-switcher';
import { useCheckLogin } from '../api/check-login';
import type { LoginOutcome } from '../api/login';
import { SignInPanel } from '../components/sign-in-panel';
import { type Credentials, INITIAL_LOGIN_FLOW, loginFlowReducer } from '../lib/login-flow';
import { resolveRedirectTarget } from '../lib/redirect-target';

// The views after sign-in (the Google step, forgot password, registration) load when opened,
// so the page a visitor first sees does not carry them.
const GoogleStepForm = lazy(async () => ({
  default: (await import('../components/google-step-form')).GoogleStepForm,
}));
const ForgotPasswordFlow = lazy(async () => ({
  default: (await import('../components/forgot-password-flow')).ForgotPasswordFlow,
}));
const RegisterFlow = lazy(async () => ({
  default: (await import('../components/register-flow')).RegisterFlow,
}));
const VIEW_LOADING = <Spin size="large" style={{ display: 'block', padding: 48 }} />;

/**
 * The standalone login page (SPEC section 2): sign in by email or phone, the Google step
 * after a 601, forgot password and registration, each its own component driven by the
 * login-flow reducer. A browser that still holds a valid token goes straight on.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [flow, dispatch] = useReducer(loginFlowReducer, INITIAL_LOGIN_FLOW);
  const check = useCheckLogin();
  const target = resolveRedirectTarget(search);
  const { token } = theme.useToken();

  useEffect(() => {
    document.title = `${t('login.title')} - ${t('common.appName')}`;
  }, [t]);

  useEffect(() => {
    if (check.data?.valid) void navigate(target, { replace: true });
    // A token the server no longer knows is dropped, so the guard stops trusting it.
    else if (check.data && !check.data.valid) clearSession();
  }, [check.data, navigate, target]);

  const handleOutcome = (outcome: LoginOutcome, credentials: Credentials) => {
    if (outcome.status === 'googleCodeRequired') {
      dispatch({ type: 'googleRequired', credentials, prompt: outcome.message });
      return;
    }
    void navigate(target, { replace: true });
  };

  const lastEmail = flow.view === 'signIn' ? flow.email : undefined;
  let content: ReactNode;
  if (check.isLoading || check.data?.valid) {
    content = <Spin size="large" style={{ display: 'block', padding: 48 }} data-testid="login-checking" />;
  } else if (flow.view === 'google') {
    content = (
      <GoogleStepForm
        credentials={flow.credentials}
        prompt={flow.prompt}
        onOutcome={handleOutcome}
        onBack={() => dispatch({ type: 'backToSignIn' })}
      />
    );
  } else if (flow.view === 'forgot') {
    content = (
      <ForgotPasswordFlow
        onDone={(email) => dispatch({ type: 'passwordReset', email })}
        onBack={() => dispatch({ type: 'backToSignIn' })}
      />
    );
  } else if (flow.view === 'register') {
    content = (
      <RegisterFlow
        onDone={(email) => dispatch({ type: 'registered', email })}
        onBack={() => dispatch({ type: 'backToSignIn' })}
      />
    );
  } else {
    content = (
      <SignInPanel
        key={`${flow.notice ?? ''}:${lastEmail ?? ''}`}
        method={flow.method}
        email={lastEmail}
        notice={flow.notice}
        onMethodChange={(method) => dispatch({ type: 'chooseMethod', method })}
        onOutcome={handleOutcome}
        onForgot={() => dispatch({ type: 'openForgot' })}
        onRegister={() => dispatch({ type: 'openRegister' })}
      />
    );
  }

  return (
    // Outside the shell there is no antd App to set the text style, so the page sets antd's.
    <div
      className="login-page"
      style={{ color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight }}
      data-testid="page-login"
    >
      <header className="login-page__top">
        <h1 className="login-page__brand">
          <img src={logoUrl} alt={t('common.appName')} height={36} data-testid="login-logo" />
        </h1>
        <LanguageSwitcher />
      </header>
      <main className="login-page__main">
        {/* A card in antd's look without antd's Card, which brings Tabs and Skeleton along. */}
        <section
          className="login-card"
          style={{
            background: token.colorBgContainer,
            border: `${token.lineWidth}px solid ${token.colorBorderSecondary}`,
            borderRadius: token.borderRadiusLG,
            padding: token.paddingLG,
          }}
        >
          <Suspense fallback={VIEW_LOADING}>{content}</Suspense>
        </section>
      </main>
    </div>
  );
}
