import { describe, expect, it } from 'vitest';
import { isSpaRoute } from './spa-routes';

describe('isSpaRoute', () => {
  it.each([
    '/',
    '/why-us',
    '/Why-Us/',
    '/dashboard/12',
    '/client/dashboard',
    '/client/dashboard/',
    '/CLIENT/DASHBOARD/7/',
    '/booking/cancel',
    '/booking/reschedule',
  ])('knows %s as a page', (path) => expect(isSpaRoute(path)).toBe(true));

  it.each([
    '//',
    '/why-us/more',
    '/why-usx',
    '/dashboard',
    '/dashboard/',
    '/dashboard/1/2',
    '/client/dashboard/1/2',
    '/api/auth/user',
    '/assets/missing.js',
    '/../dist-private/',
  ])('answers %s as no page', (path) => expect(isSpaRoute(path)).toBe(false));
});
