import type { OpsChain, OpsChainAlert, OpsChainSend } from '@tollgate/contracts';
import { Alert, App, Button, Card, Descriptions, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useChainList } from '../../../shared/api/get-chain-list';
import { formatDate } from '../../../shared/lib/format';
import { useIsPhone } from '../../../shared/lib/use-is-phone';
import { LoadError } from '../../../shared/ui/load-error';
import { PageContainer } from '../../../shared/ui/page-container';
import { useOpsChains, useRetryHeldWithdrawal } from '../api/ops-chains';
import { CoinAmount, CopyableAddress } from '../components/withdrawal-cells';

/**
 * Chains (issue 32): per chain, whether its node answers and the scan keeps up, the hot and gas
 * wallets (their addresses, to fund them, and balances; a UTXO chain's hot wallet also its number
 * of unspent outputs, and no gas wallet), the withdrawals waiting to be sent
 * (retry once the hot wallet is funded), the sends in flight with every transaction and
 * replacement, and the open alerts. Read again every 10 s while open.
 */
const STATE_COLOR: Record<OpsChain['state'], string> = { ok: 'green', degraded: 'red', disabled: 'default' };

function alertText(t: TFunction, alert: OpsChainAlert): string {
  const detail = (alert.detail ?? {}) as Record<string, unknown>;
  const values = Object.fromEntries(
    Object.entries(detail).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]),
  );
  return t(`ops.chains.alert.${alert.kind}`, { key: alert.key, ...values });
}

function SendTxs({ send }: { send: OpsChainSend }) {
  const { t } = useTranslation();
  return (
    <ul className="ops-chain-txs">
      {send.txs.map((tx, i) => (
        <li key={tx.txHash}>
          <CopyableAddress address={tx.txHash} maxWidth={260} />{' '}
          {tx.mined ? (
            <Tag color="green">{t('ops.chains.tx.mined')}</Tag>
          ) : i < send.txs.length - 1 ? (
            <Tag>{t('ops.chains.tx.replaced')}</Tag>
          ) : tx.broadcastAt ? (
            <Tag color="blue">{t('ops.chains.tx.broadcast')}</Tag>
          ) : (
            <Tag color="orange">{t('ops.chains.tx.signed')}</Tag>
          )}
        </li>
      ))}
    </ul>
  );
}

