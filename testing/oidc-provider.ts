import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';

/**
 * A REAL OpenID Connect provider for the single sign-on tests (issue 17): `oidc-provider` (the certified
 * implementation behind many identity services) on 127.0.0.1, port 0. Its clients stand for organizations' app
 * registrations; its accounts have the e-mails and `email_verified` values a test chooses.
 *
 * Signing in: the provider's interaction page (`/interaction/:uid`) is ours. When the test has said who signs in
 * (`signInAs(email)`), the page finishes the login and the consent at once (no person needed: `app.handle` tests
 * follow the redirects by hand). Otherwise it shows a small form (e-mail, "Sign in"), which a browser test fills in.
 */

export interface StandInAccount {
  email: string;
  emailVerified?: boolean | string;
  givenName?: string;
  familyName?: string;
}

export interface StandInClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

export interface OidcStandIn {
  issuer: string;
  /** Its `host:port`, for OUTBOUND_ALLOW_HOSTS: the app reaches a loopback provider only where it is named (D35). */
  host: string;
  /** Who the next interaction signs in (null: show the form). */
  signInAs(email: string | null): void;
  /** Adds or changes an account. */
  setAccount(account: StandInAccount): void;
  /** The provider stops answering (the port stays taken, requests hang up) until `resume()`. */
  pause(): void;
  resume(): void;
  close(): Promise<void>;
}

const page = (uid: string, message = '') => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Stand-in identity provider</title></head>
<body><main><h1>Sign in to your organization</h1>${message ? `<p role="alert">${message}</p>` : ''}
<form method="post" action="/interaction/${uid}/login">
<label for="email">E-mail</label> <input id="email" name="email" type="email" autocomplete="username" required>
<button type="submit">Continue</button></form></main></body></html>`;

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startOidcProvider(options: {
  clients: StandInClient[];
  accounts: StandInAccount[];
  /** Its port (default: any free one), for a test that must name it in OUTBOUND_ALLOW_HOSTS before it starts. */
  port?: number;
}): Promise<OidcStandIn> {
  const accounts = new Map(options.accounts.map((account) => [account.email.toLowerCase(), account]));
  let next: string | null = null;
  let paused = false;
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  const server = createServer((req, res) => {
    if (paused) {
      req.socket.destroy();
      return;
    }
    handler?.(req, res);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const configuration: Configuration = {
    clients: options.clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: client.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
    })),
    async findAccount(_ctx, id) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        async claims() {
          return {
            sub: id,
            email: account.email,
            email_verified: account.emailVerified ?? true,
            ...(account.givenName ? { given_name: account.givenName } : {}),
            ...(account.familyName ? { family_name: account.familyName } : {}),
          };
        },
      };
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name'],
    },
    // The ID token carries the claims (the app reads them there, never from userinfo).
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['stand-in cookie key, tests only'] },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, AuthorizationCode: 600, IdToken: 600 },
  };
  const provider = new Provider(issuer, configuration);
  provider.proxy = false;
  const callback = provider.callback();

  /** Finishes whatever the provider asks next: the login, then the consent. */
  async function finish(req: IncomingMessage, res: ServerResponse, email: string) {
    const details = await provider.interactionDetails(req, res);
    const accountId = email.toLowerCase();
    if (details.prompt.name === 'login') {
      await provider.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false });
      return;
    }
    const grant = new provider.Grant({
      accountId: details.session?.accountId ?? accountId,
      clientId: String(details.params.client_id),
    });
    grant.addOIDCScope('openid email profile');
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  handler = (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const match = /^\/interaction\/([^/]+)(\/login)?$/.exec(url.pathname);
    if (!match) {
      callback(req, res);
      return;
    }
    const uid = match[1]!;
    void (async () => {
      try {
        if (match[2] && req.method === 'POST') {
          const email = (await readForm(req)).get('email') ?? '';
          if (!accounts.has(email.toLowerCase())) {
            res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(uid, 'Unknown account'));
            return;
          }
          await finish(req, res, email);
          return;
        }
        const details = await provider.interactionDetails(req, res);
        const who = details.session?.accountId ?? next;
        if (who) {
          await finish(req, res, who);
          return;
        }
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(uid));
      } catch (error) {
        res.writeHead(400, { 'content-type': 'text/plain' }).end(String(error));
      }
    })();
  };

  return {
    issuer,
    host: `127.0.0.1:${port}`,
    signInAs(email) {
      next = email ? email.toLowerCase() : null;
    },
    setAccount(account) {
      accounts.set(account.email.toLowerCase(), account);
    },
    pause() {
      paused = true;
    },
    resume() {
      paused = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
