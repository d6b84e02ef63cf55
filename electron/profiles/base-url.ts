/**
 * Base URL of a custom profile. Credentials travel in headers, so anything but TLS is refused,
 * except to this computer itself (a local demo exchange or a tunnel).
 */
import { deskError } from '../../shared/errors';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The URL without a trailing slash; a 'validation' DeskError in words otherwise. */
export function normalizeBaseUrl(raw: string | undefined): string {
  const text = raw?.trim() ?? '';
  if (!text)
    throw deskError('validation', 'A custom profile needs a base URL, e.g. https://api.example.com.', {
      details: ['baseUrl: required'],
    });
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw deskError('validation', 'The base URL is not a valid URL. Write it in full, e.g. https://api.example.com.', {
      details: ['baseUrl: not a URL'],
    });
  }
  const loopback = LOOPBACK_HOSTS.has(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw deskError(
      'validation',
      'The base URL must use https:// (plain http:// is only allowed to 127.0.0.1, localhost or [::1]).',
      {
        details: ['baseUrl: https required'],
      },
    );
  }
  if (url.username || url.password) {
    throw deskError('validation', 'The base URL must not contain a user name or password.', {
      details: ['baseUrl: credentials in URL'],
    });
  }
  if (url.search || url.hash) {
    throw deskError('validation', 'The base URL must not contain a query (?…) or a fragment (#…).', {
      details: ['baseUrl: query or fragment'],
    });
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}
