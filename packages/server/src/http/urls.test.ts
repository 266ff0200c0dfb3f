import { describe, expect, it } from 'vitest';
import { sameOriginPath } from './urls.ts';

// Issue 20, item 6: where a browser is sent after social sign-in.
const ORIGIN = 'https://portal.example';

describe('sameOriginPath', () => {
  it.each([
    ['/oidc-antares', '/oidc-antares'],
    ['/', '/'],
    ['/oidc-antares?tab=2', '/oidc-antares?tab=2'],
    ['/oidc-antares#oben', '/oidc-antares#oben'],
    ['/oidc-antares?tab=2&x=a%20b#oben', '/oidc-antares?tab=2&x=a%20b#oben'],
    // Query and fragment are the page's business: a slash or another origin there leads nowhere.
    ['/oidc-antares?next=//evil.example#//evil.example', '/oidc-antares?next=//evil.example#//evil.example'],
    ['/library/content/5?tab=dateien', '/library/content/5?tab=dateien'],
    ['/suche/100%25', '/suche/100%25'],
    ['/a/%2F/b', '/a/%2F/b'],
    ['/a/./b/../c', '/a/c'],
    [`${ORIGIN}/oidc-antares?tab=2#oben`, '/oidc-antares?tab=2#oben'],
    [`${ORIGIN}/`, '/'],
  ])('keeps %j as %j', (value, expected) => {
    expect(sameOriginPath(value, ORIGIN)).toBe(expected);
  });

  it.each([
    // Another host, written as a path.
    '//evil.example/x',
    '///evil.example/x',
    `${ORIGIN}//evil.example/x`,
    '/\\evil.example',
    '/\\/evil.example',
    '\\\\evil.example',
    '\\/evil.example',
    '/oidc-antares\\..\\..\\\\evil.example',
    // Characters a URL parser drops or a browser reads differently.
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r/evil.example',
    '/\u0000/evil.example',
    ' /oidc-antares',
    '/oidc-antares ',
    '/oidc antares',
    '/\u3002/evil.example',
    '/ü',
    // Encoded, once or more, or after dot segments are resolved.
    '/%2F/evil.example',
    '/%2fevil.example',
    '/%5C/evil.example',
    '/%5cevil.example',
    '/%252F/evil.example',
    '/%25252F/evil.example',
    '/%25252525252F/evil.example',
    '/..//evil.example',
    '/%2e%2e//evil.example',
    '/./%2e/..//evil.example',
    '/%00',
    '/%0A/evil.example',
    // Schemes and other origins.
    'https://evil.example/x',
    'http://portal.example/oidc-antares',
    'https://portal.example.evil.example/oidc-antares',
    'https://portal.example@evil.example/oidc-antares',
    'https://evil.example@portal.example/oidc-antares',
    'HTTPS://PORTAL.EXAMPLE//evil.example',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'oidc-antares',
    '',
    ORIGIN,
  ])('refuses %j', (value) => {
    expect(sameOriginPath(value, ORIGIN)).toBeNull();
  });
});
