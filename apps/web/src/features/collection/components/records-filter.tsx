import { money } from '@tollgate/contracts/money';
import { Button, DatePicker, Flex, Form, Input, Select, Space } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT } from '../../../shared/lib/format';
import { useCoinList } from '../../config/api/get-coin-list';
import { ORDER_STATUSES, PAYOUT_STATUSES, type RecordsFilterValues } from '../lib/records-filter';

/** Plain decimal text, as the server accepts it (no exponent, no sign). */
const DECIMAL = /^\d+(\.\d+)?$/;

/**
 * Every filter of SPEC "Collection and payout records", with search and reset. Submitting
 * sends the values up; reset clears the form and searches again with nothing set.
 */
export function RecordsFilter({
  onSearch,
  isSearching,
  type = 'collection',
  actions,
}: {
  onSearch: (values: RecordsFilterValues) => void;
  isSearching: boolean;
  /** More actions beside search and reset (the export). */
  actions?: ReactNode;
  /** Which statuses the status filter offers. */
  type?: 'collection' | 'payout';
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RecordsFilterValues>();
  const coins = useCoinList();
  const currencies = useMemo(
    () =>
      [...new Set((coins.data ?? []).map((coin) => coin.coinName))].map((name) => ({
        value: name,
        label: name,
      })),
    [coins.data],
  );
  const amountRule = { pattern: DECIMAL, message: t('collection.filter.amountInvalid') };
  // A range whose ends are the wrong way round matches nothing: said, not searched.
  const amountOrder = ({ getFieldValue }: { getFieldValue: (name: 'amountMin') => unknown }) => ({
    validator(_: unknown, max: unknown) {
      const min = getFieldValue('amountMin');
      const both =
        typeof min === 'string' && typeof max === 'string' && DECIMAL.test(min) && DECIMAL.test(max);
      return both && money(min).greaterThan(money(max))
        ? Promise.reject(new Error(t('collection.filter.amountRange')))
        : Promise.resolve();
    },
  });
  const text = (name: keyof RecordsFilterValues, label: string) => (
    <Form.Item name={name} label={label}>
      <Input allowClear data-testid={`filter-${name}`} />
    </Form.Item>
  );

  return (
    <Form
      form={form}
      layout="vertical"
      className="records-filter"
      onFinish={onSearch}
      data-testid="records-filter"
    >
      <div className="records-filter-grid">
        <Form.Item name="currency" label={t('collection.filter.currency')}>
          <Select
            allowClear
            placeholder={t('collection.filter.anyCurrency')}
            options={currencies}
            loading={coins.isPending}
            data-testid="filter-currency"
          />
        </Form.Item>
        <Form.Item label={t('collection.filter.amount')} className="records-filter-amount">
          <Space.Compact block>
            <Form.Item name="amountMin" noStyle rules={[amountRule]}>
              <Input
                placeholder={t('collection.filter.amountMin')}
                aria-label={`${t('collection.filter.amount')} ${t('collection.filter.amountMin')}`}
                inputMode="decimal"
                data-testid="filter-amountMin"
              />
            </Form.Item>
            <Form.Item
              name="amountMax"
              noStyle
              dependencies={['amountMin']}
              rules={[amountRule, amountOrder]}
            >
              <Input
                placeholder={t('collection.filter.amountMax')}
                aria-label={`${t('collection.filter.amount')} ${t('collection.filter.amountMax')}`}
                inputMode="decimal"
                data-testid="filter-amountMax"
              />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
        <Form.Item name="created" label={t('collection.filter.created')}>
          <DatePicker.RangePicker
            showTime
            format={DATE_FORMAT}
            allowEmpty={[true, true]}
            className="full-width"
            data-testid="filter-created"
          />
        </Form.Item>
        <Form.Item name="arrived" label={t('collection.filter.arrived')}>
          <DatePicker.RangePicker
            showTime
            format={DATE_FORMAT}
            allowEmpty={[true, true]}
            className="full-width"
            data-testid="filter-arrived"
          />
        </Form.Item>
        <Form.Item name="status" label={t('collection.filter.status')}>
          <Select
            allowClear
            placeholder={t('collection.filter.anyStatus')}
            options={(type === 'payout' ? PAYOUT_STATUSES : ORDER_STATUSES).map((status) => ({
              value: status,
              label: t(`collection.status.${status}`),
            }))}
            data-testid="filter-status"
          />
        </Form.Item>
        {text('txHash', t('collection.filter.txHash'))}
        {text('payAddress', t('collection.filter.payAddress'))}
        {text('appName', t('collection.filter.appName'))}
        {text('merchantOrderNo', t('collection.filter.merchantOrderNo'))}
        {text('orderNo', t('collection.filter.orderNo'))}
        {text('merchantId', t('collection.filter.merchantId'))}
      </div>
      <Flex gap={8} justify="flex-end" wrap>
        {actions}
        <Button
          onClick={() => {
            form.resetFields();
            onSearch({});
          }}
          data-testid="records-reset"
        >
          {t('collection.filter.reset')}
        </Button>
        <Button type="primary" htmlType="submit" loading={isSearching} data-testid="records-search">
          {t('collection.filter.search')}
        </Button>
      </Flex>
    </Form>
  );
}
