/**
 * The protocol map (lib/messaging/protocol.ts) at the type level: every message `type` has a
 * request (from its zod schema) and a reply type; the background's handlers and the senders are
 * typed against it. `expectTypeOf` and the `@ts-expect-error` lines are checked by
 * `npx tsc --noEmit -p .` (an unused `@ts-expect-error` is itself an error); the runtime checks below
 * tie the handler maps to the schemas' lists.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { pageHandlers } from '../../lib/background/page-handlers';
import { contentHandlers } from '../../lib/background/selection-report';
import {
  type ContentMessage,
  ContentMessageSchema,
  type PageHelloReply,
  type SelectionReportReply,
} from '../../lib/messaging/content-protocol';
import {
  type ContentMessageType,
  type ContentSend,
  dispatch,
  fail,
  type Handlers,
  type MessageType,
  ok,
  type PageMessage,
  PageMessageSchema,
  type PageMessageType,
  type Reply,
  type ReplyMap,
  type ReplyOf,
  type RequestOf,
  type Send,
  type Unchanged,
} from '../../lib/messaging/protocol';
import type { AuditFile, PopupState } from '../../lib/messaging/views';
import type { PopupApi } from '../../lib/popup/model';

const schemaTypes = (schema: { options: readonly { shape: { type: { value: string } } }[] }) =>
  schema.options.map((o) => o.shape.type.value).sort();

describe('the protocol map', () => {
  it('has one entry per message type, page and content script alike', () => {
    expectTypeOf<keyof ReplyMap>().toEqualTypeOf<MessageType>();
    expectTypeOf<PageMessageType | ContentMessageType>().toEqualTypeOf<MessageType>();
    expectTypeOf<RequestOf<MessageType>>().toEqualTypeOf<PageMessage | ContentMessage>();
  });

  it('takes each request from its zod schema', () => {
    expectTypeOf<RequestOf<'job/start'>>().toEqualTypeOf<{
      type: 'job/start';
      includeReconciled: boolean;
      includeLinked?: boolean | undefined;
      includeInventory?: boolean | undefined;
      operation?: 'delete' | 'void' | undefined;
      scope: { realmId: string; environment: 'production' | 'sandbox'; stamp: string };
    }>();
    expectTypeOf<RequestOf<'audit/export'>['format']>().toEqualTypeOf<'csv' | 'json'>();
    expectTypeOf<RequestOf<'page/hello'>>().toEqualTypeOf<Extract<ContentMessage, { type: 'page/hello' }>>();
  });

  it('gives each message its reply type', () => {
    expectTypeOf<ReplyOf<'state/get'>>().toEqualTypeOf<PopupState | Unchanged>();
    expectTypeOf<ReplyOf<'job/start'>>().toEqualTypeOf<PopupState>();
    expectTypeOf<ReplyOf<'selection/adopt'>>().toEqualTypeOf<PopupState>();
    expectTypeOf<ReplyOf<'audit/export'>>().toEqualTypeOf<AuditFile>();
    expectTypeOf<ReplyOf<'page/hello'>>().toEqualTypeOf<PageHelloReply>();
    expectTypeOf<ReplyOf<'selection/report'>>().toEqualTypeOf<SelectionReportReply>();
  });
});

describe("the background's handlers", () => {
  it('answer each message with its own reply type', () => {
    expectTypeOf(pageHandlers['job/start']).returns.resolves.toEqualTypeOf<Reply<PopupState>>();
    expectTypeOf(pageHandlers['audit/export']).returns.resolves.toEqualTypeOf<Reply<AuditFile>>();
    expectTypeOf(pageHandlers['state/get']).returns.resolves.toEqualTypeOf<Reply<PopupState | Unchanged>>();
    expectTypeOf(pageHandlers['job/start']).parameter(0).toEqualTypeOf<RequestOf<'job/start'>>();
    expectTypeOf(contentHandlers['selection/report']).returns.resolves.toEqualTypeOf<Reply<SelectionReportReply>>();
    expectTypeOf(contentHandlers['page/hello']).returns.resolves.toEqualTypeOf<Reply<PageHelloReply>>();
  });

  it('cover every message their schema accepts, and nothing else', () => {
    expect(Object.keys(pageHandlers).sort()).toEqual(schemaTypes(PageMessageSchema));
    expect(Object.keys(contentHandlers).sort()).toEqual(schemaTypes(ContentMessageSchema));
  });

  it('do not compile with a wrong reply or a missing handler', () => {
    const state = {} as PopupState;
    const wrongReply: Handlers<'job/start' | 'audit/export'> = {
      // @ts-expect-error job/start answers the popup's state, not an audit file
      'job/start': async () => ok({ filename: 'a.csv', mime: 'text/csv', content: '' }),
      // @ts-expect-error audit/export answers a file, not the popup's state
      'audit/export': async () => ok(state),
    };
    // @ts-expect-error the handler of audit/export is missing
    const missing: Handlers<'job/start' | 'audit/export'> = { 'job/start': async () => ok(state) };
    const wrongRequest: Handlers<'job/pause'> = {
      // @ts-expect-error job/pause carries a jobId, not a format
      'job/pause': async (msg) => (msg.format ? ok(state) : fail('no')),
    };
    // Refusals fit every reply type.
    const refusing: Handlers<'job/start' | 'audit/export'> = {
      'job/start': async () => fail('Nothing is selected.'),
      'audit/export': async () => fail('No log.'),
    };
    expect([wrongReply, missing, wrongRequest, refusing].length).toBe(4);
  });

  it('are called by type: dispatch hands each message to its own handler', async () => {
    const file: AuditFile = { filename: 'a.json', mime: 'application/json', content: '[]', through: 0 };
    const handlers: Handlers<'audit/export' | 'job/pause', [calls: string[]]> = {
      'audit/export': async (msg, calls) => {
        calls.push(msg.format);
        return ok(file);
      },
      'job/pause': async (msg, calls) => {
        calls.push(msg.jobId);
        return fail('No such job.');
      },
    };
    const calls: string[] = [];
    const exported = await dispatch(handlers, { type: 'audit/export', format: 'json' }, calls);
    expectTypeOf(exported).toEqualTypeOf<Reply<AuditFile>>();
    expect(exported).toEqual({ ok: true, data: file });
    expect(await dispatch(handlers, { type: 'job/pause', jobId: 'job-1' }, calls)).toEqual({
      ok: false,
      error: 'No such job.',
    });
    expect(calls).toEqual(['json', 'job-1']);
  });
});

describe('the senders', () => {
  const send: Send<PageMessageType> = async () => fail('not sent');
  const sendFromPage: ContentSend = async () => undefined;

  it("type the popup's answers by the request's type", () => {
    expectTypeOf(send({ type: 'audit/export', format: 'csv' })).resolves.toEqualTypeOf<Reply<AuditFile>>();
    const scope = { realmId: '1', environment: 'sandbox', stamp: 's' } as const;
    expectTypeOf(send({ type: 'job/start', includeReconciled: false, scope })).resolves.toEqualTypeOf<
      Reply<PopupState>
    >();
    expectTypeOf(send({ type: 'state/get' })).resolves.toEqualTypeOf<Reply<PopupState | Unchanged>>();
    expectTypeOf<PopupApi['send']>().toEqualTypeOf<Send<PageMessageType>>();
  });

  it("type the content script's answers too (undefined: no answer came back)", () => {
    const hello = { type: 'page/hello', data: { pageUrl: 'https://qbo.intuit.com/app/sales', host: 'qbo.intuit.com' } };
    expectTypeOf(sendFromPage(hello as RequestOf<'page/hello'>)).resolves.toEqualTypeOf<
      Reply<PageHelloReply> | undefined
    >();
  });

  it('refuse a wrong request, and a reply read as another type', async () => {
    // @ts-expect-error job/start needs includeReconciled
    await send({ type: 'job/start' });
    // @ts-expect-error a content-script message is not the popup's to send
    await send({ type: 'page/hello', data: { pageUrl: '', host: '' } });
    // @ts-expect-error no such message
    await send({ type: 'job/explode' });
    const reply = await send({ type: 'audit/export', format: 'json' });
    if (reply.ok) {
      // @ts-expect-error audit/export answers a file, not the popup's state
      const state: PopupState = reply.data;
      expect(state).toBeDefined();
    }
    expect(reply).toEqual({ ok: false, error: 'not sent' });
  });
});
