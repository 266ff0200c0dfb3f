import { deriveRoleFlags } from '@portal/domain';
import {
  AppShell,
  Breadcrumb,
  Button,
  type LinkComponentProps,
  LinkProvider,
  NavLink,
  Spinner,
} from '@portal/ui';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useMatches } from 'react-router';
import { useLogout } from '../../features/auth/useLogout.ts';
import { useCurrentUser } from '../../lib/api.ts';
import { breadcrumbFor } from './breadcrumbs.ts';

// Only users who still have to accept the terms need the dialog (and Radix Dialog with it).
const TermsGate = lazy(() =>
  import('../../features/auth/TermsGate.tsx').then((m) => ({ default: m.TermsGate })),
);

function RouterLink({ href, className, children, 'aria-current': ariaCurrent }: LinkComponentProps) {
  return (
    <Link to={href} className={className} aria-current={ariaCurrent}>
      {children}
    </Link>
  );
}

function isWithin(pathname: string, section: string): boolean {
  return pathname === section || pathname.startsWith(`${section}/`);
}

/** The shell around every route: navbar, breadcrumb on dashboard pages, and the terms gate. */
export function RootLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const matches = useMatches();
  const { signedIn, user } = useCurrentUser();
  const logout = useLogout();
  const trail = breadcrumbFor(matches);
  const roles = deriveRoleFlags(user);
  const termsPending = signedIn && user !== undefined && !user.hasAcceptedTos;

  const navigation = (
    <>
      <NavLink href="/library" active={isWithin(pathname, '/library')}>
        {t('nav.library')}
      </NavLink>
      <NavLink href="/support" active={isWithin(pathname, '/support')}>
        {t('nav.support')}
      </NavLink>
      {signedIn && (
        <NavLink
          href="/dashboard"
          active={
            isWithin(pathname, '/dashboard') &&
            !isWithin(pathname, '/dashboard/profile') &&
            !isWithin(pathname, '/dashboard/settings')
          }
        >
          {t('nav.dashboard')}
        </NavLink>
      )}
      {signedIn && (
        <NavLink href="/dashboard/profile" active={isWithin(pathname, '/dashboard/profile')}>
          {t('nav.profile')}
        </NavLink>
      )}
      {/* Spec §6: the settings are for administrators of the first organisation only. */}
      {roles.isAdministrator && (
        <NavLink href="/dashboard/settings" active={isWithin(pathname, '/dashboard/settings')}>
          {t('nav.settings')}
        </NavLink>
      )}
    </>
  );

  const actions = signedIn ? (
    <Button variant="secondary" size="small" onClick={() => void logout()}>
      {t('nav.logout')}
    </Button>
  ) : (
    <NavLink href="/login" active={pathname === '/login'}>
      {t('nav.login')}
    </NavLink>
  );

  return (
    <LinkProvider component={RouterLink}>
      <AppShell
        brand={t('app.brand')}
        navigation={navigation}
        actions={actions}
        skipLinkLabel={t('app.skipLink')}
      >
        {termsPending ? (
          // The page stays unrendered until the terms are accepted: nothing behind the dialog is reachable.
          <Suspense fallback={<Spinner label={t('app.loading')} />}>
            <TermsGate />
          </Suspense>
        ) : (
          <>
            {trail && (
              <Breadcrumb
                label={t('breadcrumb.label')}
                items={trail.map((item) => ({ label: t(item.label), href: item.href }))}
              />
            )}
            <Outlet />
          </>
        )}
      </AppShell>
    </LinkProvider>
  );
}
