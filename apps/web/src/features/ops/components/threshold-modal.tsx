import type { OpsMerchant } from '@tollgate/contracts';
import { App, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../../shared/lib/form-errors';
import { FormError } from '../../../shared/ui/form-error';
import { useSetAutoApprove } from '../api/ops-merchants';
import { decimalRule } from '../lib/ops-rules';

/**
 * A merchant's auto-approve threshold in USDT: withdrawals worth at most this much skip review
 * (0: every one is reviewed). Typed and sent as a decimal string, never a JS number.
 */
export interface ThresholdModalProps {
  merchant: OpsMerchant | undefined;
  onClose: () => void;
}

export function ThresholdModal({ merchant, onClose }: ThresholdModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ autoApproveUsdt: string }>();
  const [error, setError] = useState<string>();
  const save = useSetAutoApprove();

  const submit = async () => {
    if (!merchant) return;
    setError(undefined);
    let value: string;
    try {
      value = (await form.validateFields()).autoApproveUsdt.trim();
    } catch {
      return;
    }
    try {
      await save.mutateAsync({ merchantId: merchant.id, autoApproveUsdt: value });
    } catch (failure) {
      setError(applyServerErrors(form, failure));
      return;
    }
    void message.success(t('ops.merchants.thresholdSaved', { email: merchant.email }));
    onClose();
  };

  return (
    <Modal
      open={merchant !== undefined}
      title={t('ops.merchants.editThreshold')}
      okText={t('ops.common.save')}
      cancelText={t('ops.common.cancel')}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'ops-threshold-save' }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="ops-threshold-modal"
    >
      {merchant ? (
        <Form
          name="opsThreshold"
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ autoApproveUsdt: merchant.autoApproveUsdt }}
          onValuesChange={() => setError(undefined)}
          onFinish={() => void submit()}
        >
          <Typography.Paragraph>
            {merchant.email} (ID {merchant.id})
          </Typography.Paragraph>
          <Form.Item
            name="autoApproveUsdt"
            label={t('ops.merchants.thresholdLabel')}
            extra={t('ops.merchants.thresholdHelp')}
            rules={[decimalRule('nonNegative')]}
          >
            <Input inputMode="decimal" suffix="USDT" autoFocus data-testid="ops-threshold-input" />
          </Form.Item>
          <Typography.Paragraph type="secondary">{t('ops.common.auditNote')}</Typography.Paragraph>
          <FormError message={error} testId="ops-threshold-error" />
        </Form>
      ) : null}
    </Modal>
  );
}
