import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../../shared/lib/form-errors';
import { RULES } from '../../../shared/lib/form-rules';
import { FormError } from '../../../shared/ui/form-error';
import { GoogleCodeInput } from '../../../shared/ui/google-code-input';
import { useUnbindGoogle } from '../api/unbind-google';

/** Unbinding, after the warning: the password and a current code from the authenticator. */
interface Values {
  password: string;
  code: string;
}

export function GoogleUnbindModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string>();
  const unbind = useUnbindGoogle();

  const close = () => {
    setError(undefined);
    form.resetFields();
    onClose();
  };

  const submit = (values: Values) => {
    setError(undefined);
    // mutateAsync: unbinding refetches the Google status, which swaps the bound panel (and
    // this modal) out; per-call callbacks of an unmounted observer would be skipped.
    unbind.mutateAsync(values).then(
      () => {
        message.success(t('merchant.google.unbindSuccess'));
        close();
      },
      (failure: unknown) => {
        setError(applyServerErrors(form, failure));
        form.resetFields(['code']);
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t('merchant.google.unbindTitle')}
      okText={t('merchant.google.unbind')}
      okButtonProps={{ danger: true, 'data-testid': 'google-unbind-submit' }}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={close}
      confirmLoading={unbind.isPending}
      destroyOnHidden
    >
      <Form
        name="googleUnbind"
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        onValuesChange={() => setError(undefined)}
        data-testid="google-unbind-form"
      >
        <Form.Item name="password" label={t('common.field.password')} rules={[RULES.loginPassword]}>
          <Input.Password autoComplete="current-password" data-testid="google-unbind-password" />
        </Form.Item>
        <Form.Item name="code" label={t('common.field.googleCode')} rules={[RULES.code]}>
          <GoogleCodeInput data-testid="google-unbind-code" />
        </Form.Item>
        <FormError message={error} testId="google-unbind-error" />
      </Form>
    </Modal>
  );
}
