/**
 * "Import a list" checks the file's size before reading it into memory: a file over the import's
 * limit is refused by its File.size, its bytes never read and the parser never loaded.
 */
import { describe, expect, it, vi } from 'vitest';
import { MAX_REPORT_BYTES } from '../../lib/find/report-types';
import { createImportModel, type ReportParser } from '../../lib/popup/find-import';
import type { FindApi } from '../../lib/popup/find-model';

const api: FindApi = {
  request: async () => {
    throw new Error('no message is sent for a file that is only read');
  },
} as unknown as FindApi;

function model() {
  const parseReportFile = vi.fn<ReportParser['parseReportFile']>(async () => ({ kind: 'error', message: 'parsed' }));
  const parser = vi.fn(async (): Promise<ReportParser> => ({ parseReportFile, linesOf: vi.fn() }));
  return { list: createImportModel(api, parser), parser, parseReportFile };
}

describe('the import reads a file only when its size is within the limit', () => {
  it('a file over 10 MB: refused in words by its size, its bytes never read', async () => {
    const { list, parser } = model();
    const arrayBuffer = vi.fn(async () => new ArrayBuffer(8));
    await list.readFile({ name: 'huge.xlsx', size: MAX_REPORT_BYTES + 1, arrayBuffer });
    expect(list.view.value).toEqual({
      kind: 'error',
      message: 'This file is larger than 10 MB. Export a shorter date range.',
    });
    expect(arrayBuffer).not.toHaveBeenCalled();
    expect(parser).not.toHaveBeenCalled();
  });

  it('a file of exactly 10 MB is read and handed to the parser', async () => {
    const { list, parseReportFile } = model();
    const arrayBuffer = vi.fn(async () => new ArrayBuffer(8));
    await list.readFile({ name: 'report.csv', size: MAX_REPORT_BYTES, arrayBuffer });
    expect(arrayBuffer).toHaveBeenCalledTimes(1);
    expect(parseReportFile).toHaveBeenCalledTimes(1);
    expect(list.view.value).toEqual({ kind: 'error', message: 'parsed' });
  });
});
