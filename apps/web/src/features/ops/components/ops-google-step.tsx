import { ArrowLeftOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../../shared/lib/form-errors';
import { RULES } from '../../../shared/lib/form-rules';
import { FormError } from '../../../shared/ui/form-error';
import { type OpsLoginOutcome, useOpsLogin } from '../api/ops-login';
import type { OpsCredentials } from './ops-login-form';

/**
 * The Google step after a 601: the 6-digit code, sent with the same credentials again. A wrong
 * or reused code shows the server's message here and clears the boxes for the next one.
 */
export interface OpsGoogleStepProps {
  credentials: OpsCredentials;
  prompt: string;
  onOutcome: (outcome: OpsLoginOutcome) => void;
  onBack: () => void;
}

export function OpsGoogleStep({ credentials, prompt, onOutcome, onBack }: OpsGoogleStepProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ googleCode: string }>();
  const [error, setError] = useState<string>();
  const login = useOpsLogin();

  const submit = ({ googleCode }: { googleCode: string }) => {
    setError(undefined);
    login.mutate(
      { ...credentials, googleCode },
      {
        onSuccess: onOutcome,
        onError: (failure) => {
          setError(applyServerErrors(form, failure));
          form.resetFields(['googleCode']);
        },
      },
    );
  };

  return (
    <div data-testid="ops-google-step">
      <Flex align="center" gap={12} style={{ marginBottom: 8 }}>
        <SafetyCertificateOutlined aria-hidden style={{ fontSize: 28, color: '#1668dc' }} />
        <Typography.Title level={2} style={{ margin: 0, fontSize: 20 }}>
          {t('ops.login.googleTitle')}
        </Typography.Title>
      </Flex>
      <Typography.Paragraph type="secondary" data-testid="ops-google-prompt">
        {prompt || t('ops.login.googleDescription')}
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        onValuesChange={() => setError(undefined)}
      >
        <Form.Item name="googleCode" label={t('common.field.googleCode')} rules={[RULES.code]}>
          <Input.OTP length={6} size="large" autoFocus data-testid="ops-google-step-code" />
        </Form.Item>
        <FormError message={error} testId="ops-google-step-error" />
        <Button
          type="primary"
          htmlType="submit"
          block
          size="large"
          loading={login.isPending}
          data-testid="ops-google-step-submit"
        >
          {t('ops.login.googleSubmit')}
        </Button>
      </Form>
      <Button
        type="link"
        icon={<ArrowLeftOutlined />}
        onClick={onBack}
        style={{ marginTop: 12, paddingInline: 0 }}
        data-testid="ops-google-step-back"
      >
        {t('ops.login.back')}
      </Button>
    </div>
  );
}
