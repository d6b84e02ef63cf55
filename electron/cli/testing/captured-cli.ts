/** The whole CLI in process for tests, with what it would print captured. */
import { createCore, type Core } from '../../core/create-core';
import type { CoreDeps } from '../../core/context';
import { testSecretBox } from '../../profiles/testing/test-secret-box';
import type { CliIo } from '../output';
import { runCli } from '../run-cli';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export async function captureCli(argv: readonly string[], io: Omit<CliIo, 'stdout' | 'stderr'>): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, {
    ...io,
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
  });
  return { code, stdout, stderr };
}

/** A desktop app's core on the folder (as the app would start on it next), closed after `use`. */
export async function withAppOn<T>(
  userDataDir: string,
  extra: Partial<CoreDeps>,
  use: (core: Core) => Promise<T>,
): Promise<T> {
  const core = createCore({ host: 'desktop', userDataDir, secretBox: testSecretBox(), version: 'test', ...extra });
  try {
    return await use(core);
  } finally {
    await core.close();
  }
}
