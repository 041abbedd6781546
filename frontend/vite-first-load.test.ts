import { describe, expect, it } from 'vitest';
import { formsOnlyInFirstLoad } from './vite-first-load';

const chunk = (fileName: string, moduleIds: string[], extra: { isEntry?: boolean; name?: string } = {}) => ({
  type: 'chunk' as const,
  fileName,
  moduleIds,
  ...extra,
});

describe('the first-load check', () => {
  it('finds valibot in the entry or the initial chunk, naming the chunk and the module', () => {
    const found = formsOnlyInFirstLoad({
      'assets/index.js': chunk('assets/index.js', ['/repo/frontend/src/main.tsx'], { isEntry: true }),
      'assets/initial.js': chunk('assets/initial.js', ['/repo/node_modules/valibot/dist/index.mjs'], {
        name: 'initial',
      }),
    });
    expect(found).toEqual(['assets/initial.js ← valibot/dist/index.mjs']);
  });

  it('lets a lazily loaded chunk (a form) hold valibot', () => {
    expect(
      formsOnlyInFirstLoad({
        'assets/contact.js': chunk('assets/contact.js', ['/repo/node_modules/valibot/dist/index.mjs'], {
          name: 'contact',
        }),
        'assets/initial.js': chunk('assets/initial.js', ['/repo/node_modules/react/index.js'], { name: 'initial' }),
      }),
    ).toEqual([]);
  });
});
