import { ApiOutlined, BookOutlined, LinkOutlined } from '@ant-design/icons';
import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppList } from '../../application/api/get-app-list';
import { apiDocsUrl, docLinks, signedCurlExample } from '../lib/signed-example';

/**
 * The product intro for collection or payout (SPEC "Product intro pages"): what it does, the API
 * documentation the server serves at /docs/api in the interface's language (and the OpenAPI
 * reference at /api-docs), a signed create ready to paste (with the
 * merchant's first APPID when there is one), and outside reading chosen by language.
 */
export function CollectionIntro({ kind = 'collection' }: { kind?: 'collection' | 'payout' }) {
  const { t, i18n } = useTranslation();
  const apps = useAppList();
  const example = signedCurlExample(window.location.origin, apps.data?.list[0]?.appId, kind);
  const texts = kind === 'payout' ? 'collection.payoutIntro' : 'collection.intro';
  return (
    <Card title={t(`${texts}.title`)} data-testid={`${kind}-intro`}>
      <Typography.Paragraph>{t(`${texts}.what`)}</Typography.Paragraph>
      <Flex gap={16} wrap>
        <Typography.Link
          href={apiDocsUrl(i18n.language, kind)}
          target="_blank"
          data-testid={`${kind}-api-guide`}
        >
          <BookOutlined /> {t('collection.intro.apiGuide')}
        </Typography.Link>
        <Typography.Link href="/api-docs" target="_blank" data-testid={`${kind}-api-docs`}>
          <ApiOutlined /> {t('collection.intro.apiDocs')}
        </Typography.Link>
      </Flex>
      <Typography.Title level={2} className="intro-subtitle">
        {t('collection.intro.signedExample')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('collection.intro.signedExampleHint')}</Typography.Paragraph>
      <Typography.Paragraph
        className="code-sample"
        copyable={{ text: example, tooltips: [t('collection.intro.copy'), t('collection.intro.copied')] }}
        data-testid={`${kind}-signed-example`}
      >
        <pre>{example}</pre>
      </Typography.Paragraph>
      <Typography.Text strong>{t('collection.intro.docLinks')}</Typography.Text>
      <ul className="doc-links" data-testid="collection-doc-links">
        {docLinks(i18n.language).map((link) => (
          <li key={link.key}>
            <Typography.Link href={link.href} target="_blank" rel="noopener noreferrer">
              <LinkOutlined /> {t(`collection.intro.${link.key}`)}
            </Typography.Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
