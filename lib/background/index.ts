/**
 * The background's message router: checks the sender first, then the message's shape, then
 * dispatches. Content scripts may only report selections; only extension pages may save tokens or
 * start, pause, resume and cancel jobs. A content script may say hello (and learn its page's company)
 * and report its selection, nothing else. Errors are returned as values (they do not cross contexts).
 */
import { ContentMessageSchema } from '../messaging/content-protocol';
import { fail, type MessageType, PageMessageSchema, type Reply, type ReplyOf } from '../messaging/protocol';
import { classifySender, type SenderLike } from '../messaging/sender';
import type { AlarmLike } from '../storage/area';
import { migrateStorage } from '../storage/migrate';
import { createBackgroundCore } from './app';
import type { BackgroundDeps } from './deps';
import { handlePageMessage } from './page-handlers';
import { handleContentMessage } from './selection-report';
import { STORED_ITEMS } from './stored-items';

export type { BackgroundDeps };

export function createBackground(deps: BackgroundDeps) {
  // Storage is brought to this build's layout before anything reads it (writes queue behind it).
  const ready = migrateStorage(deps.storage, STORED_ITEMS);
  const core = createBackgroundCore(deps);

  /** The runtime listener: `message` is unknown until its schema accepts it; the reply is one of the map's. */
  async function handleMessage(message: unknown, sender: SenderLike): Promise<Reply<ReplyOf<MessageType>>> {
    const who = classifySender(sender, deps.extensionId, deps.extensionOrigin);
    if (who.kind === 'untrusted') return fail(`Refused: ${who.reason}.`);
    try {
      await ready;
      if (who.kind === 'contentScript') {
        const parsed = ContentMessageSchema.safeParse(message);
        if (!parsed.success) return fail('Refused: a page may only say hello and report its selection.');
        return await handleContentMessage(core, parsed.data, who.pageUrl, who.tab);
      }
      const parsed = PageMessageSchema.safeParse(message);
      if (!parsed.success) return fail(`Refused: malformed message (${parsed.error.issues[0]?.message ?? 'shape'}).`);
      return await handlePageMessage(core, parsed.data);
    } catch (error) {
      return fail(`Safe Delete hit an internal error: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  return {
    core,
    /** What it was built from: a test builds a second background on the same storage (a restart). */
    deps,
    handleMessage,
    onAlarm: async (alarm: AlarmLike) => {
      await ready;
      await core.runner.onAlarm(alarm);
      await core.tokenWake.onAlarm(alarm);
    },
    /** On every worker start: resume jobs from the journal and show the badge. */
    async onStartup(): Promise<void> {
      await ready;
      // Exported entries older than the chosen retention (none unless the person chose one).
      await core.audit.prune().catch(() => 0);
      await core.runner.wake();
      core.changed();
    },
  };
}
export type Background = ReturnType<typeof createBackground>;
