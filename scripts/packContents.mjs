// What a package would publish, and whether test code is among it: tests, stories, test doubles and test support
// belong to the repository, never to what another app installs.
import { spawnSync } from 'node:child_process';

/** Paths of test code: test and story files, and whatever lies in a test-support folder. */
const TEST_CODE = [
  /(^|\/)[^/]+\.(test|spec|stories)\.[cm]?[jt]sx?$/,
  /(^|\/)(test|tests|__tests__|test-support|testSupport|__mocks__|fixtures)\//,
];

/** The packed paths that are test code. */
export function testCodeIn(paths) {
  return paths.filter((path) => TEST_CODE.some((pattern) => pattern.test(path)));
}

/**
 * The paths `pnpm pack` would put into the package's tarball (a dry run: nothing is written). Under `pnpm run`,
 * `npm_execpath` is the running pnpm: that one is used, else the one on the PATH.
 */
export function packedFiles(packageDir) {
  const execPath = process.env.npm_execpath;
  const [command, prefix] = execPath?.endsWith('.cjs') ? [process.execPath, [execPath]] : ['pnpm', []];
  const result = spawnSync(command, [...prefix, 'pack', '--dry-run', '--json'], {
    cwd: packageDir,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`pnpm pack --dry-run failed in ${packageDir}:\n${result.stderr}`);
  return JSON.parse(result.stdout).files.map((file) => file.path);
}
