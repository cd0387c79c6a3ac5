/**
 * Keeping a big import's peak memory down. An import holds each chunk of rows across the chunk's
 * database round trips, so V8 promotes those rows to the old generation, which it lets grow to
 * about twice its live size before it collects: on a 100,000-row sheet that was some 350 MB of
 * dead rows at the peak. The import therefore asks for a full collection itself whenever the heap
 * has grown by HEAP_SLACK.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

/** Heap growth (bytes) since the last collection after which a big import asks for one. */
const HEAP_SLACK = 48 * 1024 * 1024;

let collectGarbage: (() => void) | undefined;

/**
 * A full garbage collection. The collector is reached the way jest's leak detector reaches it:
 * exposed just long enough to take it from a fresh context, then hidden again (no other code runs
 * in between, so no other context gets it).
 */
function fullCollection(): void {
  if (!collectGarbage) {
    const hidden = typeof (globalThis as { gc?: unknown }).gc !== 'function';
    v8.setFlagsFromString('--expose-gc');
    collectGarbage = vm.runInNewContext('gc') as () => void;
    if (hidden) v8.setFlagsFromString('--no-expose-gc');
  }
  collectGarbage();
}

const usedHeap = () => v8.getHeapStatistics().used_heap_size;

/**
 * A check to call now and then during one import: collects when the heap grew, since the last
 * collection, by HEAP_SLACK or by what the import itself still holds (the rejected rows, the
 * unique values), whichever is more - so an import that keeps much alive (every row rejected)
 * is not collected over and over for little gain.
 */
export function heapWatch(): () => void {
  const start = usedHeap();
  let mark = start;
  return () => {
    if (usedHeap() - mark < Math.max(HEAP_SLACK, mark - start)) return;
    fullCollection();
    mark = usedHeap();
  };
}
