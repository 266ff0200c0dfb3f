import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { packedFiles, testCodeIn } from './packContents.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

describe('testCodeIn', () => {
  it('finds tests, stories and test-support folders among packed paths', () => {
    expect(
      testCodeIn([
        'package.json',
        'src/index.ts',
        'src/upload/multipart.ts',
        'src/upload/multipart.test.ts',
        'src/test/fakeUploadServer.ts',
        'dist/Button/Button.stories.js',
        'dist/Button/Button.test.js',
        'src/lib/__tests__/a.ts',
        'src/contest/latest.ts',
        'src/testing.ts',
      ]),
    ).toEqual([
      'src/upload/multipart.test.ts',
      'src/test/fakeUploadServer.ts',
      'dist/Button/Button.stories.js',
      'dist/Button/Button.test.js',
      'src/lib/__tests__/a.ts',
    ]);
  });
});

describe('what @portal/api would publish', () => {
  it('is its source without tests or test support', () => {
    const files = packedFiles(join(root, 'packages/api'));
    expect(files).toContain('src/index.ts');
    expect(files).toContain('src/upload/multipart.ts');
    expect(testCodeIn(files)).toEqual([]);
  });
});
