import type { DeviceType } from '@portal/api';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { $api, apiClient } from './api.ts';
import { reportError } from './errorReporting.ts';
import { adoptPrefetched, prefetchRegistry } from './prefetch.ts';
import { answerOf } from './serverErrors.ts';
import { session } from './session.ts';

const base = $api.queryOptions('get', '/api/v2/mdm/device-type/');

/**
 * Spec §3/§8: the headset models (with their storage capacity) are loaded once at start, adopting the request the
 * inline script of index.html started, and kept for the session: they change only with a new server release.
 */
export const deviceTypesQuery = {
  ...base,
  queryFn: adoptPrefetched(
    () => prefetchRegistry.takeDeviceTypes(session.getAccessToken()),
    ({ signal }: { signal: AbortSignal }) => answerOf(apiClient.GET('/api/v2/mdm/device-type/', { signal })),
  ),
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
};

export type DeviceTypesState = 'loading' | 'ready' | 'failed';

/**
 * The start-up load of the device types for the shell's gate: asked once the signed-in user has accepted the terms
 * (the server refuses everything else before), a failure reported once through the error-reporting hook.
 */
export function useDeviceTypesLoad(enabled: boolean): { state: DeviceTypesState; retry: () => void } {
  const query = useQuery({ ...deviceTypesQuery, enabled });
  const { error, refetch } = query;
  useEffect(() => {
    if (error) reportError(error, { during: 'loading the device types' });
  }, [error]);
  const state: DeviceTypesState = query.isSuccess ? 'ready' : query.isError ? 'failed' : 'loading';
  return { state, retry: () => void refetch() };
}

/**
 * The device types, for pages behind the shell's gate (which renders them only once the types are there); an empty
 * list before that.
 */
export function useDeviceTypes(): readonly DeviceType[] {
  return useQuery({ ...deviceTypesQuery, enabled: false }).data ?? [];
}
