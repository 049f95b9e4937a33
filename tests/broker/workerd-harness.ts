/**
 * The broker as deployed to Cloudflare, for the workerd suites: broker/src/worker.ts bundled with
 * esbuild, run in workerd through miniflare with the compatibility date of wrangler.toml, every
 * outbound fetch answered by an in-memory fake Intuit (the broker still insists on https).
 */
import { readFileSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { type Request as MfRequest, Response as MfResponse, Miniflare } from 'miniflare';
import type { FakeIntuit } from './fake-intuit';

export const BROKER = 'https://broker.test';
export const INTUIT = 'https://intuit.fake.test';
const root = new URL('../../broker/', import.meta.url);
export const compatibilityDate = /compatibility_date\s*=\s*"([\d-]+)"/.exec(
  readFileSync(new URL('wrangler.toml', root), 'utf8'),
)?.[1];

export async function bundle(): Promise<string> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('src/worker.ts', root))],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['module', 'main'],
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}

export function startWorker(options: {
  script: string;
  bindings: Record<string, string>;
  /** Answers every outbound fetch; or a function of the request. */
  intuit: FakeIntuit | ((request: MfRequest) => Promise<MfResponse>);
  /** The Worker's stdout and stderr, chunk by chunk. */
  output?: string[];
  ratelimits?: Record<string, { simple: { limit: number; period: 60 } }>;
}): Miniflare {
  const { intuit, output } = options;
  return new Miniflare({
    modules: true,
    script: options.script,
    compatibilityDate,
    bindings: options.bindings,
    ...(options.ratelimits ? { ratelimits: options.ratelimits } : {}),
    outboundService: async (request: MfRequest) => {
      if (typeof intuit === 'function') return intuit(request);
      const body = request.method === 'GET' ? undefined : await request.arrayBuffer();
      const answer = await intuit.app.fetch(
        new Request(request.url, { method: request.method, headers: [...request.headers], body }),
      );
      return new MfResponse(await answer.arrayBuffer(), { status: answer.status, headers: [...answer.headers] });
    },
    handleRuntimeStdio: (stdout: Readable, stderr: Readable) => {
      for (const stream of [stdout, stderr]) stream.on('data', (chunk: Buffer) => output?.push(String(chunk)));
    },
  });
}
