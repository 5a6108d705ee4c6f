import { theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

/**
 * A short read-only table (a handful of rows; no sorting, paging, selection or virtual
 * scrolling) as plain semantic HTML in the look of antd's small table. antd's Table costs about
 * 55 KiB of gzipped JS, which a list of balances does not need; lists that page or sort keep
 * antd's Table. It scrolls sideways inside its box on a narrow screen.
 */
export interface SimpleColumn<Row> {
  key: string;
  title: ReactNode;
  align?: 'left' | 'right';
  /** A share of the table's width (e.g. '50%'): tables stacked one above another then line up. */
  width?: string;
  render: (row: Row) => ReactNode;
}

export interface SimpleTableProps<Row> {
  columns: SimpleColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  style?: CSSProperties;
  testId?: string;
}

export function SimpleTable<Row>({ columns, rows, rowKey, style, testId }: SimpleTableProps<Row>) {
  const { token } = theme.useToken();
  const cell = (align: SimpleColumn<Row>['align']): CSSProperties => ({
    padding: token.paddingXS,
    borderBottom: `${token.lineWidth}px solid ${token.colorBorderSecondary}`,
    textAlign: align ?? 'left',
    fontVariantNumeric: align === 'right' ? 'tabular-nums' : undefined,
  });
  return (
    <div style={{ overflowX: 'auto', ...style }}>
      <table
        style={{
          width: '100%',
          borderCollapse: 'collapse',
          fontSize: token.fontSize,
          color: token.colorText,
        }}
        data-testid={testId}
      >
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                style={{
                  ...cell(column.align),
                  width: column.width,
                  background: token.colorFillAlter,
                  color: token.colorTextHeading,
                  fontWeight: token.fontWeightStrong,
                  // A narrow column breaks a heading between words, never inside a Chinese one
                  // ("凍結" one character a line).
                  wordBreak: 'keep-all',
                }}
              >
                {column.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.key} style={cell(column.align)}>
                  {column.render(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
