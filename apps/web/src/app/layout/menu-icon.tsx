import { useState } from 'react';

/**
 * A menu entry's image icon, switching to its active variant when selected. An image that
 * fails to load is logged and hidden rather than shown broken (SPEC section 2).
 */
export interface MenuIconProps {
  src: string;
  activeSrc?: string | undefined;
  isActive: boolean;
  className?: string;
}

export function MenuIcon({ src, activeSrc, isActive, className }: MenuIconProps) {
  const url = isActive && activeSrc ? activeSrc : src;
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (failedUrl === url) return null;
  return (
    <img
      src={url}
      alt=""
      width={16}
      height={16}
      className={className}
      data-testid="menu-icon"
      style={{ width: 16, height: 16, verticalAlign: '-0.2em' }}
      onError={() => {
        console.error(`menu icon failed to load: ${url}`);
        setFailedUrl(url);
      }}
    />
  );
}
