/**
 * Headset software versions (spec §5): semantic comparison. What each of the four versions unlocks: gates.ts.
 *
 * Accepted: an optional 'v', one or more dot-separated numbers (missing parts count as 0, so '4.10' equals
 * '4.10.0'; a fourth part like '4.9.4.1' is compared too), an optional pre-release after '-' and optional
 * build metadata after '+', which is ignored. Surrounding blanks are ignored. Anything else is invalid.
 */

export interface ParsedVersion {
  numbers: number[];
  prerelease: string[];
}

const VERSION_PATTERN = /^[vV]?(\d+(?:\.\d+)*)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

export function parseVersion(version: string | null | undefined): ParsedVersion | null {
  if (typeof version !== 'string') return null;
  const match = VERSION_PATTERN.exec(version.trim());
  if (!match?.[1]) return null;
  const prerelease = match[2] ? match[2].split('.') : [];
  if (prerelease.some((id) => id === '')) return null;
  return { numbers: match[1].split('.').map(Number), prerelease };
}

const NUMERIC = /^\d+$/;

/** Semver §11: numeric identifiers by value and below alphanumeric ones; a shorter list of equal ones first. */
function comparePrerelease(a: string[], b: string[]): -1 | 0 | 1 {
  if (a.length === 0 || b.length === 0) {
    // A release ranks above any of its pre-releases.
    return a.length === b.length ? 0 : a.length === 0 ? 1 : -1;
  }
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const x = a[i];
    const y = b[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    if (x === y) continue;
    const xNum = NUMERIC.test(x);
    const yNum = NUMERIC.test(y);
    if (xNum && yNum) return Number(x) < Number(y) ? -1 : 1;
    if (xNum !== yNum) return xNum ? -1 : 1;
    return x < y ? -1 : 1;
  }
  return 0;
}

/**
 * -1, 0 or 1 like a sort comparator. An invalid or missing version ranks below every valid one (a headset
 * that reports nothing usable must not pass a gate); two invalid ones are equal.
 */
export function compareVersions(a: string | null | undefined, b: string | null | undefined): -1 | 0 | 1 {
  const pa = parseVersion(a);
  const pb = parseVersion(b);
  if (!pa || !pb) return pa === pb ? 0 : pa ? 1 : -1;
  for (let i = 0; i < Math.max(pa.numbers.length, pb.numbers.length); i += 1) {
    const x = pa.numbers[i] ?? 0;
    const y = pb.numbers[i] ?? 0;
    if (x !== y) return x < y ? -1 : 1;
  }
  return comparePrerelease(pa.prerelease, pb.prerelease);
}

/** True when `version` is below `reference`; an invalid version is older than any valid reference. */
export function isOlderThan(version: string | null | undefined, reference: string): boolean {
  return compareVersions(version, reference) < 0;
}
