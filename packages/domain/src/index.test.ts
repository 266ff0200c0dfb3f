import { describe, expect, it } from 'vitest';
import * as domain from './index.ts';

describe('@portal/domain entry', () => {
  it('exposes the rules other packages build on', () => {
    expect(domain.isValidEmail('lehrer@schule.example')).toBe(true);
    expect(domain.formatBytes(1.5 * 1024 ** 3)).toBe('1,50 GB');
    expect(domain.HELP_TOPIC_TITLES[domain.helpTopicForPath('/library')]).toBe('Mediathek');
    expect(domain.startCommandFor('video')).toBe('CMD.START.VIDEO');
  });
});
