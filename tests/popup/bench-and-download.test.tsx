// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadFile } from '../../lib/popup/download';
import { renderPopupForBench } from '../../tools/bench/render-for-bench';
import { popupState, row } from './fixtures';

describe('renderPopupForBench', () => {
  it('renders 5,000 rows with a few dozen row elements and reports the time', async () => {
    const selection = Array.from({ length: 5000 }, (_, i) => row(i, i % 7 ? 'ready' : 'reconciled'));
    const result = await renderPopupForBench(popupState({ selection }));
    expect(result.rowElements).toBeGreaterThan(0);
    expect(result.rowElements).toBeLessThan(40);
    expect(result.ms).toBeGreaterThanOrEqual(0);
    result.unmount();
  });
});

describe('downloadFile', () => {
  afterEach(() => vi.restoreAllMocks());

  it('clicks a temporary <a download> pointing at a Blob URL', () => {
    const create = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:audit');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    downloadFile({ filename: 'audit.csv', mime: 'text/csv', parts: ['a,b\n', 'c,d\n'] });
    const blob = create.mock.calls[0]![0] as Blob;
    expect(blob.type).toBe('text/csv');
    expect(blob.size).toBe(8); // both parts, joined by the Blob
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toBe('audit.csv');
    expect(clicked[0]!.href).toBe('blob:audit');
    expect(clicked[0]!.isConnected).toBe(false);
  });
});
