import { MailOutlined, SafetyOutlined } from '@ant-design/icons';
import type { UseMutationResult } from '@tanstack/react-query';
import type { EmailBody, EmailCodeBody } from '@tollgate/contracts';
import { Button, Flex, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../../shared/lib/form-errors';
import { RULES } from '../../../shared/lib/form-rules';
import { FormError } from '../../../shared/ui/form-error';
import { FormNotice } from '../../../shared/ui/form-notice';
import { SendCodeButton } from '../../../shared/ui/send-code-button';

/**
 * Step one of registration and of forgot password: the email, a code mailed to it (send
 * button with its countdown), and a check of the code that does not use it up. The checked
 * email and code go on to step two, which uses the code.
 */
const countdownKey = (purpose: string, email: string) => `${purpose}:${email.trim().toLowerCase()}`;

export interface EmailCodeStepProps {
  /** Names the countdown and the test ids: `register` or `reset`. */
  purpose: 'register' | 'reset';
  initialValues?: Partial<EmailCodeBody> | undefined;
  sendCode: UseMutationResult<unknown, Error, EmailBody>;
  verifyCode: UseMutationResult<unknown, Error, EmailCodeBody>;
  onVerified: (values: { email: string; code: string }) => void;
}

export function EmailCodeStep({
  purpose,
  initialValues,
  sendCode,
  verifyCode,
  onVerified,
}: EmailCodeStepProps) {
  const { t } = useTranslation();
  const [notice, setNotice] = useState<string>();
  const [form] = Form.useForm<{ email: string; code: string }>();
  const [error, setError] = useState<string>();
  const email: string = Form.useWatch('email', form) ?? '';

  const send = async () => {
    setError(undefined);
    setNotice(undefined);
    const { email: address } = await form.validateFields(['email']);
    try {
      await sendCode.mutateAsync({ email: address });
      setNotice(t('login.codeSent', { email: address }));
      return countdownKey(purpose, address);
    } catch (failure) {
      setError(applyServerErrors(form, failure));
      throw failure;
    }
  };

  const submit = (values: { email: string; code: string }) => {
    setError(undefined);
    const checked = { email: values.email.trim(), code: values.code };
    verifyCode.mutate(checked, {
      onSuccess: () => onVerified(checked),
      onError: (failure) => setError(applyServerErrors(form, failure)),
    });
  };

  return (
    <Form
      name={`${purpose}EmailCode`}
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={initialValues}
      onFinish={submit}
      onValuesChange={() => setError(undefined)}
      data-testid={`${purpose}-step-email`}
    >
      <Form.Item name="email" label={t('common.field.email')} rules={[RULES.email]} validateTrigger="onBlur">
        <Input
          prefix={<MailOutlined />}
          placeholder={t('common.field.emailPlaceholder')}
          autoComplete="email"
          size="large"
          data-testid={`${purpose}-email`}
        />
      </Form.Item>
      <Form.Item label={t('common.field.emailCode')} required>
        <Flex gap={8}>
          <Form.Item name="code" rules={[RULES.code]} noStyle>
            <Input
              prefix={<SafetyOutlined />}
              placeholder={t('common.field.codePlaceholder')}
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={6}
              size="large"
              style={{ flex: 1 }}
              data-testid={`${purpose}-code`}
            />
          </Form.Item>
          <SendCodeButton
            countdownKey={countdownKey(purpose, email)}
            onSend={send}
            size="large"
            testId={`${purpose}-send-code`}
          />
        </Flex>
      </Form.Item>
      <FormNotice message={notice} testId={`${purpose}-code-sent`} />
      <FormError message={error} testId={`${purpose}-error`} />
      <Button
        type="primary"
        htmlType="submit"
        block
        size="large"
        loading={verifyCode.isPending}
        data-testid={`${purpose}-verify`}
      >
        {t('login.next')}
      </Button>
    </Form>
  );
}
