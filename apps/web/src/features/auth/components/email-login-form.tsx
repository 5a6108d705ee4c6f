import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { emailField, type LoginBody, loginPasswordField } from '@tollgate/contracts';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { toFormRule } from '../../../shared/lib/zod-rule';
import { type LoginOutcome, useLoginWithEmail } from '../api/login-with-email';

/**
 * Email + password login. Field rules are the contracts' (SPEC section 5); a server error
 * (e.g. wrong password) is shown above the button, where the user acted.
 */
const EMAIL_RULE = toFormRule(emailField);
const PASSWORD_RULE = toFormRule(loginPasswordField);

export function EmailLoginForm({ onDone }: { onDone: (outcome: LoginOutcome) => void }) {
  const { t } = useTranslation();
  const login = useLoginWithEmail();
  const [form] = Form.useForm<LoginBody>();

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => login.mutate(values, { onSuccess: (outcome) => onDone(outcome) })}
      onValuesChange={() => login.error && login.reset()}
      data-testid="login-form"
    >
      <Form.Item name="email" label={t('login.email')} rules={[EMAIL_RULE]} validateTrigger="onBlur">
        <Input
          prefix={<MailOutlined />}
          placeholder={t('login.emailPlaceholder')}
          autoComplete="username"
          size="large"
          data-testid="login-email"
        />
      </Form.Item>
      <Form.Item name="password" label={t('login.password')} rules={[PASSWORD_RULE]}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('login.passwordPlaceholder')}
          autoComplete="current-password"
          size="large"
          data-testid="login-password"
        />
      </Form.Item>
      {login.error ? (
        <Alert
          type="error"
          showIcon
          title={login.error.message}
          style={{ marginBottom: 16 }}
          data-testid="login-error"
        />
      ) : null}
      <Button
        type="primary"
        htmlType="submit"
        block
        size="large"
        loading={login.isPending}
        data-testid="login-submit"
      >
        {t('login.submit')}
      </Button>
    </Form>
  );
}
