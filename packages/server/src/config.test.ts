import { describe, expect, it } from 'vitest';
import { readAuditSettings, readMediaConfig } from './config.ts';

const MiB = 1024 ** 2;
const GiB = 1024 ** 3;

describe('upload limits and quota (readMediaConfig)', () => {
  it('has the documented defaults', () => {
    const media = readMediaConfig({});
    expect(media.maxBytes).toEqual({
      app: 8 * GiB,
      video: 20 * GiB,
      webApp: 2 * GiB,
      preview: 10 * MiB,
      document: 50 * MiB,
      operatingSystem: 20 * GiB,
    });
    expect(media.storageQuotaBytes).toBe(256 * GiB);
    expect(media.fileUrlTtlSeconds).toBe(6 * 3600);
  });

  it('reads every limit from its variable; a quota of 0 means none', () => {
    const media = readMediaConfig({
      MAX_APP_BYTES: '1',
      MAX_VIDEO_BYTES: '2',
      MAX_WEB_APP_BYTES: '3',
      MAX_PREVIEW_BYTES: '4',
      MAX_DOCUMENT_BYTES: '5',
      MAX_OS_IMAGE_BYTES: '6',
      STORAGE_QUOTA_BYTES: '0',
      MEDIA_URL_TTL_SECONDS: '60',
    });
    expect(media.maxBytes).toEqual({
      app: 1,
      video: 2,
      webApp: 3,
      preview: 4,
      document: 5,
      operatingSystem: 6,
    });
    expect(media.storageQuotaBytes).toBeNull();
    expect(media.fileUrlTtlSeconds).toBe(60);
  });

  it('refuses a limit that is no positive whole number', () => {
    expect(() => readMediaConfig({ MAX_VIDEO_BYTES: '0' })).toThrow(
      /MAX_VIDEO_BYTES must be a positive integer/,
    );
    expect(() => readMediaConfig({ STORAGE_QUOTA_BYTES: '-1' })).toThrow(/STORAGE_QUOTA_BYTES/);
  });

  it('does not start with a variable of an earlier version that would silently no longer apply', () => {
    expect(() => readMediaConfig({ MAX_UPLOAD_BYTES: '100' })).toThrow(
      'MAX_UPLOAD_BYTES was replaced by MAX_APP_BYTES, MAX_VIDEO_BYTES, MAX_WEB_APP_BYTES and MAX_OS_IMAGE_BYTES',
    );
    expect(() => readMediaConfig({ MAX_FILE_BYTES: '100' })).toThrow(
      'MAX_FILE_BYTES was replaced by MAX_PREVIEW_BYTES and MAX_DOCUMENT_BYTES',
    );
  });
});

describe('the Protokoll’s retention time (readAuditSettings)', () => {
  it('is 180 days unless AUDIT_RETENTION_DAYS says otherwise', () => {
    expect(readAuditSettings({})).toEqual({ retentionDays: 180 });
    expect(readAuditSettings({ AUDIT_RETENTION_DAYS: '' })).toEqual({ retentionDays: 180 });
    expect(readAuditSettings({ AUDIT_RETENTION_DAYS: '30' })).toEqual({ retentionDays: 30 });
  });

  it('refuses to start with a retention that is no positive whole number of days', () => {
    for (const raw of ['0', '-1', '1.5', 'ewig']) {
      expect(() => readAuditSettings({ AUDIT_RETENTION_DAYS: raw })).toThrow(
        /AUDIT_RETENTION_DAYS must be a positive integer/,
      );
    }
  });
});
