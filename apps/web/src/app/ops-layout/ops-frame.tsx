import { App as AntdApp } from 'antd';
import { OpsLayout } from './ops-layout';
import '../../features/ops/ops.css';

/** The console inside antd's App (message, modal), as the merchant shell is (shell-frame.tsx). */
export function OpsFrame() {
  return (
    <AntdApp>
      <OpsLayout />
    </AntdApp>
  );
}
