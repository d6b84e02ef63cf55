/**
 * A team store's address: what a profile may name as its PostgreSQL database, and how it is shown.
 *
 * The address is shown and saved in clear, so it never holds the password (that is sealed apart, as
 * the API secrets are). It may set only a few connection parameters: pg reads every query parameter
 * of the address as a setting, `host=` and `password=` included, so an address whose visible host is
 * one server could otherwise connect to another, or carry a password nobody sees as one.
 */

export const MAX_STORE_ADDRESS = 2048;

/** libpq's sslmode values, weakest first. */
export const SSL_MODES = ['disable', 'allow', 'prefer', 'require', 'verify-ca', 'verify-full'] as const;

/** The query parameters an address may set. */
export const STORE_ADDRESS_PARAMETERS = ['sslmode', 'connect_timeout', 'application_name'] as const;

export const STORE_ADDRESS_EXAMPLE = 'postgres://host/db?sslmode=verify-full';

export const PASSWORD_IN_ADDRESS =
  'Put the password in Store password, not in the address: an address is shown and saved in clear';

const MAX_CONNECT_TIMEOUT_S = 3600;
/** PostgreSQL keeps 63 bytes of an application name (NAMEDATALEN − 1). */
const MAX_APPLICATION_NAME = 63;

/**
 * Why an address is refused, in words; undefined when it is one a profile (or `uta-desk team`) may
 * name. Never quotes a value of the address (one could be a password pasted in the wrong place).
 * `passwordInAddress`: where the caller takes the password instead, in words.
 */
export function storeAddressProblem(text: string, passwordInAddress = PASSWORD_IN_ADDRESS): string | undefined {
  if (text.length > MAX_STORE_ADDRESS) return `At most ${MAX_STORE_ADDRESS} characters`;
  if (/[\s\p{Cc}]/u.test(text)) return 'An address has no spaces or line breaks (write a space as %20)';
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(text)?.[1]?.toLowerCase();
  if (scheme !== 'postgres' && scheme !== 'postgresql')
    return `Only postgres:// or postgresql:// addresses: a team store is a PostgreSQL database, e.g. ${STORE_ADDRESS_EXAMPLE}`;
  // The user name and password come before the last "@" of the part up to the first "/", "?" or "#".
  const authority = text.slice(`${scheme}://`.length).split(/[/?#]/, 1)[0] ?? '';
  const at = authority.lastIndexOf('@');
  if (at >= 0 && authority.slice(0, at).includes(':')) return passwordInAddress;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `Not an address UTA Desk can read: check the host and the port (1–65535), e.g. ${STORE_ADDRESS_EXAMPLE}`;
  }
  if (url.password !== '') return passwordInAddress;
  if (url.hostname === '') return `The address needs a host, e.g. ${STORE_ADDRESS_EXAMPLE}`;
  if (url.hostname.includes(',')) return 'One host only: UTA Desk connects to one server, the primary';
  if (url.port === '0') return 'The port is 1 to 65535';
  const database = url.pathname.replace(/^\//, '');
  if (database === '') return `The address needs a database name after the host, e.g. ${STORE_ADDRESS_EXAMPLE}`;
  if (database.includes('/')) return 'The database name is one word after the host: postgres://host/db';
  if (url.hash !== '') return 'An address has no #part';
  return parametersProblem(url.searchParams, passwordInAddress);
}

function parametersProblem(params: URLSearchParams, passwordInAddress: string): string | undefined {
  const seen = new Set<string>();
  for (const [key, value] of params) {
    if (key === 'password') return passwordInAddress;
    if (!(STORE_ADDRESS_PARAMETERS as readonly string[]).includes(key)) {
      // Named when it looks like a parameter; anything else could be a secret pasted in the wrong place.
      const named = /^[a-z_]{1,32}$/i.test(key) ? `"${key}"` : 'a parameter';
      return `The address may not set ${named}: only sslmode, connect_timeout and application_name are taken`;
    }
    if (seen.has(key)) return `The address sets ${key} twice`;
    seen.add(key);
    const problem = valueProblem(key, value);
    if (problem) return problem;
  }
  return undefined;
}

function valueProblem(key: string, value: string): string | undefined {
  if (key === 'sslmode' && !(SSL_MODES as readonly string[]).includes(value))
    return `sslmode is one of ${SSL_MODES.join(', ')}`;
  if (key === 'connect_timeout' && !(/^\d{1,4}$/.test(value) && +value >= 1 && +value <= MAX_CONNECT_TIMEOUT_S))
    return `connect_timeout is whole seconds, 1 to ${MAX_CONNECT_TIMEOUT_S}`;
  if (key === 'application_name' && !new RegExp(`^[\\x20-\\x7e]{1,${MAX_APPLICATION_NAME}}$`).test(value))
    return `application_name is 1 to ${MAX_APPLICATION_NAME} plain characters (ASCII)`;
  return undefined;
}

/**
 * Where the store is, for a card or a message: "db.example:5432/desk". Never the user name, the
 * password or the parameters; the address as given when it cannot be read.
 */
export function storeAddressWords(address: string): string {
  try {
    const u = new URL(address);
    return `${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname}`;
  } catch {
    return 'an address UTA Desk cannot read';
  }
}
