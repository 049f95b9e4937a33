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
    const system = isSystemType(capital.data.type);
    return capital.data.Error.flatMap((e) => {
      const r = CapitalError.safeParse(e);
      return r.success ? [marked(toInfo(r.data.code, r.data.Message, r.data.Detail), system)] : [];
    });
  }
  const lower = LowerFaultSchema.safeParse(record.fault);
  if (lower.success) {
    const system = isSystemType(lower.data.type);
    return lower.data.error.flatMap((e) => {
      const r = LowerError.safeParse(e);
      return r.success ? [marked(toInfo(r.data.code, r.data.message, r.data.detail), system)] : [];
    });
  }
  return [];
}

const isSystemType = (type: string | null | undefined) => typeof type === 'string' && /^systemfault$/i.test(type);

function marked(info: FaultInfo, system: boolean): FaultInfo {
  if (system) info.system = true;
  return info;
}

/**
 * A server error (service-facts "Faults as they really arrive"): `type: "SystemFault"` or code 10000.
 * It can arrive inside an HTTP 200, for a whole call or one batch item; like a 5xx it says nothing
 * about whether the write was applied (R5), so it is never a refusal: the record is re-read.
 */
export function isSystemFault(fault: FaultInfo): boolean {
  return fault.system === true || fault.code === '10000';
}

/**
 * ThrottleExceeded (code 3001), whatever the HTTP status it came with: recordings show it with 429
 * (as XML) and, in older captures, with 403. Some bodies carry the code only in the message
 * ("message=ThrottleExceeded; errorCode=003001; statusCode=429").
 */
export function isThrottleFault(fault: FaultInfo): boolean {
  return fault.code === '3001' || /\bThrottleExceeded\b|errorCode=0*3001\b/i.test(fault.message);
}

/**
 * The app's monthly allowance of metered reads is used up (service-facts "Limits published by the
 * service owner": reads are metered, "beyond it, 429 or blocked until the next cycle"). The fault's
 * exact shape is not published: a fault that names a monthly limit or allowance (or CorePlus, the
 * metered tier), whatever its code, is read as this — a guess, like the simulator's answer
 * (tools/simulator/README.md). Waiting a minute does not help: only the next monthly cycle does.
 */
export function isAllowanceFault(fault: FaultInfo): boolean {
  return /\bmonthly\b|MonthlyLimit|\ballowance\b|\bCorePlus\b/i.test(`${fault.message} ${fault.detail ?? ''}`);
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
 * (610, 6200/6210, 6540, a 5010 "Account Period Closed"), else a server error (it makes the answer
 * ambiguous, whatever else it lists), else the first.
 */
export function primaryFault(faults: readonly FaultInfo[]): FaultInfo | undefined {
  return (
    faults.find((f) => DELETE_CODES.has(f.code)) ??
    faults.find((f) => f.code === '5010' && isPeriodClosedMessage(f)) ??
    faults.find(isSystemFault) ??
    faults[0]
  );
}

export function isPeriodClosedMessage(fault: FaultInfo): boolean {
  return /account period closed/i.test(`${fault.message} ${fault.detail ?? ''}`);
}
