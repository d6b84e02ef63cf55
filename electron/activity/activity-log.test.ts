import { appendFile, chmod, mkdtemp, open, readFile, rm, stat, writeFile, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Attempt } from '../../shared/attempts';
import { ActivityLog, type OpenFile } from './activity-log';

function attempt(id: string, startedAt: number, patch: Partial<Attempt> = {}): Attempt {
  return {
    id,
    profileId: 'local-demo',
    profileName: 'Local demo',
    environment: 'local-demo',
    startedAt,
    request: { clientOid: 'demo-btc-open', price: '60010.0', autoCancel: 'no' },
    status: 'sending',
    summary: 'Sending the modification…',
    timeline: [{ at: startedAt, label: 'Sent' }],
    ...patch,
  };
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'activity-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('ActivityLog', () => {
  it('reads an absent file as empty', async () => {
    expect(await new ActivityLog(dir).read()).toEqual({ attempts: [], skippedLines: 0 });
  });

  it('appends one JSON line per status change and merges them by id (last line wins)', async () => {
    const log = new ActivityLog(dir);
    await log.append(attempt('a', 1));
    await log.append(attempt('a', 1, { status: 'following', summary: 'Accepted' }));
    await log.append(attempt('b', 2));
    await log.append(attempt('a', 1, { status: 'applied', summary: 'Applied', finishedAt: 900 }));
    const text = await readFile(log.path, 'utf8');
    expect(text.split('\n')).toHaveLength(5);
    const { attempts, skippedLines } = await log.read();
    expect(skippedLines).toBe(0);
    expect(attempts.map((a) => [a.id, a.status])).toEqual([
      ['b', 'sending'],
      ['a', 'applied'],
    ]);
    expect(attempts[1]?.finishedAt).toBe(900);
  });

  it('keeps the order of concurrent appends without interleaving lines', async () => {
    const log = new ActivityLog(dir);
    await Promise.all(Array.from({ length: 40 }, (_, i) => log.append(attempt(`x${i}`, i))));
    const { attempts, skippedLines } = await log.read();
    expect(skippedLines).toBe(0);
    expect(attempts).toHaveLength(40);
    expect(attempts[0]?.id).toBe('x39');
  });

  it('skips a torn last line (a crash mid-write) and counts it', async () => {
    const log = new ActivityLog(dir);
    await log.append(attempt('a', 1, { status: 'applied' }));
    const full = JSON.stringify(attempt('b', 2));
    await appendFile(log.path, full.slice(0, full.length / 2));
    const { attempts, skippedLines } = await log.read();
    expect(attempts.map((a) => a.id)).toEqual(['a']);
    expect(skippedLines).toBe(1);
  });

  it('after a restart, appends on a fresh line so a torn line does not swallow the next one', async () => {
    await new ActivityLog(dir).append(attempt('a', 1));
    const torn = JSON.stringify(attempt('b', 2)).slice(0, 30);
    const path = join(dir, 'activity.jsonl');
    await appendFile(path, torn);
    // A new process: a new ActivityLog over the same folder.
    const restarted = new ActivityLog(dir);
    await restarted.append(attempt('c', 3, { status: 'refused' }));
    await restarted.append(attempt('a', 1, { status: 'applied' }));
    const { attempts, skippedLines } = await restarted.read();
    expect(attempts.map((a) => [a.id, a.status])).toEqual([
      ['c', 'refused'],
      ['a', 'applied'],
    ]);
    expect(skippedLines).toBe(1);
  });

  it('survives a restart: a new instance reads what the old one wrote', async () => {
    const first = new ActivityLog(dir);
    await first.append(attempt('a', 1, { status: 'applied' }));
    const second = new ActivityLog(dir);
    expect((await second.read()).attempts.map((a) => a.status)).toEqual(['applied']);
  });

  it('skips garbage lines, blank lines and JSON that is not an attempt', async () => {
    const good = JSON.stringify(attempt('a', 1));
    await writeFile(
      join(dir, 'activity.jsonl'),
      ['not json', '', '   ', '{"id":"x"}', '[1,2]', good, '\u0000\u0000', 'null'].join('\n') + '\n',
    );
    const { attempts, skippedLines } = await new ActivityLog(dir).read();
    expect(attempts.map((a) => a.id)).toEqual(['a']);
    expect(skippedLines).toBe(5);
  });

  it('parses Windows line endings', async () => {
    const text = `${JSON.stringify(attempt('a', 1))}\r\n${JSON.stringify(attempt('b', 2))}\r\n`;
    await writeFile(join(dir, 'activity.jsonl'), text);
    const { attempts, skippedLines } = await new ActivityLog(dir).read();
    expect(attempts.map((a) => a.id)).toEqual(['b', 'a']);
    expect(skippedLines).toBe(0);
  });

  it('reports a write failure to the caller and keeps working afterwards', async () => {
    const log = new ActivityLog(join(dir, 'missing-folder'));
    await expect(log.append(attempt('a', 1))).rejects.toThrow();
    const ok = new ActivityLog(dir);
    await ok.append(attempt('b', 2));
    expect((await ok.read()).attempts).toHaveLength(1);
  });
});

