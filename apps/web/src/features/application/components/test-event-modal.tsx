import { useMutation } from '@tanstack/react-query';
import type { App as AppItem } from '@tollgate/contracts';
import { Alert, Button, Descriptions, Modal, Spin, Tag } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../../../shared/lib/http';
import { DeliveryError } from '../../../shared/ui/delivery-error';

/**
 * "Send test event" (issue 7): a signed `test` event to the application's callback URL, sent
 * while the modal waits (at most 10 s), then the attempt as the delivery log records it.
 */
export function TestEventModal({ app, onClose }: { app: AppItem; onClose: () => void }) {
  const { t } = useTranslation();
  const send = useMutation({ mutationFn: () => callEndpoint('callbackTest', { appId: app.appId }) });
  const { mutate } = send;
  useEffect(() => mutate(), [mutate]);
  const attempt = send.data;
  return (
    <Modal
      open
      title={t('application.testEvent.title', { name: app.name })}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button
          key="again"
          onClick={() => send.mutate()}
          disabled={send.isPending}
          data-testid="test-event-again"
        >
          {t('application.testEvent.again')}
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          {t('application.testEvent.close')}
        </Button>,
      ]}
    >
      <div data-testid="test-event-result">
        {send.isPending ? (
          <Spin tip={t('application.testEvent.sending', { url: app.callbackUrl })}>
            {<div style={{ minHeight: 80 }} />}
          </Spin>
        ) : null}
        {send.error ? (
          <Alert
            type="error"
            showIcon
            title={`${t('application.testEvent.failed')}: ${send.error.message}`}
          />
        ) : null}
        {attempt && !send.isPending ? (
          <>
            <Alert
              type={attempt.acknowledged ? 'success' : 'warning'}
              showIcon
              title={
                attempt.acknowledged
                  ? t('application.testEvent.acknowledged')
                  : t('application.testEvent.notAcknowledged')
              }
              data-testid="test-event-outcome"
            />
            <Descriptions
              size="small"
              column={1}
              bordered
              style={{ marginTop: 12 }}
              items={[
                {
                  key: 'status',
                  label: t('application.testEvent.status'),
                  children: attempt.responseStatus ? (
                    <Tag>{attempt.responseStatus}</Tag>
                  ) : (
                    t('application.testEvent.noResponse')
                  ),
                },
                {
                  key: 'duration',
                  label: t('application.testEvent.duration'),
                  children: t('application.testEvent.durationValue', { ms: attempt.durationMs }),
                },
                ...(attempt.error
                  ? [
                      {
                        key: 'error',
                        label: t('application.testEvent.error'),
                        children: <DeliveryError code={attempt.errorCode} detail={attempt.error} />,
                      },
                    ]
                  : []),
                {
                  key: 'request',
                  label: t('application.testEvent.requestBody'),
                  children: <pre className="code-block">{attempt.requestBody}</pre>,
                },
                {
                  key: 'response',
                  label: t('application.testEvent.responseBody'),
                  children: <pre className="code-block">{attempt.responseBody ?? ''}</pre>,
                },
              ]}
            />
          </>
        ) : null}
      </div>
    </Modal>
  );
}
