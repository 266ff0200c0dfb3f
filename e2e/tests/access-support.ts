import type { Page } from '@playwright/test';

/**
 * A toast as it stays on screen: the item in the notification region. (support.ts's `toast()` finds the
 * hidden screen-reader copy with role=status, which Radix keeps for about a second only, so on a loaded
 * machine an assertion can start after it is gone although the toast is still visible.)
 */
export function notice(page: Page, title: string) {
  return page
    .getByRole('region', { name: /^(Benachrichtigungen|Notifications)/ })
    .getByRole('listitem')
    .filter({ hasText: title })
    .first();
}
