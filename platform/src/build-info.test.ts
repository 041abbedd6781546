import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { registerBuildInfo } from './build-info';

describe('build_info', () => {
  it('is 1, labelled with the release the image was built from, the runtime and the service', async () => {
    const registry = new Registry();
    registerBuildInfo(registry, 'workers', { APP_VERSION: '1.4.0', GIT_COMMIT: '9b7dbd8' });
    const text = await registry.metrics();
    expect(text).toContain('# TYPE build_info gauge');
    expect(text).toMatch(
      /^build_info\{version="1\.4\.0",commit="9b7dbd8",runtime="bun \d+\.\d+\.\d+",service="workers"\} 1$/m,
    );
  });

  it('says dev and unknown for a process started from a checkout', async () => {
    const registry = new Registry();
    registerBuildInfo(registry, 'api', {});
    expect(await registry.metrics()).toMatch(
      /build_info\{version="dev",commit="unknown",runtime="[^"]+",service="api"\} 1/,
    );
  });
});
