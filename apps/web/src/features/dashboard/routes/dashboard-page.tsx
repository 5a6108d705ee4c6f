import { Card, Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyData } from '../../../shared/ui/empty-data';
import { PageContainer } from '../../../shared/ui/page-container';
import { useAccountInfo } from '../api/get-account-info';
import { BalanceOverview } from '../components/balance-overview';

/**
 * Data overview: the real balances now; today's orders, announcements and the weekly chart
 * get their data in later issues and show the empty block until then.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const account = useAccountInfo();
  return (
    <PageContainer title={t('menu.dashboard')} testId="page-dashboard">
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <BalanceOverview
            account={account.data}
            isLoading={account.isPending}
            errorMessage={account.error?.message}
          />
        </Col>
        <Col xs={24} xl={10}>
          <Card title={t('dashboard.todayOrders.title')} data-testid="today-orders">
            <EmptyData theme="small" />
          </Card>
        </Col>
        <Col xs={24} xl={14}>
          <Card title={t('dashboard.weeklyChart.title')} data-testid="weekly-chart">
            <EmptyData theme="default" />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card
            title={t('dashboard.announcements.title')}
            extra={
              <Link to="/dashboard/notice" data-testid="announcements-more">
                {t('dashboard.announcements.more')}
              </Link>
            }
            data-testid="announcements"
          >
            <EmptyData theme="default" />
          </Card>
        </Col>
      </Row>
    </PageContainer>
  );
}
