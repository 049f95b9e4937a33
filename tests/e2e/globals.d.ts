// The bits of the extension worker's `chrome` global that e2e tests evaluate inside the worker.
declare const chrome: {
  runtime: {
    getManifest(): { manifest_version: number; name: string; permissions?: string[]; [k: string]: unknown };
    sendMessage(message: unknown): Promise<unknown>;
  };
  storage: {
    session: { get(keys?: string | string[] | null): Promise<Record<string, unknown>> };
    local: { get(keys?: string | string[] | null): Promise<Record<string, unknown>> };
  };
  alarms: {
    getAll(): Promise<{ name: string; scheduledTime: number }[]>;
    get(name: string): Promise<{ name: string; scheduledTime: number } | undefined>;
    create(name: string, info: { when: number }): Promise<void>;
  };
};
