import type { OpsNoticeDetail, OpsNoticeSaveBody } from '@tollgate/contracts';
import { LANGUAGES, type Language } from '@tollgate/contracts/languages';
import {
  Alert,
  App,
  Button,
  DatePicker,
  Drawer,
  Form,
  Input,
  Skeleton,
  Space,
  Switch,
  Tabs,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/lib/api-error';
import { FormError } from '../../../shared/ui/form-error';
import { useOpsNotice, useSaveNotice } from '../api/ops-notices';
import { RichTextField } from './rich-text-field';

/**
 * Write or edit a notice: one tab per language with title, summary and body (zh_CN required;
 * a language left empty reads as zh_CN for merchants), the publish time (empty = now; later =
 * scheduled) and the pin. The server sanitizes the body and answers field errors by path
 * (`texts.en_US.title`), which are put on the field and its tab is shown.
 */
interface TextValues {
  title?: string;
  summary?: string;
  body?: string;
}
interface FormValues {
  texts: Partial<Record<Language, TextValues>>;
  publishedAt?: Dayjs | null;
  pinned: boolean;
}

export interface NoticeFormDrawerProps {
  /** 'new', a notice id to edit, or undefined when closed. */
  editing: 'new' | number | undefined;
  isPhone: boolean;
  onClose: () => void;
}

const isFilled = (text: TextValues | undefined) =>
  Boolean(text?.title?.trim() || text?.summary?.trim() || text?.body?.trim());

function toValues(notice: OpsNoticeDetail | undefined): FormValues {
  if (!notice) return { texts: {}, publishedAt: null, pinned: false };
  return { texts: notice.texts, publishedAt: dayjs(notice.publishedAt), pinned: notice.pinned };
}

export function NoticeFormDrawer({ editing, isPhone, onClose }: NoticeFormDrawerProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [tab, setTab] = useState<Language>('zh_CN');
  const [error, setError] = useState<string>();
  const id = typeof editing === 'number' ? editing : undefined;
  const notice = useOpsNotice(id);
  const save = useSaveNotice();
  const isLoading = id !== undefined && notice.isPending;

  useEffect(() => {
    if (editing === undefined) return;
    setTab('zh_CN');
    setError(undefined);
    form.resetFields();
    if (editing === 'new' || notice.data) form.setFieldsValue(toValues(notice.data?.notice));
  }, [editing, notice.data, form]);

  const submit = async () => {
    setError(undefined);
    let values: FormValues;
    try {
      values = await form.validateFields();
    } catch (failure) {
      const first = (failure as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0];
      if (first?.name[0] === 'texts') setTab(first.name[1] as Language);
      return;
    }
    const texts = Object.fromEntries(
      LANGUAGES.filter((lang) => lang === 'zh_CN' || isFilled(values.texts[lang])).map((lang) => [
        lang,
        {
          title: values.texts[lang]?.title ?? '',
          summary: values.texts[lang]?.summary ?? '',
          body: values.texts[lang]?.body ?? '',
        },
      ]),
    ) as OpsNoticeSaveBody['texts'];
    const body: OpsNoticeSaveBody = {
      texts,
      pinned: values.pinned,
      ...(values.publishedAt ? { publishedAt: values.publishedAt.toISOString() } : {}),
    };
    try {
      await save.mutateAsync(id === undefined ? body : { ...body, id });
    } catch (failure) {
      setError(placeServerErrors(failure));
      return;
    }
    void message.success(t(id === undefined ? 'ops.notices.created' : 'ops.notices.saved'));
    onClose();
  };

  const placeServerErrors = (failure: unknown): string | undefined => {
    if (!isApiError(failure)) return failure instanceof Error ? failure.message : String(failure);
    const errors = (failure.data as { errors?: { field: string; message: string }[] } | null)?.errors ?? [];
    if (errors.length === 0) return failure.message;
    form.setFields(
      errors.map((item) => ({
        name: item.field.split('.') as ['texts', Language, 'title'],
        errors: [item.message],
      })),
    );
    const [first] = errors;
    const lang = first?.field.split('.')[1];
    if (first?.field.startsWith('texts.') && LANGUAGES.includes(lang as Language)) setTab(lang as Language);
    return undefined;
  };

  const title = t(id === undefined ? 'ops.notices.form.createTitle' : 'ops.notices.form.editTitle');
  return (
    <Drawer
      open={editing !== undefined}
      onClose={onClose}
      size={isPhone ? '100%' : 880}
      title={title}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('ops.common.cancel')}</Button>
          <Button
            type="primary"
            loading={save.isPending}
            disabled={isLoading}
            onClick={() => void submit()}
            data-testid="notice-save"
          >
            {t('ops.common.save')}
          </Button>
        </Space>
      }
      data-testid="notice-form"
    >
      {notice.isError ? (
        <Alert type="error" showIcon title={notice.error.message} />
      ) : isLoading ? (
        <Skeleton active />
      ) : (
        <Form<FormValues>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={toValues(undefined)}
          onValuesChange={() => setError(undefined)}
        >
          <Typography.Paragraph type="secondary">{t('ops.notices.form.languageHelp')}</Typography.Paragraph>
          <Tabs
            activeKey={tab}
            onChange={(key) => setTab(key as Language)}
            items={LANGUAGES.map((lang) => ({
              key: lang,
              label: <span data-testid={`notice-tab-${lang}`}>{t(`ops.notices.tabs.${lang}`)}</span>,
              forceRender: true,
              children: <LanguageFields lang={lang} form={form} />,
            }))}
          />
          <Space size="large" wrap align="start">
            <Form.Item
              name="publishedAt"
              label={t('ops.notices.form.publishedAt')}
              extra={t('ops.notices.form.publishedAtHelp')}
            >
              <DatePicker showTime format="YYYY/MM/DD HH:mm" data-testid="notice-published-at" />
            </Form.Item>
            <Form.Item name="pinned" label={t('ops.notices.form.pinned')} valuePropName="checked">
              <Switch data-testid="notice-pinned-switch" />
            </Form.Item>
          </Space>
          <Typography.Paragraph type="secondary">{t('ops.notices.form.sanitizeNote')}</Typography.Paragraph>
          <Typography.Paragraph type="secondary">{t('ops.common.auditNote')}</Typography.Paragraph>
          <FormError message={error} testId="notice-form-error" />
        </Form>
      )}
    </Drawer>
  );
}

