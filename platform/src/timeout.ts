/**
 * `work`, or a rejection with `message` once `ms` have passed, whichever comes first. The timer is cleared either
 * way, so a settled promise leaves nothing running.
 */
export async function withTimeout<T>(work: Promise<T>, ms: number, message = `timed out after ${ms} ms`): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
