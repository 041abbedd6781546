import { describe, expect, it } from 'vitest';
import { formCodeOnReachPages, formsOnlyInFirstLoad } from './vite-first-load';

const chunk = (
  fileName: string,
  moduleIds: string[],
  extra: { isEntry?: boolean; name?: string; facadeModuleId?: string; imports?: string[] } = {},
) => ({
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

describe('the on-reach form check', () => {
  const route = '/repo/frontend/src/routes/contact.tsx?tsr-split=component';
  const form = chunk('assets/contact-form.js', ['/repo/node_modules/@tanstack/form-core/dist/esm/FormApi.js'], {
    imports: ['assets/valibot.js'],
  });
  const valibot = chunk('assets/valibot.js', ['/repo/node_modules/valibot/dist/index.mjs']);

  it('passes when the contact route reaches its form only through a lazy import', () => {
    const page = chunk('assets/contact.js', ['/repo/frontend/src/features/contact/components/contact-section.tsx'], {
      facadeModuleId: route,
      imports: ['assets/initial.js'],
    });
    const initial = chunk('assets/initial.js', ['/repo/node_modules/react/index.js'], { name: 'initial' });
    expect(formCodeOnReachPages({ page, initial, form, valibot })).toEqual([]);
  });

  it('names each form module the contact route loads with it, through its static imports', () => {
    const page = chunk('assets/contact.js', [], { facadeModuleId: route, imports: ['assets/contact-form.js'] });
    expect(formCodeOnReachPages({ page, form, valibot })).toEqual([
      'src/routes/contact.tsx: assets/contact-form.js ← @tanstack/form-core/dist/esm/FormApi.js',
      'src/routes/contact.tsx: assets/valibot.js ← valibot/dist/index.mjs',
    ]);
  });

  it('fails when no chunk holds the contact route (renamed: the check would check nothing)', () => {
    expect(formCodeOnReachPages({ form })).toEqual(['src/routes/contact.tsx: no chunk holds it']);
  });
});
