/** Page object for the popup, opened in a tab as popup.html (how tests drive it). */
import { expect, type Locator, type Page } from '@playwright/test';

const RESULT_GROUPS = ['Deleted', 'Skipped', 'Refused', 'Needs attention'] as const;

export class PopupPage {
  constructor(readonly page: Page) {}

  /** Opens the paste-a-token path: "Advanced" (a closed disclosure), then "Use an access token instead". */
  async openTokenForm(): Promise<void> {
    const advanced = this.page.getByRole('button', { name: 'Advanced', exact: true });
    const company = this.page.getByLabel('Company ID');
    // Wait for the popup's first state (it renders "Loading…" first), then open the paste path.
    await expect(advanced.or(company).first()).toBeVisible();
    if (await company.isVisible()) return;
    if ((await advanced.getAttribute('aria-expanded')) !== 'true') await advanced.click();
    await this.page.getByRole('button', { name: 'Use an access token instead' }).click();
    await expect(company).toBeVisible();
  }

  async connect(realmId: string, token: string): Promise<void> {
    const company = this.page.getByLabel('Company ID');
    await this.openTokenForm();
    await company.fill(realmId);
    await this.page.getByLabel('Access token').fill(token);
    await this.page.getByRole('button', { name: 'Save' }).click();
    await expect(this.page.getByLabel('Access token')).toHaveCount(0);
  }

  /** The count in the selection's heading, "(N transactions)". */
  async selectedCount(): Promise<number> {
    const heading = this.page.getByRole('heading', { name: /Selection/ });
    await expect(heading).toContainText(/\(\d[\d,]* transactions?\)/);
    return Number((/\(([\d,]+) transactions?\)/.exec(await heading.innerText())?.[1] ?? '0').replace(/,/g, ''));
  }

  statusCount(label: string): Locator {
    return this.page.getByRole('list', { name: 'Selected by status' }).getByText(new RegExp(`^${label}: \\d+$`));
  }

  /**
   * Waits until one reading of the list shows `total` rows, every one with a status (the preflight
   * finished). One reading, not two: a list not rendered yet has no "Not checked yet" either, and a
   * check that lands between two readings would pass both with a row still unchecked.
   */
  async waitForPreflight(total: number): Promise<Record<string, number>> {
    const list = this.page.getByRole('list', { name: 'Selected by status' });
    let counts: Record<string, number> = {};
    await expect
      .poll(
        async () => {
          counts = parseCounts(await list.innerText({ timeout: 1_000 }).catch(() => ''));
          return counts['Not checked yet'] === undefined ? sumCounts(counts) : -1;
        },
        // Rows known by what they show are identified by reads the service may throttle (the headless
        // demo allows one batch call per window): a check that waits out a 429 is still a check, and
        // one Retry-After is 60 s on top of the check itself (a spec's own 90 s timeout still bounds it).
        { timeout: 150_000, message: 'every selected row checked' },
      )
      .toBe(total);
    return counts;
  }

  deleteButton(): Locator {
    return this.page.getByRole('button', { name: 'Verify and delete selected' });
  }

  async resultCounts(): Promise<Record<(typeof RESULT_GROUPS)[number], number>> {
    await expect(this.page.getByRole('heading', { name: /Finished|Cancelled/ })).toBeVisible({ timeout: 60_000 });
    const out = { Deleted: 0, Skipped: 0, Refused: 0, 'Needs attention': 0 };
    for (const label of RESULT_GROUPS) {
      const text = await this.page.getByRole('button', { name: new RegExp(`${label} \\d+$`) }).innerText();
      out[label] = Number(text.replace(/\D+/g, ''));
    }
    return out;
  }

  /** Opens a result group ("Skipped", "Refused", …) unless it is open already (problem groups start open) or empty. */
  async openGroup(label: (typeof RESULT_GROUPS)[number]): Promise<void> {
    const button = this.page.getByRole('button', { name: new RegExp(`${label} \\d+$`) });
    if (await button.isDisabled()) return; // an empty group has nothing to open
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
  }

  /** Asserts the element is inside the popup's 600 px without scrolling. */
  async expectInView(locator: Locator): Promise<void> {
    const box = await locator.boundingBox();
    const viewport = this.page.viewportSize();
    expect(box, 'element is rendered').not.toBeNull();
    expect(viewport).not.toBeNull();
    if (!box || !viewport) return;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  }

  /** What the person sees: the popup's viewport (460 × 600), not the whole scrolled page. */
  async screenshot(name: string): Promise<void> {
    await this.page.screenshot({ path: `test-results/screenshots/${name}.png` });
  }
}

function parseCounts(text: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const line of text.split('\n')) {
    const m = /^(.+): ([\d,]+)$/.exec(line.trim());
    if (m?.[1] && m[2]) out[m[1]] = Number(m[2].replace(/,/g, ''));
  }
  return out;
}

function sumCounts(counts: Record<string, number>): number {
  return Object.values(counts).reduce((a, b) => a + b, 0);
}
