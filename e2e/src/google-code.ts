import type { Locator } from '@playwright/test';

/**
 * Types a Google code into the app's code input (six boxes, antd's OTP): into the first box,
 * key by key, as a person does; each digit moves the focus to the next box.
 */
export async function typeGoogleCode(input: Locator, code: string) {
  await input.locator('input').first().click();
  await input.page().keyboard.type(code);
}
