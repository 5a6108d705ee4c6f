import type { AssetEntry } from '@tollgate/contracts';
import { Card, Col, Row, Skeleton, Statistic, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CLIENT_DEFAULTS } from '../../../shared/lib/format';
import { useSessionChoice } from '../../../shared/lib/session-state';
import { LoadError } from '../../../shared/ui/load-error';
import { PageContainer } from '../../../shared/ui/page-container';
import { useAccountOverview } from '../api/get-account-overview';
import { AssetDistribution } from '../components/asset-distribution';
import { AssetTable } from '../components/asset-table';
import { BatchWithdrawal } from '../components/batch-withdrawal';
import { DepositModal } from '../components/deposit-modal';
import { TransactionRecords } from '../components/transaction-records';
import { WithdrawModal } from '../components/withdraw-modal';
import '../finance.css';
import { Amount } from '../../../shared/ui/amount';

const RECORDS_TABS = ['deposit', 'withdrawal'] as const;
type RecordsTab = (typeof RECORDS_TABS)[number];

/**
 * Asset management (SPEC section 2): the overview (total worth in USDT, currencies held), the
 * distribution, every currency's balances with "hide small assets", deposit and withdraw
 * actions, the deposit and withdrawal records, and batch withdrawal from a spreadsheet.
 */
export default function FinancePage() {
  const { t } = useTranslation();
  const { data, isPending, error, refetch, isFetching } = useAccountOverview();
  const currency = CLIENT_DEFAULTS.currency;
  const [depositCoin, setDepositCoin] = useState<string | null>(null);
  const [withdrawAsset, setWithdrawAsset] = useState<AssetEntry | null>(null);
  // The records tab open stays open across a language switch (a reload).
  const [recordsTab, setRecordsTab] = useSessionChoice<RecordsTab>(
    'finance.records',
    RECORDS_TABS,
    'deposit',
  );
  return (
    <PageContainer title={t('menu.assetManagement')} testId="page-finance">
      {error ? (
        <LoadError message={error.message} onRetry={() => void refetch()} isRetrying={isFetching} />
      ) : null}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Card
            title={t('pages.finance.overview.title')}
            data-testid="asset-overview"
            style={{ height: '100%' }}
          >
            {isPending ? (
              <Skeleton active paragraph={{ rows: 2 }} />
            ) : (
              <Row gutter={[16, 16]}>
                <Col xs={24} sm={14}>
                  <Statistic
                    title={t('pages.finance.overview.total', { currency })}
                    value={data?.totalUsdt ?? '-'}
                    formatter={() => <Amount value={data?.totalUsdt} />}
                    prefix="≈"
                    suffix={currency}
                    data-testid="asset-total"
                  />
                </Col>
                <Col xs={24} sm={10}>
                  <Statistic
                    title={t('pages.finance.overview.held')}
                    value={data ? data.distribution.length : '-'}
                    data-testid="asset-held"
                  />
                </Col>
              </Row>
            )}
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card title={t('pages.finance.distribution.title')} style={{ height: '100%' }}>
            {isPending ? (
              <Skeleton active paragraph={{ rows: 3 }} />
            ) : (
              <AssetDistribution distribution={data?.distribution ?? []} />
            )}
          </Card>
        </Col>
        <Col span={24}>
          <Card title={t('pages.finance.assets.title')}>
            {isPending ? (
              <Skeleton active paragraph={{ rows: 5 }} />
            ) : (
              <AssetTable
                assets={data?.assets ?? []}
                onDeposit={setDepositCoin}
                onWithdraw={setWithdrawAsset}
              />
            )}
          </Card>
        </Col>
        <Col span={24}>
          <Card title={t('assets.records.title')}>
            <Tabs
              destroyOnHidden
              activeKey={recordsTab}
              onChange={(key) => setRecordsTab(key as RecordsTab)}
              items={[
                {
                  key: 'deposit',
                  label: t('assets.records.deposits'),
                  children: <TransactionRecords type="deposit" />,
                },
                {
                  key: 'withdrawal',
                  label: t('assets.records.withdrawals'),
                  children: <TransactionRecords type="withdrawal" />,
                },
              ]}
              data-testid="finance-records"
            />
          </Card>
        </Col>
        <Col span={24}>
          <Card title={t('assets.batch.title')} data-testid="finance-batch">
            <BatchWithdrawal />
          </Card>
        </Col>
      </Row>
      <DepositModal coinName={depositCoin} onClose={() => setDepositCoin(null)} />
      <WithdrawModal asset={withdrawAsset} onClose={() => setWithdrawAsset(null)} />
    </PageContainer>
  );
}
