import type { WhitelistEntry } from '@tollgate/contracts';
import { Alert, App, Button, Card, Flex, Switch, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChainList } from '../../../shared/api/get-chain-list';
import { formatDate } from '../../../shared/lib/format';
import { EmptyData } from '../../../shared/ui/empty-data';
import { LoadError } from '../../../shared/ui/load-error';
import { useGoogleCheck } from '../api/get-google-check';
import { useMerchantProfile } from '../api/get-merchant-profile';
import { useWhitelist } from '../api/get-whitelist';
import { useRemoveWhitelistAddress } from '../api/remove-whitelist-address';
import { useSwitchWhitelist } from '../api/switch-whitelist';
import { WhitelistAddModal } from './whitelist-add-modal';
import { WhitelistGoogleModal } from './whitelist-google-modal';

/**
 * The withdrawal address whitelist (issue 8): the switch, the listed addresses per network, adding
 * (Google + emailed code) and removing (Google). While it is on, withdrawals and payouts go only
 * to listed addresses. Every change needs Google Authenticator: without it, the card says so.
 */
export function WhitelistCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const whitelist = useWhitelist();
  const google = useGoogleCheck();
  const profile = useMerchantProfile();
  const chains = useChainList();
  const switchWhitelist = useSwitchWhitelist();
  const remove = useRemoveWhitelistAddress();
  const [isAdding, setIsAdding] = useState(false);
  const [switchTo, setSwitchTo] = useState<boolean | null>(null);
  const [removing, setRemoving] = useState<WhitelistEntry | null>(null);

  const isBound = google.data?.isBindGoogle === true;
  const enabled = whitelist.data?.enabled ?? false;
  const chainName = (chainId: string) =>
    chains.data?.find((c) => c.chainId === chainId)?.chainName ?? chainId;

  const columns = [
    {
      key: 'chain',
      title: t('merchant.whitelist.chain'),
      render: (entry: WhitelistEntry) => chainName(entry.chainId),
    },
    {
      key: 'address',
      title: t('merchant.whitelist.address'),
      render: (entry: WhitelistEntry) => (
        <Typography.Text
          className="mono"
          copyable={{ text: entry.address }}
          style={{ wordBreak: 'break-all' }}
        >
          {entry.address}
        </Typography.Text>
      ),
    },
    {
      key: 'label',
      title: t('merchant.whitelist.label'),
      render: (entry: WhitelistEntry) => entry.label || '-',
    },
    {
      key: 'createdAt',
      title: t('merchant.whitelist.createdAt'),
      render: (entry: WhitelistEntry) => formatDate(entry.createdAt),
    },
    {
      key: 'action',
      title: t('merchant.whitelist.action'),
      render: (entry: WhitelistEntry) => (
        <Button
          type="link"
          danger
          size="small"
          disabled={!isBound}
          onClick={() => setRemoving(entry)}
          data-testid="whitelist-remove"
        >
          {t('merchant.whitelist.remove')}
        </Button>
      ),
    },
  ];

  const status = whitelist.data ? (
    <Flex gap={8} align="center">
      <Typography.Text type="secondary">
        {enabled ? t('merchant.whitelist.on') : t('merchant.whitelist.off')}
      </Typography.Text>
      <Switch
        checked={enabled}
        disabled={!isBound}
        onChange={(next) => setSwitchTo(next)}
        aria-label={t('merchant.whitelist.title')}
        data-testid="whitelist-switch"
      />
    </Flex>
  ) : null;

  let content: React.ReactNode = null;
  if (whitelist.error) {
    content = (
      <LoadError
        message={whitelist.error.message}
        onRetry={() => void whitelist.refetch()}
        isRetrying={whitelist.isFetching}
      />
    );
  } else if (whitelist.data) {
    content = (
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('merchant.whitelist.description')}</Typography.Text>
        {google.data && !isBound ? (
          <Alert
            type="warning"
            showIcon
            title={t('merchant.whitelist.needGoogle')}
            action={
              <Button
                size="small"
                type="link"
                onClick={() =>
                  document
                    .querySelector('[data-testid="google-card"]')
                    ?.scrollIntoView({ behavior: 'smooth' })
                }
                data-testid="whitelist-go-bind"
              >
                {t('merchant.whitelist.goBind')}
              </Button>
            }
            data-testid="whitelist-need-google"
          />
        ) : null}
        {enabled && whitelist.data.list.length === 0 ? (
          <Alert type="warning" showIcon title={t('merchant.whitelist.onButEmpty')} />
        ) : null}
        <Flex justify="flex-end">
          <Button
            type="primary"
            disabled={!isBound || !profile.data}
            onClick={() => setIsAdding(true)}
            data-testid="whitelist-open-add"
          >
            {t('merchant.whitelist.add')}
          </Button>
        </Flex>
        <Table
          size="small"
          rowKey="id"
          columns={columns}
          dataSource={whitelist.data.list}
          pagination={false}
          scroll={{ x: 640 }}
          locale={{ emptyText: <EmptyData theme="small" textKey="merchant.whitelist.empty" /> }}
          data-testid="whitelist-table"
        />
      </Flex>
    );
  }

  return (
    <Card
      title={t('merchant.whitelist.title')}
      extra={status}
      loading={whitelist.isPending}
      // The title wraps rather than end in "…" beside the switch on a phone (vi_VN's is long).
      styles={{ title: { whiteSpace: 'normal' } }}
      data-testid="whitelist-card"
    >
      {content}
      {profile.data ? (
        <WhitelistAddModal
          open={isAdding}
          onClose={() => setIsAdding(false)}
          merchantId={profile.data.merchantId}
        />
      ) : null}
      <WhitelistGoogleModal
        open={switchTo !== null}
        title={switchTo ? t('merchant.whitelist.turnOnTitle') : t('merchant.whitelist.turnOffTitle')}
        okText={switchTo ? t('merchant.whitelist.turnOn') : t('merchant.whitelist.turnOff')}
        danger={switchTo === false}
        onClose={() => setSwitchTo(null)}
        onConfirm={async (googleCode) => {
          await switchWhitelist.mutateAsync({ enabled: switchTo === true, googleCode });
          message.success(switchTo ? t('merchant.whitelist.turnedOn') : t('merchant.whitelist.turnedOff'));
        }}
        testId="whitelist-switch-modal"
      >
        <Typography.Paragraph>
          {switchTo ? t('merchant.whitelist.turnOnNote') : t('merchant.whitelist.turnOffNote')}
        </Typography.Paragraph>
      </WhitelistGoogleModal>
      <WhitelistGoogleModal
        open={removing !== null}
        title={t('merchant.whitelist.removeTitle')}
        okText={t('merchant.whitelist.remove')}
        danger
        onClose={() => setRemoving(null)}
        onConfirm={async (googleCode) => {
          if (!removing) return;
          await remove.mutateAsync({ id: removing.id, googleCode });
          message.success(t('merchant.whitelist.removed'));
        }}
        testId="whitelist-remove-modal"
      >
        <Typography.Paragraph>{t('merchant.whitelist.removeNote')}</Typography.Paragraph>
        {removing ? (
          <Typography.Text className="mono" style={{ wordBreak: 'break-all' }}>
            {`${chainName(removing.chainId)} · ${removing.address}`}
          </Typography.Text>
        ) : null}
      </WhitelistGoogleModal>
    </Card>
  );
}
