import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { trails } from '../lib/breadcrumbs.ts';
import { requireAdministrator, requireSignedIn } from './guards.tsx';
import { routes } from './router.tsx';
import type { RouteHandle } from './shell/breadcrumbs.ts';

const SPEC_ROUTES = [
  '/',
  '/impressum',
  '/datenschutzerklaerung',
  '/agbs',
  '/library',
  '/library/new',
  '/library/12',
  '/library/12/edit',
  '/support',
  '/login',
  '/dashboard',
  '/dashboard/devices',
  '/dashboard/devices/3',
  '/dashboard/configurations',
  '/dashboard/configurations/4',
  '/dashboard/profile',
  '/dashboard/settings',
  '/oidc-antares',
];

function leafOf(path: string) {
  const matches = matchRoutes(routes, path) ?? [];
  return { matches, leaf: matches.at(-1)?.route };
}

describe('routes of spec §2', () => {
  it.each(SPEC_ROUTES)('%s has a route of its own', (path) => {
    const { leaf } = leafOf(path);
    expect(leaf).toBeDefined();
    expect(leaf?.path).not.toBe('*');
  });

  it.each(['/forgot-password', '/reset-password/AbC-123_x'])(
    '%s (password reset, issue 4) has a route',
    (path) => {
      const { leaf } = leafOf(path);
      expect(leaf?.path).not.toBe('*');
      expect(leaf?.loader).toBeUndefined();
    },
  );

  it('answers unknown paths with the not-found page', () => {
    expect(leafOf('/gibt-es-nicht').leaf?.path).toBe('*');
  });

  it('guards every dashboard page, and the settings for administrators', () => {
    for (const path of SPEC_ROUTES.filter((p) => p.startsWith('/dashboard'))) {
      expect(leafOf(path).matches.some((m) => m.route.loader === requireSignedIn)).toBe(true);
    }
    expect(leafOf('/dashboard/settings').leaf?.loader).toBe(requireAdministrator);
    expect(leafOf('/library').matches.some((m) => m.route.loader === requireSignedIn)).toBe(false);
  });

  it.each(['/dashboard/playback', '/groups', '/groups/new', '/groups/5', '/groups/5/edit'])(
    '%s (issue 14) has a route for signed-in users',
    (path) => {
      const { matches, leaf } = leafOf(path);
      expect(leaf?.path).not.toBe('*');
      expect(matches.some((m) => m.route.loader === requireSignedIn)).toBe(true);
    },
  );

  it('names the breadcrumb trails of spec §2', () => {
    const trailOf = (path: string) => (leafOf(path).leaf?.handle as RouteHandle | undefined)?.breadcrumb;
    expect(trailOf('/dashboard')).toBe(trails.dashboard);
    expect(trailOf('/dashboard/configurations')).toBe(trails.configurations);
    expect(trailOf('/dashboard/configurations/4')).toBe(trails.configurations);
    expect(trailOf('/dashboard/devices')).toBe(trails.devices);
    expect(trailOf('/dashboard/devices/3')).toBe(trails.devices);
    expect(trailOf('/dashboard/playback')).toBe(trails.playback);
    const deepest = (path: string) =>
      leafOf(path)
        .matches.map((m) => (m.route.handle as RouteHandle | undefined)?.breadcrumb)
        .filter(Boolean)
        .at(-1);
    expect(deepest('/groups/5/edit')).toBe(trails.groups);
    expect(trails.configurations.map((item) => item.label)).toEqual([
      'breadcrumb.dashboard',
      'breadcrumb.configurations',
    ]);
  });

  it('gives every placeholder page a name of its own: its h1 and tab title (issue 12)', () => {
    const titleOf = (path: string) => (leafOf(path).leaf?.handle as RouteHandle | undefined)?.title;
    for (const path of ['/about', '/contact']) expect(titleOf(path)).toBeDefined();
  });

  it.each([
    ['/products', '/dashboard'],
    ['/products?tab=2', '/dashboard?tab=2'],
    ['/products/devices?is_online=false&page=2', '/dashboard/devices?is_online=false&page=2'],
    ['/configurations', '/dashboard/configurations'],
    ['/configurations/7?ordering=name', '/dashboard/configurations/7?ordering=name'],
  ])('the help mapping’s address %s leads to %s (issue 23)', async (path, target) => {
    const { leaf } = leafOf(path.split('?')[0] ?? path);
    expect(leaf?.path).not.toBe('*');
    const lazy = leaf?.lazy;
    if (typeof lazy !== 'function') throw new Error(`${path} loads no redirect`);
    const { loader } = (await lazy()) as { loader?: (args: { request: Request }) => unknown };
    if (typeof loader !== 'function') throw new Error(`${path} has no redirecting loader`);
    const answer = await loader({ request: new Request(`http://portal.test${path}`) });
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get('Location')).toBe(target);
  });
});
