import { describe, expect, it } from 'vitest';
import { checkScopeDraft, emptyScopeDraft, type ScopeDraft, scopeDraftOf, scopeSummary } from './scope-draft';

const draft = (over: Partial<ScopeDraft>): ScopeDraft => ({ ...emptyScopeDraft(), ...over });

describe('checkScopeDraft', () => {
  it('gives null (not set up) for an empty draft, and the empty scope for "No filter"', () => {
    for (const mode of ['powerbi', 'tableau', 'metabase'] as const)
      expect(checkScopeDraft(mode, emptyScopeDraft())).toEqual({ scope: null, issues: [] });
    expect(checkScopeDraft('powerbi', draft({ unrestricted: true, roles: 'ignored' })).scope).toEqual({ roles: [] });
    expect(checkScopeDraft('tableau', draft({ unrestricted: true })).scope).toEqual({ attributes: {} });
    expect(checkScopeDraft('metabase', draft({ unrestricted: true })).scope).toEqual({ params: {} });
  });

  it('splits Power BI roles on commas, and leaves out an empty username and custom data', () => {
    expect(checkScopeDraft('powerbi', draft({ roles: ' A, ,B ', customData: 'x' })).scope).toEqual({
      roles: ['A', 'B'],
      customData: 'x',
    });
    expect(checkScopeDraft('powerbi', draft({ username: ' u@x.test ' })).scope).toEqual({
      roles: [],
      username: 'u@x.test',
    });
  });

  it('puts the contracts’ messages under the field they concern', () => {
    expect(checkScopeDraft('powerbi', draft({ roles: 'ok', customData: 'c'.repeat(1025) })).issues).toEqual([
      { path: ['customData'], message: 'Custom data must be at most 1,024 characters' },
    ]);
    const rows = [
      { name: 'region', value: 'EU' },
      { name: 'notes', value: 'v'.repeat(1001) },
    ];
    expect(checkScopeDraft('tableau', draft({ rows })).issues).toEqual([
      { path: ['rows', 1, 'value'], message: 'Values must be at most 1,000 characters' },
    ]);
    expect(checkScopeDraft('metabase', draft({ rows: [{ name: 'bad\u0007', value: '1' }] })).issues).toEqual([
      { path: ['rows', 0, 'name'], message: 'Parameter name must not contain control characters' },
    ]);
  });

  it('skips blank rows, needs a name for a value, refuses a name given twice, and keeps values as text', () => {
    const rows = [
      { name: '', value: '' },
      { name: ' id ', value: '42' },
      { name: '', value: 'orphan' },
      { name: 'id', value: '43' },
    ];
    expect(checkScopeDraft('metabase', draft({ rows })).issues).toEqual([
      { path: ['rows', 2, 'name'], message: 'Name is required' },
      { path: ['rows', 3, 'name'], message: '"id" is given twice' },
    ]);
    expect(checkScopeDraft('metabase', draft({ rows: rows.slice(0, 2) })).scope).toEqual({ params: { id: '42' } });
  });

  it('refuses more than 50 rows under the list', () => {
    const rows = Array.from({ length: 51 }, (_, i) => ({ name: `a${i}`, value: 'x' }));
    expect(checkScopeDraft('tableau', draft({ rows })).issues).toEqual([
      { path: ['rows'], message: 'At most 50 attributes' },
    ]);
  });
});

describe('scopeDraftOf and scopeSummary', () => {
  it('shows a stored scope in the editor, and in a few words', () => {
    const powerbi = { roles: ['A', 'B'], username: 'u' };
    expect(scopeDraftOf('powerbi', powerbi)).toMatchObject({ roles: 'A, B', username: 'u', unrestricted: false });
    expect(scopeSummary('powerbi', powerbi)).toBe('Roles: A, B · Username: u');
    // Custom data alone is a filter, kept in the editor.
    expect(scopeDraftOf('powerbi', { roles: [], customData: 'c' })).toMatchObject({
      customData: 'c',
      unrestricted: false,
    });
    expect(scopeSummary('powerbi', { roles: [] })).toBe('No filter');
    const metabase = { params: { id: 7, tags: ['x', 'y'], flag: null } };
    expect(scopeDraftOf('metabase', metabase).rows).toEqual([
      { name: 'id', value: '7' },
      { name: 'tags', value: 'x, y' },
      { name: 'flag', value: '' },
    ]);
    expect(scopeSummary('tableau', { attributes: { region: 'EU' } })).toBe('region = EU');
    expect(scopeSummary('tableau', { attributes: {} })).toBe('No filter');
    expect(scopeDraftOf('tableau', null)).toEqual(emptyScopeDraft());
  });
});
