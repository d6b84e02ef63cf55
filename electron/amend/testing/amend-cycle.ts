/**
 * Test support for the kill test (electron/core/create-core.kill-restart.test.ts): a core that
 * amends until it is killed with SIGKILL at a random moment. It says "ready" on stdout once its core
 * exists, and "done" when it has nothing more to send (the test may kill it before, during or after
 * any step).
 *
 *   node amend-cycle.mjs USER_DATA_DIR DEMO_URL PLAN_JSON_FILE
 *
 * The plan: { mode: 'single', targets } amends each target in turn, as an operator would (load the
 * order, send, wait for the outcome); { mode: 'run', targets } sends them all as one Amend many run.
 */
import { readFileSync } from 'node:fs';
import { FINAL_STATUSES } from '../../../shared/attempts';
import { createCore } from '../../core/create-core';
import { testSecretBox } from '../../profiles/testing/test-secret-box';

export interface CyclePlan {
  mode: 'single' | 'run';
  targets: Array<{ orderId: string; clientOid: string; price: string }>;
}

const [userDataDir, demoUrl, planFile] = process.argv.slice(2);
if (!userDataDir || !demoUrl || !planFile) throw new Error('usage: amend-cycle USER_DATA_DIR DEMO_URL PLAN_JSON_FILE');

async function main(userDataDir: string, demoUrl: string, plan: CyclePlan): Promise<void> {
  const core = createCore({
    host: 'desktop',
    userDataDir,
    secretBox: testSecretBox(),
    version: 'test',
    localDemo: { externalUrl: demoUrl },
    // Long enough that nothing times out before the kill: an outcome is applied, or still followed.
    followTimeoutMs: 30_000,
    changeRefresh: { enabled: false },
  });
  const h = core.handlers;
  process.stdout.write('ready\n');
  if (plan.mode === 'single') {
    for (const t of plan.targets) {
      await h.getOrder({ clientOid: t.clientOid });
      let a = await h.sendModification({
        request: { clientOid: t.clientOid, category: 'USDT-FUTURES', symbol: 'BTCUSDT', price: t.price },
      });
      while (!FINAL_STATUSES.includes(a.status))
        a = await h.getAttempt({ id: a.id, after: { status: a.status, steps: a.timeline.length } });
    }
  } else {
    const run = await h.startRun({
      items: plan.targets.map((t) => ({
        orderId: t.orderId,
        category: 'USDT-FUTURES',
        symbol: 'BTCUSDT',
        price: t.price,
      })),
    });
    for (let r = run; r.finishedAt === undefined;) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      r = await h.getRun({ id: run.id });
    }
  }
  process.stdout.write('done\n');
  setInterval(() => undefined, 1000);
}

void main(userDataDir, demoUrl, JSON.parse(readFileSync(planFile, 'utf8')) as CyclePlan);