function LanguageFields({
  lang,
  form,
}: {
  lang: Language;
  form: ReturnType<typeof Form.useForm<FormValues>>[0];
}) {
  const { t } = useTranslation();
  const isRequired = lang === 'zh_CN';
  // Another language is all or nothing: a title without a body (or the reverse) is refused.
  const pairRule = (field: 'title' | 'body') => ({
    validator: async (_: unknown, value: string | undefined) => {
      const other = form.getFieldValue(['texts', lang, field === 'title' ? 'body' : 'title']) as
        | string
        | undefined;
      if (value?.trim()) return;
      if (isRequired) throw new Error(t(`ops.notices.form.${field}Required`));
      if (other?.trim()) throw new Error(t('ops.notices.form.incomplete'));
    },
  });
  return (
    <>
      <Form.Item
        name={['texts', lang, 'title']}
        label={t('ops.notices.form.title')}
        rules={[pairRule('title')]}
        dependencies={[['texts', lang, 'body']]}
      >
        <Input maxLength={120} showCount data-testid={`notice-title-${lang}`} />
      </Form.Item>
      <Form.Item
        name={['texts', lang, 'summary']}
        label={t('ops.notices.form.summary')}
        extra={t('ops.notices.form.summaryHelp')}
      >
        <Input.TextArea
          maxLength={300}
          autoSize={{ minRows: 1, maxRows: 3 }}
          data-testid={`notice-summary-${lang}`}
        />
      </Form.Item>
      <Form.Item name={['texts', lang, 'body']} label={t('ops.notices.form.body')} rules={[pairRule('body')]}>
        <RichTextField
          ariaLabel={`${t('ops.notices.form.body')} (${t(`ops.notices.tabs.${lang}`)})`}
          testId={`notice-body-${lang}`}
        />
      </Form.Item>
    </>
  );
}
