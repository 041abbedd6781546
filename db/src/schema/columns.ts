import { type AnyPgColumn, integer, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Column builders every table shares. Each call makes a new builder: Drizzle's builders are not shared between tables. */

/** The key of a row that has no natural one: a number the database counts up. */
export const serialId = () => serial().primaryKey();

/** A point in time with its zone (timestamptz): every time column of the schema. */
export const timestamptz = () => timestamp({ withTimezone: true });

/** A time the database sets when the row is inserted (created, viewed, synced). */
export const timeOfInsert = () => timestamptz().notNull().defaultNow();

/** When the row was made and last changed (the rows an administrator edits). */
export const timestamps = () => ({ createdAt: timeOfInsert(), updatedAt: timeOfInsert() });

/** When something starts and ends (a booking, a busy time of the calendar): both required. */
export const timeSpan = () => ({ startsAt: timestamptz().notNull(), endsAt: timestamptz().notNull() });

/** Who wrote to us or booked (a contact message, a booking): the name and the address they gave, as given. */
export const visitor = () => ({ name: text().notNull(), email: text().notNull() });

/** Where a request came from, as it was sent (a session, a sign-in, a contact message): the address and User-Agent. */
export const requestOrigin = () => ({ ipAddress: text(), userAgent: text() });

/** The row this one belongs to (its user, organization or dashboard): required, and deleted with it. */
export const belongsTo = (column: () => AnyPgColumn) => integer().notNull().references(column, { onDelete: 'cascade' });

/** The key of a row that extends another one by one-to-one (its settings, its state): that row's id, deleted with it. */
export const extensionOf = (column: () => AnyPgColumn) =>
  integer().primaryKey().references(column, { onDelete: 'cascade' });

/** A row this one uses (a connection): that row cannot be deleted while this one names it. */
export const uses = (column: () => AnyPgColumn) => integer().references(column, { onDelete: 'restrict' });

/**
 * A row this one may name (who acted, who made it, what it turned into): null when none, and set to null when that
 * row is deleted, so this one outlives it.
 */
export const mentions = (column: () => AnyPgColumn) => integer().references(column, { onDelete: 'set null' });
