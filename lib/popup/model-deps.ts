/** What the popup's model is given besides the messaging api (lib/popup/model.ts). */
import type { DownloadFile } from './download';

export interface PopupModelDeps {
  /** Wall clock (ms); defaults to Date.now. */
  now?: () => number;
  /** Poll and clock-tick period; default 1000 ms. */
  pollMs?: number;
  /** Hands a file to the person (the entry wires a Blob download). */
  download?: (file: DownloadFile) => void;
  /**
   * The manifest's host permissions. Firefox lets the user withdraw them (about:addons); without
   * them every call to the service fails. Absent: assumed granted (Chrome grants them at install).
   */
  hostAccess?: HostAccessApi;
  /** Puts text on the clipboard; defaults to navigator.clipboard.writeText. */
  writeText?: (text: string) => Promise<void>;
  /** The extension's version (the manifest's), for the deletion report's header. */
  version?: string;
  /**
   * Opens the popup's page in a browser tab ("Open full view"); `at: 'find'` opens it at its find
   * tools ("Find in <client>"). Absent: neither button is shown.
   */
  openFullView?: (at?: 'find') => void;
  /** Opens a run's printable report in a tab ("Print the report"); absent: the button is not shown. */
  openReport?: (jobId: string) => void;
}

export interface HostAccessApi {
  granted(): Promise<boolean>;
  /** Must run inside the click that asks (browsers require a user gesture). */
  request(): Promise<boolean>;
}
