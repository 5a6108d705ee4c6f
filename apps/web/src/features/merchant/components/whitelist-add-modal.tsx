import { WHITELIST_LABEL_MAX } from '@tollgate/contracts/application-limits';
import { Alert, App, Flex, Form, Input, Modal, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChainList } from '../../../shared/api/get-chain-list';
import { useRuntimeConfig } from '../../../shared/api/get-runtime-config';
import { applyServerErrors } from '../../../shared/lib/form-errors';
import { RULES } from '../../../shared/lib/form-rules';
import { FormError } from '../../../shared/ui/form-error';
import { GoogleCodeInput } from '../../../shared/ui/google-code-input';
import { SendCodeButton } from '../../../shared/ui/send-code-button';
import { checkAddress } from '../../finance/lib/withdraw-check';
import { useAddWhitelistAddress } from '../api/add-whitelist-address';
import { useSendWhitelistCode } from '../api/send-whitelist-code';

/**
 * Adding a whitelist address: the network, the address (its shape checked here, the checksum by
 * the server), an optional label, a code mailed to the merchant and the Google code. It takes
 * effect at once.
 */
export interface WhitelistAddModalProps {
  open: boolean;
  onClose: () => void;
  merchantId: string;
}

interface Values {
  chainId: string;
  address: string;
  label?: string;
  emailCode: string;
  googleCode: string;
}

export function WhitelistAddModal({ open, onClose, merchantId }: WhitelistAddModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string>();
  const chains = useChainList();
  const runtime = useRuntimeConfig();
  const sendCode = useSendWhitelistCode();
  const add = useAddWhitelistAddress();

  const options = useMemo(() => {
    const enabled = new Set((runtime.data?.chains ?? []).filter((c) => c.enabled).map((c) => c.chainId));
    return (chains.data ?? [])
      .filter((chain) => enabled.has(chain.chainId))
      .map((chain) => ({ value: chain.chainId, label: chain.chainName }));
  }, [chains.data, runtime.data]);

  const close = () => {
    setError(undefined);
    form.resetFields();
    onClose();
  };

  const send = async () => {
    setError(undefined);
    try {
      await sendCode.mutateAsync();
      message.success(t('merchant.password.codeSent'));
    } catch (failure) {
      setError(applyServerErrors(form, failure));
      throw failure;
    }
  };

  const submit = async (values: Values) => {
    setError(undefined);
    try {
      await add.mutateAsync({
        chainId: values.chainId,
        address: values.address.trim(),
        label: values.label?.trim() ?? '',
        emailCode: values.emailCode,
        googleCode: values.googleCode,
      });
      message.success(t('merchant.whitelist.added'));
      close();
    } catch (failure) {
      setError(applyServerErrors(form, failure));
      form.resetFields(['googleCode']);
    }
  };

  return (
    <Modal
      open={open}
      title={t('merchant.whitelist.addTitle')}
      okText={t('merchant.whitelist.add')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={close}
      confirmLoading={add.isPending}
      okButtonProps={{ 'data-testid': 'whitelist-add-submit' }}
      forceRender
      data-testid="whitelist-add-modal"
    >
      <Alert type="info" showIcon title={t('merchant.whitelist.addNote')} style={{ marginBottom: 16 }} />
      <Form
        name="whitelistAdd"
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        onValuesChange={() => setError(undefined)}
        data-testid="whitelist-add-form"
      >
        <Form.Item
          name="chainId"
          label={t('merchant.whitelist.chain')}
          rules={[{ required: true, message: t('messages.validation.asset.chainRequired') }]}
        >
          <Select
            options={options}
            loading={chains.isPending || runtime.isPending}
            placeholder={t('merchant.whitelist.chainPlaceholder')}
            onChange={() => void form.validateFields(['address']).catch(() => undefined)}
            data-testid="whitelist-add-chain"
          />
        </Form.Item>
        <Form.Item
          name="address"
          label={t('merchant.whitelist.address')}
          rules={[
            { required: true, message: t('messages.validation.asset.addressRequired') },
            ({ getFieldValue }) => ({
              validator: async (_: unknown, value: string | undefined) => {
                const chain: string | undefined = getFieldValue('chainId');
                if (!value?.trim() || !chain) return;
                const problem = checkAddress(chain, value);
                if (problem) throw new Error(String(t(problem.key as never, problem.values as never)));
              },
            }),
          ]}
        >
          <Input className="mono" autoComplete="off" data-testid="whitelist-add-address" />
        </Form.Item>
        <Form.Item
          name="label"
          label={t('merchant.whitelist.labelOptional')}
          rules={[{ max: WHITELIST_LABEL_MAX, message: t('messages.validation.whitelist.labelTooLong') }]}
        >
          <Input
            maxLength={WHITELIST_LABEL_MAX}
            placeholder={t('merchant.whitelist.labelPlaceholder')}
            data-testid="whitelist-add-label"
          />
        </Form.Item>
        <Form.Item label={t('common.field.emailCode')} required>
          <Flex gap={8}>
            <Form.Item name="emailCode" rules={[RULES.code]} noStyle>
              <Input
                placeholder={t('common.field.codePlaceholder')}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                style={{ flex: 1 }}
                data-testid="whitelist-add-email-code"
              />
            </Form.Item>
            <SendCodeButton
              countdownKey={`whitelist:${merchantId}`}
              onSend={send}
              testId="whitelist-add-send-code"
            />
          </Flex>
        </Form.Item>
        <Form.Item name="googleCode" label={t('common.field.googleCode')} rules={[RULES.code]}>
          <GoogleCodeInput data-testid="whitelist-add-google-code" />
        </Form.Item>
        <FormError message={error} testId="whitelist-add-error" />
      </Form>
    </Modal>
  );
}
