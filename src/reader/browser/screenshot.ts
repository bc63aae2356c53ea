import type { Page } from 'playwright-core';
import { BROWSER_VIEWPORT, SCREENSHOT_MAX_HEIGHT } from '../constants.js';

/**
 * A PNG of the whole page, cut at `SCREENSHOT_MAX_HEIGHT`. The height comes from the page, whose
 * scripts could lie about it, so it is clamped to between one window and the cap.
 */
export async function takeScreenshot(page: Page, timeoutMs: number): Promise<Uint8Array> {
  const reported = await page.evaluate(() =>
    Math.max(document.documentElement?.scrollHeight ?? 0, document.body?.scrollHeight ?? 0),
  );
  const height = Number.isFinite(reported)
    ? Math.min(Math.max(Math.ceil(reported), BROWSER_VIEWPORT.height), SCREENSHOT_MAX_HEIGHT)
    : BROWSER_VIEWPORT.height;
  const png = await page.screenshot({
    type: 'png',
    fullPage: true,
    clip: { x: 0, y: 0, width: BROWSER_VIEWPORT.width, height },
    timeout: Math.max(timeoutMs, 1),
    animations: 'disabled',
  });
  return new Uint8Array(png);
}
