import { Alert, App, Flex, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../../shared/lib/form-errors';
import { confirmPasswordRule, RULES } from '../../../shared/lib/form-rules';
import { FormError } from '../../../shared/ui/form-error';
import { SendCodeButton } from '../../../shared/ui/send-code-button';
import { useSendPasswordChangeCode } from '../api/send-password-change-code';
import { useUpdatePassword } from '../api/update-password';

/**
 * Change password (SPEC section 5): the current password (hidden when none was ever set),
 * the new one twice, and a code mailed to the merchant. Success signs every other session out.
 */
export interface ChangePasswordModalProps {
  open: boolean;
  onClose: () => void;
  hasPassword: boolean;
  merchantId: string;
}

interface Values {
  oldPassword?: string;
  password: string;
  confirmPassword: string;
  code: string;
}

export function ChangePasswordModal({ open, onClose, hasPassword, merchantId }: ChangePasswordModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string>();
  const sendCode = useSendPasswordChangeCode();
  const updatePassword = useUpdatePassword();

  const close = () => {
    setError(undefined);
    form.resetFields();
    onClose();
  };

  const send = async () => {
    setError(undefined);
    try {
      await sendCode.mutateAsync();
      message.success(t('merchant.password.codeSent'));
    } catch (failure) {
      setError(applyServerErrors(form, failure));
      throw failure;
    }
  };

  const submit = (values: Values) => {
    setError(undefined);
    const body = {
      ...(hasPassword ? { oldPassword: values.oldPassword ?? '' } : {}),
      password: values.password,
      confirmPassword: values.confirmPassword,
      code: values.code,
    };
    updatePassword.mutate(body, {
      onSuccess: () => {
        message.success(t('merchant.password.success'));
        close();
      },
      onError: (failure) => setError(applyServerErrors(form, failure)),
    });
  };

  return (
    <Modal
      open={open}
      title={t('merchant.password.change')}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={close}
      confirmLoading={updatePassword.isPending}
      okButtonProps={{ 'data-testid': 'change-password-submit' }}
      forceRender
    >
      <Alert type="info" showIcon title={t('merchant.password.signOutNote')} style={{ marginBottom: 16 }} />
      <Form
        name="changePassword"
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        onValuesChange={() => setError(undefined)}
        data-testid="change-password-form"
      >
        {hasPassword ? (
          <Form.Item name="oldPassword" label={t('merchant.password.old')} rules={[RULES.loginPassword]}>
            <Input.Password autoComplete="current-password" data-testid="change-password-old" />
          </Form.Item>
        ) : null}
        <Form.Item
          name="password"
          label={t('common.field.newPassword')}
          rules={[RULES.newPassword]}
          extra={t('common.field.passwordHint')}
        >
          <Input.Password autoComplete="new-password" data-testid="change-password-new" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('common.field.confirmPassword')}
          dependencies={['password']}
          rules={[confirmPasswordRule()]}
        >
          <Input.Password autoComplete="new-password" data-testid="change-password-confirm" />
        </Form.Item>
        <Form.Item label={t('common.field.emailCode')} required>
          <Flex gap={8}>
            <Form.Item name="code" rules={[RULES.code]} noStyle>
              <Input
                placeholder={t('common.field.codePlaceholder')}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                style={{ flex: 1 }}
                data-testid="change-password-code"
              />
            </Form.Item>
            <SendCodeButton
              countdownKey={`passwordChange:${merchantId}`}
              onSend={send}
              testId="change-password-send-code"
            />
          </Flex>
        </Form.Item>
        <FormError message={error} testId="change-password-error" />
      </Form>
    </Modal>
  );
}
