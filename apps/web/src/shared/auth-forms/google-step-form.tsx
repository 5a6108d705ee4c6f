import { ArrowLeftOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../lib/form-errors';
import { RULES } from '../lib/form-rules';
import { FormError } from '../ui/form-error';
import { GoogleCodeInput } from '../ui/google-code-input';

/**
 * The Google step of a login, the merchant's and the operator's: after the server answered 601,
 * the 6-digit code from the authenticator. `onSubmit` sends it with the credentials of the first
 * step and rejects with the server's failure, which shows here (a wrong or reused code), and the
 * boxes are cleared for the next one. The caller gives the texts: each login says it its way.
 */
export interface GoogleStepTexts {
  title: string;
  /** Shown when the server's 601 came without a message. */
  description: string;
  submit: string;
  back: string;
}

export interface GoogleStepFormProps {
  prompt: string;
  texts: GoogleStepTexts;
  onSubmit: (googleCode: string) => Promise<void>;
  onBack: () => void;
  /** Put before every test id (`ops-` gives `ops-google-code`). */
  testIdPrefix?: string;
}

export function GoogleStepForm({ prompt, texts, onSubmit, onBack, testIdPrefix = '' }: GoogleStepFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ googleCode: string }>();
  const [error, setError] = useState<string>();
  const [isPending, setIsPending] = useState(false);
  const id = (name: string) => `${testIdPrefix}${name}`;

  const submit = async ({ googleCode }: { googleCode: string }) => {
    setError(undefined);
    setIsPending(true);
    try {
      await onSubmit(googleCode);
    } catch (failure) {
      setError(applyServerErrors(form, failure));
      form.resetFields(['googleCode']);
    } finally {
      setIsPending(false);
    }
  };

  return (
    <div data-testid={id('google-step')}>
      <Flex align="center" gap={12} style={{ marginBottom: 8 }}>
        <SafetyCertificateOutlined aria-hidden style={{ fontSize: 28, color: '#1668dc' }} />
        <Typography.Title level={2} style={{ margin: 0, fontSize: 20 }}>
          {texts.title}
        </Typography.Title>
      </Flex>
      <Typography.Paragraph type="secondary" data-testid={id('google-step-prompt')}>
        {prompt || texts.description}
      </Typography.Paragraph>
      <Form
        name={id('googleStep')}
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        onValuesChange={() => setError(undefined)}
      >
        <Form.Item name="googleCode" label={t('common.field.googleCode')} rules={[RULES.code]}>
          <GoogleCodeInput size="large" autoFocus data-testid={id('google-code')} />
        </Form.Item>
        <FormError message={error} testId={id('google-step-error')} />
        <Button
          type="primary"
          htmlType="submit"
          block
          size="large"
          loading={isPending}
          data-testid={id('google-submit')}
        >
          {texts.submit}
        </Button>
      </Form>
      <Button
        type="link"
        icon={<ArrowLeftOutlined />}
        onClick={onBack}
        style={{ marginTop: 12, paddingInline: 0 }}
        data-testid={id('google-back')}
      >
        {texts.back}
      </Button>
    </div>
  );
}
