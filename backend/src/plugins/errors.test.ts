import { silentLogger } from '@app/platform/logger';
import { Elysia } from 'elysia';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../lib/http-error';
import { errorPlugin } from './errors';

const app = new Elysia()
  .use(errorPlugin(silentLogger))
  .get('/boom', () => {
    throw new Error('database password is hunter2');
  })
  .get('/conflict', () => {
    throw new HttpError(409, 'This time is no longer available.', [], { 'retry-after': '5' });
  });

describe('one error shape for every failure', () => {
  it('answers an unexpected error with a plain 500 and no internals', async () => {
    const response = await app.handle(new Request('http://localhost/boom'));
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ message: 'Something went wrong on our side. Please try again.', issues: [] });
    expect(text).not.toContain('hunter2');
  });

  it('keeps the status, message and headers of an expected failure', async () => {
    const response = await app.handle(new Request('http://localhost/conflict'));
    expect(response.status).toBe(409);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await response.json()).toEqual({ message: 'This time is no longer available.', issues: [] });
  });

  it('answers an unknown route with a JSON 404', async () => {
    const response = await app.handle(new Request('http://localhost/nowhere'));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Not found', issues: [] });
  });
});
