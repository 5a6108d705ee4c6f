import { Form, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../../shared/lib/form-errors';
import { RULES } from '../../../shared/lib/form-rules';
import { FormError } from '../../../shared/ui/form-error';
import { GoogleCodeInput } from '../../../shared/ui/google-code-input';

/**
 * A whitelist change confirmed with the Google code (switching on or off, removing an address):
 * what it does, then the code. `onConfirm` sends it; its refusal is shown here.
 */
export interface WhitelistGoogleModalProps {
  open: boolean;
  title: string;
  okText: string;
  danger?: boolean;
  children: ReactNode;
  onConfirm: (googleCode: string) => Promise<unknown>;
  onClose: () => void;
  testId: string;
}

export function WhitelistGoogleModal(props: WhitelistGoogleModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ googleCode: string }>();
  const [error, setError] = useState<string>();
  const [isPending, setIsPending] = useState(false);
  const close = () => {
    setError(undefined);
    form.resetFields();
    props.onClose();
  };
  const submit = async ({ googleCode }: { googleCode: string }) => {
    setError(undefined);
    setIsPending(true);
    try {
      await props.onConfirm(googleCode);
      close();
    } catch (failure) {
      setError(applyServerErrors(form, failure));
      form.resetFields(['googleCode']);
    } finally {
      setIsPending(false);
    }
  };
  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={props.okText}
      okButtonProps={{ danger: props.danger, 'data-testid': `${props.testId}-submit` }}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={close}
      confirmLoading={isPending}
      destroyOnHidden
      data-testid={props.testId}
    >
      <div style={{ marginBottom: 16 }}>{props.children}</div>
      <Form name={props.testId} form={form} layout="vertical" requiredMark={false} onFinish={submit}>
        <Form.Item name="googleCode" label={t('common.field.googleCode')} rules={[RULES.code]}>
          <GoogleCodeInput data-testid={`${props.testId}-google-code`} />
        </Form.Item>
        <FormError message={error} testId={`${props.testId}-error`} />
      </Form>
    </Modal>
  );
}
