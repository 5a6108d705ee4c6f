import { Col, Flex, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../shared/ui/page-container';
import { GoogleCard } from '../components/google-card';
import { LoginRecordsCard } from '../components/login-records-card';
import { PasswordCard } from '../components/password-card';
import { ProfileCard } from '../components/profile-card';
import { WhitelistCard } from '../components/whitelist-card';

/**
 * Merchant info (SPEC section 2): user information with the phone, change password, Google
 * Authenticator, the withdrawal address whitelist (issue 8) and the last ten logins. Each card loads, fails and retries on its own.
 */
export default function MerchantInfoPage() {
  const { t } = useTranslation();
  return (
    <PageContainer title={t('menu.merchantInfo')} testId="page-merchant-info">
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Flex vertical gap={16}>
            <ProfileCard />
            <PasswordCard />
          </Flex>
        </Col>
        <Col xs={24} xl={12}>
          <GoogleCard />
        </Col>
        <Col span={24}>
          <WhitelistCard />
        </Col>
        <Col span={24}>
          <LoginRecordsCard />
        </Col>
      </Row>
    </PageContainer>
  );
}
