/** `uta-desk serve`'s help and options: where the browser host listens and what it serves. */
import { resolve } from 'node:path';
import { defaultUserDataDir } from '../core/open-core';
import type { ServeOptions } from '../web-host/serve';
import type { ParsedValues } from './cli-options';
import { UsageError } from './usage-error';

export const SERVE_USAGE = `Usage: uta-desk serve [--port N] [--no-open] [--user-data DIR] [--host 127.0.0.1] [--allow-non-loopback]

Runs UTA Desk in a browser: the same app as the desktop window, served on 127.0.0.1.
  --port N               Port to listen on (default: a free one). Fix it for an SSH tunnel.
  --no-open              Only print the link; do not open a browser window.
  --user-data DIR        Profiles and activity folder (default: the desktop app's own).
  --host H               Address to bind (default 127.0.0.1). Anything else is refused unless
  --allow-non-loopback   is given too: the channel is plain HTTP. Prefer an SSH tunnel:
                         ssh -N -L 8765:127.0.0.1:8765 you@server, then uta-desk serve --port 8765 there.
`;

export function serveArgs(values: ParsedValues): ServeOptions {
  const port = values.port ?? '0';
  if (!/^\d{1,5}$/.test(port) || Number(port) > 65535) throw new UsageError('--port must be 0-65535.');
  const dir = values['user-data']?.trim();
  if (values['user-data'] !== undefined && !dir) throw new UsageError('--user-data needs a folder.');
  return {
    userDataDir: dir ? resolve(dir) : defaultUserDataDir(),
    host: values.host?.trim() || '127.0.0.1',
    port: Number(port),
    allowNonLoopback: values['allow-non-loopback'] ?? false,
    open: !(values['no-open'] ?? false),
  };
}
