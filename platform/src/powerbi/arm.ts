// Long file: every Azure Resource Manager call of a capacity, its token and its faults in words, in one place.
import type { CAPACITY_KINDS } from '@app/contracts';
import { guardedFetch, OutboundError } from '../outbound';
import { entraTokenRequest } from './entra-token';

/**
 * The Azure Resource Manager calls of a Power BI capacity (issue 29, decision 053), with the connection's service
 * principal: an Entra token for `https://management.azure.com/.default` (client credentials), then
 * `GET .../capacities/{name}` (its `properties.state`), `POST .../suspend` and `POST .../resume` (202 Accepted). Power BI
 * Embedded is `Microsoft.PowerBIDedicated` (api-version 2021-01-01), Fabric `Microsoft.Fabric` (2023-11-01). Every
 * request goes through the outbound guard (D35); messages carry status and error codes, never a secret or Azure's text.
 */

export type CapacityKind = (typeof CAPACITY_KINDS)[number];

const API_VERSIONS: Record<CapacityKind, string> = {
  'Microsoft.PowerBIDedicated': '2021-01-01',
  'Microsoft.Fabric': '2023-11-01',
};

const MANAGEMENT_SCOPE = 'https://management.azure.com/.default';

export interface ArmConfig {
  POWERBI_AUTHORITY_URL: string;
  AZURE_MANAGEMENT_URL: string;
  OUTBOUND_ALLOW_HOSTS: readonly string[];
  timeoutMs: number;
}

/** The service principal and the capacity it drives. */
export interface CapacityAccount {
  connectionId: number;
  /** The connection's version (updatedAt in ms): an edited connection gets a new token. */
  version: number;
  tenantId: string;
  clientId: string;
  clientSecret: string;
  subscriptionId: string;
  resourceGroup: string;
  capacityName: string;
  kind: CapacityKind;
}

/**
 * What went wrong with Azure: 'refused' (401/403/400/409: the principal lacks a role on the capacity, or Azure said
 * no), 'gone' (404: no such capacity), 'throttled' (429, with Azure's Retry-After in seconds), 'unavailable' (5xx, no
 * answer, a refused address). The message never carries a secret.
 */
export class CapacityError extends Error {
  constructor(
    readonly kind: 'refused' | 'gone' | 'throttled' | 'unavailable',
    message: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'CapacityError';
  }
}

interface Answer {
  status: number;
  body: unknown;
  retryAfter: number | null;
}

const base = (url: string) => url.replace(/\/+$/, '');
const CODE = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;

/** `HTTP 403 (AuthorizationFailed)`: the status and Azure's error code, never its message. */
function words(answer: Answer): string {
  const body = answer.body as { error?: unknown; error_description?: unknown } | null;
  const error = body?.error;
  const code =
    typeof error === 'string'
      ? error
      : typeof (error as { code?: unknown })?.code === 'string'
        ? (error as { code: string }).code
        : '';
  const aadsts =
    typeof body?.error_description === 'string' ? (/^AADSTS\d{1,10}\b/.exec(body.error_description)?.[0] ?? '') : '';
  const codes = [code, aadsts].filter((c) => CODE.test(c));
  return codes.length ? `HTTP ${answer.status} (${codes.join(', ')})` : `HTTP ${answer.status}`;
}

/** Retry-After in seconds (a number or an HTTP date), bounded to 1..600; null when absent. */
function retryAfterOf(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const seconds = /^\d{1,6}$/.test(value.trim()) ? Number(value) : (Date.parse(value) - now) / 1000;
  if (!Number.isFinite(seconds)) return null;
  return Math.min(600, Math.max(1, Math.ceil(seconds)));
}

export async function request(
  config: Pick<ArmConfig, 'OUTBOUND_ALLOW_HOSTS' | 'timeoutMs'>,
  label: string,
  url: string,
  init: RequestInit,
): Promise<Answer> {
  const host = new URL(url).host;
  try {
    const response = await guardedFetch(
      url,
      {
        ...init,
        signal: AbortSignal.timeout(config.timeoutMs),
        headers: { accept: 'application/json', ...(init.headers as Record<string, string> | undefined) },
      },
      { allowHosts: config.OUTBOUND_ALLOW_HOSTS },
    );
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {}
    return { status: response.status, body, retryAfter: retryAfterOf(response.headers.get('retry-after')) };
  } catch (error) {
    const reason = error instanceof OutboundError ? error.reason : 'unreachable';
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new CapacityError(
      'unavailable',
      timedOut || reason === 'timeout'
        ? `${label} did not answer within ${config.timeoutMs} ms (${host})`
        : reason === 'unreachable'
          ? `${label} cannot be reached at ${host}`
          : `${label} cannot be used at ${host} (${reason}: name internal hosts in OUTBOUND_ALLOW_HOSTS)`,
    );
  }
}

const scrub = (message: string, account: CapacityAccount) =>
  account.clientSecret.length >= 4 ? message.split(account.clientSecret).join('[secret]') : message;

