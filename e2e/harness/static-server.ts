/** Serves the built renderer over http with the app's CSP, as the app:// protocol does in Electron. */
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { CONTENT_SECURITY_POLICY } from '../../electron/security/csp';
import { mimeType, resolveStaticPath } from '../../electron/security/static-files';

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

/** `headers` are added to every answer (the grid benchmark asks for cross-origin isolation). */
export async function serveRenderer(root: string, headers: Record<string, string> = {}): Promise<StaticServer> {
  const server: Server = createServer((req, res) => {
    const file = resolveStaticPath(root, req.url ?? '/');
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    readFile(file).then(
      (body) => {
        res.writeHead(200, {
          'content-type': mimeType(file),
          'content-security-policy': CONTENT_SECURITY_POLICY,
          ...headers,
        });
        res.end(body);
      },
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
