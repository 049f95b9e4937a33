/**
 * `npm run simulator`: the simulator standalone, for the demo and manual runs. HTTPS with the test
 * certificate by default (`--http` for plain HTTP), seeds a demo company and prints ONE JSON line:
 * {"url", "realmId", "companyName", "token", "mode", "spkiHash"?}. Options (flags win over env):
 *   --port N        (SIM_PORT, default 0 = any free port)
 *   --mode M        (SIM_MODE: document | real, default document)
 *   --stale-sync-token A  (SIM_STALE_SYNC_TOKEN: accept | fault5010, default accept: a delete with an
 *                   older SyncToken is deleted (R1); fault5010 answers 5010 "Stale Object Error")
 *   --requestid M   (SIM_REQUESTID: honoured | ignored | fault6000, default honoured: a write repeating
 *                   a requestid gets the first answer; ignored applies it again; fault6000 answers 6000)
 *   --request-limits L  (SIM_REQUEST_LIMITS: on | off, default: on in real mode, off in document mode:
 *                   10 requests a second, 10 at once, 500 a minute per company, answers cut at 120 s)
 *   --count N       (SIM_COUNT, default 450 transactions)
 *   --seed N        (SIM_SEED, default 1)
 *   --realm ID      (SIM_REALM, default 9341452000001)
 *   --company-name N  (SIM_COMPANY_NAME, default "Maple Street Bakery LLC": CompanyInfo.CompanyName)
 *   --token-lifetime S  (SIM_TOKEN_LIFETIME, seconds, default 3600 as on the service;
 *                   a fresh token: POST /__sim/token {"realmId"})
 *   --http          plain HTTP instead of HTTPS
 *   --companies N   (SIM_COMPANIES, default 1: more companies for the sign-in's company picker)
 * OAuth (the authorize page, token and revocation endpoints; discovery at `discoveryUrl`):
 *   --oauth-client-id ID       (SIM_OAUTH_CLIENT_ID, default "sim-broker")
 *   --oauth-client-secret S    (SIM_OAUTH_CLIENT_SECRET, default "sim-broker-secret")
 *   --oauth-redirect-uris U,V  (SIM_OAUTH_REDIRECT_URIS, comma-separated, default
 *                   http://127.0.0.1:8787/oauth/callback,http://localhost:8787/oauth/callback;
 *                   more apps: POST /__sim/oauth-client)
 *   --access-token-lifetime S  (SIM_ACCESS_TOKEN_LIFETIME, seconds, default 3600)
 *   --refresh-grace S          (SIM_REFRESH_GRACE, seconds, default 0: the old token stops at once)
 * The JSON line then also has "oauthClientId", "oauthClientSecret", "oauthRedirectUris",
 * "discoveryUrl", "sandboxDiscoveryUrl" and "companies": [{realmId, companyName}].
 */
import { parseArgs } from 'node:util';
import { ensureTestCertificate } from './cert';
import { startSimulator } from './index';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    mode: { type: 'string' },
    'stale-sync-token': { type: 'string' },
    requestid: { type: 'string' },
    'request-limits': { type: 'string' },
    count: { type: 'string' },
    seed: { type: 'string' },
    realm: { type: 'string' },
    'company-name': { type: 'string' },
    'token-lifetime': { type: 'string' },
    http: { type: 'boolean', default: false },
    companies: { type: 'string' },
    'oauth-client-id': { type: 'string' },
    'oauth-client-secret': { type: 'string' },
    'oauth-redirect-uris': { type: 'string' },
    'access-token-lifetime': { type: 'string' },
    'refresh-grace': { type: 'string' },
  },
});

const oauthClient = {
  clientId: values['oauth-client-id'] ?? process.env.SIM_OAUTH_CLIENT_ID ?? 'sim-broker',
  clientSecret: values['oauth-client-secret'] ?? process.env.SIM_OAUTH_CLIENT_SECRET ?? 'sim-broker-secret',
  redirectUris: (
    values['oauth-redirect-uris'] ??
    process.env.SIM_OAUTH_REDIRECT_URIS ??
    'http://127.0.0.1:8787/oauth/callback,http://localhost:8787/oauth/callback'
  )
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean),
};

