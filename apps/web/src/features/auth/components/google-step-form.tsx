import { ArrowLeftOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../../shared/lib/form-errors';
import { RULES } from '../../../shared/lib/form-rules';
import { FormError } from '../../../shared/ui/form-error';
import { type LoginOutcome, useLogin } from '../api/login';
import type { Credentials } from '../lib/login-flow';

/**
 * The Google step (server code 601): the 6-digit code from the authenticator, sent with the
 * same credentials as before. A wrong or reused code shows the server's message here.
 */
export interface GoogleStepFormProps {
  credentials: Credentials;
  prompt: string;
  onOutcome: (outcome: LoginOutcome, credentials: Credentials) => void;
  onBack: () => void;
}

export function GoogleStepForm({ credentials, prompt, onOutcome, onBack }: GoogleStepFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ googleCode: string }>();
  const [error, setError] = useState<string>();
  const login = useLogin();

  const submit = ({ googleCode }: { googleCode: string }) => {
    setError(undefined);
    login.mutate(
      { ...credentials, googleCode },
      {
        onSuccess: (outcome) => onOutcome(outcome, credentials),
        onError: (failure) => {
          setError(applyServerErrors(form, failure));
          form.resetFields(['googleCode']);
        },
      },
    );
  };

  return (
    <div data-testid="google-step">
      <Flex align="center" gap={12} style={{ marginBottom: 8 }}>
        <SafetyCertificateOutlined style={{ fontSize: 28, color: '#1668dc' }} />
        <Typography.Title level={2} style={{ margin: 0, fontSize: 20 }}>
          {t('login.google.title')}
        </Typography.Title>
      </Flex>
      <Typography.Paragraph type="secondary" data-testid="google-step-prompt">
        {prompt || t('login.google.description')}
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        onValuesChange={() => setError(undefined)}
      >
        <Form.Item name="googleCode" label={t('login.google.codeLabel')} rules={[RULES.code]}>
          <Input.OTP length={6} size="large" autoFocus data-testid="google-code" />
        </Form.Item>
        <FormError message={error} testId="google-step-error" />
        <Button
          type="primary"
          htmlType="submit"
          block
          size="large"
          loading={login.isPending}
          data-testid="google-submit"
        >
          {t('login.google.submit')}
        </Button>
      </Form>
      <Button
        type="link"
        icon={<ArrowLeftOutlined />}
        onClick={onBack}
        style={{ marginTop: 12, paddingInline: 0 }}
        data-testid="google-back"
      >
        {t('login.backToLogin')}
      </Button>
    </div>
  );
}
