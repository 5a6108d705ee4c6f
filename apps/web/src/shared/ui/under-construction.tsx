import { ToolOutlined } from '@ant-design/icons';
import { theme as antdTheme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A page, or a block of one, that is not built yet. It says so in words and tells what will
 * be there, instead of an empty-data picture that would claim there is nothing (no
 * applications, no records) when nothing has been looked up. It offers no action: a button
 * that does nothing is a dead end. The next issues replace each use with the real content.
 *
 * A whole page (below its h1 title) says "This page is being built" as an h2; a block of a
 * page (a dashboard card, already titled) says "Being built" before the text.
 */
export interface UnderConstructionProps {
  /** What will be here, in a sentence or two. */
  planned: ReactNode;
  variant?: 'page' | 'block';
  testId?: string;
}

export function UnderConstruction({ planned, variant = 'page', testId }: UnderConstructionProps) {
  const { t } = useTranslation();
  const { token } = antdTheme.useToken();
  const isPage = variant === 'page';
  return (
    <div
      className={`under-construction ${isPage ? 'under-construction--page' : 'under-construction--block'}`}
      data-testid={testId ?? 'under-construction'}
    >
      <ToolOutlined aria-hidden className="under-construction__icon" style={{ color: token.colorPrimary }} />
      {isPage ? (
        <h2 className="under-construction__title">{t('common.underConstruction.title')}</h2>
      ) : (
        <strong className="under-construction__label">{t('common.underConstruction.label')}</strong>
      )}
      <p className="under-construction__planned" style={{ color: token.colorTextSecondary }}>
        {planned}
      </p>
    </div>
  );
}
