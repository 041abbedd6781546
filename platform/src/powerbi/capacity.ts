// Long file: the whole life of a self-pausing capacity (resume on demand, hold for exports, pause when idle, ledger).
import type { Database } from '@app/db';
import { openEmbedSecrets } from '../lookerstudio/sync';
import type { SecretBox } from '../secret-box';
import {
  type ArmConfig,
  type CapacityAccount,
  CapacityError,
  type CapacityKind,
  type CapacityState,
  readCapacityState,
  transitionCapacity,
} from './arm';
import {
  type CapacityRow,
  closePause as closeLedgerPause,
  findCapacityRow,
  findCapacityWithConnection,
  holdCapacityUntil,
  openPause,
  underCapacityLock,
  updateCapacity,
} from './capacity.repository';
import { isWithinActiveHours } from './schedule';

export { capacityConnectionIds, pausedHours } from './capacity.repository';

/**
 * A Power BI capacity that pauses itself (issue 29, decision 053), one home for the API (the embed token resumes it
 * for a viewer) and the workers (the round that pauses it when idle, subscriptions that resume it for an export).
 *
 * Every suspend and resume is made under the capacity's PostgreSQL advisory lock (tried, never waited for), so two
 * processes never pause and resume the same capacity at once; a resume asked in the last RESUME_DEBOUNCE_MS is not
 * asked again, so however many viewers arrive at a paused capacity, Azure gets one resume.
 */

export interface CapacityDeps {
  db: Database;
  secretBox: SecretBox | null;
  arm: ArmConfig;
  now?: () => Date;
}

/** What a caller does next: show the report, or wait `retryAfterSeconds` and ask again. */
export type CapacityReadiness =
  | { status: 'active' }
  | { status: 'starting'; state: CapacityState; retryAfterSeconds: number };

/** A resume asked this recently is not asked again (Azure takes a minute or two to resume a capacity). */
const RESUME_DEBOUNCE_MS = 90_000;
/** How long a state read is shared by parallel callers in one process (20 viewers: one GET). */
const STATE_CACHE_MS = 2_000;
/** How soon a viewer asks again while the capacity starts. */
const STARTING_RETRY_SECONDS = 3;

const nowOf = (deps: CapacityDeps) => deps.now?.() ?? new Date();

/** The capacity row and its account (the connection's service principal opened in memory), or null when none. */
async function loadCapacity(
  deps: CapacityDeps,
  connectionId: number,
): Promise<{ row: CapacityRow; account: CapacityAccount } | null> {
  const found = await findCapacityWithConnection(deps.db, connectionId);
  if (!found || found.connection.provider !== 'powerbi') return null;
  const { capacity, connection } = found;
  const secrets = openEmbedSecrets<{ clientSecret?: unknown }>(
    deps.secretBox,
    connection,
    (reason) =>
      new CapacityError(
        'refused',
        reason === 'no-key'
          ? 'APP_ENCRYPTION_KEY is not set: the service principal cannot be opened'
          : `The client secret of connection "${connection.name}" does not open with APP_ENCRYPTION_KEY: enter it again`,
      ),
  );
  return {
    row: capacity,
    account: {
      connectionId,
      version: connection.updatedAt.getTime(),
      tenantId: connection.settings.tenantId ?? '',
      clientId: connection.settings.clientId ?? '',
      clientSecret: typeof secrets.clientSecret === 'string' ? secrets.clientSecret : '',
      subscriptionId: capacity.subscriptionId,
      resourceGroup: capacity.resourceGroup,
      capacityName: capacity.capacityName,
      kind: capacity.kind as CapacityKind,
    },
  };
}

const stateReads = new Map<string, { at: number; pending: Promise<CapacityState> }>();

/**
 * Which capacity a shared read is of: the connection as it was saved, and the capacity it names now (another capacity
 * named in its settings is another read: its state is not the previous one's).
 */
const stateKey = (deps: CapacityDeps, account: CapacityAccount) =>
  [
    deps.arm.AZURE_MANAGEMENT_URL,
    account.connectionId,
    account.version,
    account.kind,
    account.subscriptionId,
    account.resourceGroup,
    account.capacityName,
  ].join('|');

