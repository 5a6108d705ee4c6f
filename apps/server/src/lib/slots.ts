/**
 * At most `size` tasks at once, the others waiting their turn in the order they came. A task
 * that throws frees its slot like one that succeeds.
 */
export interface Slots {
  run<T>(task: () => Promise<T>): Promise<T>;
}

export function createSlots(size: number): Slots {
  if (!(size >= 1)) throw new Error(`slots need a size of at least 1, not ${size}`);
  let busy = 0;
  const waiting: (() => void)[] = [];
  let next = 0;

  const release = () => {
    const start = waiting[next];
    if (start) {
      waiting[next] = undefined as unknown as () => void;
      next += 1;
      if (next > 1024 && next * 2 > waiting.length) {
        waiting.splice(0, next);
        next = 0;
      }
      start(); // the slot passes on, still taken
    } else {
      busy -= 1;
    }
  };

  return {
    async run(task) {
      if (busy < size) busy += 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}