function fault(answer: Answer, what: string, account: CapacityAccount): CapacityError {
  const said = words(answer);
  if (answer.status === 429)
    return new CapacityError('throttled', `Azure is throttling ${what}: ${said}`, answer.retryAfter ?? 30);
  if (answer.status === 404)
    return new CapacityError(
      'gone',
      `Azure has no capacity ${account.capacityName} in resource group ${account.resourceGroup} of subscription ${account.subscriptionId} (${said})`,
    );
  if (answer.status >= 500) return new CapacityError('unavailable', `Azure failed ${what}: ${said}`, answer.retryAfter);
  const hint =
    answer.status === 401 || answer.status === 403
      ? ' (give the service principal a role that may suspend and resume the capacity, e.g. Contributor on it)'
      : '';
  return new CapacityError('refused', scrub(`Azure refused ${what}: ${said}${hint}`, account));
}

const tokens = new Map<string, { version: number; token: string; renewAt: number }>();

/** The service principal (tenant, client id and secret) of a Power BI connection, opened in memory. */
export type ServicePrincipal = Pick<
  CapacityAccount,
  'connectionId' | 'version' | 'tenantId' | 'clientId' | 'clientSecret'
>;

/**
 * The service principal's token for `scope` (Azure Resource Manager's by default), kept until 5 minutes before it
 * expires.
 */
export async function servicePrincipalToken(
  config: Pick<ArmConfig, 'POWERBI_AUTHORITY_URL' | 'OUTBOUND_ALLOW_HOSTS' | 'timeoutMs'>,
  account: ServicePrincipal,
  scope = MANAGEMENT_SCOPE,
): Promise<string> {
  const key = `${config.POWERBI_AUTHORITY_URL}|${account.connectionId}|${scope}`;
  const cached = tokens.get(key);
  if (cached && cached.version === account.version && cached.renewAt > Date.now()) return cached.token;
  const token = entraTokenRequest(config.POWERBI_AUTHORITY_URL, account, scope);
  const answer = await request(config, 'Entra ID', token.url, token.init);
  const body = answer.body as { access_token?: unknown; expires_in?: unknown } | null;
  if (answer.status !== 200 || typeof body?.access_token !== 'string') {
    const kind = answer.status >= 500 || answer.status === 429 ? 'unavailable' : 'refused';
    throw new CapacityError(kind, `Entra ID refused the service principal a token: ${words(answer)}`);
  }
  const lifetime = Math.max(0, Number(body.expires_in) || 0) * 1000;
  const renewAt = Date.now() + lifetime - Math.min(5 * 60_000, lifetime / 2);
  tokens.delete(key);
  tokens.set(key, { version: account.version, token: body.access_token, renewAt });
  if (tokens.size > 500) tokens.delete(tokens.keys().next().value as string);
  return body.access_token;
}

const capacityUrl = (config: ArmConfig, account: CapacityAccount) =>
  `${base(config.AZURE_MANAGEMENT_URL)}/subscriptions/${encodeURIComponent(account.subscriptionId)}/resourceGroups/${encodeURIComponent(account.resourceGroup)}/providers/${account.kind}/capacities/${encodeURIComponent(account.capacityName)}`;

async function armCall(config: ArmConfig, account: CapacityAccount, method: 'GET' | 'POST', action: string) {
  const token = await servicePrincipalToken(config, account);
  const url = `${capacityUrl(config, account)}${action}?api-version=${API_VERSIONS[account.kind]}`;
  const answer = await request(config, 'Azure Resource Manager', url, {
    method,
    headers: { authorization: `Bearer ${token}` },
  });
  if (answer.status === 401)
    tokens.delete(`${config.POWERBI_AUTHORITY_URL}|${account.connectionId}|${MANAGEMENT_SCOPE}`);
  return answer;
}

/**
 * The capacity's state as Azure says it: 'Active' (Fabric's Active, Power BI Embedded's Succeeded), 'Paused'
 * (Paused, Suspended), 'Resuming' (Resuming, Preparing, Provisioning, Updating, Scaling), 'Pausing' (Pausing,
 * Suspending), or 'Failed' (Failed, Deleting and anything unknown).
 */
export type CapacityState = 'Active' | 'Paused' | 'Resuming' | 'Pausing' | 'Failed';

function stateOf(azure: unknown): CapacityState {
  switch (typeof azure === 'string' ? azure.toLowerCase() : '') {
    case 'active':
    case 'succeeded':
      return 'Active';
    case 'paused':
    case 'suspended':
      return 'Paused';
    case 'resuming':
    case 'preparing':
    case 'provisioning':
    case 'updating':
    case 'scaling':
      return 'Resuming';
    case 'pausing':
    case 'suspending':
      return 'Pausing';
    default:
      return 'Failed';
  }
}

/** GET the capacity: its state. */
export async function readCapacityState(config: ArmConfig, account: CapacityAccount): Promise<CapacityState> {
  const answer = await armCall(config, account, 'GET', '');
  if (answer.status !== 200) throw fault(answer, 'reading the capacity', account);
  const properties = (answer.body as { properties?: { state?: unknown } } | null)?.properties;
  if (!properties || typeof properties.state !== 'string')
    throw new CapacityError('unavailable', 'Azure answered the capacity without its state');
  return stateOf(properties.state);
}

/** POST suspend or resume: Azure accepts it (200 or 202) or says why not. */
export async function transitionCapacity(
  config: ArmConfig,
  account: CapacityAccount,
  action: 'suspend' | 'resume',
): Promise<void> {
  const answer = await armCall(config, account, 'POST', `/${action}`);
  if (answer.status !== 200 && answer.status !== 202)
    throw fault(answer, action === 'resume' ? 'to resume the capacity' : 'to pause the capacity', account);
}
