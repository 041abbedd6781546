import * as v from 'valibot';

/** Thrown when the environment is missing or has bad variables; the message names every one of them. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}\nSee .env.example for what each variable means.`,
    );
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/**
 * Validates environment variables against an object schema of strings. Every problem is collected, so an operator
 * fixes the configuration in one go. Empty strings count as missing.
 */
export function parseEnv<TSchema extends v.ObjectSchema<v.ObjectEntries, undefined>>(
  schema: TSchema,
  env: Env,
): v.InferOutput<TSchema> {
  const input: Env = {};
  for (const key of Object.keys(schema.entries)) {
    const value = env[key];
    if (value !== undefined && value.trim() !== '') input[key] = value.trim();
  }
  const result = v.safeParse(schema, input, { abortEarly: false });
  if (result.success) return result.output;
  const problems = result.issues.map((issue) => {
    const key = issue.path?.[0]?.key ?? '?';
    return input[String(key)] === undefined ? `${String(key)} is required` : `${String(key)}: ${issue.message}`;
  });
  throw new ConfigError([...new Set(problems)]);
}

/** Names of the variables a schema requires (those without a default): the docker-compose test checks them. */
export function requiredVariables(schema: v.ObjectSchema<v.ObjectEntries, undefined>): string[] {
  return Object.entries(schema.entries)
    .filter(([, entry]) => entry.type !== 'optional')
    .map(([key]) => key);
}

export const envUrl = (protocols: string[], what: string) =>
  v.pipe(
    v.string(),
    v.check(
      (value) => {
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      `must be a ${what} URL (${protocols.map((p) => `${p}//`).join(' or ')})`,
    ),
  );

/** A string that `parse` reads: it answers the problem's words (a string), or anything else when the value is good. */
export const envParsedBy = (parse: (value: string) => unknown) =>
  v.pipe(
    v.string(),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const parsed = parse(dataset.value);
      if (typeof parsed === 'string') addIssue({ message: parsed });
    }),
  );

export const envEmail = v.pipe(v.string(), v.email('must be an e-mail address'));

export const envPort = (fallback: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,5}$/, 'must be a port number'),
      v.transform(Number),
      v.number(),
      v.minValue(0, 'must be a port number'),
      v.maxValue(65535, 'must be a port number'),
    ),
    fallback,
  );

export const envInt = (fallback: string, min = 0) =>
  v.optional(
    v.pipe(v.string(), v.regex(/^\d+$/, 'must be a whole number'), v.transform(Number), v.minValue(min)),
    fallback,
  );

export const envTimeZone = v.pipe(
  v.string(),
  v.check((value) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: value });
      return true;
    } catch {
      return false;
    }
  }, 'must be an IANA time zone such as America/New_York'),
);

const poolSizeMessage = 'must be a whole number of connections from 1 to 1000';

/** DATABASE_POOL_SIZE: connections in a process's PostgreSQL pool. */
export const envPoolSize = v.pipe(
  v.string(),
  v.regex(/^\d+$/, poolSizeMessage),
  v.transform(Number),
  v.minValue(1, poolSizeMessage),
  v.maxValue(1000, poolSizeMessage),
);

/** A switch written true or false (any case); anything else is refused rather than guessed. */
const envBoolean = (fallback: 'true' | 'false') =>
  v.optional(
    v.pipe(
      v.string(),
      v.transform((value) => value.toLowerCase()),
      v.picklist(['true', 'false'], 'must be true or false'),
      v.transform((value) => value === 'true'),
    ),
    fallback,
  );

/**
 * The PostgreSQL variables of the API and the workers alike (spread into each one's env schema); each process gives
 * its own DATABASE_POOL_SIZE entry, since their pools are sized differently.
 */
export const databaseEnvEntries = <TPoolSize extends v.GenericSchema<string | undefined, number | undefined>>(
  poolSize: TPoolSize,
) => ({
  DATABASE_URL: envUrl(['postgres:', 'postgresql:'], 'PostgreSQL'),
  /** Connections in the process's PostgreSQL pool (each replica has its own). */
  DATABASE_POOL_SIZE: poolSize,
  /** true behind PgBouncer in transaction mode: no prepared statements (a statement may reach another server session). */
  DATABASE_PGBOUNCER: envBoolean('false'),
});

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * MEETING_URL_TEMPLATE: the video call link of a booking (issue 16), `{bookingId}` replaced by the booking's id, or a
 * fixed room without it. https, or http only on this machine (localhost), since the link goes into every invite.
 */
export const envMeetingUrlTemplate = v.pipe(
  v.string(),
  v.check((value) => {
    // The URL parser drops tabs and line breaks; the invite and the e-mails would keep them.
    if (/[\s\p{Cc}]/u.test(value)) return false;
    try {
      const url = new URL(value.replaceAll('{bookingId}', '1'));
      return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
    } catch {
      return false;
    }
  }, 'must be an https URL (http only for localhost), e.g. https://meet.example.com/lucid-{bookingId}'),
);
