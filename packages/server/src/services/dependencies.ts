import type { AccessSettings, AuditSettings, MediaConfig, SiteSettings } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { Mailer } from '../infra/mail.ts';
import type { MediaStorage } from '../infra/storage.ts';
import type { SocialLogin } from './accounts/social.ts';
import type { Throttle } from './accounts/throttle.ts';
import type { TokenService } from './accounts/tokens.ts';
import type { MediaLinks } from './content/mediaLinks.ts';
import type { UploadService } from './content/uploads.ts';
import type { HeadsetEvents } from './headsets/headsetEvents.ts';
import type { HeadsetSide } from './headsets/headsetSide.ts';

// The types come from the areas' own files, not their index.ts: every area's services import this file, so going
// through an index would close an import cycle (content/index.ts → content.ts → here → content/index.ts).

/**
 * What the composition root (app.ts) builds once and hands to every operation: the database, the settings and the
 * services built on them. Services take the parts they need (`Pick<Services, 'db' | 'tokens'>`), never the whole.
 */
export interface Services {
  db: Database;
  settings: AccessSettings;
  media: MediaConfig;
  /** How long the Protokoll keeps entries. */
  audit: AuditSettings;
  /** The operator's imprint and support contact, as the public pages show them. */
  site: SiteSettings;
  tokens: TokenService;
  throttle: Throttle;
  mailer: Mailer;
  storage: MediaStorage;
  /** Signs the URLs of stored files for whoever may fetch them. */
  mediaLinks: MediaLinks;
  uploads: UploadService;
  social: SocialLogin;
  /** Wakes the headsets' long polls when commands are queued (in-process on PGlite, LISTEN/NOTIFY on PostgreSQL). */
  headsetEvents: HeadsetEvents;
  /** The headset side's statements, gathered for the headsets that call at the same moment. */
  headsetSide: HeadsetSide;
}
