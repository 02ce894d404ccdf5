import type { Page } from '@playwright/test';
import { expect } from '../fixtures';
import { mailedLink } from './mailbox';

/**
 * Opens a mailed confirmation link and presses its page's button (opening it alone confirms nothing:
 * mail scanners open links). The answer is the next page: profile setup, or the sign-in card.
 */
export async function confirmByLink(page: Page, link: string) {
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Confirm your email' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-page-ready', 'true');
  await page.getByRole('button', { name: 'Confirm my email' }).click();
}

/** Signs up on the landing card and follows the mailed confirmation link (which lands on setup). */
export async function signUpAndConfirm(page: Page, email: string, password: string) {
  await page.goto('/');
  const card = page.getByRole('region', { name: 'Get Started' });
  await card.getByRole('button', { name: 'Create an account' }).click();
  await card.getByPlaceholder('Email', { exact: true }).fill(email);
  await card.getByLabel('Password', { exact: true }).fill(password);
  await card.getByRole('button', { name: 'Sign Up' }).click();
  await expect(card.getByText(`we sent a confirmation link to ${email}`)).toBeVisible();
  await confirmByLink(page, await mailedLink(page.request, email, /Confirm your Campus Yearbook account/));
}
