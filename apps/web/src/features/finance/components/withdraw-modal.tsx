import type { AssetEntry } from '@tollgate/contracts';
import { Alert, App, Button, Descriptions, Form, Input, Modal, Select, Skeleton, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCoinList } from '../../../shared/api/get-coin-list';
import { useRuntimeConfig } from '../../../shared/api/get-runtime-config';
import { applyServerErrors } from '../../../shared/lib/form-errors';
import { RULES } from '../../../shared/lib/form-rules';
import { formatExactAmount } from '../../../shared/lib/format';
import { FormError } from '../../../shared/ui/form-error';
import { GoogleCodeInput } from '../../../shared/ui/google-code-input';
import { LoadError } from '../../../shared/ui/load-error';
import { useFeeInfo } from '../../merchant/api/get-fee-info';
import { useMerchantInfo } from '../../merchant/api/get-merchant-info';
import { useWhitelist } from '../../merchant/api/get-whitelist';
import { useWithdraw } from '../api/withdraw';
import { type Check, checkAddress, checkAmount, maxAmount, type Terms, totalOf } from '../lib/withdraw-check';
import { useWithdrawalPause, WithdrawalPauseAlert } from './withdrawal-pause';

/**
 * Withdraw one currency (issue 8, SPEC 5 "Withdrawal"): network, address, amount and the Google
 * code, all required. The fee (the rate table's payout fee), what leaves the balance and what
 * the address receives are shown live as the amount is typed; what the server would refuse
 * (address shape, decimals, limits, amount + fee over the available) is refused here first.
 * Without Google Authenticator bound, the form is not offered: the modal says where to bind it.
 * While the merchant's address whitelist is on, the address is picked from the addresses listed
 * for the chosen network (the server refuses any other with 3203); if it cannot be read, the
 * address is typed and the server decides.
 */
export interface WithdrawModalProps {
  asset: AssetEntry | null;
  onClose: () => void;
}

export function WithdrawModal({ asset, onClose }: WithdrawModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={asset !== null}
      title={t('assets.withdraw.title', { coin: asset?.coinName ?? '' })}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={560}
      data-testid="withdraw-modal"
    >
      {asset ? <WithdrawBody asset={asset} onDone={onClose} /> : null}
    </Modal>
  );
}

interface Values {
  chainId: string;
  address: string;
  amount: string;
  googleCode: string;
}

