/**
 * Reading the contract's error bodies (DRF style): `{detail}` or field errors `{field: [messages]}`.
 * The server's messages are German already, so the portal may show them as they are.
 */
export function errorDetail(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('detail' in error)) return undefined;
  const { detail } = error as { detail: unknown };
  return typeof detail === 'string' && detail.trim() !== '' ? detail : undefined;
}

/** The first message the server gave for `field`, if any. */
export function fieldError(error: unknown, field: string): string | undefined {
  if (typeof error !== 'object' || error === null || !(field in error)) return undefined;
  const messages = (error as Record<string, unknown>)[field];
  if (Array.isArray(messages)) {
    const first: unknown = messages[0];
    return typeof first === 'string' ? first : undefined;
  }
  return typeof messages === 'string' ? messages : undefined;
}
