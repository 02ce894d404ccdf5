import type { Page } from '@playwright/test';
import { expect } from '../fixtures';
import { mailedLink } from './mailbox';

/** Signs up on the landing card and follows the mailed confirmation link (which lands on setup). */
export async function signUpAndConfirm(page: Page, email: string, password: string) {
  await page.goto('/');
  const card = page.getByRole('region', { name: 'Get Started' });
  await card.getByRole('button', { name: 'Create an account' }).click();
  await card.getByPlaceholder('Email', { exact: true }).fill(email);
  await card.getByLabel('Password', { exact: true }).fill(password);
  await card.getByRole('button', { name: 'Sign Up' }).click();
  await expect(card.getByText(`we sent a confirmation link to ${email}`)).toBeVisible();
  await page.goto(await mailedLink(page.request, email, /Confirm your Campus Yearbook account/));
}
