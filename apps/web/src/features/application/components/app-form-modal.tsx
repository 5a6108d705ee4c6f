import type { App as AppItem } from '@tollgate/contracts';
import { APP_DESCRIPTION_MAX, APP_NAME_MAX } from '@tollgate/contracts/application-limits';
import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../../shared/lib/form-errors';
import { FormError } from '../../../shared/ui/form-error';
import { useCreateApp, useUpdateApp } from '../api/save-app';
import { APP_RULES } from '../lib/app-form-rules';
import { IconUploadField } from './icon-upload-field';

/**
 * Add or edit an application (SPEC 2: name, description, icon, Telegram username, callback
 * URL, IP whitelist), checked here with the server's rules and messages. A new application's
 * secret goes to `onCreated`, to be shown once.
 */
interface Values {
  name: string;
  description: string;
  icon: string;
  telegram: string;
  callbackUrl: string;
  ipWhitelist: string;
}

export interface AppFormModalProps {
  /** The application to edit; none to add one. */
  app?: AppItem | undefined;
  onClose: () => void;
  onCreated: (created: { app: AppItem; appSecret: string }) => void;
}

function initialValues(app: AppItem | undefined): Values {
  return {
    name: app?.name ?? '',
    description: app?.description ?? '',
    icon: app?.icon ?? '',
    telegram: app?.telegram ? `@${app.telegram}` : '',
    callbackUrl: app?.callbackUrl ?? '',
    ipWhitelist: app?.ipWhitelist.split(',').join(', ') ?? '',
  };
}

export function AppFormModal({ app, onClose, onCreated }: AppFormModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string>();
  const create = useCreateApp();
  const update = useUpdateApp();
  const isPending = create.isPending || update.isPending;

  const fail = (failure: unknown) => setError(applyServerErrors(form, failure));
  const submit = (values: Values) => {
    setError(undefined);
    if (app) {
      update.mutate(
        { appId: app.appId, ...values },
        {
          onSuccess: () => {
            message.success(t('application.form.saved'));
            onClose();
          },
          onError: fail,
        },
      );
    } else {
      create.mutate(values, { onSuccess: (created) => onCreated(created), onError: fail });
    }
  };

  return (
    <Modal
      open
      title={app ? t('application.form.editTitle') : t('application.form.createTitle')}
      okText={t('common.confirm')}
      okButtonProps={{ 'data-testid': 'app-form-submit' }}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={isPending}
      destroyOnHidden
      width={560}
    >
      <Form
        name="applicationForm"
        form={form}
        layout="vertical"
        initialValues={initialValues(app)}
        onFinish={submit}
        onValuesChange={() => setError(undefined)}
        data-testid="app-form"
      >
        <Form.Item name="name" label={t('application.form.name')} rules={[APP_RULES.name]} required>
          <Input
            maxLength={APP_NAME_MAX}
            showCount
            placeholder={t('application.form.namePlaceholder')}
            data-testid="app-form-name"
          />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('application.form.description')}
          rules={[APP_RULES.description]}
        >
          <Input.TextArea
            maxLength={APP_DESCRIPTION_MAX}
            autoSize={{ minRows: 2, maxRows: 4 }}
            placeholder={t('application.form.descriptionPlaceholder')}
            data-testid="app-form-description"
          />
        </Form.Item>
        <Form.Item name="icon" label={t('application.form.icon')}>
          <IconUploadField />
        </Form.Item>
        <Form.Item name="telegram" label={t('application.form.telegram')} rules={[APP_RULES.telegram]}>
          <Input placeholder={t('application.form.telegramPlaceholder')} data-testid="app-form-telegram" />
        </Form.Item>
        <Form.Item
          name="callbackUrl"
          label={t('application.form.callbackUrl')}
          extra={t('application.form.callbackUrlHint')}
          rules={[APP_RULES.callbackUrl]}
        >
          <Input
            inputMode="url"
            placeholder={t('application.form.callbackUrlPlaceholder')}
            data-testid="app-form-callback-url"
          />
        </Form.Item>
        <Form.Item
          name="ipWhitelist"
          label={t('application.form.ipWhitelist')}
          extra={t('application.form.ipWhitelistHint')}
          rules={[APP_RULES.ipWhitelist]}
        >
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 5 }}
            placeholder={t('application.form.ipWhitelistPlaceholder')}
            data-testid="app-form-ip-whitelist"
          />
        </Form.Item>
        <FormError message={error} testId="app-form-error" />
      </Form>
    </Modal>
  );
}