function WithdrawBody({ asset, onDone }: { asset: AssetEntry; onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const merchant = useMerchantInfo();
  const pausedUntil = useWithdrawalPause();
  const coins = useCoinList();
  const runtime = useRuntimeConfig();
  const fees = useFeeInfo();
  const withdraw = useWithdraw();
  const whitelist = useWhitelist();
  const [form] = Form.useForm<Values>();
  const [formError, setFormError] = useState<string>();
  const coinName = asset.coinName;

  const networks = useMemo(() => {
    const enabled = new Set(
      (runtime.data?.chains ?? []).filter((chain) => chain.enabled).map((chain) => chain.chainId),
    );
    return (coins.data ?? []).filter((coin) => coin.coinName === coinName && enabled.has(coin.chainId));
  }, [coins.data, runtime.data, coinName]);
  const chainId: string | undefined = Form.useWatch('chainId', form) ?? networks[0]?.chainId;
  const amount: string = Form.useWatch('amount', form) ?? '';
  const network = networks.find((coin) => coin.chainId === chainId);
  const fee = fees.data?.list.find((row) => row.chainId === chainId && row.coinName === coinName)?.payoutFee;
  const terms: Terms | null =
    network && fee !== undefined
      ? {
          decimals: network.decimals,
          min: network.minWithdrawalAmount,
          max: network.maxWithdrawalAmount,
          fee,
          available: asset.available,
          coin: coinName,
        }
      : null;

  const loads = [merchant, coins, runtime, fees];
  if (loads.some((query) => query.isPending) || whitelist.isPending)
    return <Skeleton active paragraph={{ rows: 5 }} />;
  const failed = loads.find((query) => query.error);
  if (failed?.error) {
    return (
      <LoadError
        message={failed.error.message}
        onRetry={() => {
          for (const query of loads) void query.refetch();
        }}
      />
    );
  }
  if (!merchant.data?.googleState) {
    return (
      <Alert
        type="warning"
        showIcon
        title={t('assets.withdraw.needGoogle')}
        action={
          <Link to="/merchant/info" onClick={onDone} data-testid="withdraw-go-bind">
            {t('assets.withdraw.goBind')}
          </Link>
        }
        data-testid="withdraw-need-google"
      />
    );
  }
  if (pausedUntil) return <WithdrawalPauseAlert until={pausedUntil} />;
  if (!terms || !chainId) {
    return <Alert type="warning" showIcon title={t('assets.withdraw.noNetwork', { coin: coinName })} />;
  }

  const rule = (check: (value: string) => Check) => ({
    validator: async (_: unknown, value: string | undefined) => {
      if (!value?.trim()) return; // the required rule speaks
      const problem = check(value);
      if (problem) throw new Error(String(t(problem.key as never, problem.values as never)));
    },
  });
  const total = totalOf(amount, terms.fee);
  const listed = whitelist.data?.enabled
    ? whitelist.data.list.filter((entry) => entry.chainId === chainId)
    : null;
  const submit = async (values: Values) => {
    setFormError(undefined);
    try {
      const { withdrawal } = await withdraw.mutateAsync({
        coinName,
        chainId,
        address: values.address.trim(),
        amount: values.amount.trim(),
        googleCode: values.googleCode,
      });
      message.success(t('assets.withdraw.submitted', { no: withdrawal.withdrawalNo }));
      onDone();
    } catch (error) {
      setFormError(applyServerErrors(form, error));
    }
  };

  return (
    <Form
      name="withdraw"
      form={form}
      layout="vertical"
      onFinish={submit}
      requiredMark={false}
      initialValues={{ chainId: networks[0]?.chainId }}
      data-testid="withdraw-form"
    >
      <Form.Item name="chainId" label={t('assets.withdraw.network')} rules={[{ required: true }]}>
        <Select
          options={networks.map((coin) => ({
            value: coin.chainId,
            label: `${coin.chainName} (${coin.coinUnit})`,
          }))}
          onChange={() => {
            if (listed) form.setFieldValue('address', undefined);
            void form.validateFields(['address', 'amount']).catch(() => undefined);
          }}
          data-testid="withdraw-network"
        />
      </Form.Item>
      {listed ? (
        <Alert
          type={listed.length > 0 ? 'info' : 'warning'}
          showIcon
          style={{ marginBottom: 16 }}
          title={listed.length > 0 ? t('assets.withdraw.whitelistOn') : t('assets.withdraw.whitelistEmpty')}
          action={
            <Link to="/merchant/info" onClick={onDone} data-testid="withdraw-whitelist-manage">
              {t('assets.withdraw.whitelistManage')}
            </Link>
          }
          data-testid="withdraw-whitelist-note"
        />
      ) : null}
      <Form.Item
        name="address"
        label={t('assets.withdraw.address')}
        rules={[
          { required: true, message: t('messages.validation.asset.addressRequired') },
          rule((value) => checkAddress(chainId, value)),
        ]}
      >
        {listed ? (
          <Select
            className="mono"
            placeholder={t('assets.withdraw.whitelistPick')}
            options={listed.map((entry) => ({
              value: entry.address,
              label: entry.label ? `${entry.label} · ${entry.address}` : entry.address,
            }))}
            data-testid="withdraw-address"
          />
        ) : (
          <Input
            className="mono"
            placeholder={t('assets.withdraw.addressPlaceholder', { chain: network?.chainName ?? chainId })}
            autoComplete="off"
            data-testid="withdraw-address"
          />
        )}
      </Form.Item>
      <Form.Item
        name="amount"
        label={t('assets.withdraw.amount')}
        extra={
          <span data-testid="withdraw-limits">
            {t('assets.withdraw.limits', {
              min: formatExactAmount(terms.min),
              max: formatExactAmount(terms.max),
              coin: coinName,
            })}
            {' · '}
            {t('assets.withdraw.available', { amount: formatExactAmount(terms.available), coin: coinName })}
          </span>
        }
        rules={[
          { required: true, message: t('messages.validation.asset.amountRequired') },
          rule((value) => checkAmount(value, terms)),
        ]}
      >
        <Input
          inputMode="decimal"
          autoComplete="off"
          suffix={
            <Button
              type="link"
              size="small"
              onClick={() => form.setFieldValue('amount', maxAmount(terms))}
              data-testid="withdraw-max"
            >
              {t('assets.withdraw.max')}
            </Button>
          }
          data-testid="withdraw-amount"
        />
      </Form.Item>
      <Descriptions
        size="small"
        column={1}
        bordered
        style={{ marginBottom: 16 }}
        items={[
          {
            key: 'fee',
            label: t('assets.withdraw.fee'),
            children: <span data-testid="withdraw-fee">{`${formatExactAmount(terms.fee)} ${coinName}`}</span>,
          },
          {
            key: 'total',
            label: t('assets.withdraw.total'),
            children: (
              <span data-testid="withdraw-total">
                {total ? `${formatExactAmount(total)} ${coinName}` : '-'}
              </span>
            ),
          },
          {
            key: 'received',
            label: t('assets.withdraw.received'),
            children: (
              <Typography.Text strong data-testid="withdraw-received">
                {total ? `${formatExactAmount(amount.trim())} ${coinName}` : '-'}
              </Typography.Text>
            ),
          },
        ]}
      />
      <Form.Item name="googleCode" label={t('assets.withdraw.googleCode')} rules={[RULES.code]}>
        <GoogleCodeInput data-testid="withdraw-google-code" />
      </Form.Item>
      <Typography.Paragraph type="secondary">{t('assets.withdraw.review')}</Typography.Paragraph>
      <FormError message={formError} testId="withdraw-error" />
      <Button
        type="primary"
        htmlType="submit"
        block
        loading={withdraw.isPending}
        data-testid="withdraw-submit"
      >
        {t('assets.withdraw.submit')}
      </Button>
    </Form>
  );
}
