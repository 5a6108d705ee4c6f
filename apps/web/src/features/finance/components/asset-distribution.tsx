import type { AssetShare } from '@tollgate/contracts';
import { money } from '@tollgate/contracts/money';
import { theme } from 'antd';
import { CLIENT_DEFAULTS, formatAmount } from '../../../shared/lib/format';
import { Amount } from '../../../shared/ui/amount';
import { EmptyData } from '../../../shared/ui/empty-data';

/** One colour per slice, in the distribution's order (largest first). */
const SLICE_COLOURS = ['#1668dc', '#389e0d', '#d48806', '#c41d7f', '#08979c', '#531dab', '#d4380d'];

/** A share (0.522753) as a percentage for display, 2 decimals: "52.27%". */
export function formatShare(share: string): string {
  return `${formatAmount(money(share).times(100), 2)}%`;
}

/**
 * The asset distribution (SPEC "Asset management"): a ring drawn with a CSS conic gradient and a
 * legend that carries the figures, so the chart costs no chart library. Angles are display
 * geometry: the shares come as exact decimal strings and are only turned into degrees here.
 */
export function AssetDistribution({ distribution }: { distribution: readonly AssetShare[] }) {
  const { token } = theme.useToken();
  if (distribution.length === 0)
    return <EmptyData theme="small" textKey="pages.finance.distribution.empty" />;
  let start = 0;
  const stops = distribution.map((slice, index) => {
    const colour = SLICE_COLOURS[index % SLICE_COLOURS.length];
    const end = index === distribution.length - 1 ? 360 : start + money(slice.share).times(360).toNumber();
    const stop = `${colour} ${start}deg ${end}deg`;
    start = end;
    return stop;
  });
  return (
    <div className="asset-distribution" data-testid="asset-distribution">
      <div
        className="asset-distribution__ring"
        role="img"
        aria-label={distribution.map((slice) => `${slice.coinName} ${formatShare(slice.share)}`).join(', ')}
        style={{ background: `conic-gradient(${stops.join(', ')})` }}
      >
        <div className="asset-distribution__hole" style={{ background: token.colorBgContainer }} />
      </div>
      <ul className="asset-distribution__legend">
        {distribution.map((slice, index) => (
          <li key={slice.coinName} data-testid={`distribution-${slice.coinName}`}>
            <span
              className="asset-distribution__swatch"
              style={{ background: SLICE_COLOURS[index % SLICE_COLOURS.length] }}
            />
            <span className="asset-distribution__coin">{slice.coinName}</span>
            <span className="asset-distribution__share">{formatShare(slice.share)}</span>
            <span className="asset-distribution__value" style={{ color: token.colorTextSecondary }}>
              <Amount value={slice.usdtValue} prefix="≈ " suffix={CLIENT_DEFAULTS.currency} />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
