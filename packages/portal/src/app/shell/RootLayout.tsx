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
  Text,
} from '@portal/ui';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useMatches } from 'react-router';
import { useLogout } from '../../features/auth/useLogout.ts';
import { useCurrentUser } from '../../lib/api.ts';
import { useDeviceTypesLoad } from '../../lib/deviceTypes.ts';
import { HelpIcon } from '../../lib/HelpIcon.tsx';
import type { ShellContext } from '../../lib/shellContext.ts';
import { useSavedLanguage } from '../../lib/userLanguage.ts';
import { breadcrumbFor } from './breadcrumbs.ts';
import { activeEntry, COMING_PAGES, FOOTER_LINKS, helpLinkFor, navigationFor } from './navigation.ts';
import { sessionGate } from './sessionGate.ts';

// Signed-in users only: the account menu (and Radix DropdownMenu with it) loads once the user is known.
const AccountMenu = lazy(() => import('./AccountMenu.tsx').then((m) => ({ default: m.AccountMenu })));

// Only users who still have to accept the terms need the dialog (and Radix Dialog with it).
const TermsGate = lazy(() =>
  import('../../features/auth/TermsGate.tsx').then((m) => ({ default: m.TermsGate })),
);

/** Every prop goes on to the anchor: a Menu.LinkItem hands over the menu item's role, focus handling and ref. */
function RouterLink({ href, ...props }: LinkComponentProps) {
  return <Link to={href} {...props} />;
}

/** On every page: the legal pages and the support, and the pages that are still to come (spec §2). */
function Footer() {
  const { t } = useTranslation();
  return (
    <Stack gap="small">
      <nav aria-label={t('footer.label')}>
        <Inline gap="large">
          {FOOTER_LINKS.map((link) => (
            <Link key={link.href} to={link.href}>
              {t(link.label)}
            </Link>
          ))}
        </Inline>
      </nav>
      <Inline gap="small" alignY="center">
        <Text tone="muted" size="small">
          {t('footer.comingLabel')}:
        </Text>
        {COMING_PAGES.map((page) => (
          <Text key={page.href} size="small">
            <Link to={page.href}>{t('footer.soon', { page: t(page.label) })}</Link>
          </Text>
        ))}
      </Inline>
    </Stack>
  );
}

/**
 * Loading what every page needs failed (users/me for another reason than an ended session, or the device types):
 * say what and offer to ask again.
 */
function StartFailed({ what, retry }: { what: 'session' | 'deviceTypes'; retry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert tone="critical" announce="assertive" title={t(`${what}.failed.title`)}>
      <Stack gap="small">
        <span>{t(`${what}.failed.description`)}</span>
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
  // Spec §8: loaded once at start; the server answers them only once the terms are accepted.
  const deviceTypes = useDeviceTypesLoad(signedIn && user?.hasAcceptedTos === true);
  const logout = useLogout();
  useSavedLanguage(user);
  const trail = breadcrumbFor(matches);
  const entries = navigationFor(signedIn, user);
  const active = activeEntry(entries, pathname);
  const gate = sessionGate({ signedIn, user, failed, pathname, deviceTypes: deviceTypes.state });

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
        <NavLink href={help.href} icon={<HelpIcon />}>
          {t('help.label', { topic: t(`help.topics.${help.key}`) })}
        </NavLink>
      )}
      {signedIn ? (
        user && (
          <Suspense fallback={null}>
            <AccountMenu user={user} onLogout={() => void logout()} />
          </Suspense>
        )
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
    failed: () => <StartFailed what="session" retry={retry} />,
    deviceTypesFailed: () => <StartFailed what="deviceTypes" retry={deviceTypes.retry} />,
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
        <Outlet context={{ signedIn } satisfies ShellContext} />
      </>
    ),
  };

  return (
    <LinkProvider component={RouterLink}>
      <AppShell
        brand={t('app.brand')}
        brandHref="/library"
        navigation={navigation}
        navigationLabel={t('nav.label')}
        actions={actions}
        menuButtonLabel={t('nav.menu')}
        menuCloseLabel={t('nav.menuClose')}
        footer={<Footer />}
        skipLinkLabel={t('app.skipLink')}
      >
        {content[gate]()}
      </AppShell>
    </LinkProvider>
  );
}
