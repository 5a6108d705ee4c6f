import { Alert, Button, Flex, Segmented, Spin, theme } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginOutcome } from '../api/login';
import type { Credentials, Notice, SignInMethod } from '../lib/login-flow';
import { EmailLoginForm } from './email-login-form';

// The phone method (its form and the country select) loads when it is first chosen.
const PhoneLoginForm = lazy(async () => ({ default: (await import('./phone-login-form')).PhoneLoginForm }));

/**
 * The sign-in view: welcome, the notice a finished flow left (password reset, account
 * created), the email and phone methods, and the ways to forgot password and registration.
 * The methods switch with a Segmented control and the texts are plain headings and paragraphs
 * in antd's tokens: antd's Tabs and Typography would add about 20 KiB of gzipped JS to the
 * page a visitor loads first (issue 6, point 13). A method's form stays mounted once shown,
 * so switching back keeps what was typed.
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
  const { token } = theme.useToken();
  const [hasShownPhone, setHasShownPhone] = useState(method === 'phone');
  const choose = (next: SignInMethod) => {
    if (next === 'phone') setHasShownPhone(true);
    onMethodChange(next);
  };
  const secondary = { color: token.colorTextDescription };
  return (
    <div data-testid="sign-in-panel">
      <h2
        style={{
          margin: `0 0 ${token.marginXS}px`,
          fontSize: 24,
          fontWeight: token.fontWeightStrong,
          lineHeight: token.lineHeightHeading2,
          color: token.colorTextHeading,
        }}
      >
        {t('login.welcome')}
      </h2>
      <p style={{ ...secondary, margin: `0 0 ${token.marginLG}px` }}>{t('login.slogan')}</p>
      {notice ? (
        <Alert
          type="success"
          showIcon
          title={t(notice === 'registered' ? 'login.register.done' : 'login.forgot.done')}
          style={{ marginBottom: 16 }}
          data-testid="login-notice"
        />
      ) : null}
      <Segmented<SignInMethod>
        block
        size="large"
        value={method}
        onChange={choose}
        options={[
          { value: 'email', label: <span data-testid="login-tab-email">{t('login.emailTab')}</span> },
          { value: 'phone', label: <span data-testid="login-tab-phone">{t('login.phoneTab')}</span> },
        ]}
        style={{ marginBottom: token.marginLG }}
      />
      <div hidden={method !== 'email'}>
        <EmailLoginForm onOutcome={onOutcome} initialEmail={email} />
      </div>
      {hasShownPhone || method === 'phone' ? (
        <div hidden={method !== 'phone'}>
          <Suspense fallback={<Spin style={{ display: 'block', padding: 24 }} />}>
            <PhoneLoginForm onOutcome={onOutcome} />
          </Suspense>
        </div>
      ) : null}
      {/* On a phone in a long language (vi_VN) the two parts take a line each; neither breaks. */}
      <Flex justify="space-between" align="center" wrap style={{ marginTop: 4, columnGap: 16 }}>
        <Button type="link" onClick={onForgot} style={{ paddingInline: 0 }} data-testid="open-forgot">
          {t('login.forgot.link')}
        </Button>
        <span style={{ whiteSpace: 'nowrap' }} data-testid="register-prompt">
          <span style={secondary}>{t('login.register.prompt')}</span>
          <Button type="link" onClick={onRegister} style={{ paddingInline: 4 }} data-testid="open-register">
            {t('login.register.link')}
          </Button>
        </span>
      </Flex>
    </div>
  );
}
