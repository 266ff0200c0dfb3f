import { describe, expect, it } from 'vitest';
import {
  createLocalStorageResumeStore,
  createMemoryResumeStore,
  type KeyValueStorage,
  parseResumeState,
  type UploadResumeState,
} from './resumeStore.ts';

const state: UploadResumeState = {
  version: 1,
  uploadId: 'up-1',
  fileName: 'rundgang_360.mp4',
  partSize: 8_388_608,
  maxParts: 10_000,
  expiresAt: '2026-11-23T10:00:00.000Z',
  file: { name: 'rundgang_360.mp4', size: 52_428_800, lastModified: 1_700_000_000_000 },
  parts: [
    { partNumber: 1, etag: '"a1"' },
    { partNumber: 3, etag: '"c3"' },
  ],
};

function mapStorage(): KeyValueStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, value);
    },
    removeItem: (key) => {
      items.delete(key);
    },
  };
}

describe('createLocalStorageResumeStore', () => {
  it('saves under the prefix, loads it back and removes it', () => {
    const storage = mapStorage();
    const store = createLocalStorageResumeStore('vr-portal.upload.', storage);
    store.save('content.42', state);
    expect([...storage.items.keys()]).toEqual(['vr-portal.upload.content.42']);
    expect(createLocalStorageResumeStore('vr-portal.upload.', storage).load('content.42')).toEqual(state);
    store.remove('content.42');
    expect(storage.items.size).toBe(0);
    expect(store.load('content.42')).toBeNull();
  });

  it('treats damaged or foreign entries as nothing to resume', () => {
    const storage = mapStorage();
    const store = createLocalStorageResumeStore('p.', storage);
    storage.items.set('p.a', '{not json');
    storage.items.set('p.b', JSON.stringify({ ...state, version: 2 }));
    storage.items.set('p.c', JSON.stringify({ ...state, partSize: 0 }));
    storage.items.set('p.d', JSON.stringify({ ...state, parts: [{ partNumber: 1 }] }));
    for (const key of ['a', 'b', 'c', 'd']) {
      expect(store.load(key)).toBeNull();
    }
  });

  it('is created and used without a global localStorage (Node, server rendering)', () => {
    expect(typeof globalThis.localStorage).toBe('undefined');
    const store = createLocalStorageResumeStore('vr-portal.upload.');
    expect(store.load('content.1')).toBeNull();
    expect(() => store.save('content.1', state)).not.toThrow();
  });

  it('swallows storage failures such as a full quota', () => {
    const storage = mapStorage();
    storage.setItem = () => {
      throw new DOMException('quota', 'QuotaExceededError');
    };
    const store = createLocalStorageResumeStore('p.', storage);
    expect(() => store.save('k', state)).not.toThrow();
    expect(store.load('k')).toBeNull();
  });
});

describe('parseResumeState', () => {
  it('accepts a saved state and drops unknown fields', () => {
    expect(parseResumeState({ ...state, extra: true })).toEqual(state);
  });
});

describe('createMemoryResumeStore', () => {
  it('hands out copies, so the engine cannot change what was saved', () => {
    const store = createMemoryResumeStore();
    store.save('k', state);
    const loaded = store.load('k') as UploadResumeState;
    loaded.parts.push({ partNumber: 9, etag: 'x' });
    expect((store.load('k') as UploadResumeState).parts).toHaveLength(2);
  });
});
