import { describe, expect, it } from 'vitest';
import { organisationTypeKey } from './organisationType.ts';

describe('organisation types (spec §3: 2 school, 4 KMZ, 5 ZfsL)', () => {
  it.each([
    [2, 'common:organisationType.school'],
    [4, 'common:organisationType.kmz'],
    [5, 'common:organisationType.zfsl'],
    [1, 'common:organisationType.other'],
    [3, 'common:organisationType.other'],
  ] as const)('names type %d by %s', (type, key) => {
    expect(organisationTypeKey(type)).toBe(key);
  });
});