/** The capacity's state, one GET shared by the callers of the same process within STATE_CACHE_MS. */
function sharedState(deps: CapacityDeps, account: CapacityAccount): Promise<CapacityState> {
  const key = stateKey(deps, account);
  const now = Date.now();
  const cached = stateReads.get(key);
  if (cached && now - cached.at < STATE_CACHE_MS) return cached.pending;
  const pending = readCapacityState(deps.arm, account);
  stateReads.set(key, { at: now, pending });
  pending.catch(() => stateReads.delete(key));
  if (stateReads.size > 500) stateReads.delete(stateReads.keys().next().value as string);
  return pending;
}

/** Forget the shared state read (after a transition: the next caller reads Azure again). */
const forgetState = (deps: CapacityDeps, account: CapacityAccount) => stateReads.delete(stateKey(deps, account));

async function saveSeen(deps: CapacityDeps, connectionId: number, state: CapacityState, error: string | null) {
  await updateCapacity(deps.db, connectionId, { lastState: state, checkedAt: nowOf(deps), lastError: error });
}

/** Closes the pause the ledger has open (the capacity is resumed, or asked to be). */
async function closePause(deps: CapacityDeps, connectionId: number) {
  await closeLedgerPause(deps.db, connectionId, nowOf(deps));
}

async function recordError(deps: CapacityDeps, connectionId: number, error: unknown) {
  if (!(error instanceof CapacityError)) return;
  await updateCapacity(deps.db, connectionId, { lastError: error.message, checkedAt: nowOf(deps) });
}

/** Asks Azure to resume, once per RESUME_DEBOUNCE_MS across the cluster (under the lock). */
async function requestResume(deps: CapacityDeps, account: CapacityAccount): Promise<void> {
  await underCapacityLock(deps.db, account.connectionId, async () => {
    const now = nowOf(deps);
    const at = (await findCapacityRow(deps.db, account.connectionId))?.resumeRequestedAt;
    if (at && now.getTime() - at.getTime() < RESUME_DEBOUNCE_MS) return;
    await transitionCapacity(deps.arm, account, 'resume');
    forgetState(deps, account);
    await updateCapacity(deps.db, account.connectionId, {
      resumeRequestedAt: now,
      lastState: 'Resuming',
      checkedAt: now,
      lastError: null,
    });
    await closePause(deps, account.connectionId);
  });
}

/**
 * ensureCapacityActive: whether the connection's capacity can serve a report now. No capacity named: active. Paused:
 * a resume is started (one, however many callers) and the answer is 'starting'; resuming or still pausing: 'starting'.
 * Throws CapacityError when Azure refuses (the principal's rights, a capacity deleted) or cannot be asked; a throttled
 * Azure is 'starting' with its Retry-After.
 */
export async function ensureCapacityActive(deps: CapacityDeps, connectionId: number): Promise<CapacityReadiness> {
  const loaded = await loadCapacity(deps, connectionId);
  if (!loaded) return { status: 'active' };
  const { account } = loaded;
  try {
    const state = await sharedState(deps, account);
    if (state === 'Active') {
      if (loaded.row.lastState !== 'Active') {
        await saveSeen(deps, connectionId, 'Active', null);
        await closePause(deps, connectionId);
      }
      return { status: 'active' };
    }
    if (state === 'Failed') {
      await saveSeen(deps, connectionId, state, 'Azure says the capacity failed or is being deleted');
      throw new CapacityError('refused', 'Azure says the capacity failed or is being deleted: it cannot be resumed');
    }
    if (state === 'Paused') await requestResume(deps, account);
    return {
      status: 'starting',
      state: state === 'Paused' ? 'Resuming' : state,
      retryAfterSeconds: STARTING_RETRY_SECONDS,
    };
  } catch (error) {
    await recordError(deps, connectionId, error);
    if (error instanceof CapacityError && error.kind === 'throttled')
      return { status: 'starting', state: 'Resuming', retryAfterSeconds: error.retryAfterSeconds ?? 30 };
    throw error;
  }
}

