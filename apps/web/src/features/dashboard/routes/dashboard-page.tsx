import { Card, Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageContainer } from '../../../shared/ui/page-container';
import { UnderConstruction } from '../../../shared/ui/under-construction';
import { useAccountInfo } from '../api/get-account-info';
import { useDashboardToday } from '../api/get-dashboard-today';
import { BalanceOverview } from '../components/balance-overview';
import { TodayOrders } from '../components/today-orders';
import { WeeklyOrders } from '../components/weekly-orders';

/**
 * Data overview: the balances, today's orders and the past week's; the announcements get
 * their data later in issue 9 and say so until then (not "no data", which would claim there
 * were none).
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
          <Card
            title={t('dashboard.announcements.title')}
            extra={
              <Link to="/dashboard/notice" data-testid="announcements-more">
                {t('dashboard.announcements.more')}
              </Link>
            }
            data-testid="announcements"
          >
            <UnderConstruction variant="block" planned={t('dashboard.announcements.planned')} />
          </Card>
        </Col>
      </Row>
    </PageContainer>
  );
}
