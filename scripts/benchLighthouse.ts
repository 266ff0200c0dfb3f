// Lighthouse mobile figures for `npm run bench` (issue 25): performance, accessibility and CLS of the pages a teacher
// opens first, anonymous and signed in. Lighthouse drives Debian's chromium through its debugging port; the signed-in
// runs keep the tokens the portal stored (Lighthouse would otherwise clear the origin's storage before loading).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { chromiumArgs, chromiumExecutablePath } from '../tools/chromium.ts';
import { percentile } from './benchHttp.ts';

/**
 * One page's figures: its performance as the median of the runs' scores (what the aim is about), the rest as its median
 * run read them, with what every run read beside them.
 */
export interface LighthouseFigures {
  path: string;
  signedIn: boolean;
  performance: number;
  accessibility: number;
  cls: number;
  lcpMs: number;
  tbtMs: number;
  /** The performance score of every run, in the order they ran. */
  performanceOfRuns: number[];
  /** The largest CLS of any run (the aim holds for every run, not only the median one). */
  worstCls: number;
  /** Accessibility audits that failed in any run. */
  failedAccessibility: string[];
}

const DEBUGGING_PORT = Number(process.env.BENCH_LIGHTHOUSE_PORT ?? 9333);
/** Where each page's full Lighthouse report (JSON) is kept when set, to read what costs the time (bootup-time, …). */
const REPORTS_DIR = process.env.BENCH_LIGHTHOUSE_REPORTS;
/**
 * Runs per page. One run's performance score varies by several points on a shared machine (the fleet page read 93 to
 * 98 in four runs of the same build); Lighthouse's own advice for variability is several runs and their median. The
 * score is the median of the scores; LCP, TBT and CLS are those of the median run, chosen by Lighthouse's
 * `computeMedianRun` (the run nearest the median FCP and time to interactive), whose score may differ from the
 * median score by a point or two. Five runs halve the variance of one.
 */
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);

/** The pages of the issue: each anonymous where it has an anonymous face, and as a signed-in teacher. */
const PAGES: { path: string; anonymous: boolean }[] = [
  { path: '/login', anonymous: true },
  { path: '/library', anonymous: true },
  { path: '/dashboard', anonymous: false },
  { path: '/dashboard/devices', anonymous: false },
];

/**
 * Signs in through the API and stores the pair where the portal keeps it, on the page's origin, as the portal does
 * after a sign-in (no sign-in page on the way). The page is left on /login.
 */
export async function storeSession(page: Page, origin: string, signIn: { email: string; password: string }) {
  const login = await page.request.post(`${origin}/api/v1/sessions/`, {
    data: { username: signIn.email, password: signIn.password },
  });
  if (!login.ok()) throw new Error(`sign-in of ${signIn.email} failed: ${login.status()}`);
  const { access, refresh } = (await login.json()) as { access: string; refresh: string };
  await page.goto(`${origin}/login`);
  await page.evaluate(
    ([accessToken, refreshToken]) => {
      localStorage.setItem('vr-portal.accessToken', accessToken);
      localStorage.setItem('vr-portal.refreshToken', refreshToken);
    },
    [access, refresh] as const,
  );
}

type Report = LighthouseResult['lhr'];
type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;

async function audit(origin: string, path: string, signedIn: boolean, run: number): Promise<Report> {
  const result = await lighthouse(`${origin}${path}`, {
    port: DEBUGGING_PORT,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    disableStorageReset: signedIn,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
  if (REPORTS_DIR) {
    await mkdir(REPORTS_DIR, { recursive: true });
    const name = `${path.replace(/\W+/g, '-').replace(/^-/, '')}-${signedIn ? 'signed-in' : 'anonymous'}-${run}.json`;
    await writeFile(join(REPORTS_DIR, name), JSON.stringify(result.lhr));
  }
  return result.lhr;
}

const score = (report: Report, category: string) =>
  Math.round((report.categories[category]?.score ?? 0) * 100);
const numeric = (report: Report, id: string) => report.audits[id]?.numericValue ?? Number.NaN;

function failedAccessibilityOf(report: Report): string[] {
  return (report.categories.accessibility?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && report.audits[ref.id]?.score === 0)
    .map((ref) => ref.id);
}

/** RUNS audits of one page, summed up by their median. */
async function figuresOf(origin: string, path: string, signedIn: boolean): Promise<LighthouseFigures> {
  const reports: Report[] = [];
  for (let run = 1; run <= RUNS; run++) reports.push(await audit(origin, path, signedIn, run));
  const median = computeMedianRun(reports);
  const scores = reports.map((report) => score(report, 'performance'));
  return {
    path,
    signedIn,
    performance: percentile(scores, 50),
    accessibility: score(median, 'accessibility'),
    cls: numeric(median, 'cumulative-layout-shift'),
    lcpMs: numeric(median, 'largest-contentful-paint'),
    tbtMs: numeric(median, 'total-blocking-time'),
    performanceOfRuns: scores,
    worstCls: Math.max(...reports.map((report) => numeric(report, 'cumulative-layout-shift'))),
    failedAccessibility: [...new Set(reports.flatMap(failedAccessibilityOf))],
  };
}

/** `BENCH_LIGHTHOUSE_PAGES=/dashboard/devices,/login` audits only those (to study one page); all of PAGES unless set. */
const ONLY = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',');
const chosen = (path: string) => ONLY === undefined || ONLY.includes(path);

/** Every page of PAGES, anonymous first (a fresh profile), then signed in as the given user. */
export async function lighthouseFigures(
  origin: string,
  signIn: { email: string; password: string },
): Promise<LighthouseFigures[]> {
  const profile = await mkdtemp(join(tmpdir(), 'bench-lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumExecutablePath,
    args: [...chromiumArgs, `--remote-debugging-port=${DEBUGGING_PORT}`],
  });
  try {
    const figures: LighthouseFigures[] = [];
    for (const page of PAGES.filter((p) => p.anonymous && chosen(p.path)))
      figures.push(await figuresOf(origin, page.path, false));
    const page = await context.newPage();
    await storeSession(page, origin, signIn);
    await page.close();
    for (const page of PAGES.filter((p) => p.path !== '/login' && chosen(p.path)))
      figures.push(await figuresOf(origin, page.path, true));
    return figures;
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
}

export function printLighthouseFigures(figures: LighthouseFigures[]) {
  console.log(
    `Lighthouse mobile, the median of ${RUNS} runs per page (aims: performance ≥ 95, accessibility 100, CLS ≤ 0.02):`,
  );
  for (const f of figures) {
    const who = f.signedIn ? 'signed in' : 'anonymous';
    const failed = f.failedAccessibility.length > 0 ? `, failed: ${f.failedAccessibility.join(', ')}` : '';
    console.log(
      `  ${f.path.padEnd(19)} ${who.padEnd(9)}  performance ${String(f.performance).padStart(3)}  accessibility ${String(f.accessibility).padStart(3)}  CLS ${f.cls.toFixed(3)}  LCP ${Math.round(f.lcpMs)} ms  TBT ${Math.round(f.tbtMs)} ms${failed}`,
    );
    console.log(
      `  ${''.padEnd(29)}  runs: performance ${f.performanceOfRuns.join(' ')}, CLS at most ${f.worstCls.toFixed(3)}`,
    );
  }
}