/** A viewer renewed a token on the connection's capacity: it is not idle (one cheap update; none without capacity). */
export async function recordCapacityViewer(deps: Pick<CapacityDeps, 'db' | 'now'>, connectionId: number) {
  await updateCapacity(deps.db, connectionId, { lastViewerAt: nowOf(deps as CapacityDeps) });
}

/**
 * For an export (subscriptions): holds the capacity for `holdMs`, resumes it if needed and waits until it is active
 * (polling as Azure says), at most `timeoutMs`. Throws CapacityError when it refuses or does not start in time.
 */
export async function activeCapacityForExport(
  deps: CapacityDeps,
  connectionId: number,
  { holdMs = 30 * 60_000, timeoutMs = 10 * 60_000, sleep = (ms: number) => new Promise((r) => setTimeout(r, ms)) } = {},
): Promise<void> {
  const started = Date.now();
  await holdCapacityUntil(deps.db, connectionId, new Date(nowOf(deps).getTime() + holdMs));
  for (;;) {
    const readiness = await ensureCapacityActive(deps, connectionId);
    if (readiness.status === 'active') return;
    if (Date.now() - started > timeoutMs)
      throw new CapacityError(
        'unavailable',
        `The capacity did not start within ${Math.round(timeoutMs / 60_000)} minutes`,
      );
    await sleep(readiness.retryAfterSeconds * 1000);
  }
}

/** The export is done: the hold ends now (the idle rule decides from here). */
export async function releaseCapacity(deps: Pick<CapacityDeps, 'db'>, connectionId: number) {
  await updateCapacity(deps.db, connectionId, { heldUntil: null });
}

export type RoundOutcome = 'paused' | 'resumed' | 'kept' | 'busy' | 'none' | 'failed';

/** Whether the capacity may pause now: outside its active hours, no viewer within the idle window, no export held. */
function mayPause(row: CapacityRow, now: Date): boolean {
  if (isWithinActiveHours(row, now)) return false;
  const idleSince = now.getTime() - row.idleMinutes * 60_000;
  if (row.lastViewerAt && row.lastViewerAt.getTime() > idleSince) return false;
  if (row.heldUntil && row.heldUntil.getTime() > now.getTime()) return false;
  if (row.resumeRequestedAt && row.resumeRequestedAt.getTime() > idleSince) return false;
  return true;
}

/**
 * The workers' round for one capacity (under its lock; another process holding it: 'busy'): pauses an active capacity
 * that may pause, resumes a paused one whose active hours began, records what Azure said (and any fault, for the
 * admin's screen and the alert). Never throws for Azure's faults.
 */
export async function capacityRound(deps: CapacityDeps, connectionId: number): Promise<RoundOutcome> {
  let outcome: RoundOutcome = 'none';
  try {
    const loaded = await loadCapacity(deps, connectionId);
    if (!loaded) return 'none';
    const { account } = loaded;
    const taken = await underCapacityLock(deps.db, connectionId, async () => {
      const row = await findCapacityRow(deps.db, connectionId);
      if (!row) return;
      const state = await readCapacityState(deps.arm, account);
      const now = nowOf(deps);
      outcome = 'kept';
      if (state === 'Active' && mayPause(row, now)) {
        await transitionCapacity(deps.arm, account, 'suspend');
        forgetState(deps, account);
        await openPause(deps.db, connectionId, now);
        await saveSeen(deps, connectionId, 'Pausing', null);
        outcome = 'paused';
        return;
      }
      if (state === 'Paused' && isWithinActiveHours(row, now)) {
        await transitionCapacity(deps.arm, account, 'resume');
        forgetState(deps, account);
        await updateCapacity(deps.db, connectionId, { resumeRequestedAt: now });
        await closePause(deps, connectionId);
        await saveSeen(deps, connectionId, 'Resuming', null);
        outcome = 'resumed';
        return;
      }
      // Resumed outside the product (the Azure portal): the pause it had open ends now.
      if (state === 'Active') await closePause(deps, connectionId);
      await saveSeen(deps, connectionId, state, null);
    });
    return taken ? outcome : 'busy';
  } catch (error) {
    await recordError(deps, connectionId, error).catch(() => {});
    return 'failed';
  }
}
