import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/LoginPage.tsx';
import { onSessionLost } from '../lib/api.ts';
import { trails } from '../lib/breadcrumbs.ts';
import { i18n } from '../lib/i18n.ts';
import { requireAdministrator, requireSignedIn } from './guards.tsx';
import type { RouteHandle } from './shell/breadcrumbs.ts';
import { RootLayout } from './shell/RootLayout.tsx';
import { RouteErrorPage } from './shell/RouteErrorPage.tsx';

/**
 * Pages built by later issues. Loaded on demand (route `lazy`, which the router awaits before it renders,
 * so no half-drawn page) to keep /login and /library lean; they share one chunk today.
 */
const comingSoon = () => import('./shell/ComingSoonPage.tsx');
const placeholder = (path: string, handle?: RouteHandle): RouteObject => ({ path, lazy: comingSoon, handle });

/** The imprint, the privacy policy and the terms of use: one chunk. */
const legalPage = (page: 'ImprintPage' | 'PrivacyPage' | 'TermsPage') => () =>
  import('../features/public/LegalPages.tsx').then((m) => ({ Component: m[page] }));

/**
 * A page whose words are loaded with its code, before the router renders it: otherwise its first render suspends on
 * them (even when index.html preloaded the file) and React, having shown the layout's spinner, holds the page back
 * for its reveal throttle of 300 ms. Words that cannot be loaded are the page's error page (lib/pageTranslation.ts).
 */
const withWords =
  <Module,>(load: () => Promise<Module>, namespace: string) =>
  () =>
    Promise.all([load(), i18n.loadNamespaces(namespace)]).then(([module]) => module);

/** The help mapping's addresses (/products, /configurations …) lead to the pages under /dashboard. */
const specAddress = () => import('./specAddresses.ts');

