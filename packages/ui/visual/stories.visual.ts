import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type Page } from '@playwright/test';
import { expectScreenshot } from '../../../tools/screenshotMask.ts';
import { NARROW_SCREEN, NARROW_SCREEN_TAG } from '../src/testing/viewport.ts';

/** The subset of Storybook's index.json this test reads. */
interface IndexEntry {
  id: string;
  title: string;
  name: string;
  type: 'story' | 'docs';
  importPath: string;
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
    __STORYBOOK_PREVIEW__?: {
      currentRender?: { phase?: Phase; id?: string; story?: { parameters?: Record<string, unknown> } };
    };
    __STORYBOOK_ADDONS_CHANNEL__?: { emit(event: string, payload: unknown): void };
  }
}

/**
 * The preview page a worker renders stories in, the story file it was opened for, and the screen size of
 * every story but the narrow-screen ones (playwright.config.ts: 1024 × 768).
 */
interface Preview {
  page: Page;
  importPath: string | null;
  defaultScreen: { width: number; height: number };
}

/**
 * Booting Storybook's preview costs about a second a page, more than most stories take to render and
 * photograph. So a worker keeps one preview page per story file and switches between that file's stories
 * the way Storybook's own UI does (the previous story is torn down, the next one mounted and played),
 * which is what the story tests in Vitest do as well. A new file, and every retry (a new worker), starts
 * from a freshly loaded page, so no state crosses from one component's stories into another's.
 */
const test = base.extend<object, { preview: Preview }>({
  preview: [
    async ({ browser }, use, workerInfo) => {
      const context = await browser.newContext(workerInfo.project.use);
      const defaultScreen = workerInfo.project.use.viewport ?? { width: 1024, height: 768 };
      await use({ page: await context.newPage(), importPath: null, defaultScreen });
      await context.close();
    },
    { scope: 'worker' },
  ],
});

async function showStory(preview: Preview, story: IndexEntry): Promise<Page> {
  const { page } = preview;
  // A narrow-screen story (tag 'viewport-narrow', see src/testing/viewport.ts) is rendered at a phone's
  // size, every other one at 1024 × 768; a change of size starts from a freshly loaded page.
  const screen = story.tags?.includes(NARROW_SCREEN_TAG) ? NARROW_SCREEN : preview.defaultScreen;
  const current = page.viewportSize();
  const sameScreen = current?.width === screen.width && current.height === screen.height;
  if (!sameScreen) await page.setViewportSize(screen);
  // The pseudo-states addon (hover stories) rewrites the page's style sheets and does not fully undo it
  // on a switch (tried: the next story showed a hover underline), so the story after one starts afresh.
  const switchable =
    sameScreen &&
    preview.importPath === story.importPath &&
    (await page.evaluate(() => !window.__STORYBOOK_PREVIEW__?.currentRender?.story?.parameters?.pseudo));
  // a11y.manual: the story tests already run axe; skipping it here saves about 0.5 s a story.
  const url = `/iframe.html?id=${encodeURIComponent(story.id)}&viewMode=story&globals=a11y.manual:!true`;
  if (!switchable) {
    await page.goto(url);
    preview.importPath = story.importPath;
  } else {
    await page.evaluate(
      ({ id, url }) => {
        // What a story's links may have changed (a skip link's #main and the scroll it caused) goes back.
        history.replaceState(null, '', url);
        window.scrollTo(0, 0);
        window.__STORYBOOK_ADDONS_CHANNEL__?.emit('setCurrentStory', { storyId: id, viewMode: 'story' });
      },
      { id: story.id, url },
    );
  }
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
    // A story may scroll the window (a skip link jumps to #main), and the browser does that at a moment of its
    // own choosing; sticky parts then sit differently in the full-page image. The image always shows the page
    // from its top, so the scroll position cannot make a difference.
    window.scrollTo(0, 0);
    await new Promise((done) => requestAnimationFrame(() => done(null)));
    await document.fonts.ready;
    await Promise.all(
      Array.from(document.images, (img) =>
        img.complete ? null : new Promise((done) => img.addEventListener('loadend', done, { once: true })),
      ),
    );
  });
  return page;
}

const byFile = new Map<string, IndexEntry[]>();
for (const story of stories) byFile.set(story.importPath, [...(byFile.get(story.importPath) ?? []), story]);
for (const [importPath, fileStories] of byFile) {
  test.describe(importPath, () => {
    // The stories of one file run in order in one worker (files still spread over the workers).
    test.describe.configure({ mode: 'default' });
    for (const story of fileStories) {
      test(`${story.title} › ${story.name}`, async ({ preview }) => {
        const page = await showStory(preview, story);
        await expectScreenshot(page, `${story.id}.png`, { fullPage: true });
      });
    }
  });
}
