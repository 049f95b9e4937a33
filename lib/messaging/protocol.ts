/**
 * One typed map of every message between contexts (webext-core style). Data is checked with zod on
 * arrival; answers are values ({ ok: true, data } | { ok: false, error }) because thrown errors do
 * not cross contexts. Direction decides who may send: content scripts may only report selections;
 * extension pages (the popup, also opened in a tab) may do everything else.
 */
import { z } from 'zod';
import { RealmIdSchema } from '../domain/schemas';
import { EnvironmentSchema } from './views';

/** Messages from extension pages (popup.html, in the action popup or a tab). */
export const PageMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('state/get'), sinceVersion: z.number().optional() }),
  z.object({
    type: z.literal('connection/save'),
    realmId: RealmIdSchema,
    environment: EnvironmentSchema,
    /** Omitted: keep the stored token (same company and environment only). */
    token: z.string().min(20).max(8192).optional(),
    remember: z.boolean(),
    expiresInSec: z.number().int().positive().max(86_400).optional(),
  }),
  z.object({ type: z.literal('connection/forget') }),
  /** "Connect to QuickBooks": sign in with Intuit through the broker (the background opens the window). */
  z.object({ type: z.literal('connection/connect'), environment: EnvironmentSchema, stayConnected: z.boolean() }),
  /** "Disconnect" one company: revoked through the broker, then forgotten. */
  z.object({
    type: z.literal('connection/disconnect'),
    realmId: RealmIdSchema,
    environment: EnvironmentSchema,
  }),
  z.object({ type: z.literal('selection/remove'), key: z.string().max(64) }),
  z.object({ type: z.literal('selection/clear') }),
  /** "Remove these from the selection" (a whole group): tombstoned like "Remove". */
  z.object({ type: z.literal('selection/removeMany'), keys: z.array(z.string().max(64)).min(1).max(5000) }),
  /** Adds rows from "Ticked by the page, not by you" to the selection (the person's explicit choice). */
  z.object({ type: z.literal('selection/adopt'), keys: z.array(z.string().max(64)).min(1).max(5000) }),
  z.object({ type: z.literal('preflight/run') }),
  /** includeLinked: delete 'Linked' records too (off unless the person ticked "Include linked transactions"). */
  z.object({ type: z.literal('job/start'), includeReconciled: z.boolean(), includeLinked: z.boolean().optional() }),
  z.object({ type: z.literal('job/pause'), jobId: z.string() }),
  z.object({ type: z.literal('job/resume'), jobId: z.string() }),
  z.object({ type: z.literal('job/cancel'), jobId: z.string() }),
  z.object({ type: z.literal('job/dismiss'), jobId: z.string() }),
  z.object({ type: z.literal('audit/export'), format: z.enum(['csv', 'json']) }),
  z.object({ type: z.literal('audit/clear') }),
]);
export type PageMessage = z.infer<typeof PageMessageSchema>;
export type PageMessageType = PageMessage['type'];

export type Reply<T = unknown> = { ok: true; data: T } | { ok: false; error: string };

export function ok<T>(data: T): Reply<T> {
  return { ok: true, data };
}
export function fail(error: string): Reply<never> {
  return { ok: false, error };
}
