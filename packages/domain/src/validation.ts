/**
 * Validation rules of spec §5. Each pattern is exported both as a RegExp and as its source string, so the
 * contract (JSON Schema `pattern`, which is unanchored by default — hence the explicit ^ and $) and the
 * server can use exactly the same rule. The sources avoid the `u` flag and lookbehinds so that every
 * JSON Schema validator accepts them.
 */

/**
 * The one rule for e-mail addresses (spec §5): what a request may give is what an answer may carry and what a mail
 * system takes, so nothing is stored or mailed that the contract's answers could not name. Spec §5's local part of
 * letters, digits and `. _ % + -`, an `@`, dot-separated domain labels and a top-level part of 2 or more letters,
 * held to what mail and DNS accept:
 * - the local part has at most 64 characters and no dot at its start, at its end or next to another dot;
 * - a domain label has 1 to 63 letters, digits and hyphens, and starts and ends with a letter or digit;
 * - the whole address has at most {@link EMAIL_MAX_LENGTH} characters (checked beside the pattern).
 */
export const EMAIL_PATTERN_SOURCE =
  '^(?=[^@]{1,64}@)[A-Za-z0-9_%+-]+(?:\\.[A-Za-z0-9_%+-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z]{2,63}$';
/** Same as {@link EMAIL_PATTERN_SOURCE}, but the top-level part must have 2 to 24 letters (spec §5, second pattern). */
export const EMAIL_PATTERN_STRICT_TLD_SOURCE =
  '^(?=[^@]{1,64}@)[A-Za-z0-9_%+-]+(?:\\.[A-Za-z0-9_%+-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z]{2,24}$';
/** The longest address a mail system takes (RFC 5321: a path of 256 octets less its angle brackets). */
export const EMAIL_MAX_LENGTH = 254;

export const EMAIL_PATTERN = new RegExp(EMAIL_PATTERN_SOURCE);
export const EMAIL_PATTERN_STRICT_TLD = new RegExp(EMAIL_PATTERN_STRICT_TLD_SOURCE);

/**
 * The value is tested as given (no trimming) so that portal, contract and server agree on every input.
 * @example isValidEmail('lehrer@schule.example') // true
 * @example isValidEmail('a@-b.example') // false: a domain label starts with a hyphen
 */
export function isValidEmail(value: string, options: { strictTld?: boolean } = {}): boolean {
  if (value.length > EMAIL_MAX_LENGTH) return false;
  return (options.strictTld ? EMAIL_PATTERN_STRICT_TLD : EMAIL_PATTERN).test(value);
}

/**
 * The form in which an address names an account: addresses are compared case-insensitively and without surrounding
 * blanks (the server stores them so; the portal keeps its login-attempt counter per account so).
 * @example normaliseEmail(' Lehrer@Schule.example ') // 'lehrer@schule.example'
 */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

export const PASSWORD_MIN_LENGTH = 8;
/**
 * At least 8 characters, one digit and one letter. "Letter" means A–Z/a–z: JSON Schema validators do not
 * all support Unicode property escapes. Other characters (umlauts, symbols) are allowed but do not count
 * as the required letter.
 */
export const PASSWORD_PATTERN_SOURCE = '^(?=[\\s\\S]*[0-9])(?=[\\s\\S]*[A-Za-z])[\\s\\S]{8,}$';
export const PASSWORD_PATTERN = new RegExp(PASSWORD_PATTERN_SOURCE);

export const PASSWORD_RULES = ['minLength', 'digit', 'letter'] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number];

/** Which rules a password breaks, in the order of {@link PASSWORD_RULES}, so a form can explain each one. */
export function passwordRuleViolations(password: string): PasswordRule[] {
  const broken: PasswordRule[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) broken.push('minLength');
  if (!/[0-9]/.test(password)) broken.push('digit');
  if (!/[A-Za-z]/.test(password)) broken.push('letter');
  return broken;
}

export function isValidPassword(password: string): boolean {
  return PASSWORD_PATTERN.test(password);
}

/**
 * Only letters, digits, hyphen, underscore and dot. Names made of dots alone ('.', '..') are refused as well:
 * they satisfy the character rule but name directories, not files.
 */
export const FILE_NAME_PATTERN_SOURCE = '^(?!\\.+$)[A-Za-z0-9._-]+$';
export const FILE_NAME_PATTERN = new RegExp(FILE_NAME_PATTERN_SOURCE);

export function isValidFileName(name: string): boolean {
  return FILE_NAME_PATTERN.test(name);
}

/**
 * Links the portal stores and shows (a profile image, a terms document): an absolute http(s) URL, or a path on
 * the portal's own server starting with a single '/' (an uploaded file, '/media/…'). '//host/…' is refused: it
 * looks like a path but points to another host. Only the characters of a URI (RFC 3986; anything else
 * percent-encoded, as a browser's address bar copies it): the server hands the link out as a URI, and a blank, a
 * quote or an umlaut in it would make none. At most 2048 characters, like the contract's fields.
 */
export const RESOURCE_URL_PATTERN_SOURCE =
  "^(https?://|/(?!/))(?:[A-Za-z0-9._~:/?#@!$&'()*+,;=-]|%[0-9A-Fa-f]{2})*$";
export const RESOURCE_URL_PATTERN = new RegExp(RESOURCE_URL_PATTERN_SOURCE);
export const RESOURCE_URL_MAX_LENGTH = 2048;

/**
 * @example isResourceUrl('https://bilder.example/lea.png') // true
 * @example isResourceUrl('/media/files/ab12.png') // true
 * @example isResourceUrl('javascript:alert(1)') // false
 */
export function isResourceUrl(value: string): boolean {
  if (value.length > RESOURCE_URL_MAX_LENGTH || !RESOURCE_URL_PATTERN.test(value)) return false;
  if (value.startsWith('/')) return true;
  // An absolute URL must also parse (a scheme alone, 'https://', is no address).
  try {
    return new URL(value).hostname !== '';
  } catch {
    return false;
  }
}

/**
 * An Android package name (application id): two or more dot-separated parts, each a letter followed by letters,
 * digits or underscores. Content items (apps) carry one, and `CMD.START.APP` may name one instead of the item: both
 * are checked by this rule, so no blank, quote, semicolon, slash or option (`-n …`) reaches a headset.
 */
export const PACKAGE_NAME_PATTERN_SOURCE = '^[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z][A-Za-z0-9_]*)+$';
export const PACKAGE_NAME_PATTERN = new RegExp(PACKAGE_NAME_PATTERN_SOURCE);
/** Android allows longer ones in theory; stores and tools stop at 255. */
export const PACKAGE_NAME_MAX_LENGTH = 255;

/**
 * @example isValidPackageName('de.example.vrlab') // true
 * @example isValidPackageName('com.x; reboot') // false
 */
export function isValidPackageName(value: string): boolean {
  return value.length <= PACKAGE_NAME_MAX_LENGTH && PACKAGE_NAME_PATTERN.test(value);
}
