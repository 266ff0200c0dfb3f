/** The id of a /groups/{id} route, or null when it is no positive integer (then nothing is asked of the server). */
export function routeGroupId(value: string | undefined): number | null {
  return value !== undefined && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647
    ? Number(value)
    : null;
}
