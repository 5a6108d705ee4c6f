import type { FeeRow } from '@tollgate/contracts';
import { money, toDecimalString } from '@tollgate/contracts/money';
import { Card, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmptyData } from '../../../shared/ui/empty-data';
import { LoadError } from '../../../shared/ui/load-error';
import { PageContainer } from '../../../shared/ui/page-container';
import { type SimpleColumn, SimpleTable } from '../../../shared/ui/simple-table';
import { useFeeInfo } from '../api/get-fee-info';

/** 0.008 → "0.8%": exact, no trailing zeros (the rate is a decimal string, never a JS number). */
export function formatRate(rate: string): string {
  return `${toDecimalString(money(rate).times(100))}%`;
}

/** The rows grouped by chain, in the order the server sent them (the chains' own order). */
function byChain(list: readonly FeeRow[]) {
  const chains = new Map<string, { chainId: string; chainName: string; rows: FeeRow[] }>();
  for (const row of list) {
    const chain = chains.get(row.chainId) ?? { chainId: row.chainId, chainName: row.chainName, rows: [] };
    chain.rows.push(row);
    chains.set(row.chainId, chain);
  }
  return [...chains.values()];
}

/**
 * The rate table (SPEC "Rate table", GET /merchant/fee-info): one card per chain, Ethereum, Tron,
 * BNB Chain, Polygon and Doge, each listing its currencies with the collection rate (a share of
 * every payment received) and the payout fee (a fixed amount of the currency per withdrawal or
 * payout). The figures are the server's, exact to the last digit.
 */
export default function RatePage() {
  const { t } = useTranslation();
  const { data, isPending, error, refetch, isFetching } = useFeeInfo();
  const columns: SimpleColumn<FeeRow>[] = [
    {
      key: 'currency',
      title: t('merchant.rate.currency'),
      width: '50%',
      render: (row) => (
        <Flex gap={8} align="center">
          <img src={row.icon} alt="" width={20} height={20} />
          <Flex vertical>
            <span>{row.coinName}</span>
            {row.coinUnit !== row.coinName && (
              <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                {row.coinUnit}
              </Typography.Text>
            )}
          </Flex>
        </Flex>
      ),
    },
    {
      key: 'collectionRate',
      title: t('merchant.rate.collectionRate'),
      width: '25%',
      align: 'right',
      render: (row) => formatRate(row.collectionRate),
    },
    {
      key: 'payoutFee',
      title: t('merchant.rate.payoutFee'),
      width: '25%',
      align: 'right',
      render: (row) => (
        <span style={{ whiteSpace: 'nowrap' }}>{`${toDecimalString(row.payoutFee)} ${row.coinName}`}</span>
      ),
    },
  ];
  return (
    <PageContainer title={t('menu.paymentRates')} testId="page-rate">
      <Typography.Paragraph type="secondary" data-testid="rate-intro">
        {t('merchant.rate.intro')}
      </Typography.Paragraph>
      {error ? (
        <LoadError message={error.message} onRetry={() => void refetch()} isRetrying={isFetching} />
      ) : isPending ? (
        <Card data-testid="rate-loading">
          <Skeleton active paragraph={{ rows: 4 }} />
        </Card>
      ) : data.list.length === 0 ? (
        <Card>
          <EmptyData textKey="merchant.rate.empty" />
        </Card>
      ) : (
        <Flex vertical gap={16}>
          {byChain(data.list).map((chain) => (
            <Card
              key={chain.chainId}
              title={chain.chainName}
              size="small"
              data-testid={`rate-chain-${chain.chainId}`}
            >
              <SimpleTable
                columns={columns}
                rows={chain.rows}
                rowKey={(row) => row.coinUnit}
                testId={`rate-table-${chain.chainId}`}
              />
            </Card>
          ))}
        </Flex>
      )}
    </PageContainer>
  );
}
