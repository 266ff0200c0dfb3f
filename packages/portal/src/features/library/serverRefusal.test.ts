import { describe, expect, it } from 'vitest';
import { refusalDetail, ServerRefusal } from './serverRefusal.ts';

describe('ServerRefusal', () => {
  it("keeps the server's German detail and the status", () => {
    const refusal = new ServerRefusal(403, { detail: 'Sie gehören dieser Organisation nicht an.' });
    expect(refusal.status).toBe(403);
    expect(refusalDetail(refusal)).toBe('Sie gehören dieser Organisation nicht an.');
  });

  it('has no detail for field errors, empty bodies and other errors', () => {
    expect(refusalDetail(new ServerRefusal(400, { title: ['Zu lang.'] }))).toBeUndefined();
    expect(refusalDetail(new ServerRefusal(500, undefined))).toBeUndefined();
    expect(refusalDetail(new Error('network'))).toBeUndefined();
  });
});
