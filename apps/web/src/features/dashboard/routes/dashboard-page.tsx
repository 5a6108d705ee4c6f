import { Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../shared/ui/page-container';
import { useAccountInfo } from '../api/get-account-info';
import { useDashboardToday } from '../api/get-dashboard-today';
import { Announcements } from '../components/announcements';
import { BalanceOverview } from '../components/balance-overview';
import { TodayOrders } from '../components/today-orders';
import { WeeklyOrders } from '../components/weekly-orders';

/**
 * Data overview: the balances, today's orders and the past week's, and the latest system
 * announcements.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const account = useAccountInfo();
  const today = useDashboardToday();
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
          <TodayOrders
            today={today.data}
            isLoading={today.isPending}
            errorMessage={today.error?.message}
            onRetry={() => void today.refetch()}
          />
        </Col>
        <Col xs={24} xl={14}>
          <WeeklyOrders />
        </Col>
        <Col xs={24} xl={10}>
          <Announcements />
        </Col>
      </Row>
    </PageContainer>
  );
}
