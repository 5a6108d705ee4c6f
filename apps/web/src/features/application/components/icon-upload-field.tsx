import { DeleteOutlined, LoadingOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { UPLOAD_IMAGE_TYPES, UPLOAD_MAX_BYTES } from '@tollgate/contracts/application-limits';
import { Avatar, Button, Flex, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { iconUrl, useUploadIcon } from '../api/upload-icon';

/**
 * The icon field (SPEC 2, 5): a preview, upload (through a signature) and remove. The browser
 * refuses what is plainly not an image or over 2 MB before sending; the server decides by the
 * file's bytes. The value is the uploaded key ('' for none).
 */
export interface IconUploadFieldProps {
  value?: string;
  onChange?: (key: string) => void;
}

export function IconUploadField({ value = '', onChange }: IconUploadFieldProps) {
  const { t } = useTranslation();
  const upload = useUploadIcon();
  const [error, setError] = useState<string>();

  const pick = (file: File) => {
    setError(undefined);
    if (!(UPLOAD_IMAGE_TYPES as readonly string[]).includes(file.type)) {
      setError(t('application.form.iconTypeInvalid'));
    } else if (file.size > UPLOAD_MAX_BYTES) {
      setError(t('application.form.iconTooLarge'));
    } else {
      upload.mutate(file, {
        onSuccess: (result) => onChange?.(result.key),
        onError: (failure) => setError(failure.message || t('application.form.uploadFailed')),
      });
    }
    // Never antd's own request: the upload above goes through the signature.
    return false;
  };

  return (
    <Flex gap={16} align="center" data-testid="app-icon-field">
      <Avatar
        shape="square"
        size={64}
        src={value ? iconUrl(value) : undefined}
        icon={upload.isPending ? <LoadingOutlined /> : <PictureOutlined />}
        alt=""
        data-testid="app-icon-preview"
      />
      <Flex vertical gap={4} style={{ minWidth: 0 }}>
        <Flex gap={8} wrap>
          <Upload
            accept={UPLOAD_IMAGE_TYPES.join(',')}
            showUploadList={false}
            beforeUpload={pick}
            disabled={upload.isPending}
          >
            <Button icon={<UploadOutlined />} loading={upload.isPending} data-testid="app-icon-upload">
              {upload.isPending
                ? t('application.form.iconUploading')
                : value
                  ? t('application.form.iconReplace')
                  : t('application.form.iconUpload')}
            </Button>
          </Upload>
          {value ? (
            <Button
              icon={<DeleteOutlined />}
              onClick={() => onChange?.('')}
              aria-label={t('application.form.iconRemove')}
              data-testid="app-icon-remove"
            />
          ) : null}
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('application.form.iconHint')}
        </Typography.Text>
        {error ? (
          <Typography.Text type="danger" role="alert" data-testid="app-icon-error">
            {error}
          </Typography.Text>
        ) : null}
      </Flex>
    </Flex>
  );
}
