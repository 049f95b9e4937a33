// @vitest-environment happy-dom
/**
 * "Erase this company's local data" in the popup (issue 18 §7): offered for each company whose data
 * this device keeps, connected or not; erased only after a confirmation that says what goes, how
 * many audit records and whether they were exported, and that they are the only copy of deleted
 * records. Not offered while the company's job runs.
 */
import { fireEvent, screen, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import type { CompanyDataView } from '../../lib/messaging/views';
import { popupState, renderPopup, settle } from './fixtures';

const company = (over: Partial<CompanyDataView> = {}): CompanyDataView => ({
  realmId: '9341',
  environment: 'production',
  companyName: 'Sunrise Family Pharmacy',
  connected: false,
  auditEntries: 1200,
  notExported: 300,
  jobs: 1,
  jobActive: false,
  ...over,
});

const ERASE_DATA = "Erase this company's local data";
const itemOf = (text: RegExp) => screen.getByText(text).closest('li') as HTMLElement;

describe('Erase this company’s local data', () => {
  it('asks first, saying what goes, the records not exported and that they are the only copy', async () => {
    const p = await renderPopup(popupState({ localData: [company()] }));
    expect(screen.getByText('Data kept on this device (1)')).toBeTruthy();
    const item = itemOf(/^Sunrise Family Pharmacy \(Id 9341\)/);
    expect(item.textContent).toContain('not connected · 1,200 audit records, 300 not exported yet');
    await settle(() => fireEvent.click(within(item).getByRole('button', { name: ERASE_DATA })));
    expect(p.bg.sentOfType('company/erase')).toEqual([]);
    const text = item.textContent ?? '';
    expect(text).toContain('Erase everything this device keeps about Sunrise Family Pharmacy (Id 9341): its');
    expect(text).toContain('1,200 audit records, 300 not exported yet');
    expect(text).toContain('the only copy of the records Safe Delete deleted');
    expect(text).toContain('Export first');
    await settle(() => fireEvent.click(within(item).getByRole('button', { name: 'Erase' })));
    expect(p.bg.sentOfType('company/erase')).toEqual([
      { type: 'company/erase', realmId: '9341', environment: 'production' },
    ]);
  });

  it('"Keep the data" closes the question and erases nothing', async () => {
    const p = await renderPopup(popupState({ localData: [company({ notExported: 0 })] }));
    const item = itemOf(/^Sunrise Family Pharmacy/);
    await settle(() => fireEvent.click(within(item).getByRole('button', { name: ERASE_DATA })));
    expect(item.textContent).toContain('1,200 audit records, all exported');
    expect(item.textContent).not.toContain('Export first');
    await settle(() => fireEvent.click(within(item).getByRole('button', { name: 'Keep the data' })));
    expect(within(item).queryByRole('button', { name: 'Erase' })).toBeNull();
    expect(p.bg.sentOfType('company/erase')).toEqual([]);
  });

  it('is offered for a connected company with data too, and not while its job runs', async () => {
    await renderPopup(
      popupState({
        localData: [
          company({ realmId: '1', companyName: 'Connected Co', connected: true }),
          company({ realmId: '2', companyName: 'Busy Co', connected: true, jobActive: true }),
        ],
      }),
    );
    const connected = itemOf(/^Connected Co/);
    expect(connected.textContent).toContain('· connected ·');
    expect(within(connected).getByRole('button', { name: ERASE_DATA })).toBeTruthy();
    const busy = itemOf(/^Busy Co/);
    expect(within(busy).queryByRole('button', { name: ERASE_DATA })).toBeNull();
    expect(busy.textContent).toContain('a job is running');
  });

  it('shows nothing when the device keeps no company’s data', async () => {
    await renderPopup(popupState({ localData: [] }));
    expect(screen.queryByText(/Data kept on this device/)).toBeNull();
    expect(screen.queryByRole('button', { name: ERASE_DATA })).toBeNull();
  });
});
