import type { Page } from '@playwright/test';

/**
 * Whether the page stands still, evaluated in the page: every animation that ends has ended (an
 * unread notice's dot pulses for ever, so endless ones are left out), and no element is between
 * rc-motion's steps. antd's popups and modals first get a `…-appear-prepare` (or enter, leave)
 * class that holds them transparent before their CSS animation starts, so for a frame or two
 * nothing runs while a popover is still invisible: axe then measured its text's contrast
 * blended with the page behind it.
 */
export function isStill(): boolean {
  const moving = document
    .getAnimations()
    .some(
      (animation) =>
        animation.playState === 'running' &&
        animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY,
    );
  if (moving) return false;
  const step = /-(appear|enter|leave)(-(prepare|start|active))?$/;
  for (const element of document.querySelectorAll(
    '[class*="-appear"], [class*="-enter"], [class*="-leave"]',
  )) {
    for (const name of element.classList) if (step.test(name)) return false;
  }
  return true;
}

/**
 * Waits until antd's modals, drawers and popovers stand still (isStill). Before a screenshot,
 * before axe measures contrast, and before the first click inside a modal that is still zooming in.
 */
export const settle = (page: Page) => page.waitForFunction(isStill);
