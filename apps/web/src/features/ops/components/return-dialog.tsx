import type { OpsUnmatchedTransfer } from '@tollgate/contracts';
import { App, Descriptions, Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/lib/api-error';
import { FormError } from '../../../shared/ui/form-error';
import { GoogleCodeInput } from '../../../shared/ui/google-code-input';
import { useReturnUnmatched } from '../api/ops-unmatched';
import { CoinAmount, CopyableAddress } from './withdrawal-cells';

/**
 * The confirmation before returning an unmatched transfer to its sender: what goes back, to
 * which address, from the hot wallet, with the operator's Google code. The server's refusal (a
 * wrong code, a hot wallet too low, already settled) shows in the dialog, which stays open.
 */
export function ReturnDialog({
  transfer,
  onClose,
}: {
  transfer: OpsUnmatchedTransfer | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ googleCode: string }>();
  const [error, setError] = useState<string>();
  const returnIt = useReturnUnmatched();

  const close = () => {
    setError(undefined);
    onClose();
  };

  const confirm = async () => {
    if (!transfer) return;
    setError(undefined);
    try {
      const { googleCode } = await form.validateFields();
      await returnIt.mutateAsync({ id: transfer.id, googleCode });
    } catch (failure) {
      if (isApiError(failure) || failure instanceof Error) setError(failure.message);
      return;
    }
    void message.success(t('ops.unmatched.returnQueued', { address: transfer.fromAddress }));
    close();
  };

  return (
    <Modal
      open={transfer !== undefined}
      title={t('ops.unmatched.returnTitle')}
      okText={t('ops.unmatched.return')}
      cancelText={t('ops.common.cancel')}
      onOk={() => void confirm()}
      onCancel={close}
      confirmLoading={returnIt.isPending}
      okButtonProps={{ danger: true, 'data-testid': 'ops-return-confirm' }}
      destroyOnHidden
      data-testid="ops-return-dialog"
    >
      {transfer ? (
        <>
          <p>{t('ops.unmatched.returnConfirm')}</p>
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={t('ops.unmatched.column.amount')}>
              <CoinAmount value={transfer.amount} coin={transfer.coinName} /> ({transfer.chainId})
            </Descriptions.Item>
            <Descriptions.Item label={t('ops.unmatched.returnTo')}>
              <CopyableAddress address={transfer.fromAddress} maxWidth="full" />
            </Descriptions.Item>
          </Descriptions>
          <Form form={form} name="opsReturnForm" layout="vertical" style={{ marginTop: 16 }}>
            <Form.Item
              name="googleCode"
              label={t('ops.unmatched.googleCode')}
              rules={[{ required: true, len: 6, message: t('ops.unmatched.googleCodeRule') }]}
            >
              <GoogleCodeInput data-testid="ops-return-code" />
            </Form.Item>
          </Form>
          {error ? <FormError message={error} testId="ops-return-error" /> : null}
        </>
      ) : null}
    </Modal>
  );
}
