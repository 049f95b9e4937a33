// @vitest-environment happy-dom
/** The company's last runs stay readable after "Done": tie-out and the run's own CSV. */
import { fireEvent, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import type { DownloadFile } from '../../lib/popup/model';
import { jobView, popupState, renderPopup, settle } from './fixtures';

describe('recent runs, kept after "Done"', () => {
  it('lists each run with its tie-out and downloads that run’s CSV', async () => {
    const run = jobView({
      id: 'job-old',
      state: 'done',
      finishedAt: Date.parse('2026-11-20T10:00:00Z'),
      records: [
        { key: 'Invoice:77', entity: 'Invoice', id: '77', docNumber: '1077', group: 'deleted', outcome: 'deleted' },
      ],
    });
    const downloads: DownloadFile[] = [];
    await renderPopup(popupState({ recentRuns: [run] }), { download: (f) => void downloads.push(f) });
    const region = screen.getByRole('region', { name: 'Recent runs' });
    expect(region.textContent).toMatch(/Finished .*2026.*in this run = /);
    await settle(() => fireEvent.click(screen.getByRole('button', { name: /^Download the run of .+ \(CSV\)$/ })));
    expect(downloads).toHaveLength(1);
    expect(downloads[0]?.filename).toMatch(/\.csv$/);
    expect(downloads[0]?.parts.join('')).toContain('1077');
  });

  it('is absent when there are none, and while a job is on screen', async () => {
    await renderPopup(popupState());
    expect(screen.queryByRole('region', { name: 'Recent runs' })).toBeNull();
  });
});
