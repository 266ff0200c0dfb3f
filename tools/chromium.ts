/**
 * The one place that says how every browser tool (Vitest browser mode, Storybook tests, Playwright,
 * benchmarks) launches Chromium. The machines reach no browser download, so we always use Debian's
 * chromium; the flags keep it from calling home, which the closed network would refuse.
 */
export const chromiumExecutablePath: string = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs: string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const chromiumLaunchOptions = { executablePath: chromiumExecutablePath, args: chromiumArgs };
