import { Writable } from 'node:stream';
import { LOG_REDACT_CENSOR, SECRET_LOG_FIELDS } from '@app/platform/log-redaction';
import { createLogger } from '@app/platform/logger';
import { describe, expect, it } from 'vitest';

/** Every line a logger writes, parsed. */
const capture = () => {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
};

const loggers = {
  api: (stream: Writable) => createLogger('api', 'debug', stream),
  workers: (stream: Writable) => createLogger('workers', 'debug', stream),
};

describe.each(Object.entries(loggers))("the %s logger's redaction", (_name, make) => {
  it.each(SECRET_LOG_FIELDS)('censors %s at the top level, one level down and leaves other fields', (field) => {
    const { lines, stream } = capture();
    const logger = make(stream);
    logger.info({ [field]: 'SECRET-top', user: { [field]: 'SECRET-nested', id: 7 }, eventId: 'e1' }, 'a line');
    expect(JSON.stringify(lines)).not.toContain('SECRET');
    expect(lines[0]).toMatchObject({
      [field]: LOG_REDACT_CENSOR,
      user: { [field]: LOG_REDACT_CENSOR, id: 7 },
      eventId: 'e1',
      msg: 'a line',
    });
  });

  it('censors cookies and authorization in request headers', () => {
    const { lines, stream } = capture();
    make(stream).warn(
      { req: { headers: { cookie: 'session=SECRET1', authorization: 'Bearer SECRET2', 'set-cookie': 'SECRET3' } } },
      'request',
    );
    expect(JSON.stringify(lines)).not.toContain('SECRET');
  });
});

it('the API and the workers redact exactly the same fields (one list)', () => {
  const probe = Object.fromEntries(SECRET_LOG_FIELDS.map((field) => [field, 'x']));
  const lines = Object.values(loggers).map((make) => {
    const { lines, stream } = capture();
    make(stream).info({ ...probe, kept: 'y' });
    const { level: _l, time: _t, pid: _p, hostname: _h, name: _n, ...rest } = lines[0]!;
    return rest;
  });
  expect(lines[0]).toEqual(lines[1]);
});