/** Every route of spec §2. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    HydrateFallback: () => null,
    errorElement: <RouteErrorPage />,
    children: [
      {
        // Pathless, so an error inside a page keeps the shell around the error message.
        errorElement: <RouteErrorPage />,
        children: [
          // What the portal is and the ways in (issue 23); spec §2 'index'.
          { index: true, lazy: () => import('../features/public/HomePage.tsx') },
          { path: 'login', element: <LoginPage /> },
          // Password reset (issue 4): the request page and the link of the mail; no help topic (spec §2).
          { path: 'forgot-password', lazy: () => import('../features/auth/ForgotPasswordPage.tsx') },
          { path: 'reset-password/:urlHash', lazy: () => import('../features/auth/ResetPasswordPage.tsx') },
          // The link of an invitation mail (issue 12 item 6): name and password of the new account; no help topic.
          { path: 'invitation/:token', lazy: () => import('../features/auth/InvitationPage.tsx') },
          {
            path: 'library',
            // On demand, so /login does not load it; index.html preloads it on /library (build/routePages.ts).
            lazy: () =>
              import('../features/library/LibraryPage.tsx').then((m) => ({ Component: m.LibraryPage })),
          },
          // Detail and form pages load on demand: /library and /login stay lean.
          {
            path: 'library/new',
            loader: requireSignedIn,
            lazy: () =>
              import('../features/library/ContentFormPage.tsx').then((m) => ({
                Component: m.ContentCreatePage,
              })),
          },
          {
            path: 'library/:id',
            lazy: () =>
              import('../features/library/ContentDetailPage.tsx').then((m) => ({
                Component: m.ContentDetailPage,
              })),
          },
          {
            path: 'library/:id/edit',
            loader: requireSignedIn,
            lazy: () =>
              import('../features/library/ContentFormPage.tsx').then((m) => ({
                Component: m.ContentEditPage,
              })),
          },
          // The legal pages (issue 23): the imprint from the server's configuration, the current documents.
          { path: 'impressum', lazy: legalPage('ImprintPage') },
          { path: 'datenschutzerklaerung', lazy: legalPage('PrivacyPage') },
          { path: 'agbs', lazy: legalPage('TermsPage') },
          // Spec §2's help mapping names these; the pages live under /dashboard (specAddresses.ts).
          { path: 'products', lazy: specAddress },
          { path: 'products/devices', lazy: specAddress },
          { path: 'configurations', lazy: specAddress },
          { path: 'configurations/:id', lazy: specAddress },
          // Placeholder entries of spec §2 (about, contact), named in the footer as coming.
          placeholder('about', { title: 'pages.about' }),
          placeholder('contact', { title: 'pages.contact' }),
          // Moderieren (spec §2, issue 24): the review queue for content administrators and staff; the page says
          // 'Keine Berechtigung' to anybody else.
          {
            path: 'moderate',
            loader: requireSignedIn,
            lazy: () => import('../features/moderation/ModerationPage.tsx'),
          },
          // Adminbereich (spec §2, issue 24): portal staff; the page says 'Keine Berechtigung' to anybody else.
          {
            path: 'administration',
            loader: requireSignedIn,
            lazy: () => import('../features/administration/AdministrationPage.tsx'),
          },
          // The help articles of spec §2's topics, their search and the support contact (issue 23).
          { path: 'support', lazy: () => import('../features/support/SupportPage.tsx') },
          {
            // Operating system images (issue 23) in the support area: staff manage them, administrators roll them out.
            path: 'support/operating-systems',
            loader: requireSignedIn,
            children: [
              { index: true, lazy: () => import('../features/operatingSystems/OperatingSystemsPage.tsx') },
              {
                path: 'new',
                lazy: () =>
                  import('../features/operatingSystems/OperatingSystemFormPage.tsx').then((m) => ({
                    Component: m.OperatingSystemCreatePage,
                  })),
              },
              { path: ':id', lazy: () => import('../features/operatingSystems/OperatingSystemPage.tsx') },
              {
                path: ':id/edit',
                lazy: () =>
                  import('../features/operatingSystems/OperatingSystemFormPage.tsx').then((m) => ({
                    Component: m.OperatingSystemEditPage,
                  })),
              },
            ],
          },
          // Social login entry and return point (spec §4/§7); no help topic.
          { path: 'oidc-antares', lazy: () => import('../features/auth/SocialLoginPage.tsx') },
          {
            path: 'dashboard',
            loader: requireSignedIn,
            children: [
              {
                // The dashboard (issue 14), composed of the dashboard and playback features (DashboardRoute.tsx).
                index: true,
                lazy: () => import('./DashboardRoute.tsx'),
                handle: { breadcrumb: trails.dashboard } satisfies RouteHandle,
              },
              {
                // Playback on a class set; links in: lib/playbackLink.ts.
                path: 'playback',
                lazy: () => import('../features/playback/PlaybackPage.tsx'),
                handle: { breadcrumb: trails.playback } satisfies RouteHandle,
              },
              {
                // Klassenansicht (issue 26): a class set's tiles and 'Alle Blicke nach vorn'; `?group=` for one group.
                path: 'classroom',
                lazy: () => import('./ClassroomRoute.tsx'),
                handle: { breadcrumb: trails.classroom } satisfies RouteHandle,
              },
              {
                path: 'devices',
                lazy: withWords(() => import('../features/devices/DevicesPage.tsx'), 'devices'),
                handle: { breadcrumb: trails.devices } satisfies RouteHandle,
              },
              {
                path: 'devices/:id',
                lazy: () => import('../features/devices/DeviceDetailPage.tsx'),
                handle: { breadcrumb: trails.devices } satisfies RouteHandle,
              },
              // Wiedergabelisten (issue 15); the breadcrumb keeps the spec's 'Konfigurationen'.
              {
                path: 'configurations',
                lazy: () => import('../features/playlists/PlaylistsPage.tsx'),
                handle: { breadcrumb: trails.configurations } satisfies RouteHandle,
              },
              {
                path: 'configurations/:id',
                lazy: () => import('../features/playlists/PlaylistDetailPage.tsx'),
                handle: { breadcrumb: trails.configurations } satisfies RouteHandle,
              },
              // Unterrichtsabläufe (issue 26): lesson plans, begun on the playback page.
              {
                path: 'lesson-plans',
                lazy: () => import('../features/lessonPlans/LessonPlansPage.tsx'),
                handle: { breadcrumb: trails.lessonPlans } satisfies RouteHandle,
              },
              {
                path: 'lesson-plans/:id',
                lazy: () => import('../features/lessonPlans/LessonPlanDetailPage.tsx'),
                handle: { breadcrumb: trails.lessonPlans } satisfies RouteHandle,
              },
              // Protokoll (issue 24): administrators and staff; the page says 'Keine Berechtigung' to anybody else.
              // Spec §2 names no help topic for it, so none is mapped.
              {
                path: 'protocol',
                lazy: () => import('../features/audit/ProtocolPage.tsx'),
                handle: { breadcrumb: trails.protocol } satisfies RouteHandle,
              },
              { path: 'profile', lazy: () => import('../features/profile/ProfilePage.tsx') },
              {
                path: 'settings',
                loader: requireAdministrator,
                lazy: () => import('../features/settings/SettingsPage.tsx'),
              },
            ],
          },
          {
            // Gruppierungen (issue 14): help topics by path (spec §2), trail 'Dashboard / Gruppierungen'.
            path: 'groups',
            loader: requireSignedIn,
            handle: { breadcrumb: trails.groups } satisfies RouteHandle,
            children: [
              { index: true, lazy: () => import('../features/groups/GroupsPage.tsx') },
              {
                path: 'new',
                lazy: () =>
                  import('../features/groups/GroupFormPage.tsx').then((m) => ({
                    Component: m.GroupCreatePage,
                  })),
              },
              { path: ':id', lazy: () => import('../features/groups/GroupDetailPage.tsx') },
              {
                path: ':id/edit',
                lazy: () =>
                  import('../features/groups/GroupFormPage.tsx').then((m) => ({
                    Component: m.GroupEditPage,
                  })),
              },
            ],
          },
          { path: '*', lazy: () => import('./shell/NotFoundPage.tsx') },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  // A session the server ended: the guards of the page on screen run again (a signed-in page goes to the login with
  // the one 'Sie sind nicht eingeloggt' toast; public pages stay).
  onSessionLost(() => void router.revalidate());
  return router;
}
