import { mkdirSync } from 'node:fs';
import type { AppContext } from '../context.ts';
import { LocalMediaStorage, type MediaConfig, readMediaConfig } from './storage.ts';
import { UploadService } from './uploads.ts';

export interface Media {
  config: MediaConfig;
  storage: LocalMediaStorage;
  uploads: UploadService;
}

const perContext = new WeakMap<AppContext, Media>();

/**
 * The media storage and upload service of one app, built once from the environment (UPLOAD_DIR etc.) and
 * shared by the handler modules and the /media/files/ route.
 */
export function mediaFor(context: AppContext): Media {
  let media = perContext.get(context);
  if (!media) {
    const config = readMediaConfig();
    const storage = new LocalMediaStorage(config.uploadDir);
    mkdirSync(storage.filesDir, { recursive: true });
    mkdirSync(storage.incomingDir, { recursive: true });
    media = { config, storage, uploads: new UploadService(context.db, storage, config) };
    perContext.set(context, media);
  }
  return media;
}
