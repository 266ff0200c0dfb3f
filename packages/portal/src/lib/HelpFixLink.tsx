import { deriveRoleFlags, type HelpTopicKey, helpAudienceFor, helpHref } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from './api.ts';

/**
 * Where the help explains the fix of a problem the portal reports (a readiness problem, a failed receipt, a refusal):
 * the article's topic and the section's id (the `{#id}` of its heading). Any feature links there through
 * {@link HelpFixLink}; the support feature's tests check that every section exists in every audience's article.
 */
export const HELP_FIXES = {
  offline: { topic: 'products-devices', section: 'offline' },
  unpaired: { topic: 'products-devices', section: 'nicht-gekoppelt' },
  battery: { topic: 'products-devices', section: 'akku' },
  softwareTooOld: { topic: 'products-devices', section: 'software-zu-alt' },
  contentMissing: { topic: 'configuration-detail', section: 'inhalt-fehlt' },
  storageExceeded: { topic: 'configuration-detail', section: 'speicher-reicht-nicht' },
  loginLocked: { topic: 'portal', section: 'login-gesperrt' },
} as const satisfies Record<string, { topic: HelpTopicKey; section: string }>;

export type HelpFix = keyof typeof HELP_FIXES;

/**
 * The fix of each problem code the server reports — readiness problems (`ReadinessIssue.code`), failed receipts
 * (`receiptOf` of @portal/domain) and refusals (`Error.code`) share their names — or none for problems whose text
 * already says all (nothing was running, an unknown failure).
 */
const FIX_OF_PROBLEM: Readonly<Record<string, HelpFix>> = {
  offline: 'offline',
  deviceOffline: 'offline',
  expired: 'offline',
  unpaired: 'unpaired',
  batteryLow: 'battery',
  batteryEmpty: 'battery',
  softwareTooOld: 'softwareTooOld',
  pauseUnsupported: 'softwareTooOld',
  contentMissing: 'contentMissing',
  syncing: 'contentMissing',
  storageExceeded: 'storageExceeded',
  loginLocked: 'loginLocked',
};

export function helpFixOf(problem: string): HelpFix | null {
  return Object.hasOwn(FIX_OF_PROBLEM, problem) ? (FIX_OF_PROBLEM[problem] ?? null) : null;
}

/** The support address of a fix, in the reader's article (administrators and KMZ users get theirs). */
export function useHelpFixHref(fix: HelpFix): string {
  const { user } = useCurrentUser();
  const { topic, section } = HELP_FIXES[fix];
  return helpHref(topic, helpAudienceFor(topic, deriveRoleFlags(user)), section);
}

/** 'Was kann ich tun?': the link from a reported problem to the help section that fixes it. */
export function HelpFixLink({ fix }: { fix: HelpFix }) {
  const { t } = useTranslation();
  return <Link to={useHelpFixHref(fix)}>{t('help.whatCanIDo')}</Link>;
}
