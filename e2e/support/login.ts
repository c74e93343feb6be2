// Logs a demo account in through the login page at `/`.
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from './browser.js';

export async function loginAs(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/');
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}
