/**
 * Every message that changes state names the company it acts on. The company "current at the click"
 * (the last QuickBooks tab that reported) can change between what a view showed and the click: a
 * message without its company acted on whichever one that was ("Forget" in A's view forgot B).
 *
 * The list below is every page message; a message that is not a read and not named otherwise must
 * carry its company as a required `scope` ({ realmId, environment }) or as required `realmId` and
 * `environment` fields. A new message fails here until it names its company or is listed with why
 * it needs none.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ContentMessageSchema } from '../../lib/messaging/content-protocol';
import { PageMessageSchema, type PageMessageType } from '../../lib/messaging/protocol';

/** Messages that only read: they change nothing a later click or job acts on. */
const READS: Partial<Record<PageMessageType, string>> = {
  'state/get': 'the view',
  'audit/export': 'a page of the audit log, as stored',
};

/** State-changing messages whose target is not a company, each with the reason. */
const NAMED_OTHERWISE: Partial<Record<PageMessageType, string>> = {
  'view/tab': 'names the tab whose own company becomes the one in view',
  'connection/connect': "the company is picked in Intuit's sign-in window, after the click",
  'alert/dismiss': 'an alert about a tab or the last notice shown, never a company’s data',
  'job/pause': 'names the job (jobId), which belongs to one company for its whole life',
  'job/resume': 'names the job (jobId)',
  'job/cancel': 'names the job (jobId)',
  'job/dismiss': 'names the job (jobId)',
  'audit/exported': 'the one audit log of this device, every company’s',
  'audit/retention': 'the one audit log of this device, every company’s',
  'audit/clear': 'the one audit log of this device, every company’s',
  'report/preparer': 'the person’s name on every report of this device, whichever company',
};

type AnyObject = z.ZodObject<Record<string, z.ZodType>>;
const pageMessages = PageMessageSchema.options as unknown as AnyObject[];
const typeOf = (schema: AnyObject) => (schema.shape.type as z.ZodLiteral<string>).value as PageMessageType;
const ALL_TYPES = pageMessages.map(typeOf);

const A = { realmId: '9130357766412345', environment: 'production', stamp: 's' } as const;

/** The company the message must carry, or why it carries none. */
function companyField(schema: AnyObject): string | undefined {
  const { scope, realmId, environment } = schema.shape;
  if (scope) {
    const required = !scope.safeParse(undefined).success;
    const parsed = scope.safeParse(A);
    const named = parsed.success && (parsed.data as { realmId?: string }).realmId === A.realmId;
    const needsEnvironment = !scope.safeParse({ ...A, environment: undefined }).success;
    return required && named && needsEnvironment ? 'scope' : undefined;
  }
  if (realmId && environment) {
    const required = !realmId.safeParse(undefined).success && !environment.safeParse(undefined).success;
    return required && realmId.safeParse(A.realmId).success ? 'realmId' : undefined;
  }
  return undefined;
}

describe('every state-changing message names its company', () => {
  const changing = ALL_TYPES.filter((t) => !READS[t] && !NAMED_OTHERWISE[t]);

  it.each(changing)('%s carries its company as a required field', (type) => {
    const schema = pageMessages.find((s) => typeOf(s) === type) as AnyObject;
    expect(companyField(schema)).toBeDefined();
  });

  it('"Forget" and "Check again" are among them (they acted on whichever company was current)', () => {
    expect(changing).toEqual(expect.arrayContaining(['connection/forget', 'preflight/run']));
  });

  it('the lists name only messages that exist, and none twice', () => {
    const listed = [...Object.keys(READS), ...Object.keys(NAMED_OTHERWISE)];
    for (const type of listed) expect(ALL_TYPES).toContain(type);
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('a content script’s report names the company its page was loaded under', () => {
    const [report] = ContentMessageSchema.options;
    const withoutCompany = {
      type: 'selection/report',
      data: {
        pageUrl: 'https://app.qbo.intuit.com/app/sales',
        host: 'app.qbo.intuit.com',
        replace: false,
        snapshot: true,
        added: [],
        pageTicked: [],
        removed: [],
      },
    };
    expect(report.safeParse(withoutCompany).success).toBe(false);
    expect(
      report.safeParse({ ...withoutCompany, data: { ...withoutCompany.data, pageCompany: A.realmId } }).success,
    ).toBe(true);
  });
});
