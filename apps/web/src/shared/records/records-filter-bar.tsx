import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Flex, Form, type FormInstance } from 'antd';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../lib/use-is-phone';

/**
 * The filter bar of every record list (collection and payout records, fund flow, deposit and
 * withdrawal records, the operator's queue): a grid of filters, then the list's own actions
 * (the export), reset and search. On a wide screen every filter shows; on a phone only the key
 * ones do (the status, the currency, the time), and the rest wait behind "More filters", whose
 * label counts those of them that hold a value. A search whose hidden filter is wrong opens them,
 * so the message beside it is seen. Hidden filters stay in the form (their values still search).
 */
export interface RecordsFilterBarProps<Values extends object> {
  form: FormInstance<Values>;
  /** The form's name: its fields' ids start with it, unique on the page. */
  name: string;
  onSearch: (values: Values) => void;
  /** After the form is cleared: search again with nothing set (or the list's default). */
  onReset: () => void;
  isSearching?: boolean;
  /** Shown at every width. */
  keyFilters: ReactNode;
  /** Beside the key filters on a wide screen, behind "More filters" on a phone. */
  moreFilters?: ReactNode;
  /** The form names of `moreFilters`: counted on the toggle, opened when one fails. */
  moreNames?: readonly (keyof Values & string)[];
  /** More buttons before reset and search (the export). */
  actions?: ReactNode;
  initialValues?: Partial<Values>;
  testId: string;
  searchTestId?: string;
  resetTestId?: string;
}

const isSet = (value: unknown) =>
  Array.isArray(value)
    ? value.some((part) => part !== null && part !== undefined)
    : value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '');

export function RecordsFilterBar<Values extends object>({
  form,
  name,
  onSearch,
  onReset,
  isSearching = false,
  keyFilters,
  moreFilters,
  moreNames = [],
  actions,
  initialValues,
  testId,
  searchTestId,
  resetTestId,
}: RecordsFilterBarProps<Values>) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const [isOpen, setOpen] = useState(false);
  const moreId = useId();
  const canCollapse = isPhone && moreFilters !== undefined;
  const activeMore = Form.useWatch(
    (values: Values) =>
      moreNames.filter((name) => isSet((values as Record<string, unknown> | undefined)?.[name])).length,
    form,
  );
  const toggleLabel = isOpen
    ? t('common.records.fewerFilters')
    : activeMore
      ? t('common.records.moreFiltersActive', { count: activeMore })
      : t('common.records.moreFilters');

  return (
    <Form<Values>
      name={name}
      form={form}
      layout="vertical"
      className="records-filter"
      initialValues={initialValues}
      onFinish={onSearch}
      onFinishFailed={({ errorFields }) => {
        const names = new Set<string>(moreNames);
        if (errorFields.some((field) => names.has(String(field.name[0])))) setOpen(true);
      }}
      data-testid={testId}
    >
      <div className="records-filter-grid">
        {keyFilters}
        {moreFilters ? (
          <div
            id={moreId}
            className="records-filter-more"
            hidden={canCollapse && !isOpen}
            data-testid="records-filter-more"
          >
            {moreFilters}
          </div>
        ) : null}
      </div>
      <Flex gap={8} justify="flex-end" wrap className="records-filter-actions">
        {canCollapse ? (
          <Button
            type="link"
            className="records-filter-toggle"
            aria-expanded={isOpen}
            aria-controls={moreId}
            icon={isOpen ? <UpOutlined /> : <DownOutlined />}
            iconPlacement="end"
            onClick={() => setOpen((open) => !open)}
            data-testid="records-filter-toggle"
          >
            {toggleLabel}
          </Button>
        ) : null}
        {actions}
        <Button
          onClick={() => {
            form.resetFields();
            onReset();
          }}
          data-testid={resetTestId}
        >
          {t('common.records.reset')}
        </Button>
        <Button type="primary" htmlType="submit" loading={isSearching} data-testid={searchTestId}>
          {t('common.records.search')}
        </Button>
      </Flex>
    </Form>
  );
}
