import { PlusOutlined, SafetyCertificateOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { App as AppItem } from '@tollgate/contracts';
import { App, Button, Card, Col, Modal, Row, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyData } from '../../../shared/ui/empty-data';
import { LoadError } from '../../../shared/ui/load-error';
import { PageContainer } from '../../../shared/ui/page-container';
import { useDeleteApp } from '../api/delete-app';
import { useAppList } from '../api/get-app-list';
import { useTelegramDisconnect, useTelegramStatus } from '../api/telegram';
import { type AppAction, AppCard, type TelegramAlerts } from '../components/app-card';
import { AppFormModal } from '../components/app-form-modal';
import { SECRET_MODAL_WIDTH, SecretDisplay } from '../components/secret-display';
import { SecretModal, type SecretMode } from '../components/secret-modal';
import { SignatureCheckModal } from '../components/signature-check-modal';
import { TelegramConnectModal } from '../components/telegram-connect-modal';
import { TestEventModal } from '../components/test-event-modal';

/**
 * My applications (SPEC 2): a card per application with its actions; add, edit, view and
 * reset the secret, delete after a confirmation. Loading, empty and failed states each say so.
 * `?tool=signature` opens the signature check tool (the API documentation links it so).
 */
type Open =
  | { kind: 'form'; app?: AppItem }
  | { kind: 'secret'; app: AppItem; mode: SecretMode }
  | { kind: 'created'; app: AppItem; appSecret: string }
  | { kind: 'testEvent'; app: AppItem }
  | { kind: 'signature' }
  | { kind: 'telegram'; app: AppItem }
  | null;

export default function ApplicationPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const list = useAppList();
  const remove = useDeleteApp();
  const telegram = useTelegramStatus();
  const disconnectTelegram = useTelegramDisconnect();
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState<Open>(() =>
    params.get('tool') === 'signature' ? { kind: 'signature' } : null,
  );
  const close = () => {
    setOpen(null);
    if (params.has('tool')) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('tool');
          return next;
        },
        { replace: true },
      );
    }
  };

  const confirmDelete = (app: AppItem) => {
    modal.confirm({
      title: t('application.delete.title', { name: app.name }),
      content: t('application.delete.content'),
      okText: t('application.delete.ok'),
      okButtonProps: { danger: true, 'data-testid': 'app-delete-confirm' },
      cancelText: t('common.cancel'),
      onOk: () =>
        remove.mutateAsync(app.appId).then(
          () => {
            message.success(t('application.delete.done'));
          },
          (failure: Error) => {
            message.error(failure.message);
          },
        ),
    });
  };

  const confirmTelegramDisconnect = (app: AppItem) => {
    modal.confirm({
      title: t('application.telegramAlerts.disconnectTitle', { name: app.name }),
      content: t('application.telegramAlerts.disconnectContent'),
      okText: t('application.telegramAlerts.disconnect'),
      okButtonProps: { danger: true, 'data-testid': 'app-telegram-disconnect-confirm' },
      cancelText: t('common.cancel'),
      onOk: () =>
        disconnectTelegram.mutateAsync(app.appId).then(
          () => {
            message.success(t('application.telegramAlerts.disconnected'));
          },
          (failure: Error) => {
            message.error(failure.message);
          },
        ),
    });
  };

  /** The card's Telegram line: unknown until the status is read, then its state (or that it failed). */
  const telegramOf = (app: AppItem): TelegramAlerts | undefined => {
    const status = telegram.data;
    if (!status) return telegram.error ? { state: 'error' } : undefined;
    if (!status.enabled) return { state: 'off' };
    const chat = status.chats.find((c) => c.appId === app.appId);
    return chat ? { state: 'bound', title: chat.title, linkedAt: chat.linkedAt } : { state: 'unbound' };
  };

  const onAction = (action: AppAction, app: AppItem) => {
    if (action === 'edit') setOpen({ kind: 'form', app });
    else if (action === 'viewSecret') setOpen({ kind: 'secret', app, mode: 'view' });
    else if (action === 'resetSecret') setOpen({ kind: 'secret', app, mode: 'reset' });
    else if (action === 'testEvent') setOpen({ kind: 'testEvent', app });
    else if (action === 'telegramConnect') setOpen({ kind: 'telegram', app });
    else if (action === 'telegramDisconnect') confirmTelegramDisconnect(app);
    else confirmDelete(app);
  };

  const addButton = (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      onClick={() => setOpen({ kind: 'form' })}
      data-testid="app-add"
    >
      {t('application.add')}
    </Button>
  );
  const apps = list.data?.list ?? [];
  let content: React.ReactNode;
  if (list.isPending) {
    content = <Card loading data-testid="app-list-loading" />;
  } else if (list.error) {
    content = (
      <LoadError
        message={`${t('application.loadFailed')}: ${list.error.message}`}
        onRetry={() => void list.refetch()}
        isRetrying={list.isFetching}
        testId="app-list-error"
      />
    );
  } else if (apps.length === 0) {
    content = (
      <Card>
        <EmptyData textKey="application.empty" theme="large" action={addButton} />
      </Card>
    );
  } else {
    content = (
      <Row gutter={[16, 16]} data-testid="app-list">
        {apps.map((app) => (
          <Col key={app.appId} xs={24} lg={12} xxl={8}>
            <AppCard app={app} onAction={onAction} telegram={telegramOf(app)} />
          </Col>
        ))}
      </Row>
    );
  }

  return (
    <PageContainer
      title={t('menu.myApplications')}
      extra={
        <Space wrap>
          <Button
            type="link"
            onClick={() => setOpen({ kind: 'signature' })}
            data-testid="app-signature-check"
          >
            <SafetyCertificateOutlined /> {t('application.signature.open')}
          </Button>
          <Link to="/application/collection#records" data-testid="app-records-link">
            <UnorderedListOutlined /> {t('application.recordsLink')}
          </Link>
          <Link to="/application/payer#records" data-testid="app-payout-records-link">
            <UnorderedListOutlined /> {t('application.payoutRecordsLink')}
          </Link>
          {apps.length > 0 ? addButton : null}
        </Space>
      }
      testId="page-application"
    >
      {content}
      {open?.kind === 'form' ? (
        <AppFormModal
          app={open.app}
          onClose={close}
          onCreated={(created) => setOpen({ kind: 'created', ...created })}
        />
      ) : null}
      {open?.kind === 'testEvent' ? <TestEventModal app={open.app} onClose={close} /> : null}
      {open?.kind === 'signature' ? <SignatureCheckModal onClose={close} /> : null}
      {open?.kind === 'telegram' ? <TelegramConnectModal app={open.app} onClose={close} /> : null}
      {open?.kind === 'secret' ? <SecretModal app={open.app} mode={open.mode} onClose={close} /> : null}
      {open?.kind === 'created' ? (
        <Modal
          open
          title={t('application.secret.createdTitle')}
          // Wide enough for the 64-character secret on one line (SECRET_MODAL_WIDTH).
          width={SECRET_MODAL_WIDTH}
          onCancel={close}
          footer={
            <Button type="primary" onClick={close} data-testid="app-secret-done">
              {t('application.secret.done')}
            </Button>
          }
          destroyOnHidden
        >
          <Typography.Paragraph style={{ overflowWrap: 'anywhere' }}>
            {open.app.name} · <Typography.Text code>{open.app.appId}</Typography.Text>
          </Typography.Paragraph>
          <SecretDisplay secret={open.appSecret} isNew />
        </Modal>
      ) : null}
    </PageContainer>
  );
}
