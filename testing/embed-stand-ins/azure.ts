import { json, type StandInCapacity, type StandInState } from './state';

/**
 * Azure Resource Manager's capacity calls (issue 29), in the shapes of Microsoft's documentation: `GET
 * /subscriptions/{s}/resourceGroups/{rg}/providers/{Microsoft.PowerBIDedicated|Microsoft.Fabric}/capacities/{name}`
 * answers the resource with `properties.state`; `POST .../suspend` and `.../resume` answer 202 Accepted with
 * `Location`, `Azure-AsyncOperation` and `Retry-After`, and the state moves Active → Pausing → Paused → Resuming →
 * Active (Power BI Embedded says Succeeded for Active) after the capacity's `transitionMs`.
 */

export const MANAGEMENT_SCOPE = 'https://management.azure.com/.default';

const API_VERSIONS = { 'Microsoft.PowerBIDedicated': '2021-01-01', 'Microsoft.Fabric': '2023-11-01' } as const;

const armError = (status: number, code: string, message: string, headers: Record<string, string> = {}) =>
  json({ error: { code, message } }, status, headers);

/** The resource path a capacity is known by. */
export const capacityPath = (c: Pick<StandInCapacity, 'subscriptionId' | 'resourceGroup' | 'kind' | 'name'>) =>
  `/subscriptions/${c.subscriptionId}/resourcegroups/${c.resourceGroup}/providers/${c.kind}/capacities/${c.name}`.toLowerCase();

function armBearer(state: StandInState, headers: Headers): Response | null {
  const token = /^Bearer (.+)$/.exec(headers.get('authorization') ?? '')?.[1] ?? '';
  const issued = state.entraTokens.get(token);
  if (!issued || issued.scope !== MANAGEMENT_SCOPE)
    return armError(401, 'InvalidAuthenticationToken', 'The access token is invalid.', {
      'www-authenticate': 'Bearer authorization_uri="https://login.windows.net/", error="invalid_token"',
    });
  if (issued.expiresAt <= Date.now())
    return armError(
      401,
      'ExpiredAuthenticationToken',
      'The access token expiry UTC time is earlier than current UTC time.',
    );
  return null;
}

/** The capacity a path names, or ARM's answer why not (401, 400 wrong api-version, 404). */
function found(state: StandInState, headers: Headers, url: URL, path: string): StandInCapacity | Response {
  const refused = armBearer(state, headers);
  if (refused) return refused;
  const capacity = state.capacities.get(path.toLowerCase());
  if (!capacity)
    return armError(404, 'ResourceNotFound', `The Resource '${path.split('/providers/')[1] ?? path}' was not found.`);
  if (url.searchParams.get('api-version') !== API_VERSIONS[capacity.kind])
    return armError(
      400,
      'InvalidApiVersionParameter',
      `The api-version '${url.searchParams.get('api-version') ?? ''}' is invalid.`,
    );
  return capacity;
}

const activeWord = (capacity: StandInCapacity) => (capacity.kind === 'Microsoft.Fabric' ? 'Active' : 'Succeeded');

/** GET the capacity. */
export function getCapacity(state: StandInState, headers: Headers, url: URL, path: string): Response {
  const capacity = found(state, headers, url, path);
  if (capacity instanceof Response) return capacity;
  const fabric = capacity.kind === 'Microsoft.Fabric';
  return json({
    id: path,
    name: capacity.name,
    type: `${capacity.kind}/capacities`,
    location: 'West Europe',
    sku: fabric ? { name: 'F8', tier: 'Fabric' } : { name: 'A1', tier: 'PBIE_Azure', capacity: 1 },
    properties: {
      administration: { members: ['admin@lucidstandin.onmicrosoft.com'] },
      state: capacity.state,
      provisioningState: 'Succeeded',
      ...(fabric ? {} : { mode: 'Gen2' }),
    },
    tags: {},
  });
}

/** POST suspend or resume: 202 and the transition, or 400 when the capacity is not in a state that allows it. */
export function transition(
  state: StandInState,
  headers: Headers,
  url: URL,
  path: string,
  action: 'suspend' | 'resume',
): Response {
  const capacity = found(state, headers, url, path);
  if (capacity instanceof Response) return capacity;
  const active = capacity.state === 'Active' || capacity.state === 'Succeeded';
  if (action === 'resume' && capacity.refuseResume)
    return armError(409, 'SubscriptionNotEnabled', 'The subscription is not enabled: the capacity cannot be resumed.');
  if ((action === 'suspend' && !active) || (action === 'resume' && capacity.state !== 'Paused'))
    return armError(400, 'BadRequest', `Service is not ready to be updated (the capacity is ${capacity.state}).`);
  if (action === 'suspend') capacity.suspends++;
  else capacity.resumes++;
  capacity.state = action === 'suspend' ? 'Pausing' : 'Resuming';
  const ends = action === 'suspend' ? 'Paused' : activeWord(capacity);
  setTimeout(() => {
    capacity.state = ends;
  }, capacity.transitionMs);
  const operation = `${state.origin}/azure/subscriptions/${capacity.subscriptionId}/providers/${capacity.kind}/locations/westeurope/operationresults/${crypto.randomUUID()}?api-version=${API_VERSIONS[capacity.kind]}`;
  return new Response(null, {
    status: 202,
    headers: { location: operation, 'azure-asyncoperation': operation, 'retry-after': '10' },
  });
}
