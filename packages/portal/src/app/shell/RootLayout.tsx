import {
  Alert,
  AppShell,
  Breadcrumb,
  Button,
  Inline,
  type LinkComponentProps,
  LinkProvider,
  NavLink,
  Spinner,
  Stack,
} from '@portal/ui';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useMatches } from 'react-router';
import { useLogout } from '../../features/auth/useLogout.ts';
import { useCurrentUser } from '../../lib/api.ts';
import { useSavedLanguage } from '../../lib/userLanguage.ts';
import { breadcrumbFor } from './breadcrumbs.ts';
import { activeEntry, helpLinkFor, navigationFor } from './navigation.ts';
import { sessionGate } from './sessionGate.ts';

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

/** users/me failed for another reason than an ended session: say so and offer to ask again. */
function UserLoadFailed({ retry }: { retry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert tone="critical" announce="assertive" title={t('session.failed.title')}>
      <Stack gap="small">
        <span>{t('session.failed.description')}</span>
        <div>
          <Button variant="secondary" size="small" onClick={retry}>
            {t('session.failed.retry')}
          </Button>
        </div>
      </Stack>
    </Alert>
  );
}

/** The shell around every route: navbar by role, breadcrumb on dashboard pages, and the session gate. */
export function RootLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const matches = useMatches();
  const { signedIn, user, failed, retry } = useCurrentUser();
  const logout = useLogout();
  useSavedLanguage(user);
  const trail = breadcrumbFor(matches);
  const entries = navigationFor(signedIn, user);
  const active = activeEntry(entries, pathname);
  const gate = sessionGate({ signedIn, user, failed, pathname });

  const navigation = entries.map((entry) => (
    <NavLink key={entry.href} href={entry.href} active={entry === active}>
      {t(entry.label)}
    </NavLink>
  ));

  const help = helpLinkFor(pathname, user);
  const actions = (
    <Inline gap="small">
      {/* Spec §2: every page's help topic; the support page itself needs none. */}
      {pathname !== '/support' && (
        <NavLink href={help.href}>{t('help.label', { topic: t(`help.topics.${help.key}`) })}</NavLink>
      )}
      {signedIn ? (
        <Button variant="secondary" size="small" onClick={() => void logout()}>
          {t('nav.logout')}
        </Button>
      ) : (
        <NavLink href="/login" active={pathname === '/login'}>
          {t('nav.login')}
        </NavLink>
      )}
    </Inline>
  );

  // Nothing of the page renders until the signed-in user is known and has accepted the terms (spec §4).
  const content: Record<typeof gate, () => ReactNode> = {
    loading: () => <Spinner label={t('session.loading')} />,
    failed: () => <UserLoadFailed retry={retry} />,
    terms: () => (
      <Suspense fallback={<Spinner label={t('app.loading')} />}>
        <TermsGate />
      </Suspense>
    ),
    page: () => (
      <>
        {trail && (
          <Breadcrumb
            label={t('breadcrumb.label')}
            separator={t('breadcrumb.separator')}
            items={trail.map((item) => ({ label: t(item.label), href: item.href }))}
          />
        )}
        <Outlet />
      </>
    ),
  };

  return (
    <LinkProvider component={RouterLink}>
      <AppShell
        brand={t('app.brand')}
        navigation={navigation}
        navigationLabel={t('nav.label')}
        actions={actions}
        skipLinkLabel={t('app.skipLink')}
      >
        {content[gate]()}
      </AppShell>
    </LinkProvider>
  );
}
