/**
 * Thrown by the journal's commit when a step would write over a chunk journal the schema refuses.
 * Thrown, not returned: the write-ahead attempt is not journaled, so the send that follows it in
 * lib/jobs/send.ts must not happen, and a rejected commit is what stops it there today. By then the
 * journal has set the value aside and paused the job with the reason (the person's "needs attention").
 */
export class UnreadableChunkError extends Error {
  override readonly name = 'UnreadableChunkError';
  constructor(
    readonly jobId: string,
    readonly index: number,
  ) {
    super(`Job ${jobId}: the journal of chunk ${index} is unreadable; the job is paused, nothing was sent`);
  }
}

export const isUnreadableChunkError = (e: unknown): e is UnreadableChunkError => e instanceof UnreadableChunkError;
