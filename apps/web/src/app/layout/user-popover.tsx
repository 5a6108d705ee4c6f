import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Popover, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLogout } from '../../features/auth/api/logout';
import { useMerchantInfo } from '../../features/merchant/api/get-merchant-info';
import { useAccountPopover } from './use-account-popover';

/**
 * The avatar popover (SPEC section 2): 200 wide, merchant info and logout. It opens on hover,
 * and also by click, tap or keyboard, since it holds the only logout (see useAccountPopover).
 */
export const POPOVER_WIDTH = 200;
const WRAPPING_BUTTON = { whiteSpace: 'normal', height: 'auto', minHeight: 32 } as const;

export function UserPopover() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: merchant } = useMerchantInfo();
  const logout = useLogout();
  const popover = useAccountPopover();
  const label = t('common.header.account');

  const content = (
    // A named section (a region landmark): the popup is rendered at the end of <body>, outside
    // the header's banner landmark.
    <section ref={popover.panelRef} aria-label={label} data-testid="user-popover">
      <Space orientation="vertical" size={4} style={{ width: '100%', marginBottom: 12 }}>
        <Typography.Text strong ellipsis={{ tooltip: merchant?.email }} data-testid="user-email">
          {merchant?.email ?? '-'}
        </Typography.Text>
        <Typography.Text type="secondary" data-testid="user-merchant-id">
          {t('common.header.merchantId', { id: merchant?.merchantId ?? '-' })}
        </Typography.Text>
        {merchant ? (
          // A tag does not wrap by default: "Google Authenticator: not bound" (or its Vietnamese)
          // is wider than the 200 px popover and stuck out of it.
          <Tag
            color={merchant.googleState ? 'success' : 'default'}
            style={{ whiteSpace: 'normal', maxWidth: '100%', marginInlineEnd: 0 }}
            data-testid="user-google-state"
          >
            {merchant.googleState ? t('common.header.googleBound') : t('common.header.googleUnbound')}
          </Tag>
        ) : null}
      </Space>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Button
          block
          // Wraps like the tag above: 'Thông tin thương nhân' is wider than the button.
          style={WRAPPING_BUTTON}
          icon={<UserOutlined />}
          onClick={() => {
            popover.close();
            void navigate('/merchant/info');
          }}
          data-testid="popover-merchant-info"
        >
          {t('common.header.merchantInfo')}
        </Button>
        <Button
          block
          danger
          style={WRAPPING_BUTTON}
          icon={<LogoutOutlined />}
          loading={logout.isPending}
          onClick={() => logout.mutate()}
          data-testid="popover-logout"
        >
          {t('common.header.logout')}
        </Button>
      </Space>
    </section>
  );

  return (
    <Popover
      content={content}
      trigger="hover"
      open={popover.isOpen}
      onOpenChange={popover.onOpenChange}
      afterOpenChange={popover.afterOpenChange}
      placement="bottomRight"
      arrow={false}
      styles={{ container: { width: POPOVER_WIDTH, boxSizing: 'border-box' } }}
    >
      <button
        ref={popover.anchorRef}
        type="button"
        className="header-avatar"
        aria-label={label}
        aria-expanded={popover.isOpen}
        onClick={popover.onAnchorClick}
        data-testid="user-avatar"
      >
        <Avatar size="small" icon={<UserOutlined />} />
      </button>
    </Popover>
  );
}
