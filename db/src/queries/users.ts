import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { userTokens } from '../schema';

type TokenKind = (typeof userTokens.kind.enumValues)[number];

/**
 * The invitation and reset tokens still outstanding (D5, D6): of this kind (or these kinds), neither used nor replaced
 * yet, and matching `more`. The one definition of "outstanding" for the API, which reads and retires tokens, and the
 * workers, which replace them.
 */
export const outstandingTokens = (kinds: TokenKind | readonly TokenKind[], ...more: SQL[]) =>
  and(
    typeof kinds === 'string' ? eq(userTokens.kind, kinds) : inArray(userTokens.kind, [...kinds]),
    isNull(userTokens.usedAt),
    ...more,
  );
