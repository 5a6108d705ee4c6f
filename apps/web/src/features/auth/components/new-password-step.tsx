import { LockOutlined } from '@ant-design/icons';
import { Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../../shared/lib/form-errors';
import { confirmPasswordRule, RULES } from '../../../shared/lib/form-rules';
import { FormError } from '../../../shared/ui/form-error';

/**
 * Step two of registration and of forgot password: the new password (SPEC section 5's rule)
 * and its confirmation. `onSubmit` sends it; its failure (an expired code, a taken email)
 * shows here, with the way back to step one in the flow around it.
 */
export interface NewPasswordStepProps {
  purpose: 'register' | 'reset';
  email: string;
  submitLabel: string;
  isSubmitting: boolean;
  onSubmit: (password: string, onFailure: (failure: unknown) => void) => void;
}

interface Values {
  password: string;
  confirmPassword: string;
}

export function NewPasswordStep({
  purpose,
  email,
  submitLabel,
  isSubmitting,
  onSubmit,
}: NewPasswordStepProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string>();

  return (
    <Form
      name={`${purpose}NewPassword`}
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => {
        setError(undefined);
        onSubmit(values.password, (failure) => setError(applyServerErrors(form, failure)));
      }}
      onValuesChange={() => setError(undefined)}
      data-testid={`${purpose}-step-password`}
    >
      <Typography.Paragraph type="secondary" data-testid={`${purpose}-for-email`}>
        {t('login.passwordFor', { email })}
      </Typography.Paragraph>
      {/* The account name beside the new password lets password managers save them together. */}
      <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
      <Form.Item
        name="password"
        label={t('common.field.newPassword')}
        rules={[RULES.newPassword]}
        extra={t('common.field.passwordHint')}
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('common.field.newPasswordPlaceholder')}
          autoComplete="new-password"
          size="large"
          data-testid={`${purpose}-password`}
        />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('common.field.confirmPassword')}
        dependencies={['password']}
        rules={[confirmPasswordRule()]}
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('common.field.confirmPasswordPlaceholder')}
          autoComplete="new-password"
          size="large"
          data-testid={`${purpose}-confirm-password`}
        />
      </Form.Item>
      <FormError message={error} testId={`${purpose}-submit-error`} />
      <Button
        type="primary"
        htmlType="submit"
        block
        size="large"
        loading={isSubmitting}
        data-testid={`${purpose}-submit`}
      >
        {submitLabel}
      </Button>
    </Form>
  );
}
