/**
 * Bounds the instrument requests the renderer starts: at most `concurrency` in flight and at most
 * `perWindow` started in any `windowMs`. "All" is five requests; clicking Refresh repeatedly queues
 * behind the gate instead of bursting past the exchange's 20 requests per second per IP.
 */
export interface GateOptions {
  concurrency: number;
  perWindow: number;
  windowMs: number;
  now?: () => number;
}

export interface RequestGate {
  run<T>(task: () => Promise<T>): Promise<T>;
}

export function createRequestGate({
  concurrency,
  perWindow,
  windowMs,
  now = () => Date.now(),
}: GateOptions): RequestGate {
  const queue: Array<() => void> = [];
  const starts: number[] = [];
  let active = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const pump = (): void => {
    while (queue.length > 0 && active < concurrency) {
      const t = now();
      while (starts.length > 0 && starts[0]! <= t - windowMs) starts.shift();
      if (starts.length >= perWindow) {
        if (timer === undefined) {
          timer = setTimeout(
            () => {
              timer = undefined;
              pump();
            },
            starts[0]! + windowMs - t,
          );
        }
        return;
      }
      starts.push(t);
      active++;
      queue.shift()!();
    }
  };

  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push(() => {
          task()
            .then(resolve, reject)
            .finally(() => {
              active--;
              pump();
            });
        });
        pump();
      });
    },
  };
}

/** Half the exchange's budget: another window or the CLI on the same IP keeps room. */
export const instrumentsGate = createRequestGate({ concurrency: 3, perWindow: 10, windowMs: 1000 });
