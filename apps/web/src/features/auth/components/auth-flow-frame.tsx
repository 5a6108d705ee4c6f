import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Flex, Steps, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The frame of a two-step flow on the login card: title, steps, the step, and the ways back. */
export interface AuthFlowFrameProps {
  title: string;
  steps: [string, string];
  current: 0 | 1;
  testId: string;
  onBackToLogin: () => void;
  /** Step two only: back to step one, with the email kept. */
  onPrevious?: (() => void) | undefined;
  children: ReactNode;
}

export function AuthFlowFrame({
  title,
  steps,
  current,
  testId,
  onBackToLogin,
  onPrevious,
  children,
}: AuthFlowFrameProps) {
  const { t } = useTranslation();
  return (
    <div data-testid={testId}>
      <Typography.Title level={2} style={{ marginTop: 0, fontSize: 20 }}>
        {title}
      </Typography.Title>
      <Steps
        size="small"
        current={current}
        items={steps.map((step) => ({ title: step }))}
        style={{ marginBottom: 24 }}
      />
      {children}
      <Flex justify="space-between" style={{ marginTop: 12 }}>
        <Button
          type="link"
          icon={<ArrowLeftOutlined />}
          onClick={onBackToLogin}
          style={{ paddingInline: 0 }}
          data-testid={`${testId}-back`}
        >
          {t('login.backToLogin')}
        </Button>
        {onPrevious ? (
          <Button
            type="link"
            onClick={onPrevious}
            style={{ paddingInline: 0 }}
            data-testid={`${testId}-previous`}
          >
            {t('login.previousStep')}
          </Button>
        ) : null}
      </Flex>
    </div>
  );
}
