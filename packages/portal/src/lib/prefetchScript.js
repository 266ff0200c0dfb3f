// Inlined into index.html by build/indexHtml.ts (plain JS, no imports): it starts the API calls the first
// screen needs while the browser is still fetching the app's JavaScript, so /library shows data after
// three round trips (HTML, then JS + translations + API in parallel). The app adopts these promises
// through src/lib/prefetch.ts; what it cannot match it fetches again, so a wrong guess costs a request,
// never correctness. Keys, headers and query must stay in step with lib/storage.ts, @portal/api's
// middleware, lib/contentQueries.ts and features/devices/fleetView.ts (src/lib/prefetch.test.ts checks that).
((w, apiBase) => {
  const prefix = 'vr-portal.';
  let token = null;
  let ordering = null;
  try {
    token = w.localStorage.getItem(`${prefix}accessToken`);
    ordering = w.localStorage.getItem(`${prefix}contentOrdering`);
  } catch {
    // Storage may be blocked; then the visitor is anonymous as far as we can tell.
  }
  if (!token || !ordering) ordering = '-created_at';

  const requestId = () =>
    typeof w.crypto?.randomUUID === 'function'
      ? w.crypto.randomUUID()
      : `p-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

  const get = (path) => {
    const headers = {
      'Cache-Control': 'no-cache, no-store, must-revalidate',
      Pragma: 'no-cache',
      Expires: '0',
      'X-Request-ID': requestId(),
    };
    if (token) headers.Authorization = `Bearer ${token}`;
    return w
      .fetch(apiBase + path, { headers, credentials: 'include' })
      .then((response) =>
        response.ok
          ? response.json().then((data) => ({ ok: true, status: response.status, data }))
          : { ok: false, status: response.status },
      )
      .catch(() => ({ ok: false, status: 0 }));
  };

  // The previews of the first row of cards (features/library/cardLayout.ts's FIRST_ROW, loaded eagerly there) are the
  // page's largest paint: their requests start as soon as the list is here, not once the app's JavaScript has drawn the
  // cards.
  const FIRST_ROW = 4;
  const preloadFirstPreviews = (answer) => {
    if (!answer.ok || !w.document) return;
    for (const item of (answer.data?.results ?? []).slice(0, FIRST_ROW)) {
      if (!item.previewImage) continue;
      const link = w.document.createElement('link');
      link.rel = 'preload';
      link.as = 'image';
      link.href = item.previewImage;
      link.fetchPriority = 'high';
      w.document.head.append(link);
    }
  };

  // Each request notes its answer once it is here: what has come before the app draws is in its first frame
  // (prefetch.ts, takeArrived…).
  const early = (entry) => {
    entry.response.then((answer) => {
      entry.arrived = { answer, at: Date.now() };
    });
    return entry;
  };

  const path = w.location.pathname;
  const prefetch = {};
  if (token) {
    prefetch.me = early({ token, response: get('/api/v1/users/me/') });
    // Spec §8: the device types load once at start and the signed-in portal shows nothing before them.
    prefetch.deviceTypes = { token, response: get('/api/v2/mdm/device-type/') };
  }
  // The Mediathek shows the list first. A query string means search, filters or another page: the app asks for
  // that itself (guessing it here would duplicate the app's URL parsing).
  const plain = !w.location.search || w.location.search === '?';
  if (plain && (path === '/library' || path === '/library/')) {
    const query = `ordering=${encodeURIComponent(ordering)}&page_size=24`;
    prefetch.content = early({ token, ordering, response: get(`/api/v2/cms/content/?${query}`) });
    prefetch.content.response.then(preloadFirstPreviews);
  }
  // The fleet's first page in the default order, which its table shows first (features/devices/fleetView.ts).
  if (token && plain && (path === '/dashboard/devices' || path === '/dashboard/devices/')) {
    prefetch.fleet = { token, response: get('/api/v3/mdm/devices/?page_size=50&ordering=name') };
  }
  w.__portalPrefetch = prefetch;
})(window, __PORTAL_API_BASE__);
