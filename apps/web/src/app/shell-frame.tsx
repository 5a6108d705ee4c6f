import { App as AntdApp } from 'antd';
import { AppLayout } from './layout/app-layout';

/**
 * The logged-in shell inside antd's App, which gives its pages `App.useApp()`: message, modal
 * and notification. The login page stays outside it, so its first load does not carry antd's
 * modal and notification code (issue 6, point 13); it shows its notices in the form instead.
 */
export function ShellFrame() {
  return (
    <AntdApp>
      <AppLayout />
    </AntdApp>
  );
}
