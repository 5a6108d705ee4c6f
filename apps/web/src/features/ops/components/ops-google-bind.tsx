import { Alert, App, Button, Card, Flex, Form, Input, QRCode, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../../shared/lib/form-errors';
import { RULES } from '../../../shared/lib/form-rules';
import { FormError } from '../../../shared/ui/form-error';
import { GoogleCodeInput } from '../../../shared/ui/google-code-input';
import { LoadError } from '../../../shared/ui/load-error';
import { useBindOpsGoogle, useOpsGoogleCheck } from '../api/ops-google';

/**
 * Live mode requires operators to use Google Authenticator: until it is bound, this is the
 * whole console. The pending secret as a QR code (its otpauth:// URL) and as text, then the
 * password and a current code (as the merchant's bind panel). Binding reads the operator again,
 * and the console opens.
 */
interface Values {
  password: string;
  code: string;
}

export function OpsGoogleBind() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string>();
  const check = useOpsGoogleCheck();
  const bind = useBindOpsGoogle();

  const submit = (values: Values) => {
    setError(undefined);
    bind.mutateAsync(values).then(
      () => message.success(t('ops.google.bound')),
      (failure: unknown) => {
        setError(applyServerErrors(form, failure));
        form.resetFields(['code']);
      },
    );
  };

  let body = <Spin size="large" className="ops-loading" />;
  if (check.isError) {
    body = <LoadError message={check.error.message} onRetry={() => void check.refetch()} />;
  } else if (check.data && (!check.data.secret || !check.data.otpauthUrl)) {
    body = <Alert type="warning" showIcon title={t('ops.google.noSecret')} />;
  } else if (check.data?.secret && check.data.otpauthUrl) {
    body = (
      <>
        <Flex gap={24} align="flex-start" wrap style={{ marginBottom: 16 }}>
          <QRCode value={check.data.otpauthUrl} size={152} bordered data-testid="ops-google-qr" />
          <Flex vertical gap={8} style={{ flex: 1, minWidth: 220 }}>
            <Typography.Text>{t('ops.google.stepInstall')}</Typography.Text>
            <Typography.Text>{t('ops.google.stepScan')}</Typography.Text>
            <Typography.Text type="secondary">{t('ops.google.secretLabel')}</Typography.Text>
            <Typography.Text
              code
              copyable={{ text: check.data.secret }}
              style={{ fontSize: 15, wordBreak: 'break-all' }}
              data-testid="ops-google-secret"
            >
              {check.data.secret}
            </Typography.Text>
            <Typography.Text>{t('ops.google.stepConfirm')}</Typography.Text>
          </Flex>
        </Flex>
        <Form
          name="opsGoogleBind"
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={submit}
          onValuesChange={() => setError(undefined)}
          style={{ maxWidth: 360 }}
        >
          <Form.Item name="password" label={t('common.field.password')} rules={[RULES.loginPassword]}>
            <Input.Password autoComplete="current-password" data-testid="ops-google-password" />
          </Form.Item>
          <Form.Item name="code" label={t('common.field.googleCode')} rules={[RULES.code]}>
            <GoogleCodeInput data-testid="ops-google-code" />
          </Form.Item>
          <FormError message={error} testId="ops-google-error" />
          <Button type="primary" htmlType="submit" loading={bind.isPending} data-testid="ops-google-submit">
            {t('ops.google.bind')}
          </Button>
        </Form>
      </>
    );
  }

  return (
    <Card title={<h1 className="page-title">{t('ops.google.title')}</h1>} data-testid="ops-google-bind">
      <Alert type="info" showIcon title={t('ops.google.required')} style={{ marginBottom: 16 }} />
      {body}
    </Card>
  );
}
