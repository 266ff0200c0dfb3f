import { describe, expect, it } from 'vitest';
import { playbackHref, playbackTargetFrom } from './playbackLink.ts';

describe('playback links', () => {
  it('carry the content and the headsets to tick, and read back the same', () => {
    const href = playbackHref({ content: 12, group: 3, configuration: 7, devices: [4, 5] });
    expect(href).toBe('/dashboard/playback?content=12&configuration=7&group=3&devices=4%2C5');
    expect(playbackTargetFrom(new URL(href, 'http://portal').searchParams)).toEqual({
      content: 12,
      configuration: 7,
      group: 3,
      devices: [4, 5],
      plan: null,
    });
    expect(playbackHref()).toBe('/dashboard/playback');
    expect(playbackTargetFrom(new URL(playbackHref({ plan: 9 }), 'http://portal').searchParams).plan).toBe(9);
  });

  it('leave out what is malformed, and repeated headsets', () => {
    expect(
      playbackTargetFrom(
        new URLSearchParams('content=abc&group=0&configuration=-1&devices=3,x,3,99999999999'),
      ),
    ).toEqual({
      content: null,
      configuration: null,
      group: null,
      devices: [3],
      plan: null,
    });
  });
});
