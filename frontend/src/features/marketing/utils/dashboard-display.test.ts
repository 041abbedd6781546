import { describe, expect, it } from 'vitest';
import { DISPLAY_NAMES, dashboardArtwork, dashboardDisplayName } from './dashboard-display';

const name = (n: string, category = 'Sales') => dashboardDisplayName({ name: n, category });

describe('dashboardDisplayName (spec section 3)', () => {
  it('names the five seeded samples', () => {
    expect(dashboardDisplayName({ name: 'Education Enrollment Analytics', category: 'Education' })).toBe('Enrollment');
    expect(dashboardDisplayName({ name: 'Research Survey and Stress Study', category: 'Research' })).toBe('Research');
    expect(dashboardDisplayName({ name: 'Operations Fabrication Progress', category: 'Operations' })).toBe(
      'Operations',
    );
    expect(dashboardDisplayName({ name: 'Pre Program Survey Analytics', category: 'Research' })).toBe(
      'Pre Program Survey Results',
    );
    expect(dashboardDisplayName({ name: 'Post Program Survey Analytics', category: 'Research' })).toBe(
      'Post Program Survey Results',
    );
  });

  it('rule 1: category education (any case), or a name with "education enrollment analytics" or "enrollment"', () => {
    expect(name('Quarterly numbers', 'Education')).toBe('Enrollment');
    expect(name('Quarterly numbers', 'EDUCATION')).toBe('Enrollment');
    expect(name('Quarterly numbers', 'education')).toBe('Enrollment');
    expect(name('Education Enrollment Analytics')).toBe('Enrollment');
    expect(name('Spring ENROLLMENT')).toBe('Enrollment');
    expect(name('Educational stuff')).toBe('Business Intelligence Dashboard');
  });

  it('rule 2: a name with "pre program survey analytics"', () => {
    expect(name('PRE PROGRAM SURVEY ANALYTICS 2024')).toBe('Pre Program Survey Results');
    expect(name('Pre-program survey analytics')).toBe('Research'); // not the exact phrase: falls to 'survey'
  });

  it('rule 3: a name with "post program survey analytics"', () => {
    expect(name('Our post program survey analytics')).toBe('Post Program Survey Results');
  });

  it('rule 4: category research (any case), or a name with "survey" or "stress"', () => {
    expect(name('Lab results', 'Research')).toBe('Research');
    expect(name('Lab results', 'rEsEaRcH')).toBe('Research');
    expect(name('Customer Survey')).toBe('Research');
    expect(name('Workplace STRESS index')).toBe('Research');
  });

  it('rule 5: category operations (any case), or a name with "fabrication" or "progress"', () => {
    expect(name('Shop floor', 'Operations')).toBe('Operations');
    expect(name('Shop floor', 'OPERATIONS')).toBe('Operations');
    expect(name('Fabrication line')).toBe('Operations');
    expect(name('Project Progress')).toBe('Operations');
  });

  it('rule 6: anything else is a Business Intelligence Dashboard', () => {
    expect(name('Revenue overview', 'Sales')).toBe('Business Intelligence Dashboard');
    expect(name('Budget', 'Finance')).toBe('Business Intelligence Dashboard');
    expect(name('Headcount', 'HR')).toBe('Business Intelligence Dashboard');
    expect(name('', '')).toBe('Business Intelligence Dashboard');
  });

  it('evaluates the rules in order: the first that matches wins', () => {
    // 1 before 2, 3, 4 and 5.
    expect(name('Pre Program Survey Analytics', 'Education')).toBe('Enrollment');
    expect(name('Enrollment survey progress', 'Operations')).toBe('Enrollment');
    // 2 before 3 and 4.
    expect(name('Pre Program Survey Analytics vs Post Program Survey Analytics', 'Research')).toBe(
      'Pre Program Survey Results',
    );
    // 3 before 4 (category research and 'survey') and 5.
    expect(name('Post Program Survey Analytics', 'Operations')).toBe('Post Program Survey Results');
    // 4 before 5.
    expect(name('Fabrication progress', 'Research')).toBe('Research');
    expect(name('Stress test progress', 'Operations')).toBe('Research');
  });

  it('gives every display name a picture of our own and a description', () => {
    for (const displayName of DISPLAY_NAMES) {
      expect(dashboardArtwork[displayName].image).toMatch(/^\/images\/dashboards\/[a-z-]+\.svg$/);
      expect(dashboardArtwork[displayName].description.length).toBeGreaterThan(20);
      expect(dashboardArtwork[displayName].alt.length).toBeGreaterThan(10);
    }
  });
});
