import { LockOutlined, MailOutlined } from '@ant-design/icons';
import type { OpsLoginBody } from '@tollgate/contracts';
import { Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../../shared/lib/form-errors';
import { RULES } from '../../../shared/lib/form-rules';
import { FormError } from '../../../shared/ui/form-error';
import { PasswordInput, TextInput } from '../../../shared/ui/light-input';
import { type OpsLoginOutcome, useOpsLogin } from '../api/ops-login';

/** The operator's first step: email and password (the merchant's form rules). */
export type OpsCredentials = Omit<OpsLoginBody, 'googleCode'>;

export interface OpsLoginFormProps {
  initialEmail?: string | undefined;
  onOutcome: (outcome: OpsLoginOutcome, credentials: OpsCredentials) => void;
}

export function OpsLoginForm({ initialEmail, onOutcome }: OpsLoginFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<OpsCredentials>();
  const [error, setError] = useState<string>();
  const login = useOpsLogin();

  const submit = (values: OpsCredentials) => {
    setError(undefined);
    const credentials = { email: values.email.trim(), password: values.password };
    login.mutate(credentials, {
      onSuccess: (outcome) => onOutcome(outcome, credentials),
      onError: (failure) => setError(applyServerErrors(form, failure)),
    });
  };

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ email: initialEmail }}
      onFinish={submit}
      onValuesChange={() => setError(undefined)}
      data-testid="ops-login-form"
    >
      <Form.Item name="email" label={t('common.field.email')} rules={[RULES.email]} validateTrigger="onBlur">
        <TextInput
          prefix={<MailOutlined />}
          autoComplete="username"
          size="large"
          data-testid="ops-login-email"
        />
      </Form.Item>
      <Form.Item name="password" label={t('common.field.password')} rules={[RULES.loginPassword]}>
        <PasswordInput
          prefix={<LockOutlined />}
          autoComplete="current-password"
          size="large"
          data-testid="ops-login-password"
        />
      </Form.Item>
      <FormError message={error} testId="ops-login-error" />
      <Button
        type="primary"
        htmlType="submit"
        block
        size="large"
        loading={login.isPending}
        data-testid="ops-login-submit"
      >
        {t('ops.login.submit')}
      </Button>
    </Form>
  );
}
