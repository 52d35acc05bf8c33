/**
 * Runs tasks with at most `concurrency` at once overall and `perKey` at once per key (the
 * feed's host), so one slow outlet with many feeds cannot take every slot and no host
 * sees more than a couple of our requests at a time. Tasks start in submission order,
 * skipping over those whose host is busy.
 */

export interface Limiter {
  run<T>(key: string, task: () => Promise<T>): Promise<T>;
  /** Tasks running now (for tests and progress). */
  readonly active: number;
}

export function createLimiter({ concurrency, perKey }: { concurrency: number; perKey: number }): Limiter {
  const queue: { key: string; start: () => void }[] = [];
  const perKeyActive = new Map<string, number>();
  let active = 0;

  const pump = () => {
    for (let i = 0; i < queue.length && active < concurrency;) {
      const { key, start } = queue[i];
      if ((perKeyActive.get(key) ?? 0) >= perKey) {
        i++;
        continue;
      }
      queue.splice(i, 1);
      active++;
      perKeyActive.set(key, (perKeyActive.get(key) ?? 0) + 1);
      start();
    }
  };

  return {
    get active() {
      return active;
    },
    run<T>(key: string, task: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({
          key,
          start: () => {
            Promise.resolve()
              .then(task)
              .then(resolve, reject)
              .finally(() => {
                active--;
                const left = (perKeyActive.get(key) ?? 1) - 1;
                if (left) perKeyActive.set(key, left);
                else perKeyActive.delete(key);
                pump();
              });
          },
        });
        pump();
      });
    },
  };
}
