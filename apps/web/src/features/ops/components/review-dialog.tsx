import type { OpsWithdrawal } from '@tollgate/contracts';
import { Alert, App, Descriptions, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/lib/api-error';
import { FormError } from '../../../shared/ui/form-error';
import { useApproveWithdrawal, useRejectWithdrawal } from '../api/ops-review';
import { REASON_MAX, REASON_RULE } from '../lib/ops-rules';
import { CoinAmount, CopyableAddress } from './withdrawal-cells';

/**
 * The confirmation before a review decision (the SPEC's approve and reject texts), with what is
 * decided on: merchant, amount, fee and address. Reject asks for the reason (required, checked
 * as the contract does). On devnet "fail on chain" approves a transfer that then reverts. The
 * server's refusal shows in the dialog, which stays open; success closes it and says so.
 */
export type ReviewKind = 'approve' | 'reject' | 'fail';

const CONFIRM_KEY = {
  approve: 'ops.review.confirmApprove',
  reject: 'ops.review.confirmReject',
  fail: 'ops.review.confirmFail',
} as const;
const TITLE_KEY = {
  approve: 'ops.review.approveTitle',
  reject: 'ops.review.rejectTitle',
  fail: 'ops.review.failTitle',
} as const;
const OK_KEY = {
  approve: 'ops.review.approve',
  reject: 'ops.review.reject',
  fail: 'ops.review.fail',
} as const;
const DONE_KEY = {
  approve: 'ops.review.approved',
  reject: 'ops.review.rejected',
  fail: 'ops.review.failQueued',
} as const;

export interface ReviewDialogProps {
  kind: ReviewKind | undefined;
  withdrawal: OpsWithdrawal;
  onClose: () => void;
}

export function ReviewDialog({ kind, withdrawal, onClose }: ReviewDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const [error, setError] = useState<string>();
  const approve = useApproveWithdrawal();
  const reject = useRejectWithdrawal();
  const isPending = approve.isPending || reject.isPending;
  const no = withdrawal.withdrawalNo;

  const close = () => {
    // The reason's form goes with the dialog's content (destroyOnHidden): nothing to reset.
    setError(undefined);
    onClose();
  };

  const confirm = async () => {
    if (!kind) return;
    setError(undefined);
    try {
      if (kind === 'reject') {
        const { reason } = await form.validateFields();
        await reject.mutateAsync({ withdrawalNo: no, reason: reason.trim() });
      } else {
        await approve.mutateAsync({ withdrawalNo: no, failOnChain: kind === 'fail' });
      }
    } catch (failure) {
      // A form that did not validate shows its own message under the field.
      if (isApiError(failure) || failure instanceof Error) setError(failure.message);
      return;
    }
    void message.success(t(DONE_KEY[kind], { no }));
    close();
  };

  return (
    <Modal
      open={kind !== undefined}
      title={kind ? t(TITLE_KEY[kind]) : undefined}
      okText={kind ? t(OK_KEY[kind]) : undefined}
      cancelText={t('ops.common.cancel')}
      okButtonProps={{ danger: kind !== 'approve', loading: isPending, 'data-testid': 'ops-review-confirm' }}
      cancelButtonProps={{ disabled: isPending, 'data-testid': 'ops-review-cancel' }}
      onOk={() => void confirm()}
      onCancel={close}
      mask={{ closable: false }}
      destroyOnHidden
      data-testid="ops-review-dialog"
    >
      {kind ? (
        <Alert
          type={kind === 'approve' ? 'info' : 'warning'}
          showIcon
          title={t(CONFIRM_KEY[kind])}
          style={{ marginBottom: 16 }}
          data-testid="ops-review-text"
        />
      ) : null}
      <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('ops.queue.column.withdrawalNo')}>
          <span className="ops-mono">{no}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('ops.queue.column.merchant')}>
          {withdrawal.merchantEmail} ({withdrawal.merchantId})
        </Descriptions.Item>
        <Descriptions.Item label={t('ops.queue.column.amount')}>
          <CoinAmount value={withdrawal.amount} coin={withdrawal.coinName} /> ({withdrawal.chainId})
        </Descriptions.Item>
        <Descriptions.Item label={t('ops.queue.column.fee')}>
          <CoinAmount value={withdrawal.fee} coin={withdrawal.coinName} />
        </Descriptions.Item>
        <Descriptions.Item label={t('ops.queue.column.address')}>
          <CopyableAddress address={withdrawal.address} maxWidth="full" />
        </Descriptions.Item>
      </Descriptions>
      {kind === 'reject' ? (
        <Form
          name="opsReview"
          form={form}
          layout="vertical"
          requiredMark={false}
          onValuesChange={() => setError(undefined)}
        >
          <Form.Item name="reason" label={t('ops.review.reasonLabel')} rules={[REASON_RULE]}>
            <Input.TextArea
              rows={3}
              maxLength={REASON_MAX}
              showCount
              placeholder={t('ops.review.reasonPlaceholder')}
              data-testid="ops-reject-reason"
            />
          </Form.Item>
        </Form>
      ) : null}
      <FormError message={error} testId="ops-review-error" />
    </Modal>
  );
}
