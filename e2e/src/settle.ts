import type { Page } from '@playwright/test';

/**
 * Waits until antd's modals and drawers stand still: every animation that ends has ended (an
 * unread notice's dot pulses for ever, so endless ones are left out). Before a screenshot, and
 * before the first click inside a modal that is still zooming in.
 */
export const settle = (page: Page) =>
  page.waitForFunction(() =>
    document
      .getAnimations()
      .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
      .every((animation) => animation.playState !== 'running'),
  );
