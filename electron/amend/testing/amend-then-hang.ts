/**
 * Test support for the kill-and-restart test: a core that sends one amend, waits until the exchange
 * has accepted it, says so on stdout, and then hangs (the test kills it with SIGKILL).
 *
 *   node --import tsx electron/amend/testing/amend-then-hang.ts USER_DATA_DIR DEMO_URL
 */
import { createCore } from '../../core/create-core';
import { testSecretBox } from '../../profiles/testing/test-secret-box';

const [userDataDir, demoUrl] = process.argv.slice(2);
if (!userDataDir || !demoUrl) throw new Error('usage: amend-then-hang.ts USER_DATA_DIR DEMO_URL');

async function main(userDataDir: string, demoUrl: string): Promise<void> {
  const core = createCore({
    host: 'desktop',
    userDataDir,
    secretBox: testSecretBox(),
    version: 'test',
    localDemo: { externalUrl: demoUrl },
    followTimeoutMs: 600_000,
  });
  const sent = await core.handlers.sendModification({ request: { clientOid: 'demo-btc-open', price: '60010.0' } });
  for (;;) {
    const attempt = await core.handlers.getAttempt({ id: sent.id });
    if (attempt.status !== 'sending') {
      process.stdout.write(`${JSON.stringify({ id: attempt.id, status: attempt.status })}\n`);
      break;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  setInterval(() => undefined, 1000);
}

void main(userDataDir, demoUrl);
