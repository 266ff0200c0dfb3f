/** The id of a route such as /library/:id, or null when it is no positive integer (then nothing is asked). */
export function routeId(value: string | undefined): number | null {
  return value !== undefined && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}
