import { EmailSchema, PasswordSchema } from '@app/contracts';
import type { Database } from '@app/db';
import * as v from 'valibot';
import { unprocessable } from '../../lib/http-error';
import { upsertAdmin } from './users.repository';

const CreateAdminSchema = v.object({ email: EmailSchema, password: PasswordSchema });

/** Creates the first administrator, or makes an existing user an administrator with this password. */
export async function createAdmin(db: Database, input: { email?: string; password?: string }) {
  const parsed = v.safeParse(CreateAdminSchema, input, { abortEarly: false });
  if (!parsed.success) {
    const issues = parsed.issues.map((issue) => ({ path: v.getDotPath(issue) ?? '', message: issue.message }));
    throw unprocessable(issues.map((i) => `${i.path}: ${i.message}`).join('; '), issues);
  }
  const passwordHash = await Bun.password.hash(parsed.output.password, { algorithm: 'argon2id' });
  return upsertAdmin(db, parsed.output.email, passwordHash);
}
