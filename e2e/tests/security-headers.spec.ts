import { expect } from '@playwright/test';
import { test } from './suiteServer.ts';

// Every spec runs under the portal's Content-Security-Policy, and the run fails on any violation report
// (cspReports.ts). This one checks that the policy Chromium gets is the strict one, that it still lets the built
// index.html's own inline scripts run, and that Chromium understands every header without complaint.

test('the portal page runs its own inline scripts under a policy that allows no other inline script', async ({
  page,
}) => {
  const complaints: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy|Permissions-Policy|Referrer Policy/i.test(message.text())) {
      complaints.push(message.text());
    }
  });
  const answer = await page.goto('/library');
  const headers = answer?.headers() ?? {};
  const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(headers['content-security-policy'] ?? '')?.[1] ?? '';
  expect(scriptSrc.split(' ')).toEqual(expect.arrayContaining(["'self'"]));
  expect(scriptSrc).not.toContain('unsafe-inline');
  expect(scriptSrc.match(/'sha256-[A-Za-z0-9+/=]+'/g)).toHaveLength(2);
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('same-origin');

  await expect(
    page.getByRole('list', { name: 'Inhalte der Mediathek' }).getByRole('link').first(),
  ).toBeVisible();
  // The first-screen prefetch ran (its hash is in the policy) and so did the route preload.
  expect(
    await page.evaluate(
      () => 'content' in ((window as { __portalPrefetch?: object }).__portalPrefetch ?? {}),
    ),
  ).toBe(true);
  await expect(page.locator('link[rel="modulepreload"][href*="LibraryPage"]')).toHaveCount(1);
  // Switched-off browser features are off for the page.
  const allowed = await page.evaluate(() => {
    const policy = (document as { featurePolicy?: { allowsFeature(feature: string): boolean } })
      .featurePolicy;
    return ['camera', 'microphone', 'geolocation'].map((feature) => policy?.allowsFeature(feature) ?? true);
  });
  expect(allowed).toEqual([false, false, false]);
  expect(complaints).toEqual([]);
});
