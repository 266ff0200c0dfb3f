/**
 * The one place that says how a screenshot compared with a committed baseline is taken: the stories'
 * visual check (packages/ui/visual) and the portal's page baselines (e2e) both use it. Baselines must show
 * only what we draw, so that any Chromium release Debian ships matches them; what Chromium draws itself
 * (resize grips, scrollbars, the caret, inner parts of native inputs) is hidden by screenshotMask.css while
 * the screenshot is taken, and everything else is compared exactly (Playwright's default thresholds).
 */
import { fileURLToPath } from 'node:url';
import { expect, type Page, type PageAssertionsToHaveScreenshotOptions } from '@playwright/test';
import { chromiumExecutablePath } from './chromium.ts';

/** The stylesheet that hides what the browser draws (see its comments for each rule). */
export const screenshotMaskStylePath: string = fileURLToPath(
  new URL('./screenshotMask.css', import.meta.url),
);

/**
 * For `expect.toHaveScreenshot` in a Playwright config, so that every comparison of that config masks alike.
 * Deliberately no threshold or maxDiffPixels: what is ours must match exactly.
 */
export const screenshotOptions = {
  animations: 'disabled',
  caret: 'hide',
  scale: 'css',
  stylePath: screenshotMaskStylePath,
} as const satisfies PageAssertionsToHaveScreenshotOptions;

/**
 * `expect(page).toHaveScreenshot(name, options)` with the masking above, whose failure names the Chromium
 * that took the screenshot: a difference after a Chromium update then reads as one at first sight.
 */
export async function expectScreenshot(
  page: Page,
  name: string,
  options: PageAssertionsToHaveScreenshotOptions = {},
): Promise<void> {
  const version = page.context().browser()?.version() ?? 'unknown';
  await expect(
    page,
    `screenshot ${name}, taken in Chromium ${version} (${chromiumExecutablePath})`,
  ).toHaveScreenshot(name, { ...screenshotOptions, ...options });
}
