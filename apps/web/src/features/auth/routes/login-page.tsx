import { Alert, Card, Tabs, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { LanguageSwitcher } from '../../../shared/ui/language-switcher';
import type { LoginOutcome } from '../api/login-with-email';
import { EmailLoginForm } from '../components/email-login-form';
import { resolveRedirectTarget } from '../lib/redirect-target';

/**
 * The standalone login page. Sign-in methods are tabs (email now; phone slots in beside it)
 * and the steps after credentials (Google code on 601, forgot password, registration) slot in
 * through `outcome`, which today only reports a pending Google step.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [pendingMessage, setPendingMessage] = useState<string | null>(null);

  useEffect(() => {
    document.title = `${t('login.title')} - ${t('common.appName')}`;
  }, [t]);

  const handleDone = (outcome: LoginOutcome) => {
    if (outcome.status === 'googleCodeRequired') {
      setPendingMessage(outcome.message);
      return;
    }
    void navigate(resolveRedirectTarget(search), { replace: true });
  };

  return (
    <div className="login-page" data-testid="page-login">
      <header className="login-page__top">
        <img src="/logo.svg" alt={t('common.appName')} height={36} data-testid="login-logo" />
        <LanguageSwitcher />
      </header>
      <main className="login-page__main">
        <Card className="login-card">
          <Typography.Title level={3} style={{ marginTop: 0 }}>
            {t('login.welcome')}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t('login.slogan')}</Typography.Paragraph>
          {pendingMessage ? (
            <Alert type="info" showIcon title={pendingMessage} style={{ marginBottom: 16 }} />
          ) : null}
          <Tabs
            items={[
              { key: 'email', label: t('login.emailTab'), children: <EmailLoginForm onDone={handleDone} /> },
            ]}
          />
        </Card>
      </main>
    </div>
  );
}
