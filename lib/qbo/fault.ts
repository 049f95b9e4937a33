/**
 * Faults in all three real forms (service-facts "Faults as they really arrive"):
 * capitalised JSON `Fault.Error[]`, the gateway's lowercase `fault.error[]`, and XML.
 * Bodies are evidence only: every function here returns [] rather than throwing.
 */
import { z } from 'zod';
import type { FaultInfo } from './outcomes';
import { faultsFromXml, looksLikeXml } from './xml-fault';

const Code = z.union([z.string(), z.number()]).transform(String);

const CapitalError = z.looseObject({
  Message: z.string().nullish(),
  Detail: z.string().nullish(),
  code: Code.nullish(),
});
const LowerError = z.looseObject({
  message: z.string().nullish(),
  detail: z.string().nullish(),
  code: Code.nullish(),
});

export const CapitalFaultSchema = z.looseObject({ Error: z.array(z.unknown()), type: z.string().nullish() });
export const LowerFaultSchema = z.looseObject({ error: z.array(z.unknown()), type: z.string().nullish() });

function toInfo(code: string | null | undefined, message: string | null | undefined, detail?: string | null) {
  const info: FaultInfo = { code: code ?? '', message: message ?? '' };
  if (detail) info.detail = detail;
  return info;
}

/** Faults inside an already-parsed JSON value: `{Fault:{Error:[…]}}` or `{fault:{error:[…]}}`. */
export function faultsFromJson(value: unknown): FaultInfo[] {
  if (typeof value !== 'object' || value === null) return [];
  const record = value as Record<string, unknown>;
  const capital = CapitalFaultSchema.safeParse(record.Fault);
  if (capital.success) {
    return capital.data.Error.flatMap((e) => {
      const r = CapitalError.safeParse(e);
      return r.success ? [toInfo(r.data.code, r.data.Message, r.data.Detail)] : [];
    });
  }
  const lower = LowerFaultSchema.safeParse(record.fault);
  if (lower.success) {
    return lower.data.error.flatMap((e) => {
      const r = LowerError.safeParse(e);
      return r.success ? [toInfo(r.data.code, r.data.message, r.data.detail)] : [];
    });
  }
  return [];
}

/** JSON.parse that answers undefined instead of throwing. */
export function parseJsonSafely(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** Faults in a raw body of any of the three forms; [] when the body says nothing readable. */
export function faultsFromBody(body: string): FaultInfo[] {
  if (looksLikeXml(body)) return faultsFromXml(body);
  return faultsFromJson(parseJsonSafely(body));
}

const DELETE_CODES = new Set(['610', '6200', '6210', '6540']);

/**
 * The fault that decides an outcome when a body lists several: a record-level delete code if any
 * (610, 6200/6210, 6540, a 5010 "Account Period Closed"), else the first.
 */
export function primaryFault(faults: readonly FaultInfo[]): FaultInfo | undefined {
  return (
    faults.find((f) => DELETE_CODES.has(f.code)) ??
    faults.find((f) => f.code === '5010' && isPeriodClosedMessage(f)) ??
    faults[0]
  );
}

export function isPeriodClosedMessage(fault: FaultInfo): boolean {
  return /account period closed/i.test(`${fault.message} ${fault.detail ?? ''}`);
}
