/**
 * The options every exchange command takes: where a signed request goes, how the answer is printed,
 * and which profile signs. Checked before the command's own options, so their words come first.
 */
import { resolve } from 'node:path';
import type { ParsedValues } from './cli-options';
import { baseUrlOption, integerOption, textOption } from './option-values';

export interface GlobalOptions {
  baseUrl: string;
  /** --base-url was given (with environment credentials it says where they sign). */
  baseUrlGiven: boolean;
  demoTrading: boolean;
  locale: string;
  json: boolean;
  timeoutMs: number;
  /** No note on stderr about where a signed request goes, and no progress. */
  quiet: boolean;
  /** --user-data DIR; undefined: the desktop app's own folder. */
  userDataDir?: string;
  /** --profile NAME: a stored profile (or the Local demo). */
  profile?: string;
  /** --passphrase-fd N: the vault passphrase is read from this file descriptor. */
  passphraseFd?: number;
}

export function globalOptions(values: ParsedValues): GlobalOptions {
  const userData = textOption('--user-data', values['user-data']);
  return {
    baseUrl: baseUrlOption(values['base-url']),
    baseUrlGiven: values['base-url'] !== undefined,
    demoTrading: values['demo-trading'] ?? false,
    locale: values.locale?.trim() || 'en-US',
    json: values.json ?? false,
    timeoutMs:
      values['timeout-ms'] === undefined ? 10_000 : integerOption('--timeout-ms', values['timeout-ms'], 1, 600_000),
    quiet: values.quiet ?? false,
    ...(userData ? { userDataDir: resolve(userData) } : {}),
    ...(values.profile !== undefined ? { profile: textOption('--profile', values.profile) } : {}),
    ...(values['passphrase-fd'] !== undefined
      ? { passphraseFd: integerOption('--passphrase-fd', values['passphrase-fd'], 0, 1_000_000) }
      : {}),
  };
}
