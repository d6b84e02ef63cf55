/**
 * The one permission the app's window may have: desktop notifications, for the alerts of watched
 * symbols, and only for the app's own page. Everything else (camera, clipboard, geolocation, …) and
 * every other origin is refused.
 */
const ALLOWED: ReadonlySet<string> = new Set(['notifications']);

/** scheme://host[:port] of a URL; the WHATWG origin of a custom scheme such as app:// is "null". */
function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}`;
  } catch {
    return undefined;
  }
}

export function allowPermission(
  permission: string,
  requestingUrl: string | undefined,
  trustedOrigins: readonly string[],
): boolean {
  if (!ALLOWED.has(permission)) return false;
  const origin = originOf(requestingUrl);
  return origin !== undefined && trustedOrigins.includes(origin);
}
