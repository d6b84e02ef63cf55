/**
 * Test support for the kill-and-restart test (electron/core/create-core.restart-recovery.test.ts): a
 * core that sends one amend, waits until the exchange has accepted it, says so on stdout, and then
 * hangs (the test kills it with SIGKILL).
 *
 *   node --import tsx electron/amend/testing/amend-then-hang.ts USER_DATA_DIR DEMO_URL [TEAM_JSON]
 *
 * TEAM_JSON ({ url, password, displayName, orderId, price }): the core amends that order on the demo
 * account's environment profile, recording in that team store (lease as a test core's: 1.5 s).
 */
import { DEMO_ACCOUNT } from '../../../demo-exchange';
import { createCore } from '../../core/create-core';
import { testSecretBox } from '../../profiles/testing/test-secret-box';

const [userDataDir, demoUrl, teamJson] = process.argv.slice(2);
if (!userDataDir || !demoUrl) throw new Error('usage: amend-then-hang.ts USER_DATA_DIR DEMO_URL [TEAM_JSON]');

interface TeamPlan {
  url: string;
  password: string;
  displayName: string;
  orderId: string;
  price: string;
}

async function main(userDataDir: string, demoUrl: string, team?: TeamPlan): Promise<void> {
  const core = createCore({
    host: 'desktop',
    userDataDir,
    secretBox: testSecretBox(),
    version: 'test',
    localDemo: { externalUrl: demoUrl },
    followTimeoutMs: 600_000,
    ...(team
      ? {
          environmentProfile: {
            credentials: DEMO_ACCOUNT,
            baseUrl: demoUrl,
            demoTrading: false,
            locale: 'en-US',
            timeoutMs: 5_000,
            teamStore: { url: team.url, password: team.password, displayName: team.displayName },
          },
          teamLease: { leaseMs: 1_500, heartbeatMs: 300 },
          changeRefresh: { enabled: false },
        }
      : {}),
  });
  const request = team
    ? { orderId: team.orderId, price: team.price }
    : { clientOid: 'demo-btc-open', price: '60010.0' };
  if (team) await core.handlers.getOrder({ orderId: team.orderId });
  const sent = await core.handlers.sendModification({ request });
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

void main(userDataDir, demoUrl, teamJson ? (JSON.parse(teamJson) as TeamPlan) : undefined);
