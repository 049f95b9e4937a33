/**
 * Edge cases of lib/jobs/create.ts (issue 13): a job's operation, the allow-duplicate choice
 * (only when made), and a job cut into its own chunks (a restore's dependency order), each 1..30.
 */
import { describe, expect, it } from 'vitest';
import { MAX_CHUNK, newJobMeta } from '../../lib/jobs/create';
import type { ReviewedRecord } from '../../lib/journal/schema';

const input = { realmId: 'r', environment: 'sandbox' as const, records: [] };
const rec = (id: string): ReviewedRecord => ({
  record: { entity: 'Invoice', id, syncToken: '0', linkedTxn: [], raw: {} },
  reconciled: false,
});
const cut = (n: number, from = 0) => Array.from({ length: n }, (_, i) => rec(String(from + i + 1)));

describe('newJobMeta: operation and choices', () => {
  it('the given operation, delete by default', () => {
    expect(newJobMeta('j', { ...input, operation: 'void' }, 1, 0).operation).toBe('void');
    expect(newJobMeta('j', { ...input, operation: 'restore' }, 1, 0).operation).toBe('restore');
    expect(newJobMeta('j', input, 1, 0).operation).toBe('delete');
  });

  it('allowDuplicateDocNumbers only when chosen: no key otherwise', () => {
    expect(newJobMeta('j', { ...input, allowDuplicateDocNumbers: true }, 1, 0).allowDuplicateDocNumbers).toBe(true);
    for (const allow of [false, undefined]) {
      const meta = newJobMeta('j', { ...input, allowDuplicateDocNumbers: allow }, 1, 0);
      expect('allowDuplicateDocNumbers' in meta, String(allow)).toBe(false);
    }
  });
});

describe('newJobMeta: the job’s own chunks', () => {
  it('as many chunks as cuts, whatever the total and the chunk size', () => {
    const chunks = [cut(1), cut(MAX_CHUNK, 1), cut(2, 40)];
    const meta = newJobMeta('j', { ...input, chunkSize: 10, chunks }, 33, 0);
    expect(meta.chunks).toBe(3);
    expect(meta.total).toBe(33);
    expect(newJobMeta('j', { ...input, chunks: [] }, 0, 0).chunks).toBe(0);
  });

  it('an empty cut or one of more than 30 is a bug', () => {
    expect(() => newJobMeta('j', { ...input, chunks: [cut(1), []] }, 1, 0)).toThrow(
      new RangeError('a chunk holds 1 to 30 records'),
    );
    expect(() => newJobMeta('j', { ...input, chunks: [cut(MAX_CHUNK + 1)] }, 31, 0)).toThrow(RangeError);
  });
});
