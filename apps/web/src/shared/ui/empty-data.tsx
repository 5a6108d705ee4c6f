import { theme as antdTheme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { translateOr } from '../lib/i18n';
import emptyImage from './assets/empty-data.svg';

/**
 * The shared empty-data block (SPEC section 2): a 160x94 image, a text and an optional action.
 * `textKey` may be built at run time, so a key without a translation falls back to the
 * generic "no data" text instead of showing the raw key.
 */
export type EmptyDataTheme = 'small' | 'default' | 'large';

export const EMPTY_MIN_HEIGHT: Record<EmptyDataTheme, number> = { small: 120, default: 200, large: 300 };
const FALLBACK_KEY = 'common.noData';

export interface EmptyDataProps {
  textKey?: string;
  theme?: EmptyDataTheme;
  action?: ReactNode;
}

export function EmptyData({ textKey = FALLBACK_KEY, theme = 'default', action }: EmptyDataProps) {
  const { i18n } = useTranslation();
  const { token } = antdTheme.useToken();
  const text = translateOr(textKey, FALLBACK_KEY, i18n);
  return (
    <div
      className={`empty-data empty-data--${theme}`}
      data-testid="empty-data"
      style={{
        minHeight: EMPTY_MIN_HEIGHT[theme],
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 12,
        padding: '16px 0',
      }}
    >
      <img src={emptyImage} alt="" width={160} height={94} style={{ width: 160, height: 94 }} />
      <span style={{ color: token.colorTextDescription, fontSize: 14 }}>{text}</span>
      {action ? <div className="empty-data__action">{action}</div> : null}
    </div>
  );
}
