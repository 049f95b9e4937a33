// @vitest-environment happy-dom
/**
 * "Exported" only once the file is saved (issue 18 §7). Handing the file to the browser is not
 * saving it (a cancelled Save dialog, a full disk, a blocked download), so the popup asks "Did the
 * file save?": only "Yes, the file is saved" sends `audit/exported` with that file's watermark;
 * "No, export again" makes the file again; a popup closed before the answer marks nothing.
 */
import { fireEvent, screen } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import type { PageMessage } from '../../lib/messaging/protocol';
import { NOT_HANDED_OVER } from '../../lib/popup/audit-export';
import { jobView, NOW, popupState, renderPopup, settle } from './fixtures';

const file = (through: number) => ({
  ok: true as const,
  data: { filename: `audit-${through}.csv`, mime: 'text/csv', content: 'h\r\n', through },
});

/** A background whose log grows between two exports (a job wrote more entries meanwhile). */
function growingLog(p: Awaited<ReturnType<typeof renderPopup>>) {
  let through = 40;
  p.bg.reply = (m: PageMessage) => (m.type === 'audit/export' ? file(through++) : { ok: true, data: p.bg.state });
}

const question = () => screen.queryByText(/^Did the file save\?/);

describe('the audit export asks whether the file saved', () => {
  it('sends no watermark until "Yes, the file is saved", then the watermark of that file', async () => {
    const download = vi.fn();
    const p = await renderPopup(popupState(), { download });
    growingLog(p);
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Export audit log' })));
    expect(download).toHaveBeenCalledTimes(1);
    expect(question()).toBeTruthy();
    // Clearing meanwhile asks the background to clear exported entries only: these are not.
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Clear audit log' })));
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Yes, clear it' })));
    expect(p.bg.sent.map((m) => m.type).filter((t) => t.startsWith('audit/'))).toEqual(['audit/export', 'audit/clear']);
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Yes, the file is saved' })));
    expect(p.bg.sentOfType('audit/exported')).toEqual([{ type: 'audit/exported', through: 40 }]);
    expect(question()).toBeNull();
  });

  it('"No, export again" makes the file again in the same format and asks about the new one', async () => {
    const download = vi.fn();
    const p = await renderPopup(popupState(), { download });
    growingLog(p);
    fireEvent.change(screen.getByLabelText('Audit log format'), { target: { value: 'json' } });
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Export audit log' })));
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'No, export again' })));
    expect(download).toHaveBeenCalledTimes(2);
    expect(p.bg.sentOfType('audit/export').map((m) => m.format)).toEqual(['json', 'json']);
    expect(p.bg.sentOfType('audit/exported')).toEqual([]);
    expect(question()).toBeTruthy();
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Yes, the file is saved' })));
    expect(p.bg.sentOfType('audit/exported')).toEqual([{ type: 'audit/exported', through: 41 }]);
  });

  it('a popup closed before the answer marks nothing', async () => {
    const p = await renderPopup(popupState(), { download: vi.fn() });
    growingLog(p);
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Export audit log' })));
    expect(question()).toBeTruthy();
    p.model.stop();
    p.unmount();
    expect(p.bg.sentOfType('audit/exported')).toEqual([]);
  });

  it('a file the browser did not take is said, and nothing is asked', async () => {
    const p = await renderPopup(popupState(), {
      download: () => {
        throw new Error('Blob too large');
      },
    });
    growingLog(p);
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Export audit log' })));
    expect(screen.getByText(NOT_HANDED_OVER)).toBeTruthy();
    expect(question()).toBeNull();
    expect(p.bg.sentOfType('audit/exported')).toEqual([]);
  });

  it('the question follows the export from the result to the selection view', async () => {
    const done = jobView({ state: 'done', done: 40, total: 40, finishedAt: NOW });
    const p = await renderPopup(popupState({ job: done }), { download: vi.fn() });
    growingLog(p);
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Export audit log' })));
    expect(question()).toBeTruthy();
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Done' })));
    await p.push(popupState({ job: undefined }));
    expect(screen.getByRole('button', { name: /^Verify and delete selected/ })).toBeTruthy();
    expect(question()).toBeTruthy();
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Yes, the file is saved' })));
    expect(p.bg.sentOfType('audit/exported')).toEqual([{ type: 'audit/exported', through: 40 }]);
  });
});
