/**
 * `npm run simulator`: the simulator standalone, for the demo and manual runs. HTTPS with the test
 * certificate by default (`--http` for plain HTTP), seeds a demo company and prints ONE JSON line:
 * {"url", "realmId", "companyName", "token", "mode", "spkiHash"?}. Options (flags win over env):
 *   --port N        (SIM_PORT, default 0 = any free port)
 *   --mode M        (SIM_MODE: document | real, default document)
 *   --count N       (SIM_COUNT, default 450 transactions)
 *   --seed N        (SIM_SEED, default 1)
 *   --realm ID      (SIM_REALM, default 9341452000001)
 *   --company-name N  (SIM_COMPANY_NAME, default "Maple Street Bakery LLC": CompanyInfo.CompanyName)
 *   --token-lifetime S  (SIM_TOKEN_LIFETIME, seconds, default 3600 as on the service;
 *                   a fresh token: POST /__sim/token {"realmId"})
 *   --http          plain HTTP instead of HTTPS
 */
import { parseArgs } from 'node:util';
import { ensureTestCertificate } from './cert';
import { startSimulator } from './index';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    mode: { type: 'string' },
    count: { type: 'string' },
    seed: { type: 'string' },
    realm: { type: 'string' },
    'company-name': { type: 'string' },
    'token-lifetime': { type: 'string' },
    http: { type: 'boolean', default: false },
  },
});

const mode = values.mode ?? process.env.SIM_MODE ?? 'document';
if (mode !== 'document' && mode !== 'real') {
  console.error(`--mode must be document or real, not ${mode}`);
  process.exit(2);
}
const cert = values.http ? undefined : ensureTestCertificate();
const sim = await startSimulator({
  mode,
  port: Number(values.port ?? process.env.SIM_PORT ?? 0),
  tokenLifetimeMs: Number(values['token-lifetime'] ?? process.env.SIM_TOKEN_LIFETIME ?? 3600) * 1000,
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
console.log(
  JSON.stringify({
    url: sim.url,
    realmId: company.realmId,
    companyName: company.companyName,
    token: company.token,
    mode: sim.mode,
    ...(cert ? { spkiHash: cert.spkiHash } : {}),
  }),
);

const stop = (): void => {
  void sim.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
