import { Alert, Button, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkCallbackSignature, type SignatureCheck } from '../lib/callback-signature';

interface Fields {
  header: string;
  body: string;
  secret: string;
}

/** Callbacks older than this are worth refusing (replays); the check says so. */
const FRESH_SECONDS = 300;

/**
 * Checks a callback signature pasted with its raw body and the APPSECRET, in the browser
 * (WebCrypto): valid, invalid or not a Tollgate-Signature header, with its age.
 */
export function SignatureCheckModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Fields>();
  const [result, setResult] = useState<SignatureCheck | null>(null);
  const required = { required: true, message: t('application.signature.required') };
  const check = async (fields: Fields) =>
    setResult(await checkCallbackSignature(fields.header, fields.body, fields.secret));
  let outcome: React.ReactNode = null;
  if (result?.kind === 'malformed')
    outcome = <Alert type="error" showIcon title={t('application.signature.malformed')} />;
  else if (result?.kind === 'invalid')
    outcome = <Alert type="error" showIcon title={t('application.signature.invalid')} />;
  else if (result?.kind === 'valid')
    outcome =
      result.ageSeconds > FRESH_SECONDS ? (
        <Alert type="warning" showIcon title={t('application.signature.stale', { age: result.ageSeconds })} />
      ) : (
        <Alert
          type="success"
          showIcon
          title={t('application.signature.valid', { age: Math.max(result.ageSeconds, 0) })}
        />
      );
  return (
    <Modal
      open
      title={t('application.signature.title')}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={() => form.submit()} data-testid="signature-check-submit">
          {t('application.signature.check')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('application.signature.hint')}</Typography.Paragraph>
      <Form
        name="signatureCheck"
        form={form}
        layout="vertical"
        onFinish={check}
        onValuesChange={() => setResult(null)}
      >
        <Form.Item name="header" label={t('application.signature.header')} rules={[required]}>
          <Input
            placeholder={t('application.signature.headerPlaceholder')}
            className="mono"
            data-testid="signature-header"
          />
        </Form.Item>
        <Form.Item name="body" label={t('application.signature.body')} rules={[required]}>
          <Input.TextArea rows={5} className="mono" data-testid="signature-body" />
        </Form.Item>
        <Form.Item name="secret" label={t('application.signature.secret')} rules={[required]}>
          <Input.Password autoComplete="off" data-testid="signature-secret" />
        </Form.Item>
      </Form>
      <div aria-live="polite" data-testid="signature-result">
        {outcome}
      </div>
    </Modal>
  );
}
