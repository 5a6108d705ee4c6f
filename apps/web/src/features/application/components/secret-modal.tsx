import type { App as AppItem } from '@tollgate/contracts';
import { ErrorCode } from '@tollgate/contracts/errors';
import { Alert, App, Button, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/lib/api-error';
import { applyServerErrors } from '../../../shared/lib/form-errors';
import { RULES } from '../../../shared/lib/form-rules';
import { FormError } from '../../../shared/ui/form-error';
import { GoogleCodeInput } from '../../../shared/ui/google-code-input';
import { useResetAppSecret, useRevealAppSecret } from '../api/app-secret';
import { useGoogleBound } from '../api/use-google-bound';
import { SECRET_MODAL_WIDTH, SecretDisplay } from './secret-display';

/**
 * View or reset an application's secret: the login password, and the Google code when it is
 * bound (the server says so with 1203 too, which brings the field up). A reset warns first
 * that the old secret stops at once; either way the secret is then shown with a copy button.
 */
export type SecretMode = 'view' | 'reset';

interface Values {
  password: string;
  googleCode?: string;
}

export interface SecretModalProps {
  app: AppItem;
  mode: SecretMode;
  onClose: () => void;
}

export function SecretModal({ app, mode, onClose }: SecretModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string>();
  const [secret, setSecret] = useState<string>();
  const isGoogleBound = useGoogleBound();
  const [askGoogle, setAskGoogle] = useState(false);
  const needsGoogle = isGoogleBound === true || askGoogle;
  const reveal = useRevealAppSecret();
  const reset = useResetAppSecret();
  const mutation = mode === 'reset' ? reset : reveal;

  const submit = (values: Values) => {
    setError(undefined);
    const body = {
      appId: app.appId,
      password: values.password,
      ...(needsGoogle && values.googleCode ? { googleCode: values.googleCode } : {}),
    };
    mutation.mutate(body, {
      onSuccess: (result) => {
        setSecret(result.appSecret);
        if (mode === 'reset') message.success(t('application.secret.reset'));
      },
      onError: (failure) => {
        if (isApiError(failure) && failure.code === ErrorCode.GOOGLE_CODE_INVALID) setAskGoogle(true);
        setError(applyServerErrors(form, failure));
        form.resetFields(['googleCode']);
      },
    });
  };

  const title = mode === 'reset' ? t('application.secret.resetTitle') : t('application.secret.viewTitle');
  if (secret) {
    return (
      <Modal
        open
        title={mode === 'reset' ? t('application.secret.newTitle') : t('application.secret.resultTitle')}
        width={SECRET_MODAL_WIDTH}
        onCancel={onClose}
        footer={
          <Button type="primary" onClick={onClose} data-testid="app-secret-done">
            {t('application.secret.done')}
          </Button>
        }
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary" style={{ overflowWrap: 'anywhere' }}>
          {app.name}
        </Typography.Paragraph>
        <SecretDisplay secret={secret} isNew={mode === 'reset'} />
      </Modal>
    );
  }
  return (
    <Modal
      open
      title={title}
      okText={mode === 'reset' ? t('application.secret.resetSubmit') : t('application.secret.view')}
      okButtonProps={{ danger: mode === 'reset', 'data-testid': 'app-secret-submit' }}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={mutation.isPending}
      destroyOnHidden
    >
      {mode === 'reset' ? (
        <Alert
          type="warning"
          showIcon
          title={t('application.secret.resetWarningTitle')}
          description={t('application.secret.resetWarning')}
          style={{ marginBottom: 16 }}
          data-testid="app-secret-reset-warning"
        />
      ) : null}
      <Typography.Paragraph>
        {needsGoogle
          ? t('application.secret.confirmIdentityGoogle')
          : t('application.secret.confirmIdentity')}
      </Typography.Paragraph>
      <Form
        name="applicationSecret"
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        onValuesChange={() => setError(undefined)}
        data-testid="app-secret-form"
      >
        <Form.Item name="password" label={t('common.field.password')} rules={[RULES.loginPassword]}>
          <Input.Password size="large" autoComplete="current-password" data-testid="app-secret-password" />
        </Form.Item>
        {needsGoogle ? (
          <Form.Item name="googleCode" label={t('common.field.googleCode')} rules={[RULES.code]}>
            <GoogleCodeInput data-testid="app-secret-google-code" />
          </Form.Item>
        ) : null}
        <FormError message={error} testId="app-secret-error" />
      </Form>
    </Modal>
  );
}
