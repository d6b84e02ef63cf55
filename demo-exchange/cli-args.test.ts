import { describe, expect, it } from 'vitest';
import { parseCliArgs, UsageError } from './cli-args';

describe('parseCliArgs', () => {
  it('defaults to 127.0.0.1, a free port and rate limits on', () => {
    expect(parseCliArgs([])).toEqual({
      help: false,
      stateFile: undefined,
      scenario: false,
      options: {
        host: '127.0.0.1',
        port: 0,
        engineLatencyMs: undefined,
        cancelLatencyMs: undefined,
        clockOffsetMs: undefined,
        rateLimit: true,
      },
    });
  });

  it('reads every flag', () => {
    const args = ['--host', '0.0.0.0', '--port', '8123', '--state', 's.json', '--engine-latency-ms', '50'];
    const more = ['--cancel-latency-ms', '20', '--clock-offset-ms=-1500', '--no-rate-limit', '--scenario'];
    expect(parseCliArgs([...args, ...more])).toEqual({
      help: false,
      stateFile: 's.json',
      scenario: true,
      options: {
        host: '0.0.0.0',
        port: 8123,
        engineLatencyMs: 50,
        cancelLatencyMs: 20,
        clockOffsetMs: -1500,
        rateLimit: false,
      },
    });
    expect(parseCliArgs(['-h']).help).toBe(true);
  });

  it.each([
    [['--bogus'], /Unknown option '--bogus'/],
    [['--port', 'abc'], /--port expects an integer/],
    [['--port', '70000'], /--port expects an integer/],
    [['--port', '1.5'], /--port expects an integer/],
    [['--engine-latency-ms=-5'], /--engine-latency-ms expects an integer/],
    [['--engine-latency-ms'], /argument missing/],
    [['--host', ' '], /--host expects/],
    [['extra'], /positional/i],
    [['--no-rate-limit=yes'], /does not take an argument/],
  ])('refuses %j', (args, message) => {
    expect(() => parseCliArgs(args)).toThrow(UsageError);
    expect(() => parseCliArgs(args)).toThrow(message);
  });
});
