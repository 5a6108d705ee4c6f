import { resolveLanguage } from '@tollgate/contracts/languages';
import { App, Flex, Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountryList } from '../../../shared/api/get-country-list';
import { applyServerErrors } from '../../../shared/lib/form-errors';
import { COUNTRY_RULE, RULES } from '../../../shared/lib/form-rules';
import {
  CountryCodeSelect,
  findDialCode,
  findIso,
  LANGUAGE_COUNTRY,
} from '../../../shared/ui/country-code-select';
import { FormError } from '../../../shared/ui/form-error';
import { useSetPhone } from '../api/set-phone';

/**
 * Set or change the phone number the phone login tab uses: dial code, number, and the
 * password to confirm it is the merchant. A number another account uses is refused (1106).
 */
export interface SetPhoneModalProps {
  open: boolean;
  onClose: () => void;
  currentCountryCode: string | null;
  currentPhone: string | null;
}

interface Values {
  countryIso?: string;
  phone: string;
  password: string;
}

export function SetPhoneModal({ open, onClose, currentCountryCode, currentPhone }: SetPhoneModalProps) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string>();
  const countries = useCountryList();
  const setPhone = useSetPhone();

  useEffect(() => {
    if (!open) return;
    const preferred = LANGUAGE_COUNTRY[resolveLanguage(i18n.language)];
    const iso = currentCountryCode
      ? findIso(countries.data, currentCountryCode, preferred)
      : countries.data?.some((country) => country.iso === preferred)
        ? preferred
        : undefined;
    form.setFieldsValue({ countryIso: iso, phone: currentPhone ?? '', password: '' });
  }, [open, countries.data, currentCountryCode, currentPhone, form, i18n.language]);

  const close = () => {
    setError(undefined);
    form.resetFields();
    onClose();
  };

  const submit = (values: Values) => {
    setError(undefined);
    const countryCode = findDialCode(countries.data, values.countryIso) ?? '';
    setPhone.mutate(
      { countryCode, phone: values.phone, password: values.password },
      {
        onSuccess: () => {
          message.success(t('merchant.phone.success'));
          close();
        },
        onError: (failure) => setError(applyServerErrors(form, failure)),
      },
    );
  };

  return (
    <Modal
      open={open}
      title={currentPhone ? t('merchant.phone.change') : t('merchant.phone.set')}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={close}
      confirmLoading={setPhone.isPending}
      okButtonProps={{ 'data-testid': 'set-phone-submit' }}
      forceRender
    >
      <Form
        name="setPhone"
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        onValuesChange={() => setError(undefined)}
        data-testid="set-phone-form"
      >
        <Form.Item label={t('merchant.info.phone')} required>
          <Flex gap={8}>
            <Form.Item name="countryIso" rules={[COUNTRY_RULE]} noStyle>
              <CountryCodeSelect isCompact style={{ width: 110, flexShrink: 0 }} testId="set-phone-country" />
            </Form.Item>
            <Form.Item name="phone" rules={[RULES.phone]} noStyle>
              <Input
                placeholder={t('common.field.phonePlaceholder')}
                inputMode="tel"
                autoComplete="tel-national"
                style={{ flex: 1 }}
                data-testid="set-phone-number"
              />
            </Form.Item>
          </Flex>
        </Form.Item>
        <Form.Item name="password" label={t('merchant.phone.password')} rules={[RULES.loginPassword]}>
          <Input.Password
            autoComplete="current-password"
            placeholder={t('common.field.passwordPlaceholder')}
            data-testid="set-phone-password"
          />
        </Form.Item>
        <FormError message={error} testId="set-phone-error" />
      </Form>
    </Modal>
  );
}
