import type { User } from '@portal/api';
import { afterEach, describe, expect, it } from 'vitest';
import { currentUserQueryKey, queryClient } from '../lib/api.ts';
import { session } from '../lib/session.ts';
import { toasts } from '../lib/toasts.ts';
import { requireAdministrator, requireSignedIn } from './guards.tsx';

function userOf(email: string, isAdministrator: boolean): User {
  return {
    id: 7,
    email,
    firstName: 'Erika',
    lastName: 'Muster',
    hasAcceptedTos: true,
    isStaff: false,
    isSocialUser: false,
    isKMZUser: true,
    isContentAdmin: false,
    arixSchoolid: null,
    language: null,
    img: null,
    organisations: [
      {
        id: 1,
        name: 'Kreismedienzentrum Demo',
        organisationType: 4,
        msbSchoolNumber: null,
        memberships: [
          {
            id: 1,
            isAdministrator,
            user: { id: 7, email, firstName: 'Erika', lastName: 'Muster' },
            removalDeletesAccount: true,
          },
        ],
      },
    ],
  };
}

async function caught(run: () => unknown): Promise<Response> {
  try {
    await run();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  throw new Error('the guard let the visitor through');
}

function lastToast() {
  return toasts.getSnapshot().at(-1);
}

afterEach(() => {
  session.clear();
  queryClient.clear();
  for (const toast of toasts.getSnapshot()) toasts.dismiss(toast.id);
});

describe('requireSignedIn (spec §6)', () => {
  it('sends a visitor without session to /login with the warning toast', async () => {
    const response = await caught(() => requireSignedIn());
    expect(response.headers.get('Location')).toBe('/login');
    expect(lastToast()).toMatchObject({
      tone: 'warning',
      title: 'auth:toasts.notLoggedIn.title',
      description: 'auth:toasts.notLoggedIn.description',
    });
  });

  it('lets a signed-in user through without a toast', () => {
    session.setTokens({ access: 'a', refresh: 'r' });
    expect(requireSignedIn()).toBeNull();
    expect(toasts.getSnapshot()).toEqual([]);
  });
});

describe('requireAdministrator (spec §6)', () => {
  it('sends a member who is no administrator to /library with the error toast', async () => {
    session.setTokens({ access: 'a', refresh: 'r' });
    queryClient.setQueryData(currentUserQueryKey, userOf('lehrer@schule.example', false));
    const response = await caught(() => requireAdministrator());
    expect(response.headers.get('Location')).toBe('/library');
    expect(lastToast()).toMatchObject({
      tone: 'error',
      title: 'auth:toasts.restricted.title',
      description: 'auth:toasts.restricted.description',
    });
  });

  it('lets the administrator of the first organisation through', async () => {
    session.setTokens({ access: 'a', refresh: 'r' });
    queryClient.setQueryData(currentUserQueryKey, userOf('admin@kmz.example', true));
    expect(await requireAdministrator()).toBeNull();
    expect(toasts.getSnapshot()).toEqual([]);
  });

  it('does not call an administrator restricted when the user could not be loaded', async () => {
    session.setTokens({ access: 'a', refresh: 'r' });
    // Nothing cached, and in this test process users/me cannot be fetched at all: a failure that is no 401.
    const thrown = await requireAdministrator().catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Error);
    expect(thrown).not.toBeInstanceOf(Response);
    expect(session.getAccessToken()).toBe('a');
    expect(toasts.getSnapshot()).toEqual([]);
  });

  it('leaves the not-signed-in announcement to the dashboard guard', async () => {
    const response = await caught(() => requireAdministrator());
    expect(response.headers.get('Location')).toBe('/login');
    expect(toasts.getSnapshot()).toEqual([]);
  });
});