describe('a write that fails partway (ENOSPC, EIO)', () => {
  type Step = 'open' | 'stat' | 'read' | 'append' | 'append-partial' | 'sync' | 'truncate';
  /** A real file handle whose steps fail as told, once each; 'append-partial' writes half first. */
  function faultyOpen(fail: Set<Step>, code = 'ENOSPC'): OpenFile {
    const err = () => Object.assign(new Error(`${code}: injected`), { code });
    const take = (s: Step) => fail.delete(s);
    return async (path, flags, mode) => {
      if (take('open')) throw err();
      const fh = await open(path, flags, mode);
      return new Proxy(fh, {
        get(target, key: keyof FileHandle) {
          if (key === 'stat' && fail.has('stat'))
            return async () => {
              take('stat');
              throw err();
            };
          if (key === 'read' && fail.has('read'))
            return async () => {
              take('read');
              throw err();
            };
          if (key === 'appendFile' && (fail.has('append') || fail.has('append-partial')))
            return async (data: string) => {
              if (take('append-partial')) await target.appendFile(data.slice(0, Math.floor(data.length / 2)));
              else take('append');
              throw err();
            };
          if (key === 'datasync' && fail.has('sync'))
            return async () => {
              take('sync');
              throw err();
            };
          if (key === 'truncate' && fail.has('truncate'))
            return async () => {
              take('truncate');
              throw err();
            };
          const v = target[key];
          return typeof v === 'function' ? v.bind(target) : v;
        },
      });
    };
  }

  const cases: Array<[string, Step[], string?]> = [
    ['open refused', ['open']],
    ['stat fails', ['stat'], 'EIO'],
    ['reading the tail fails', ['read'], 'EIO'],
    ['nothing written', ['append']],
    ['half the line written', ['append-partial']],
    ['the sync fails after the write', ['sync'], 'EIO'],
    ['half written and the repair fails too', ['append-partial', 'truncate'], 'EIO'],
  ];
  for (const [name, steps, code] of cases) {
    it(`${name} (${code ?? 'ENOSPC'}): the failure is reported, the next acknowledged entry is readable`, async () => {
      await new ActivityLog(dir).append(attempt('before', 1));
      const fail = new Set<Step>(steps);
      const log = new ActivityLog(dir, undefined, { openFile: faultyOpen(fail, code) });
      await expect(log.append(attempt('lost', 2))).rejects.toThrow(/injected/);
      await log.append(attempt('after', 3));
      await log.append(attempt('after', 3, { status: 'applied' }));
      const { attempts, skippedLines } = await new ActivityLog(dir).read();
      const ids = attempts.map((a) => a.id);
      expect(ids).toContain('before');
      expect(ids).toContain('after');
      expect(attempts.find((a) => a.id === 'after')?.status).toBe('applied');
      // Both acknowledged lines of 'after' are there, each on its own line.
      const lines = (await readFile(join(dir, 'activity.jsonl'), 'utf8')).split('\n');
      expect(lines.filter((l) => l.startsWith('{"id":"after"'))).toHaveLength(2);
      // A torn fragment left behind (the repair failed too) is fenced off on its own line.
      expect(skippedLines).toBe(steps.includes('truncate') ? 1 : 0);
    });
  }

  it.skipIf(process.platform === 'win32')('keeps the file readable by this user only, an older one too', async () => {
    await new ActivityLog(dir).append(attempt('a', 1));
    expect((await stat(join(dir, 'activity.jsonl'))).mode & 0o777).toBe(0o600);
    await chmod(join(dir, 'activity.jsonl'), 0o644);
    await new ActivityLog(dir).append(attempt('b', 2));
    expect((await stat(join(dir, 'activity.jsonl'))).mode & 0o777).toBe(0o600);
  });
});
