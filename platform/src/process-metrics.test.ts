import { describe, expect, it } from 'vitest';
import { memoryLimitBytes } from './process-metrics';

const files = (entries: Record<string, string>) => (path: string) => {
  const text = entries[path];
  if (text === undefined) throw new Error(`ENOENT ${path}`);
  return text;
};

describe('the memory limit of the container', () => {
  it('reads cgroup v2, then v1', () => {
    expect(memoryLimitBytes(files({ '/sys/fs/cgroup/memory.max': '805306368\n' }))).toBe(805306368);
    expect(memoryLimitBytes(files({ '/sys/fs/cgroup/memory/memory.limit_in_bytes': '536870912\n' }))).toBe(536870912);
  });

  it('has none when the cgroup says "max", a huge v1 number, or there is no cgroup', () => {
    expect(memoryLimitBytes(files({ '/sys/fs/cgroup/memory.max': 'max\n' }))).toBeNull();
    expect(
      memoryLimitBytes(files({ '/sys/fs/cgroup/memory/memory.limit_in_bytes': '9223372036854771712' })),
    ).toBeNull();
    expect(memoryLimitBytes(files({}))).toBeNull();
  });
});
