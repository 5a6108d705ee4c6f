import {
  Alert,
  App,
  Button,
  Descriptions,
  Flex,
  Form,
  Input,
  Modal,
  QRCode,
  Segmented,
  Skeleton,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCoinList } from '../../../shared/api/get-coin-list';
import { useRuntimeConfig } from '../../../shared/api/get-runtime-config';
import { applyServerErrors } from '../../../shared/lib/form-errors';
import { formatExactAmount } from '../../../shared/lib/format';
import { FormError } from '../../../shared/ui/form-error';
import { LoadError } from '../../../shared/ui/load-error';
import { useDepositAddress, useSimulateDeposit } from '../api/deposit';

/**
 * Deposit one currency (issue 8): pick the network, then the merchant's own address on it as a
 * QR code with a copy button, the minimum deposit and the confirmations needed, and what happens
 * to a transfer below the minimum. On devnet, a simulated wallet can send to it from here.
 */
export interface DepositModalProps {
  coinName: string | null;
  onClose: () => void;
}

export function DepositModal({ coinName, onClose }: DepositModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={coinName !== null}
      title={t('assets.deposit.title', { coin: coinName ?? '' })}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={560}
      data-testid="deposit-modal"
    >
      {coinName ? <DepositBody coinName={coinName} /> : null}
    </Modal>
  );
}

function DepositBody({ coinName }: { coinName: string }) {
  const { t } = useTranslation();
  const coins = useCoinList();
  const runtime = useRuntimeConfig();
  const networks = useMemo(() => {
    const enabled = new Set(
      (runtime.data?.chains ?? []).filter((chain) => chain.enabled).map((chain) => chain.chainId),
    );
    return (coins.data ?? []).filter((coin) => coin.coinName === coinName && enabled.has(coin.chainId));
  }, [coins.data, runtime.data, coinName]);
  const [picked, setPicked] = useState<string | null>(null);
  const chainId = picked ?? networks[0]?.chainId ?? null;
  const network = networks.find((coin) => coin.chainId === chainId);

  if (coins.isPending || runtime.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (coins.error || runtime.error) {
    return (
      <LoadError
        message={t('assets.deposit.loadFailed')}
        onRetry={() => {
          void coins.refetch();
          void runtime.refetch();
        }}
      />
    );
  }
  if (!network || !chainId) {
    return <Alert type="warning" showIcon title={t('assets.deposit.noNetwork', { coin: coinName })} />;
  }
  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Text type="secondary">{t('assets.deposit.network')}</Typography.Text>
        <Segmented
          block
          value={chainId}
          onChange={(value) => setPicked(String(value))}
          options={networks.map((coin) => ({ value: coin.chainId, label: coin.chainName }))}
          style={{ marginTop: 4 }}
          data-testid="deposit-network"
        />
      </div>
      <DepositAddressView coinName={coinName} chainId={chainId} chainName={network.chainName} />
      {runtime.data?.chainMode === 'devnet' ? (
        <SimulateDeposit coinName={coinName} chainId={chainId} />
      ) : null}
    </Flex>
  );
}

function DepositAddressView({
  coinName,
  chainId,
  chainName,
}: {
  coinName: string;
  chainId: string;
  chainName: string;
}) {
  const { t } = useTranslation();
  const deposit = useDepositAddress({ coinName, chainId });
  if (deposit.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (deposit.error) {
    return (
      <LoadError
        message={`${t('assets.deposit.loadFailed')}: ${deposit.error.message}`}
        onRetry={() => void deposit.refetch()}
        isRetrying={deposit.isFetching}
        testId="deposit-error"
      />
    );
  }
  const { address, minDepositAmount, confirmations } = deposit.data;
  const min = formatExactAmount(minDepositAmount);
  return (
    <Flex vertical gap={12} data-testid="deposit-address-view">
      <Flex gap={20} align="center" wrap>
        <QRCode value={address} size={148} bordered data-testid="deposit-qr" />
        <Flex vertical gap={4} style={{ flex: 1, minWidth: 220 }}>
          <Typography.Text type="secondary">{t('assets.deposit.address')}</Typography.Text>
          <Typography.Text
            copyable={{ text: address }}
            className="mono"
            style={{ wordBreak: 'break-all', fontSize: 15 }}
            data-testid="deposit-address"
          >
            {address}
          </Typography.Text>
          <Typography.Text type="secondary">{t('assets.deposit.addressHint')}</Typography.Text>
        </Flex>
      </Flex>
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          {
            key: 'min',
            label: t('assets.deposit.minimum'),
            children: <span data-testid="deposit-min">{`${min} ${coinName}`}</span>,
          },
          {
            key: 'confirmations',
            label: t('assets.deposit.confirmations'),
            children: <span data-testid="deposit-confirmations">{confirmations}</span>,
          },
        ]}
      />
      <Alert
        type="info"
        showIcon
        title={t('assets.deposit.notice', { coin: coinName, chain: chainName, confirmations, min })}
      />
    </Flex>
  );
}

function SimulateDeposit({ coinName, chainId }: { coinName: string; chainId: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ amount: string }>();
  const simulate = useSimulateDeposit();
  const [formError, setFormError] = useState<string>();
  const submit = async ({ amount }: { amount: string }) => {
    setFormError(undefined);
    try {
      await simulate.mutateAsync({ coinName, chainId, amount: amount.trim() });
      message.success(t('assets.deposit.simulate.sent'));
    } catch (error) {
      setFormError(applyServerErrors(form, error));
    }
  };
  return (
    <div className="deposit-simulate" data-testid="deposit-simulate">
      <Typography.Text strong>{t('assets.deposit.simulate.title')}</Typography.Text>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('assets.deposit.simulate.hint')}
      </Typography.Paragraph>
      <Form name="depositSimulate" form={form} layout="inline" onFinish={submit} requiredMark={false}>
        <Form.Item
          name="amount"
          label={t('assets.deposit.simulate.amount')}
          rules={[{ required: true, message: t('messages.validation.asset.amountRequired') }]}
          style={{ flex: 1, minWidth: 200 }}
        >
          <Input inputMode="decimal" suffix={coinName} data-testid="deposit-simulate-amount" />
        </Form.Item>
        <Form.Item style={{ marginInlineEnd: 0 }}>
          <Button htmlType="submit" loading={simulate.isPending} data-testid="deposit-simulate-submit">
            {t('assets.deposit.simulate.submit')}
          </Button>
        </Form.Item>
      </Form>
      <FormError message={formError} />
    </div>
  );
}