function ChainCard({ chain, name }: { chain: OpsChain; name: string }) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const { modal, message } = App.useApp();
  const retry = useRetryHeldWithdrawal();
  const dash = (value: number | string | null) => (value === null ? '-' : String(value));
  // A UTXO chain (Doge): its hot wallet counts its unspent outputs; no gas wallet, no nonces.
  const utxo = chain.wallets.some((wallet) => wallet.unspentOutputs !== null);

  const confirmRetry = (withdrawalNo: string) =>
    void modal.confirm({
      title: t('ops.chains.retryTitle'),
      content: t('ops.chains.retryConfirm', { withdrawalNo }),
      okText: t('ops.chains.retry'),
      okButtonProps: { 'data-testid': 'ops-chain-retry-confirm' },
      cancelText: t('ops.common.cancel'),
      onOk: async () => {
        try {
          await retry.mutateAsync({ withdrawalNo });
          void message.success(t('ops.chains.retried', { withdrawalNo }));
        } catch (failure) {
          void message.error(failure instanceof Error ? failure.message : String(failure));
        }
      },
    });

  const sendColumns: ColumnsType<OpsChainSend> = [
    {
      title: t('ops.chains.send.kind'),
      dataIndex: 'kind',
      render: (kind: OpsChainSend['kind']) => t(`ops.chains.kind.${kind}`),
    },
    {
      title: t('ops.chains.send.ref'),
      dataIndex: 'ref',
      render: (ref: string) => <span className="ops-mono">{ref}</span>,
    },
    {
      title: t('ops.chains.send.amount'),
      key: 'amount',
      render: (_, send) => <CoinAmount value={send.amount} coin={send.coinName} />,
    },
    // A UTXO chain's sends spend outputs, never a nonce: no column for it there.
    ...(utxo
      ? []
      : [
          {
            title: t('ops.chains.send.nonce'),
            dataIndex: 'nonce',
            render: (nonce: number | null) => dash(nonce),
          },
        ]),
    {
      title: t('ops.chains.send.status'),
      dataIndex: 'status',
      render: (status: OpsChainSend['status']) => (
        <Tag color={status === 'mined' ? 'green' : 'blue'}>{t(`ops.chains.sendStatus.${status}`)}</Tag>
      ),
    },
    { title: t('ops.chains.send.txs'), key: 'txs', render: (_, send) => <SendTxs send={send} /> },
  ];

  return (
    <Card
      className="ops-chain"
      data-testid={`ops-chain-${chain.chainId}`}
      title={
        <Space wrap>
          <span>
            {name} ({chain.chainId})
          </span>
          <Tag color={STATE_COLOR[chain.state]} data-testid="ops-chain-state">
            {t(`ops.chains.state.${chain.state}`)}
          </Tag>
        </Space>
      }
    >
      {chain.reasonCode ? (
        <Alert
          type={chain.state === 'degraded' ? 'error' : 'info'}
          showIcon
          className="ops-chain-alert"
          data-testid="ops-chain-reason"
          message={t(`ops.chains.reasonCode.${chain.reasonCode}`, { chainId: chain.chainId })}
          description={chain.reason ?? undefined}
        />
      ) : null}
      {chain.alerts.map((alert) => (
        <Alert
          key={alert.id}
          type="error"
          showIcon
          className="ops-chain-alert"
          data-testid="ops-chain-alert"
          message={t(`ops.chains.alertTitle.${alert.kind}`)}
          description={
            <>
              <div>{alertText(t, alert)}</div>
              <div className="ops-secondary">
                {t('ops.chains.alertSince', { time: formatDate(alert.createdAt) })}
              </div>
            </>
          }
        />
      ))}
      {chain.state === 'disabled' ? null : (
        <>
          <Descriptions size="small" column={isPhone ? 1 : 3} className="ops-chain-scan">
            <Descriptions.Item label={t('ops.chains.head')}>{dash(chain.headHeight)}</Descriptions.Item>
            <Descriptions.Item label={t('ops.chains.scanned')}>
              <span data-testid="ops-chain-scanned">{dash(chain.scannedHeight)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('ops.chains.lag')}>
              {chain.lag === null ? '-' : t('ops.chains.blocks', { count: chain.lag })}
            </Descriptions.Item>
            <Descriptions.Item label={t('ops.chains.lastBlock')}>
              {chain.lastBlockTime ? formatDate(chain.lastBlockTime) : '-'}
            </Descriptions.Item>
            <Descriptions.Item label={t('ops.chains.confirmations')}>{chain.confirmations}</Descriptions.Item>
            <Descriptions.Item label={t('ops.chains.pendingSweeps')}>{chain.pendingSweeps}</Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5}>{t('ops.chains.wallets')}</Typography.Title>
          {chain.wallets.map((wallet) => (
            <div
              key={wallet.role}
              className="ops-chain-wallet"
              data-testid={`ops-chain-wallet-${wallet.role}`}
            >
              <div>
                <strong>{t(`ops.chains.wallet.${wallet.role}`)}</strong>{' '}
                <span className="ops-secondary">{t(`ops.chains.walletHint.${wallet.role}`)}</span>
              </div>
              <CopyableAddress address={wallet.address} maxWidth="full" />
              <div className="ops-chain-balances">
                {wallet.balances.map((balance) => (
                  <span key={balance.coinName}>
                    {balance.amount === null ? (
                      `${balance.coinName}: -`
                    ) : (
                      <CoinAmount value={balance.amount} coin={balance.coinName} />
                    )}
                  </span>
                ))}
                {wallet.unspentOutputs === null ? null : (
                  <span className="ops-secondary" data-testid="ops-chain-unspent">
                    {t('ops.chains.unspentOutputs', { count: wallet.unspentOutputs })}
                  </span>
                )}
              </div>
            </div>
          ))}
          {chain.held.length > 0 ? (
            <>
              <Typography.Title level={5}>{t('ops.chains.held')}</Typography.Title>
              {isPhone ? (
                <ul className="ops-chain-list" data-testid="ops-chain-held">
                  {chain.held.map((row) => (
                    <li key={row.withdrawalNo}>
                      <div className="ops-mono">{row.withdrawalNo}</div>
                      <Space wrap>
                        <CoinAmount value={row.amount} coin={row.coinName} />
                        <span className="ops-secondary">{formatDate(row.createdAt)}</span>
                        <Button
                          size="small"
                          onClick={() => confirmRetry(row.withdrawalNo)}
                          data-testid="ops-chain-retry"
                        >
                          {t('ops.chains.retry')}
                        </Button>
                      </Space>
                    </li>
                  ))}
                </ul>
              ) : (
                <Table
                  size="small"
                  rowKey="withdrawalNo"
                  pagination={false}
                  dataSource={chain.held}
                  scroll={{ x: 'max-content' }}
                  data-testid="ops-chain-held"
                  columns={[
                    {
                      title: t('ops.chains.send.ref'),
                      dataIndex: 'withdrawalNo',
                      render: (no: string) => <span className="ops-mono">{no}</span>,
                    },
                    {
                      title: t('ops.chains.send.amount'),
                      key: 'amount',
                      render: (_, row) => <CoinAmount value={row.amount} coin={row.coinName} />,
                    },
                    {
                      title: t('ops.chains.heldSince'),
                      dataIndex: 'createdAt',
                      render: (v: string) => formatDate(v),
                    },
                    {
                      title: t('ops.chains.action'),
                      key: 'action',
                      render: (_, row) => (
                        <Button
                          size="small"
                          onClick={() => confirmRetry(row.withdrawalNo)}
                          data-testid="ops-chain-retry"
                        >
                          {t('ops.chains.retry')}
                        </Button>
                      ),
                    },
                  ]}
                />
              )}
            </>
          ) : null}
          <Typography.Title level={5}>{t('ops.chains.sends')}</Typography.Title>
          {chain.sends.length === 0 ? (
            <Typography.Text type="secondary" data-testid="ops-chain-no-sends">
              {t('ops.chains.noSends')}
            </Typography.Text>
          ) : isPhone ? (
            <ul className="ops-chain-list" data-testid="ops-chain-sends">
              {chain.sends.map((send) => (
                <li key={send.id}>
                  <Space wrap>
                    <span>{t(`ops.chains.kind.${send.kind}`)}</span>
                    <CoinAmount value={send.amount} coin={send.coinName} />
                    <Tag color={send.status === 'mined' ? 'green' : 'blue'}>
                      {t(`ops.chains.sendStatus.${send.status}`)}
                    </Tag>
                  </Space>
                  <div className="ops-mono ops-secondary">
                    {send.ref}
                    {send.nonce === null ? '' : ` · ${t('ops.chains.send.nonce')} ${send.nonce}`}
                  </div>
                  <SendTxs send={send} />
                </li>
              ))}
            </ul>
          ) : (
            <Table
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={chain.sends}
              columns={sendColumns}
              scroll={{ x: 'max-content' }}
              data-testid="ops-chain-sends"
            />
          )}
        </>
      )}
    </Card>
  );
}

export default function OpsChainsPage() {
  const { t } = useTranslation();
  const chains = useOpsChains();
  const names = useChainList();
  const nameOf = (chainId: string) =>
    names.data?.find((chain) => chain.chainId === chainId)?.chainName ?? chainId;
  return (
    <PageContainer title={t('ops.menu.chains')} testId="page-ops-chains">
      {chains.isError ? (
        <LoadError
          message={chains.error.message}
          onRetry={() => void chains.refetch()}
          testId="ops-chains-error"
        />
      ) : null}
      {chains.isPending ? <Card loading /> : null}
      <div className="ops-chains">
        {chains.data?.chains.map((chain) => (
          <ChainCard key={chain.chainId} chain={chain} name={nameOf(chain.chainId)} />
        ))}
      </div>
    </PageContainer>
  );
}
