import { LockOutlined, MailOutlined, SafetyOutlined } from '@ant-design/icons';
import { Button, Flex, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../lib/form-errors';
import { RULES } from '../lib/form-rules';
import { FormError } from '../ui/form-error';
import { FormNotice } from '../ui/form-notice';
import { PasswordInput, TextInput } from '../ui/light-input';
import { SendCodeButton } from '../ui/send-code-button';

/**
 * Email login, the merchant's and the operator's: the address and a password, or, when the
 * caller can mail a code (`sendCode`, the merchant), a code mailed to the address instead
 * (toggled under the form). Rules are the contracts' (SPEC section 5). `onSubmit` logs in and
 * rejects with the server's failure, shown above the button (or on its field).
 */
export type PasswordCredentials = { email: string; password: string };
export type EmailCredentials = PasswordCredentials | { email: string; emailCode: string };

type Mode = 'password' | 'code';
interface Values {
  email: string;
  password?: string;
  emailCode?: string;
}

const countdownKey = (email: string) => `login:${email.trim().toLowerCase()}`;

export type EmailLoginFormProps = {
  submitLabel: string;
  initialEmail?: string | undefined;
  /** Put before every test id (`ops-` gives `ops-login-email`). */
  testIdPrefix?: string;
} & (
  | { sendCode?: undefined; onSubmit: (credentials: PasswordCredentials) => Promise<void> }
  | {
      /** Mails a login code (rejecting with the server's failure); without it, password only. */
      sendCode: (email: string) => Promise<void>;
      onSubmit: (credentials: EmailCredentials) => Promise<void>;
    }
);

export function EmailLoginForm(props: EmailLoginFormProps) {
  const { submitLabel, sendCode, initialEmail, testIdPrefix = '' } = props;
  // Code credentials are made only in code mode, which only a form with `sendCode` offers.
  const onSubmit = props.onSubmit as (credentials: EmailCredentials) => Promise<void>;
  const { t } = useTranslation();
  const [notice, setNotice] = useState<string>();
  const [form] = Form.useForm<Values>();
  const [mode, setMode] = useState<Mode>('password');
  const [error, setError] = useState<string>();
  const [isPending, setIsPending] = useState(false);
  const email: string = Form.useWatch('email', form) ?? '';
  const id = (name: string) => `${testIdPrefix}${name}`;

  const submit = async (values: Values) => {
    setError(undefined);
    setIsPending(true);
    const address = values.email.trim();
    try {
      await onSubmit(
        mode === 'password'
          ? { email: address, password: values.password ?? '' }
          : { email: address, emailCode: values.emailCode ?? '' },
      );
    } catch (failure) {
      setError(applyServerErrors(form, failure));
    } finally {
      setIsPending(false);
    }
  };

  const send = async () => {
    setError(undefined);
    setNotice(undefined);
    const { email: address } = await form.validateFields(['email']);
    try {
      await sendCode?.(address);
      setNotice(t('login.codeSent', { email: address }));
      return countdownKey(address);
    } catch (failure) {
      setError(applyServerErrors(form, failure));
      throw failure;
    }
  };

  return (
    <Form
      name={id('emailLogin')}
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ email: initialEmail }}
      onFinish={submit}
      onValuesChange={() => setError(undefined)}
      data-testid={id('login-form')}
    >
      <Form.Item name="email" label={t('common.field.email')} rules={[RULES.email]} validateTrigger="onBlur">
        <TextInput
          prefix={<MailOutlined />}
          placeholder={t('common.field.emailPlaceholder')}
          autoComplete="username"
          size="large"
          data-testid={id('login-email')}
        />
      </Form.Item>
      {mode === 'password' ? (
        <Form.Item name="password" label={t('common.field.password')} rules={[RULES.loginPassword]}>
          <PasswordInput
            prefix={<LockOutlined />}
            placeholder={t('common.field.passwordPlaceholder')}
            autoComplete="current-password"
            size="large"
            data-testid={id('login-password')}
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
                data-testid={id('login-email-code')}
              />
            </Form.Item>
            <SendCodeButton
              countdownKey={countdownKey(email)}
              onSend={send}
              size="large"
              testId={id('login-send-code')}
            />
          </Flex>
        </Form.Item>
      )}
      {mode === 'code' ? <FormNotice message={notice} testId={id('login-code-sent')} /> : null}
      <FormError message={error} testId={id('login-error')} />
      <Button
        type="primary"
        htmlType="submit"
        block
        size="large"
        loading={isPending}
        data-testid={id('login-submit')}
      >
        {submitLabel}
      </Button>
      {sendCode ? (
        <Flex justify="center" style={{ marginTop: 12 }}>
          <Button
            type="link"
            onClick={() => {
              setError(undefined);
              setMode(mode === 'password' ? 'code' : 'password');
            }}
            data-testid={id(mode === 'password' ? 'login-mode-code' : 'login-mode-password')}
          >
            {mode === 'password' ? t('login.useCode') : t('login.usePassword')}
          </Button>
        </Flex>
      ) : null}
    </Form>
  );
}