const mode = values.mode ?? process.env.SIM_MODE ?? 'document';
if (mode !== 'document' && mode !== 'real') {
  console.error(`--mode must be document or real, not ${mode}`);
  process.exit(2);
}
const staleSyncToken = values['stale-sync-token'] ?? process.env.SIM_STALE_SYNC_TOKEN ?? 'accept';
if (staleSyncToken !== 'accept' && staleSyncToken !== 'fault5010') {
  console.error(`--stale-sync-token must be accept or fault5010, not ${staleSyncToken}`);
  process.exit(2);
}
const requestid = values.requestid ?? process.env.SIM_REQUESTID ?? 'honoured';
if (requestid !== 'honoured' && requestid !== 'ignored' && requestid !== 'fault6000') {
  console.error(`--requestid must be honoured, ignored or fault6000, not ${requestid}`);
  process.exit(2);
}
const requestLimits = values['request-limits'] ?? process.env.SIM_REQUEST_LIMITS;
if (requestLimits !== undefined && requestLimits !== 'on' && requestLimits !== 'off') {
  console.error(`--request-limits must be on or off, not ${requestLimits}`);
  process.exit(2);
}
const cert = values.http ? undefined : ensureTestCertificate();
const sim = await startSimulator({
  mode,
  staleSyncToken,
  requestid,
  ...(requestLimits !== undefined ? { requestLimits: requestLimits === 'on' } : {}),
  port: Number(values.port ?? process.env.SIM_PORT ?? 0),
  tokenLifetimeMs: Number(values['token-lifetime'] ?? process.env.SIM_TOKEN_LIFETIME ?? 3600) * 1000,
  accessTokenLifetimeMs:
    Number(values['access-token-lifetime'] ?? process.env.SIM_ACCESS_TOKEN_LIFETIME ?? 3600) * 1000,
  refreshGraceMs: Number(values['refresh-grace'] ?? process.env.SIM_REFRESH_GRACE ?? 0) * 1000,
  oauthClients: [oauthClient],
  ...(cert ? { tls: { cert: cert.cert, key: cert.key } } : {}),
});
const company = sim.seedCompany({
  realmId: values.realm ?? process.env.SIM_REALM ?? '9341452000001',
  companyName: values['company-name'] ?? process.env.SIM_COMPANY_NAME ?? 'Maple Street Bakery LLC',
  count: Number(values.count ?? process.env.SIM_COUNT ?? 450),
  seed: Number(values.seed ?? process.env.SIM_SEED ?? 1),
  reconciledShare: 0.08,
  closedShare: 0.1,
  depositedShare: 0.06,
  linkedShare: 0.1,
});
const others = Array.from(
  { length: Math.max(0, Number(values.companies ?? process.env.SIM_COMPANIES ?? 1) - 1) },
  (_, i) => sim.seedCompany({ count: 120, seed: 2 + i, reconciledShare: 0.08, closedShare: 0.1 }),
);
sim.setPageCompany(company.realmId);
console.log(
  JSON.stringify({
    url: sim.url,
    realmId: company.realmId,
    companyName: company.companyName,
    token: company.token,
    mode: sim.mode,
    ...(cert ? { spkiHash: cert.spkiHash } : {}),
    oauthClientId: oauthClient.clientId,
    oauthClientSecret: oauthClient.clientSecret,
    oauthRedirectUris: oauthClient.redirectUris,
    discoveryUrl: `${sim.url}/.well-known/openid_configuration`,
    sandboxDiscoveryUrl: `${sim.url}/.well-known/openid_sandbox_configuration`,
    companies: [company, ...others].map((co) => ({ realmId: co.realmId, companyName: co.companyName })),
  }),
);

const stop = (): void => {
  void sim.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
