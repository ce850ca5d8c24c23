import { setTimeout as delay } from 'node:timers/promises';
import type { Locator } from '@playwright/test';
import { expect } from './back-office-helpers.ts';
import type { Page } from './fixtures.ts';
import { newOperator } from './wallet-helpers.ts';

/**
 * How long a saved banner, page or navigation may take to show on the shop's pages (ADR 064): the API
 * drops its copies within about a second, the shop asks again every 3 s, and a page it kept is
 * answered at most 1 s more.
 */
export const CONTENT_SHOWS_MS = 7_000;

const apiUrl = (path: string) => `http://127.0.0.1:${process.env.E2E_API_PORT}${path}`;

/** The back office's content calls with an operator token (every role), to read and put back what a journey changes. */
export async function contentCalls() {
  const { token } = await newOperator('e2e-content');
  return async (method: 'GET' | 'PATCH', path: string, body?: unknown) => {
    const res = await fetch(apiUrl(`/admin/content${path}`), {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!res.ok)
      throw new Error(`${method} /admin/content${path} answered ${res.status}: ${await res.text()}`);
    return ((await res.json()) as { result: Record<string, unknown> }).result;
  };
}

/**
 * Opens `path` in the shop again and again (as a visitor reloading, never with `?clear_cache`) until
 * `shows` passes. It fails when a page asked for more than `boundMs` (CONTENT_SHOWS_MS unless given)
 * after `savedAt` (Date.now() when the save was confirmed) still does not show it: the bound is on
 * what the shop answers, so a page that takes seconds to load on a busy machine is judged by when it
 * was asked for. `shows` reads the page as it was answered: its own waits must be short.
 */
export async function untilShopShows(
  page: Page,
  path: string,
  savedAt: number,
  shows: () => Promise<void>,
  boundMs = CONTENT_SHOWS_MS,
): Promise<void> {
  for (;;) {
    const askedAt = Date.now();
    await page.goto(path);
    try {
      await shows();
      return;
    } catch (error) {
      if (askedAt - savedAt > boundMs)
        throw new Error(`${path} asked for ${askedAt - savedAt} ms after the save still does not show it`, {
          cause: error,
        });
    }
    await delay(250);
  }
}

/** A short wait for what a page answered shows (the page is opened again when it does not). */
export const AT_ONCE = { timeout: 500 } as const;

/**
 * Presses `button` in a back office preview panel and answers the shop address its "Open the preview"
 * link offers, once that matches `href`.
 */
export async function askPreviewLink(panel: Locator, button: string, href: RegExp): Promise<string> {
  await panel.getByRole('button', { name: button }).click();
  const open = panel.getByRole('link', { name: /Open the preview/ });
  await expect(open).toHaveAttribute('href', href);
  return (await open.getAttribute('href')) ?? '';
}
