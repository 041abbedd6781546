import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../testing/app';

// Never fetched: the addresses are only handed to the browser as links.
const t = useTestApp({
  env: { SOCIAL_LINKS: 'https://www.linkedin.com/company/lucid-insight, https://x.com/lucidinsight' },
});

describe('GET /api/config socialLinks (issue 26)', () => {
  it("gives the browser the company's configured profiles, each with its network", async () => {
    const response = await t.get('/api/config');
    expect(response.status).toBe(200);
    expect((await response.json()).socialLinks).toEqual([
      { network: 'linkedin', url: 'https://www.linkedin.com/company/lucid-insight' },
      { network: 'x', url: 'https://x.com/lucidinsight' },
    ]);
  });
});
