import type { GlobalToken } from 'antd';

/**
 * An ECharts theme in step with antd: the series take antd's palette, text and axis lines take
 * the token colours and the font, the tooltip looks like antd's popovers. Built from the tokens
 * of the page's theme, so a dark algorithm or another primary colour follows without a second
 * theme file. Plain data: this module does not import ECharts.
 */
export function chartTheme(token: GlobalToken): Record<string, unknown> {
  const axis = {
    axisLine: { lineStyle: { color: token.colorBorder } },
    axisTick: { lineStyle: { color: token.colorBorder } },
    axisLabel: { color: token.colorTextSecondary },
    splitLine: { lineStyle: { color: token.colorBorderSecondary } },
    nameTextStyle: { color: token.colorTextSecondary },
  };
  return {
    color: [token.colorPrimary, token.colorSuccess, token.colorWarning, token['magenta-6'], token['cyan-6']],
    backgroundColor: 'transparent',
    textStyle: { fontFamily: token.fontFamily, fontSize: token.fontSizeSM, color: token.colorText },
    legend: { textStyle: { color: token.colorText } },
    categoryAxis: axis,
    valueAxis: axis,
    tooltip: {
      backgroundColor: token.colorBgElevated,
      borderColor: token.colorBorderSecondary,
      borderRadius: token.borderRadiusLG,
      textStyle: { color: token.colorText, fontSize: token.fontSizeSM },
      extraCssText: `box-shadow: ${token.boxShadowSecondary};`,
    },
  };
}
