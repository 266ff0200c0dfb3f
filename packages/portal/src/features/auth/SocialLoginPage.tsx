import { Alert, Button, Spinner, Stack, Text } from '@portal/ui';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { loadCurrentUser } from '../../lib/api.ts';
import { env } from '../../lib/env.ts';
import { reportError } from '../../lib/errorReporting.ts';
import { PageHeading } from '../../lib/pageMeta.tsx';
import { useTranslation } from '../../lib/pageTranslation.ts';
import { appStorage, session } from '../../lib/session.ts';
import { keptOnUnauthorized, storageKeys } from '../../lib/storage.ts';
import { toasts } from '../../lib/toasts.ts';
import { hasSocialSession, obtainSocialTokens, type SocialProvider, socialProviders } from './authQueries.ts';

const REDIRECT_PATH = '/api/social/browser/v1/auth/provider/redirect';
export const SOCIAL_CALLBACK_PATH = '/oidc-antares';

type State =
  | { kind: 'checking' }
  | { kind: 'choose'; providers: SocialProvider[] }
  | { kind: 'failed'; cancelled: boolean };

function csrfToken(): string {
  const entry = document.cookie.split('; ').find((cookie) => cookie.startsWith('csrftoken='));
  return entry ? decodeURIComponent(entry.slice('csrftoken='.length)) : '';
}

/**
 * Spec §7 (allauth headless): a real form POST, so the browser navigates to the provider and returns to
 * the callback URL with the session cookie set.
 */
function startProviderLogin(provider: string): void {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = `${env.apiBaseUrl}${REDIRECT_PATH}`;
  const fields = {
    provider,
    process: 'login',
    callback_url: SOCIAL_CALLBACK_PATH,
    csrfmiddlewaretoken: csrfToken(),
  };
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}

/**
 * /oidc-antares, the social login entry and return point (spec §4/§7): with an authenticated social
 * session it exchanges it for tokens (the server clears the session cookie), loads the user and goes to
 * the Mediathek; otherwise it offers the providers of the config.
 */
export function SocialLoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [state, setState] = useState<State>({ kind: 'checking' });
  const started = useRef(false);
  const error = params.get('error');

  useEffect(() => {
    // Once, also under StrictMode: the token exchange is single-use.
    if (started.current) return;
    started.current = true;
    if (error) {
      setState({ kind: 'failed', cancelled: error === 'access_denied' });
      return;
    }
    void (async () => {
      try {
        if (await hasSocialSession()) {
          session.setTokens(await obtainSocialTokens());
          try {
            await loadCurrentUser();
          } catch (loadError) {
            session.clear(keptOnUnauthorized);
            throw loadError;
          }
          appStorage.setItem(storageKeys.loginAttempts, '3');
          await navigate('/library', { replace: true });
          toasts.show({ tone: 'success', title: 'auth:toasts.loginSuccess.title' });
          return;
        }
        setState({ kind: 'choose', providers: await socialProviders() });
      } catch (failure) {
        reportError(failure, { during: 'socialLogin' });
        setState({ kind: 'failed', cancelled: false });
      }
    })();
  }, [error, navigate]);

  return (
    <Stack gap="large">
      <Stack gap="small">
        <PageHeading>{t('social.title')}</PageHeading>
        {state.kind === 'choose' && <Text tone="muted">{t('social.intro')}</Text>}
      </Stack>
      {state.kind === 'checking' && <Spinner label={t('social.checking')} />}
      {state.kind === 'choose' &&
        (state.providers.length === 0 ? (
          <Text>{t('social.none')}</Text>
        ) : (
          <Stack gap="small">
            {state.providers.map((provider) => (
              <div key={provider.id}>
                <Button variant="primary" onClick={() => startProviderLogin(provider.id)}>
                  {t('social.signInWith', { provider: provider.name })}
                </Button>
              </div>
            ))}
          </Stack>
        ))}
      {state.kind === 'failed' && (
        <Alert tone="critical" announce="assertive">
          {t(state.cancelled ? 'social.cancelled' : 'social.failed')}
        </Alert>
      )}
      <Text>
        <Link to="/login">{t('social.backToLogin')}</Link>
      </Text>
    </Stack>
  );
}

export { SocialLoginPage as Component };
