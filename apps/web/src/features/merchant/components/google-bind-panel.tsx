import { Alert, App, Button, Flex, Form, Input, QRCode, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../../shared/lib/form-errors';
import { RULES } from '../../../shared/lib/form-rules';
import { FormError } from '../../../shared/ui/form-error';
import { GoogleCodeInput } from '../../../shared/ui/google-code-input';
import { useBindGoogle } from '../api/bind-google';

/**
 * Binding: the pending secret as a QR code (its otpauth:// URL) and as text with a copy
 * button for manual entry, then the password and a current 6-digit code.
 */
export interface GoogleBindPanelProps {
  secret: string | null;
  otpauthUrl: string | null;
}

interface Values {
  password: string;
  code: string;
}

export function GoogleBindPanel({ secret, otpauthUrl }: GoogleBindPanelProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string>();
  const bind = useBindGoogle();

  if (!secret || !otpauthUrl) {
    return (
      <Alert type="warning" showIcon title={t('merchant.google.noSecret')} data-testid="google-no-secret" />
    );
  }

  const submit = (values: Values) => {
    setError(undefined);
    // mutateAsync, not mutate's per-call callbacks: binding refetches the Google status, which
    // unmounts this panel, and TanStack Query skips per-call callbacks of an unmounted observer,
    // so the success message would sometimes never show.
    bind.mutateAsync(values).then(
      () => message.success(t('merchant.google.bindSuccess')),
      (failure: unknown) => {
        setError(applyServerErrors(form, failure));
        form.resetFields(['code']);
      },
    );
  };

  return (
    <div data-testid="google-bind-panel">
      <Flex gap={24} align="flex-start" wrap style={{ marginBottom: 16 }}>
        <QRCode value={otpauthUrl} size={152} bordered data-testid="google-qr" />
        <Flex vertical gap={8} style={{ flex: 1, minWidth: 220 }}>
          <Typography.Text>{t('merchant.google.stepInstall')}</Typography.Text>
          <Typography.Text>{t('merchant.google.stepScan')}</Typography.Text>
          <Typography.Text type="secondary">{t('merchant.google.secretLabel')}</Typography.Text>
          <Typography.Text
            code
            copyable={{ text: secret }}
            style={{ fontSize: 15, wordBreak: 'break-all' }}
            data-testid="google-secret"
          >
            {secret}
          </Typography.Text>
          <Typography.Text>{t('merchant.google.stepConfirm')}</Typography.Text>
        </Flex>
      </Flex>
      <Form
        name="googleBind"
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        onValuesChange={() => setError(undefined)}
        data-testid="google-bind-form"
      >
        <Form.Item name="password" label={t('common.field.password')} rules={[RULES.loginPassword]}>
          <Input.Password autoComplete="current-password" data-testid="google-bind-password" />
        </Form.Item>
        <Form.Item name="code" label={t('common.field.googleCode')} rules={[RULES.code]}>
          <GoogleCodeInput data-testid="google-bind-code" />
        </Form.Item>
        <FormError message={error} testId="google-bind-error" />
        <Button type="primary" htmlType="submit" loading={bind.isPending} data-testid="google-bind-submit">
          {t('merchant.google.bind')}
        </Button>
      </Form>
    </div>
  );
}
