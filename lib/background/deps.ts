/** Everything the background needs from the browser, injected so a test builds it twice (a restart). */
import type { Clock } from '../clock';
import type { IdentityApi } from '../connection/sign-in';
import type { Environment } from '../domain/ids';
import type { JobRunnerOptions } from '../jobs/types';
import type { AlarmsArea, StorageArea } from '../storage/area';
import type { BadgeApi } from './badge';
import type { CookiesApi } from './page-company';

/** A browser tab as tabs.get answers it (the active tab the popup opens over). */
export interface TabInfo {
  id?: number;
  url?: string;
  cookieStoreId?: string;
  incognito?: boolean;
}

export interface TabsApi {
  get(tabId: number): Promise<TabInfo>;
}

export interface BackgroundDeps {
  storage: { local: StorageArea; session: StorageArea };
  /** The extension origin's IndexedDB: the audit log and the installation key (Node tests: fake-indexeddb's). */
  indexedDB: IDBFactory;
  alarms: AlarmsArea;
  cookies: CookiesApi;
  /** tabs.get: the active tab the popup opened over (./view-tab.ts). */
  tabs?: TabsApi;
  badge?: BadgeApi;
  notify?: (title: string, message: string) => Promise<void>;
  extensionId: string;
  /** `chrome-extension://<id>` (or `moz-extension://<uuid>`). */
  extensionOrigin: string;
  clock: Clock;
  fetch?: typeof fetch;
  /** The token broker's base URL (build setting WXT_BROKER_URL; default DEFAULT_BROKER_URL). */
  brokerUrl?: string;
  /** identity.launchWebAuthFlow and getRedirectURL ("Connect to QuickBooks"). */
  identity?: IdentityApi;
  /** Overrides the API host per environment (Node tests against the simulator). */
  apiBaseUrl?: (environment: Environment) => string | undefined;
  /** `navigator.storage.estimate()`: a job whose snapshots would not fit is refused before it starts. */
  estimateStorage?: () => Promise<{ usage?: number; quota?: number }>;
  runner?: Pick<JobRunnerOptions, 'throttle' | 'minAlarmDelayMs' | 'maxInWorkerSleepMs' | 'hooks' | 'retryDelayMs'>;
}
