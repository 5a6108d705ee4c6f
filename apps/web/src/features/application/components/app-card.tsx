import { DeleteOutlined, EditOutlined, EyeOutlined, KeyOutlined, SendOutlined } from '@ant-design/icons';
import type { App as AppItem } from '@tollgate/contracts';
import { Avatar, Button, Card, Descriptions, Flex, Grid, Tooltip, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/lib/format';
import { iconUrl } from '../api/upload-icon';

/**
 * One application (SPEC 2): APPID with a copy button, the masked secret, the creation time,
 * today's and yesterday's payment and payout counts, and what the merchant set; the actions
 * at the foot.
 */
export type AppAction =
  | 'edit'
  | 'viewSecret'
  | 'resetSecret'
  | 'delete'
  | 'testEvent'
  | 'telegramConnect'
  | 'telegramDisconnect';

/** The application's Telegram alerts: off on this server, on without a chat, or going to one. */
export type TelegramAlerts =
  | { state: 'error' }
  | { state: 'off' }
  | { state: 'unbound' }
  | { state: 'bound'; title: string; linkedAt: string };

export interface AppCardProps {
  app: AppItem;
  onAction: (action: AppAction, app: AppItem) => void;
  /** Unknown while the status loads (the row then says nothing yet). */
  telegram?: TelegramAlerts | undefined;
}

function TelegramAlertsLine({
  telegram,
  onAction,
}: {
  telegram: TelegramAlerts | undefined;
  onAction: (action: 'telegramConnect' | 'telegramDisconnect') => void;
}) {
  const { t } = useTranslation();
  if (!telegram) return <Typography.Text type="secondary">…</Typography.Text>;
  if (telegram.state === 'error')
    return (
      <Typography.Text type="secondary" data-testid="app-telegram-error">
        {t('application.telegramAlerts.loadFailed')}
      </Typography.Text>
    );
  if (telegram.state === 'off')
    return (
      <Typography.Text type="secondary" data-testid="app-telegram-off">
        {t('application.telegramAlerts.off')}
      </Typography.Text>
    );
  if (telegram.state === 'unbound')
    return (
      <Button
        size="small"
        icon={<SendOutlined />}
        onClick={() => onAction('telegramConnect')}
        data-testid="app-telegramConnect"
      >
        {t('application.telegramAlerts.connect')}
      </Button>
    );
  return (
    <Flex wrap align="center" gap={8} data-testid="app-telegram-bound">
      <Typography.Text>
        {t('application.telegramAlerts.boundTo', {
          chat: telegram.title,
          date: formatDate(telegram.linkedAt),
        })}
      </Typography.Text>
      <Button
        size="small"
        type="link"
        danger
        style={{ padding: 0 }}
        onClick={() => onAction('telegramDisconnect')}
        data-testid="app-telegramDisconnect"
      >
        {t('application.telegramAlerts.disconnect')}
      </Button>
    </Flex>
  );
}

function Optional({ value, empty }: { value: string; empty: string }) {
  return value ? (
    <Typography.Text style={{ overflowWrap: 'anywhere' }}>{value}</Typography.Text>
  ) : (
    <Typography.Text type="secondary">{empty}</Typography.Text>
  );
}

/** Today's and yesterday's completed payments and payouts, as a small table. */
function OrderCounts({ app }: { app: AppItem }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const cell = { padding: '4px 8px', textAlign: 'right' as const };
  const number = { ...cell, fontSize: 18, fontVariantNumeric: 'tabular-nums' as const };
  const rows = [
    ['payments', app.todayPayCount, app.yesterdayPayCount],
    ['payouts', app.todayPayoutCount, app.yesterdayPayoutCount],
  ] as const;
  return (
    <table
      style={{
        width: '100%',
        margin: '12px 0',
        borderCollapse: 'collapse',
        background: token.colorFillAlter,
        borderRadius: token.borderRadius,
      }}
      data-testid="app-card-counts"
    >
      <caption
        style={{ captionSide: 'top', textAlign: 'left', color: token.colorTextSecondary, paddingBottom: 4 }}
      >
        {t('application.counts.caption')}
      </caption>
      <thead>
        <tr style={{ color: token.colorTextSecondary }}>
          <td style={cell} />
          <th scope="col" style={{ ...cell, fontWeight: 'normal' }}>
            {t('application.counts.today')}
          </th>
          <th scope="col" style={{ ...cell, fontWeight: 'normal' }}>
            {t('application.counts.yesterday')}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([kind, today, yesterday]) => (
          <tr key={kind} data-testid={`app-card-${kind}`}>
            <th scope="row" style={{ ...cell, textAlign: 'left', fontWeight: 'normal' }}>
              {t(`application.counts.${kind}`)}
            </th>
            <td style={number}>{today}</td>
            <td style={number}>{yesterday}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function AppCard({ app, onAction, telegram }: AppCardProps) {
  const { t } = useTranslation();
  // Buttons, so each action is reached from the keyboard; on a phone each stacks its icon over
  // a smaller label, so all four fit.
  const isNarrow = !Grid.useBreakpoint().sm;
  const action = (name: AppAction, icon: React.ReactNode, label: string) => (
    <Button
      key={name}
      type="text"
      size="small"
      danger={name === 'delete'}
      onClick={() => onAction(name, app)}
      data-testid={`app-${name}`}
      style={
        isNarrow
          ? {
              flexDirection: 'column',
              height: 'auto',
              gap: 0,
              fontSize: 12,
              lineHeight: 1.4,
              padding: '2px 4px',
            }
          : undefined
      }
      icon={icon}
    >
      {label}
    </Button>
  );
  return (
    <Card
      data-testid="app-card"
      data-app-id={app.appId}
      title={
        <Flex align="center" gap={12} style={{ minWidth: 0 }}>
          <Avatar
            shape="square"
            size={40}
            style={{ flexShrink: 0 }}
            src={app.icon ? iconUrl(app.icon) : undefined}
            alt={t('application.iconAlt', { name: app.name })}
            data-testid="app-card-icon"
          >
            {(Array.from(app.name)[0] ?? '').toUpperCase()}
          </Avatar>
          <Typography.Text strong ellipsis={{ tooltip: app.name }} data-testid="app-card-name">
            {app.name}
          </Typography.Text>
        </Flex>
      }
      extra={
        <Tooltip title={app.callbackUrl ? undefined : t('application.testEvent.noCallback')}>
          <Button
            size="small"
            icon={<SendOutlined />}
            disabled={!app.callbackUrl}
            onClick={() => onAction('testEvent', app)}
            aria-label={t('application.testEvent.action')}
            data-testid="app-testEvent"
          >
            {isNarrow ? null : t('application.testEvent.action')}
          </Button>
        </Tooltip>
      }
      actions={[
        action('edit', <EditOutlined />, t('application.actions.edit')),
        action('viewSecret', <EyeOutlined />, t('application.actions.viewSecret')),
        action('resetSecret', <KeyOutlined />, t('application.actions.resetSecret')),
        action('delete', <DeleteOutlined />, t('application.actions.delete')),
      ]}
      styles={{ body: { paddingBottom: 8 } }}
    >
      <Descriptions
        column={1}
        size="small"
        styles={{ label: { width: 112 } }}
        items={[
          {
            key: 'appId',
            label: t('application.appId'),
            children: (
              <Typography.Text
                code
                copyable={{ tooltips: [t('application.secret.copy'), t('application.secret.copied')] }}
                data-testid="app-card-app-id"
              >
                {app.appId}
              </Typography.Text>
            ),
          },
          {
            key: 'secret',
            label: t('application.appSecret'),
            children: (
              <Typography.Text code data-testid="app-card-secret">
                {app.secretMasked}
              </Typography.Text>
            ),
          },
          { key: 'createdAt', label: t('application.createdAt'), children: formatDate(app.createdAt) },
        ]}
      />
      <OrderCounts app={app} />
      <Descriptions
        column={1}
        size="small"
        styles={{ label: { width: 112 } }}
        items={[
          {
            key: 'description',
            label: t('application.description'),
            children: <Optional value={app.description} empty={t('application.notSet')} />,
          },
          {
            key: 'callbackUrl',
            label: t('application.callbackUrl'),
            children: <Optional value={app.callbackUrl} empty={t('application.notSet')} />,
          },
          {
            key: 'ipWhitelist',
            label: t('application.ipWhitelist'),
            children: (
              <Optional
                value={app.ipWhitelist.split(',').join(', ')}
                empty={t('application.ipWhitelistOff')}
              />
            ),
          },
          {
            key: 'telegram',
            label: t('application.telegram'),
            children: (
              <Optional value={app.telegram ? `@${app.telegram}` : ''} empty={t('application.notSet')} />
            ),
          },
          {
            key: 'telegramAlerts',
            label: t('application.telegramAlerts.label'),
            children: <TelegramAlertsLine telegram={telegram} onAction={(name) => onAction(name, app)} />,
          },
        ]}
      />
    </Card>
  );
}
