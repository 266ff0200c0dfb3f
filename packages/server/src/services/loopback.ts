/** Addresses and origins of this machine: where development runs and where links cannot leak to anybody else. */

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || /^(::ffff:)?127(\.\d{1,3}){3}$/i.test(address);
}

/** An origin (or any URL) whose host is this machine: localhost, *.localhost (RFC 6761) or a loopback address. */
export function isLoopbackUrl(url: string): boolean {
  let hostname: string;
  try {
    hostname = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  const bare = hostname.replace(/^\[|\]$/g, '');
  return bare === 'localhost' || bare.endsWith('.localhost') || isLoopbackAddress(bare);
}
