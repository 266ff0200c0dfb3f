/** What the inline script in index.html resolves each early request to. */
export interface PrefetchedResponse {
  ok: boolean;
  status: number;
  data?: unknown;
}

interface PrefetchedRequest {
  token: string | null;
  response: Promise<PrefetchedResponse>;
  /** The answer and when it came (ms since the epoch), set by the script once it is here. */
  arrived?: { answer: PrefetchedResponse; at: number };
}

/** `window.__portalPrefetch`, written by src/lib/prefetchScript.js before the app's JS runs. */
export interface PortalPrefetch {
  me?: PrefetchedRequest;
  deviceTypes?: PrefetchedRequest;
  content?: PrefetchedRequest & { ordering: string };
  /** The fleet's first page in the default order, on /dashboard/devices without a query string. */
  fleet?: PrefetchedRequest;
}

declare global {
  interface Window {
    __portalPrefetch?: PortalPrefetch;
  }
}

/** An early answer that had come when the app asked: its data and when it came (ms since the epoch). */
export interface Arrived {
  data: unknown;
  at: number;
}

/** The answer of an entry that has come, successfully, with the token the app has now. */
function arrivedFor(entry: PrefetchedRequest | undefined, token: string | null): Arrived | undefined {
  const arrived = entry?.arrived;
  if (!arrived?.answer.ok || entry?.token !== token) return undefined;
  return { data: arrived.answer.data, at: arrived.at };
}

export interface PrefetchRegistry {
  /** The early users/me response, once, if it was made with the same token. */
  takeCurrentUser(token: string | null): Promise<PrefetchedResponse> | undefined;
  /** The early users/me answer if it has already come, successfully, for the same token: as `takeArrivedContentList`. */
  takeArrivedCurrentUser(token: string | null): Arrived | undefined;
  /** The early device-type list, once, if it was made with the same token. */
  takeDeviceTypes(token: string | null): Promise<PrefetchedResponse> | undefined;
  /** The early first page of the fleet, once, if it was made with the same token. */
  takeFleet(token: string | null): Promise<PrefetchedResponse> | undefined;
  /** The early content list, once, if it was made with the same token and ordering. */
  takeContentList(token: string | null, ordering: string): Promise<PrefetchedResponse> | undefined;
  /**
   * The early content list if it has already come, successfully, for the same token and ordering: once, and then no
   * longer to `takeContentList` either. Anything else leaves it to `takeContentList`.
   */
  takeArrivedContentList(token: string | null, ordering: string): Arrived | undefined;
}

/**
 * Each prefetched response is handed out at most once: a later refetch must reach the server, and a
 * response made for another token or ordering would show the wrong data.
 */
export function createPrefetchRegistry(source: PortalPrefetch | undefined): PrefetchRegistry {
  let me = source?.me;
  let deviceTypes = source?.deviceTypes;
  let content = source?.content;
  let fleet = source?.fleet;
  /** The entry's response for `token` (and when it `fits`), handed out with `forget`, which drops it either way. */
  const once = <Entry extends PrefetchedRequest>(
    entry: Entry | undefined,
    forget: () => void,
    token: string | null,
    fits: (entry: Entry) => boolean = () => true,
  ) => {
    forget();
    if (!entry || entry.token !== token || !fits(entry)) return undefined;
    return entry.response;
  };
  /** The entry's answer if it has come for `token` (and `fits`): then `forget` drops it; otherwise it stays for `once`. */
  const arrivedOnce = <Entry extends PrefetchedRequest>(
    entry: Entry | undefined,
    forget: () => void,
    token: string | null,
    fits: (entry: Entry) => boolean = () => true,
  ) => {
    const arrived = entry && fits(entry) ? arrivedFor(entry, token) : undefined;
    if (arrived) forget();
    return arrived;
  };
  return {
    takeCurrentUser(token) {
      return once(me, () => (me = undefined), token);
    },
    takeDeviceTypes(token) {
      return once(deviceTypes, () => (deviceTypes = undefined), token);
    },
    takeFleet(token) {
      return once(fleet, () => (fleet = undefined), token);
    },
    takeContentList(token, ordering) {
      return once(
        content,
        () => (content = undefined),
        token,
        (entry) => entry.ordering === ordering,
      );
    },
    takeArrivedCurrentUser(token) {
      return arrivedOnce(me, () => (me = undefined), token);
    },
    takeArrivedContentList(token, ordering) {
      return arrivedOnce(
        content,
        () => (content = undefined),
        token,
        (entry) => entry.ordering === ordering,
      );
    },
  };
}

/**
 * A query's `initialData` and `initialDataUpdatedAt` from an early answer that had already come when the query was
 * first read (`take`, one of the registry's takeArrived…): the page is drawn once with it, as fresh as when it came,
 * instead of first empty and again, whole, when the answer is handed over. `adopt` turns the answer into the query's
 * data.
 */
export function arrivedAsInitialData<Data>(
  take: () => Arrived | undefined,
  adopt: (data: unknown) => Data = (data) => data as Data,
) {
  let arrived: Arrived | undefined;
  return {
    initialData: (): Data | undefined => {
      arrived = take();
      return arrived ? adopt(arrived.data) : undefined;
    },
    // TanStack Query calls this after initialData, and only when there is data.
    initialDataUpdatedAt: () => arrived?.at,
  };
}

/**
 * Wraps a query function so that its first run adopts an in-flight prefetched response. A failed
 * prefetch (401, 5xx, network) falls back to the real call, so the client's error handling, including
 * the 401 callback, still runs exactly as without prefetching.
 */
export function adoptPrefetched<Context, Data>(
  take: () => Promise<PrefetchedResponse> | undefined,
  fetcher: (context: Context) => Data | Promise<Data>,
): (context: Context) => Promise<Data> {
  return async (context) => {
    const pending = take();
    if (pending) {
      const response = await pending;
      // The inline script fetched exactly what `fetcher` would have: same path, query and token.
      if (response.ok) return response.data as Data;
    }
    return fetcher(context);
  };
}

export const prefetchRegistry = createPrefetchRegistry(
  typeof window === 'undefined' ? undefined : window.__portalPrefetch,
);
