import { render, screen } from '@testing-library/react';
import { Button, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { describe, expect, it } from 'vitest';
import { i18n } from '../shared/lib/i18n';
import { Providers } from './providers';
import { createQueryClient } from './query-client';

describe('Providers', () => {
  it('writes a two-character Chinese button as it is written ("重置", not "重 置")', () => {
    render(
      <Providers queryClient={createQueryClient()} i18n={i18n} antdLocale={zhCN}>
        <Button data-testid="reset">重置</Button>
        <Button type="primary" data-testid="search">
          查询
        </Button>
      </Providers>,
    );
    expect(screen.getByTestId('reset').textContent).toBe('重置');
    expect(screen.getByTestId('search').textContent).toBe('查询');
  });

  it("is needed: antd's default spaces the two characters out", () => {
    render(
      <ConfigProvider locale={zhCN}>
        <Button data-testid="bare">重置</Button>
      </ConfigProvider>,
    );
    expect(screen.getByTestId('bare').textContent).toBe('重 置');
  });
});
