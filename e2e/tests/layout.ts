import type { Locator, Page } from '@playwright/test';

/*
 * What a teacher sees of a page's layout, measured in the DOM (issue 22: tablets and phones): values cut by their box,
 * controls too small for a finger, and the layout shifting under the hand.
 */

/**
 * The values in the rows of a list (DataTable) that do not fit their box: each cell and every element in it whose content
 * is wider than the element (scrollWidth > clientWidth, what text-overflow or a narrow column cuts), by text. Only the
 * rows drawn now count (the list is virtualized); spacer rows and text for screen readers only are left out.
 */
export function cutValues(list: Locator): Promise<string[]> {
  return list.evaluate((root) =>
    [...root.querySelectorAll('tbody tr:not([aria-hidden="true"])')]
      .flatMap((row) => [...row.querySelectorAll('td, th, td *, th *')])
      // A box of 1 px or none draws nothing: text for screen readers only (visually hidden) is not cut for the eye.
      .filter((element) => element.clientWidth > 1 && element.scrollWidth > element.clientWidth)
      .map(
        (element) =>
          `${element.tagName} “${element.textContent?.trim()}” ${element.scrollWidth} > ${element.clientWidth}`,
      ),
  );
}

/** The least size of a target under a finger (WCAG 2.5.5). */
export const TOUCH_TARGET = 44;

/**
 * The controls in `scope` a finger could miss: every visible link, button, form control and switch whose target is less
 * than 44 px high or wide. A checkbox or radio inside its label counts with the label (the label is the target). The
 * list's focusable scroll area is a region, not a target, and left out.
 */
export function smallTargets(scope: Locator): Promise<string[]> {
  return scope.evaluate((root, least) => {
    const controls = root.querySelectorAll(
      'a[href], button, input:not([type="hidden"]), select, textarea, [role="switch"], [role="checkbox"]',
    );
    return [...controls].flatMap((control) => {
      const style = getComputedStyle(control);
      if (style.visibility === 'hidden' || control.getClientRects().length === 0) return [];
      const label = control.closest('label');
      const box = (label ?? control).getBoundingClientRect();
      if (box.width === 0 && box.height === 0) return [];
      if (box.width >= least && box.height >= least) return [];
      const name = control.getAttribute('aria-label') ?? control.textContent?.trim() ?? control.tagName;
      return [`${control.tagName} “${name}” ${Math.round(box.width)}×${Math.round(box.height)}`];
    });
  }, TOUCH_TARGET);
}

/**
 * Every layout shift while `act` runs and the page draws its result, summed (PerformanceObserver 'layout-shift'). Shifts
 * right after an input count too: CLS leaves them out, but a list that jumps under the finger that ticked it is exactly
 * what is measured here.
 */
export async function layoutShiftDuring(page: Page, act: () => Promise<void>): Promise<number> {
  await page.evaluate(() => {
    const shifts: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
    });
    observer.observe({ type: 'layout-shift', buffered: false });
    (
      window as unknown as { layoutShifts: { shifts: number[]; observer: PerformanceObserver } }
    ).layoutShifts = {
      shifts,
      observer,
    };
  });
  await act();
  return page.evaluate(async () => {
    // Two frames: the one that draws the change has been rendered, so its shifts are recorded.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const { shifts, observer } = (
      window as unknown as { layoutShifts: { shifts: number[]; observer: PerformanceObserver } }
    ).layoutShifts;
    for (const entry of observer.takeRecords()) shifts.push((entry as unknown as { value: number }).value);
    observer.disconnect();
    return shifts.reduce((sum, value) => sum + value, 0);
  });
}
