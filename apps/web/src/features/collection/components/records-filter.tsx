import { money } from '@tollgate/contracts/money';
import { FILTER_TEXT_MAX } from '@tollgate/contracts/records-limits';
import { Button, DatePicker, Flex, Form, Input, Select, Space } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCoinList } from '../../../shared/api/get-coin-list';
import { maxLengthRule, merchantIdRule } from '../../../shared/lib/form-rules';
import { DATE_FORMAT } from '../../../shared/lib/format';
import { ORDER_STATUSES, PAYOUT_STATUSES, type RecordsFilterValues } from '../lib/records-filter';

/** Plain decimal text, as the server accepts it (no exponent, no sign). */
const DECIMAL = /^\d+(\.\d+)?$/;
/** What the server's decimal takes (contracts DECIMAL_PATTERN): 30 digits before the point, 18 after. */
const DECIMAL_DIGITS = /^\d{1,30}(\.\d{1,18})?$/;
/** The longest text each filter's call takes. */
const TEXT_MAX = {
  txHash: FILTER_TEXT_MAX.hash,
  payAddress: FILTER_TEXT_MAX.address,
  appName: FILTER_TEXT_MAX.appName,
  merchantOrderNo: FILTER_TEXT_MAX.orderNo,
  orderNo: FILTER_TEXT_MAX.orderNo,
  merchantId: FILTER_TEXT_MAX.merchantId,
} as const;

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
  // Said beside the field, never sent: a negative bound, text that is no number, more digits
  // than an amount has (the server would refuse the search and the list would show an error).
  const amountRule = {
    validator(_: unknown, value: unknown) {
      if (typeof value !== 'string' || value.trim() === '') return Promise.resolve();
      const text = value.trim();
      if (/^-\d/.test(text)) return Promise.reject(new Error(t('collection.filter.amountNegative')));
      if (!DECIMAL.test(text)) return Promise.reject(new Error(t('collection.filter.amountInvalid')));
      if (!DECIMAL_DIGITS.test(text)) return Promise.reject(new Error(t('collection.filter.amountDigits')));
      return Promise.resolve();
    },
  };
  // A range whose ends are the wrong way round matches nothing: said, not searched.
  const amountOrder = ({ getFieldValue }: { getFieldValue: (name: 'amountMin') => unknown }) => ({
    validator(_: unknown, max: unknown) {
      const min = getFieldValue('amountMin');
      const both =
        typeof min === 'string' &&
        typeof max === 'string' &&
        DECIMAL_DIGITS.test(min.trim()) &&
        DECIMAL_DIGITS.test(max.trim());
      return both && money(min.trim()).greaterThan(money(max.trim()))
        ? Promise.reject(new Error(t('collection.filter.amountRange')))
        : Promise.resolve();
    },
  });
  const text = (name: keyof typeof TEXT_MAX, label: string) => {
    const isMerchantId = name === 'merchantId';
    return (
      <Form.Item
        name={name}
        label={label}
        rules={[maxLengthRule(TEXT_MAX[name]), ...(isMerchantId ? [merchantIdRule()] : [])]}
      >
        <Input allowClear inputMode={isMerchantId ? 'numeric' : undefined} data-testid={`filter-${name}`} />
      </Form.Item>
    );
  };

  return (
    <Form
      name={`${type}RecordsFilter`}
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
