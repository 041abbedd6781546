import type { Transaction } from '@app/db';
import { schema } from '@app/db';

const { contactMessages } = schema;

export interface NewContactMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
  isSpam: boolean;
  ipAddress?: string | null;
  userAgent?: string | null;
}

export async function insertContactMessage(tx: Transaction, values: NewContactMessage) {
  const [row] = await tx.insert(contactMessages).values(values).returning({ id: contactMessages.id });
  if (!row) throw new Error('Could not store the contact message');
  return row;
}
