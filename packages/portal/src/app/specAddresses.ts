/**
 * Spec §2's help mapping names /products, /products/devices, /configurations and /configurations/{id}; the portal
 * keeps those pages under /dashboard. These addresses lead there, query string included, so a bookmark or a link of
 * the spec's form works. Loaded with the route (router.tsx), not with the entry; a plain redirect answer, so this chunk
 * needs nothing of the router.
 */
const MOVED: readonly [from: RegExp, to: string][] = [
  [/^\/products\/?$/, '/dashboard'],
  [/^\/products\/devices\/?$/, '/dashboard/devices'],
  [/^\/configurations(\/[^/]+)?\/?$/, '/dashboard/configurations$1'],
];

export function loader({ request }: { request: Request }): Response {
  const { pathname, search } = new URL(request.url);
  const [from, to] = MOVED.find(([pattern]) => pattern.test(pathname)) ?? [/^.*$/, '/dashboard'];
  return new Response(null, { status: 302, headers: { Location: `${pathname.replace(from, to)}${search}` } });
}
