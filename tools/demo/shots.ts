/**
 * The demo's screenshots: numbered files in one folder, and for each popup state the texts it shows
 * (screen-texts.ts), written to the folder's screens.json once the walk is done.
 */
import path from 'node:path';
import { READ_SCREEN_TEXTS, type ScreenEntry, sha256, writeManifest } from './screen-texts';

/** What the shooter needs of a page, Playwright's or puppeteer's. */
export interface Shootable {
  screenshot(options: { path: string; fullPage: boolean }): Promise<unknown>;
  evaluate(expression: string): Promise<unknown>;
}

export interface ShotOptions {
  /** A popup state (the default): its texts go to screens.json. The ledger, a simulator page, is not one. */
  popup?: boolean;
}

export class Shooter<P extends Shootable> {
  readonly lines: string[] = [];
  readonly screens: Record<string, ScreenEntry> = {};
  private count = 0;

  /**
   * @param dir where the PNGs go
   * @param popupsOnly take only popup states (the README's folder holds no simulator page)
   */
  constructor(
    readonly dir: string,
    private readonly popupsOnly = false,
    private readonly fullPage = false,
  ) {}

  async shoot(page: P, name: string, note: string, { popup = true }: ShotOptions = {}): Promise<void> {
    this.count += 1;
    if (!popup && this.popupsOnly) return;
    const file = path.join(this.dir, `${String(this.count).padStart(2, '0')}-${name}.png`);
    await page.screenshot({ path: file, fullPage: this.fullPage });
    if (popup) {
      const texts = (await page.evaluate(READ_SCREEN_TEXTS)) as string[];
      this.screens[name] = { file: path.basename(file), note, texts, sha256: sha256(file) };
    }
    this.lines.push(`${file}  (${note})`);
    console.log(`  ✓ ${note}`);
  }

  /** Writes screens.json; returns its path. */
  save(): string {
    return writeManifest(this.dir, this.screens);
  }
}
