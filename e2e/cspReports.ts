import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where every server of the run (the suite's and the isolated ones) keeps the Content-Security-Policy violations
 * Chromium reports to it (CSP_REPORT_FILE, one JSON object per line).
 */
export const CSP_REPORT_FILE = fileURLToPath(new URL('./.tmp/csp-reports.ndjson', import.meta.url));

/** One line per violation: the page, the directive, what was blocked, and the first characters of it. */
export function describeViolations(lines: string[]): string {
  return lines
    .map((line) => {
      const report = JSON.parse(line) as Record<string, string | number | undefined>;
      const where = report['source-file']
        ? ` (${report['source-file']}:${report['line-number'] ?? '?'})`
        : '';
      const sample = report['script-sample']
        ? `: ${String(report['script-sample']).replace(/\s+/g, ' ')}`
        : '';
      return `- ${report['document-uri']}: ${report['effective-directive'] ?? report['violated-directive']} blocked ${report['blocked-uri']}${where}${sample}`;
    })
    .join('\n');
}

/**
 * Global setup: starts the run without reports. Its teardown fails the run when Chromium reported a violation of
 * the portal's Content-Security-Policy in any test: the portal must work under that policy, so every spec checks
 * it without a line of its own.
 */
export default function cspReportsSetup(): () => void {
  mkdirSync(dirname(CSP_REPORT_FILE), { recursive: true });
  rmSync(CSP_REPORT_FILE, { force: true });
  return () => {
    if (!existsSync(CSP_REPORT_FILE)) return;
    const lines = readFileSync(CSP_REPORT_FILE, 'utf8').split('\n').filter(Boolean);
    if (lines.length === 0) return;
    throw new Error(
      `Chromium reported ${lines.length} Content-Security-Policy violation(s) during the run:\n${describeViolations(lines)}`,
    );
  };
}
