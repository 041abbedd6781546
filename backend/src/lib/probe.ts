/** Whether a dependency answered its probe within the time: 'up' or 'down'. */
export const probe = (check: () => Promise<unknown>, ms = 2000): Promise<'up' | 'down'> => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  return Promise.race([Promise.resolve().then(check), timeout])
    .then(
      () => 'up' as const,
      () => 'down' as const,
    )
    .finally(() => clearTimeout(timer));
};
