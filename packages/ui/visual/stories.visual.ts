import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

/** The subset of Storybook's index.json this test reads. */
interface IndexEntry {
  id: string;
  title: string;
  name: string;
  type: 'story' | 'docs';
  tags?: string[];
}

const indexPath = join(dirname(fileURLToPath(import.meta.url)), '../../../storybook-static/index.json');
if (!existsSync(indexPath)) {
  throw new Error(`${indexPath} is missing: run \`pnpm run test:visual\`, which builds Storybook first.`);
}
const index = JSON.parse(readFileSync(indexPath, 'utf8')) as { entries: Record<string, IndexEntry> };

/** Every story, docs pages left out; a story tagged 'no-visual' opts out (say why in the story). */
export const stories = Object.values(index.entries).filter(
  (entry) => entry.type === 'story' && !entry.tags?.includes('no-visual'),
);

type Phase = string | undefined;
declare global {
  interface Window {
    __STORYBOOK_PREVIEW__?: { currentRender?: { phase?: Phase; id?: string } };
  }
}

for (const story of stories) {
  test(`${story.title} › ${story.name}`, async ({ page }) => {
    // a11y.manual: the story tests already run axe; skipping it here saves about 0.5 s a story.
    await page.goto(
      `/iframe.html?id=${encodeURIComponent(story.id)}&viewMode=story&globals=a11y.manual:!true`,
    );
    // A fresh page per story: switching stories inside one preview is about three times faster, but
    // a story's play function could then see what the previous story left behind (tried, and a
    // keyboard story came out differently after a skip-link story).
    // Wait until Storybook has rendered the story and run its play function and checks, so the
    // screenshot shows the state the play function leaves (an open menu, a filled form).
    const phase = await page.waitForFunction(
      (id) => {
        const render = window.__STORYBOOK_PREVIEW__?.currentRender;
        const done = ['finished', 'errored', 'aborted'];
        return render?.id === id && done.includes(render.phase ?? '') ? render.phase : false;
      },
      story.id,
      { timeout: 20_000 },
    );
    expect(await phase.jsonValue(), 'the story renders without an error').toBe('finished');
    await page.evaluate(async () => {
      await document.fonts.ready;
      await Promise.all(
        Array.from(document.images, (img) =>
          img.complete ? null : new Promise((done) => img.addEventListener('loadend', done, { once: true })),
        ),
      );
    });
    await expect(page).toHaveScreenshot(`${story.id}.png`, { fullPage: true });
  });
}
