import { LockOutlined, MailOutlined, SafetyOutlined } from '@ant-design/icons';
import { Button, Flex, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../../shared/lib/form-errors';
import { RULES } from '../../../shared/lib/form-rules';
import { FormError } from '../../../shared/ui/form-error';
import { FormNotice } from '../../../shared/ui/form-notice';
import { PasswordInput, TextInput } from '../../../shared/ui/light-input';
import { SendCodeButton } from '../../../shared/ui/send-code-button';
import { type LoginOutcome, useLogin } from '../api/login';
import { useSendLoginCode } from '../api/send-login-code';
import type { Credentials } from '../lib/login-flow';

/**
 * Email login, with a password or with a code mailed to the address (toggled under the
 * form). Rules are the contracts' (SPEC section 5); a server error shows above the button.
 */
type Mode = 'password' | 'code';
interface Values {
  email: string;
  password?: string;
  emailCode?: string;
}

const countdownKey = (email: string) => `login:${email.trim().toLowerCase()}`;

export interface LoginFormProps {
  onOutcome: (outcome: LoginOutcome, credentials: Credentials) => void;
  initialEmail?: string | undefined;
}

export function EmailLoginForm({ onOutcome, initialEmail }: LoginFormProps) {
  const { t } = useTranslation();
  const [notice, setNotice] = useState<string>();
  const [form] = Form.useForm<Values>();
  const [mode, setMode] = useState<Mode>('password');
  const [error, setError] = useState<string>();
  const login = useLogin();
  const sendCode = useSendLoginCode();
  const email: string = Form.useWatch('email', form) ?? '';

  const submit = (values: Values) => {
    setError(undefined);
    const credentials: Credentials =
      mode === 'password'
        ? { email: values.email, password: values.password ?? '' }
        : { email: values.email, emailCode: values.emailCode ?? '' };
    login.mutate(credentials, {
      onSuccess: (outcome) => onOutcome(outcome, credentials),
      onError: (failure) => setError(applyServerErrors(form, failure)),
    });
  };

  const send = async () => {
    setError(undefined);
    setNotice(undefined);
    const { email: address } = await form.validateFields(['email']);
    try {
      await sendCode.mutateAsync({ email: address });
      setNotice(t('login.codeSent', { email: address }));
      return countdownKey(address);
    } catch (failure) {
      setError(applyServerErrors(form, failure));
      throw failure;
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ email: initialEmail }}
      onFinish={submit}
      onValuesChange={() => setError(undefined)}
      data-testid="login-form"
    >
      <Form.Item name="email" label={t('common.field.email')} rules={[RULES.email]} validateTrigger="onBlur">
        <TextInput
          prefix={<MailOutlined />}
          placeholder={t('common.field.emailPlaceholder')}
          autoComplete="username"
          size="large"
          data-testid="login-email"
        />
      </Form.Item>
      {mode === 'password' ? (
        <Form.Item name="password" label={t('common.field.password')} rules={[RULES.loginPassword]}>
          <PasswordInput
            prefix={<LockOutlined />}
            placeholder={t('common.field.passwordPlaceholder')}
            autoComplete="current-password"
            size="large"
            data-testid="login-password"
          />
        </Form.Item>
      ) : (
        <Form.Item label={t('common.field.emailCode')} required>
          <Flex gap={8}>
            <Form.Item name="emailCode" rules={[RULES.code]} noStyle>
              <TextInput
                prefix={<SafetyOutlined />}
                placeholder={t('common.field.codePlaceholder')}
                autoComplete="one-time-code"
                inputMode="numeric"
                maxLength={6}
                size="large"
                style={{ flex: 1 }}
                data-testid="login-email-code"
              />
            </Form.Item>
            <SendCodeButton
              countdownKey={countdownKey(email)}
              onSend={send}
              size="large"
              testId="login-send-code"
            />
          </Flex>
        </Form.Item>
      )}
      {mode === 'code' ? <FormNotice message={notice} testId="login-code-sent" /> : null}
      <FormError message={error} testId="login-error" />
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
      <Flex justify="center" style={{ marginTop: 12 }}>
        <Button
          type="link"
          onClick={() => {
            setError(undefined);
            setMode(mode === 'password' ? 'code' : 'password');
          }}
          data-testid={mode === 'password' ? 'login-mode-code' : 'login-mode-password'}
        >
          {mode === 'password' ? t('login.useCode') : t('login.usePassword')}
        </Button>
      </Flex>
    </Form>
  );
}
