import { Alert, Button, Flex, Spin, Tabs, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginOutcome } from '../api/login';
import type { Credentials, Notice, SignInMethod } from '../lib/login-flow';
import { EmailLoginForm } from './email-login-form';

// The phone tab (its form and the country select) loads when the tab is first opened.
const PhoneLoginForm = lazy(async () => ({ default: (await import('./phone-login-form')).PhoneLoginForm }));

/**
 * The sign-in view: welcome, the notice a finished flow left (password reset, account
 * created), the email and phone tabs, and the ways to forgot password and registration.
 */
export interface SignInPanelProps {
  method: SignInMethod;
  email?: string | undefined;
  notice?: Notice | undefined;
  onMethodChange: (method: SignInMethod) => void;
  onOutcome: (outcome: LoginOutcome, credentials: Credentials) => void;
  onForgot: () => void;
  onRegister: () => void;
}

export function SignInPanel(props: SignInPanelProps) {
  const { method, email, notice, onMethodChange, onOutcome, onForgot, onRegister } = props;
  const { t } = useTranslation();
  return (
    <div data-testid="sign-in-panel">
      <Typography.Title level={2} style={{ marginTop: 0, fontSize: 24 }}>
        {t('login.welcome')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('login.slogan')}</Typography.Paragraph>
      {notice ? (
        <Alert
          type="success"
          showIcon
          title={t(notice === 'registered' ? 'login.register.done' : 'login.forgot.done')}
          style={{ marginBottom: 16 }}
          data-testid="login-notice"
        />
      ) : null}
      <Tabs
        activeKey={method}
        onChange={(key) => onMethodChange(key as SignInMethod)}
        items={[
          {
            key: 'email',
            label: <span data-testid="login-tab-email">{t('login.emailTab')}</span>,
            children: <EmailLoginForm onOutcome={onOutcome} initialEmail={email} />,
          },
          {
            key: 'phone',
            label: <span data-testid="login-tab-phone">{t('login.phoneTab')}</span>,
            children: (
              <Suspense fallback={<Spin style={{ display: 'block', padding: 24 }} />}>
                <PhoneLoginForm onOutcome={onOutcome} />
              </Suspense>
            ),
          },
        ]}
      />
      <Flex justify="space-between" align="center" style={{ marginTop: 4 }}>
        <Button type="link" onClick={onForgot} style={{ paddingInline: 0 }} data-testid="open-forgot">
          {t('login.forgot.link')}
        </Button>
        <span>
          <Typography.Text type="secondary">{t('login.register.prompt')}</Typography.Text>
          <Button type="link" onClick={onRegister} style={{ paddingInline: 4 }} data-testid="open-register">
            {t('login.register.link')}
          </Button>
        </span>
      </Flex>
    </div>
  );
}
