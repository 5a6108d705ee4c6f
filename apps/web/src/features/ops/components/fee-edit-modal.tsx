import type { OpsFeeTable } from '@tollgate/contracts';
import { App, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../../shared/lib/form-errors';
import { FormError } from '../../../shared/ui/form-error';
import { useUpdateFee, useUpdateRate } from '../api/ops-fees';
import { decimalRule } from '../lib/ops-rules';

/**
 * Editing one row of the fee table (a chain and coin's collection rate and payout fee) or of
 * the exchange rates. The values are decimal strings as typed; saving asks for a confirmation
 * (a collection rate applies at once to every payment credited from then on, a payout fee to the
 * withdrawals and payouts made from then on) and is written to the audit log.
 */
type FeeRow = OpsFeeTable['fees'][number];
type RateRow = OpsFeeTable['rates'][number];
export type FeeEdit = { kind: 'fee'; row: FeeRow } | { kind: 'rate'; row: RateRow };

interface Values {
  collectionRate?: string;
  payoutFee?: string;
  rate?: string;
}

export function FeeEditModal({ edit, onClose }: { edit: FeeEdit | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string>();
  const updateFee = useUpdateFee();
  const updateRate = useUpdateRate();
  const isPending = updateFee.isPending || updateRate.isPending;

  const save = async (values: Values) => {
    if (!edit) return;
    try {
      if (edit.kind === 'fee') {
        await updateFee.mutateAsync({
          chainId: edit.row.chainId,
          coinName: edit.row.coinName,
          collectionRate: (values.collectionRate ?? '').trim(),
          payoutFee: (values.payoutFee ?? '').trim(),
        });
      } else {
        await updateRate.mutateAsync({ coinName: edit.row.coinName, rate: (values.rate ?? '').trim() });
      }
    } catch (failure) {
      setError(applyServerErrors(form, failure));
      return;
    }
    void message.success(t('ops.fees.saved'));
    onClose();
  };

  const submit = async () => {
    setError(undefined);
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    void modal.confirm({
      title: t('ops.fees.confirmTitle'),
      content: t(edit?.kind === 'rate' ? 'ops.fees.confirmRate' : 'ops.fees.confirmFee'),
      okText: t('ops.common.save'),
      cancelText: t('ops.common.cancel'),
      okButtonProps: { 'data-testid': 'ops-fee-confirm' },
      onOk: () => save(values),
    });
  };

  const title =
    edit?.kind === 'fee'
      ? t('ops.fees.editFee', { coin: edit.row.coinName, chain: edit.row.chainId })
      : edit
        ? t('ops.fees.editRate', { coin: edit.row.coinName })
        : undefined;

  return (
    <Modal
      open={edit !== undefined}
      title={title}
      okText={t('ops.common.save')}
      cancelText={t('ops.common.cancel')}
      okButtonProps={{ loading: isPending, 'data-testid': 'ops-fee-save' }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="ops-fee-modal"
    >
      {edit ? (
        <Form
          name="opsFeeEdit"
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={edit.kind === 'fee' ? edit.row : { rate: edit.row.rate }}
          onValuesChange={() => setError(undefined)}
        >
          {edit.kind === 'fee' ? (
            <>
              <Form.Item
                name="collectionRate"
                label={t('ops.fees.column.collectionRate')}
                extra={t('ops.fees.collectionRateHelp')}
                rules={[decimalRule('share')]}
              >
                <Input inputMode="decimal" data-testid="ops-fee-collection-rate" />
              </Form.Item>
              <Form.Item
                name="payoutFee"
                label={t('ops.fees.column.payoutFee')}
                rules={[decimalRule('nonNegative')]}
              >
                <Input inputMode="decimal" suffix={edit.row.coinName} data-testid="ops-fee-payout-fee" />
              </Form.Item>
            </>
          ) : (
            <Form.Item
              name="rate"
              label={t('ops.fees.column.rate')}
              extra={t('ops.fees.rateHelp', { coin: edit.row.coinName })}
              rules={[decimalRule('positive')]}
            >
              <Input inputMode="decimal" suffix="USDT" data-testid="ops-fee-rate" />
            </Form.Item>
          )}
          <Typography.Paragraph type="secondary">{t('ops.common.auditNote')}</Typography.Paragraph>
          <FormError message={error} testId="ops-fee-error" />
        </Form>
      ) : null}
    </Modal>
  );
}
