/**
 * Fault bodies per fidelity mode. `document` follows deletion-interface.md; `real` follows the
 * payloads service-facts.md records (6210 instead of 6200, lowercase gateway faults with a numeric
 * `time`, XML for 429).
 */
import type { FidelityMode } from './api';
import { intuitTime } from './clock';
import type { Entity } from './service-names';

export interface FaultError {
  Message: string;
  Detail?: string;
  code: string;
  element?: string;
}

/** The per-item / per-call `Fault` object: `{type, Error: [...]}`. */
export interface FaultObject {
  type: string;
  Error: FaultError[];
}

export function validationFault(error: FaultError): FaultObject {
  return { type: 'ValidationFault', Error: [{ element: '', ...error }] };
}

/** A full response body for a call-level data fault (HTTP 400). */
export function faultBody(fault: FaultObject, now: number): Record<string, unknown> {
  return { Fault: fault, time: intuitTime(now) };
}

export const faults = {
  // R1: only a MISSING SyncToken (or Id) is refused; a stale value is accepted.
  requiredParam: (name: string) =>
    validationFault({
      Message: 'Required param missing, need to supply the required value for the API',
      Detail: `Required parameter ${name} is missing in the request`,
      code: '2020',
    }),
  // A delete's SyncToken older than the record's, when the simulator is told to refuse it (Intuit's
  // API reference; the document's R1 accepts it): the Detail is the wording Intuit's SDK issues show.
  staleObject: () =>
    validationFault({
      Message: 'Stale Object Error',
      Detail:
        'Stale Object Error : You and another user were working on this at the same time. The other user finished before you did, so your work was not saved.',
      code: '5010',
    }),
  invalidRequest: (detail: string) =>
    validationFault({ Message: 'Request has invalid or unsupported property', Detail: detail, code: '2010' }),
  objectNotFound: (entity: string, id: string) =>
    validationFault({
      Message: 'Object Not Found',
      Detail: `Object Not Found : Another user has deleted this transaction. (${entity} Id ${id})`,
      code: '610',
    }),
  // R3: closed period. The document names code 6200 and both dates; the service sends 6210.
  closedPeriod: (mode: FidelityMode, txnDate: string, closeDate: string) =>
    mode === 'document'
      ? validationFault({
          Message: `The account period has closed: the transaction date ${txnDate} is on or before the book closing date ${closeDate}.`,
          Detail: `Account Period Closed, Cannot Update Through Services API. Transaction date ${txnDate}; closing date ${closeDate}.`,
          code: '6200',
        })
      : validationFault({
          Message: 'Account Period Closed, Cannot Update Through Services API',
          Detail:
            'The account period has closed and the account books cannot be updated through the QBO Services API. Please use the QBO website to make these changes.',
          code: '6210',
        }),
  deposited: () =>
    validationFault({
      Message: 'Deposited Transaction cannot be changed',
      Detail:
        'This transaction has been deposited. If you want to change or delete it, you must edit the deposit it appears on and remove it first.',
      code: '6540',
    }),
  // 4.2: the generic path refuses the non-posting types (GENERIC_DELETE_EXCLUDED).
  genericExcluded: (entity: Entity) =>
    validationFault({
      Message: 'A business validation error has occurred while processing your request',
      Detail: `Business Validation Error: ${entity} cannot be deleted through the transaction endpoint; use /${entity.toLowerCase()}.`,
      code: '6000',
    }),
  batchSize: (mode: FidelityMode, size: number) =>
    validationFault(
      mode === 'document'
        ? {
            Message: 'Batch size exceeds allowed limit: the batch limit is 30 BatchItemRequests',
            Detail: `The batch limit is 30 BatchItemRequests; this request has ${size}.`,
            code: '1040',
          }
        : {
            Message: 'Batch size exceeds allowed limit',
            Detail: `Batch limit is 30 BatchItemRequests, but the request has ${size}`,
            code: '1040',
          },
    ),
  invalidEnumeration: (value: string) =>
    validationFault({
      Message: 'Invalid Enumeration',
      Detail: `Invalid Enumeration : ${value} is not a valid value for the cleared parameter`,
      code: '2170',
    }),
  queryParse: (detail: string) =>
    validationFault({ Message: 'Error parsing query', Detail: `QueryParserError: ${detail}`, code: '4000' }),
  queryInvalid: (detail: string) =>
    validationFault({ Message: 'Invalid query', Detail: `QueryValidationError: ${detail}`, code: '4001' }),
};

/** HTTP 5xx bodies for injected server failures (R5). */
export function systemFaultBody(status: number, now: number): Record<string, unknown> {
  const detail = status === 503 ? 'Service Unavailable' : 'System Failure Error: An unexpected error occurred';
  return faultBody(
    {
      type: 'SystemFault',
      Error: [
        { Message: 'An application error has occurred while processing your request', Detail: detail, code: '10000' },
      ],
    },
    now,
  );
}

export interface RawResponse {
  status: number;
  body: string;
  contentType: string;
  headers?: Record<string, string>;
}

/** 401 / 403 from the gateway: document mode capitalised JSON, real mode lowercase with epoch `time`. */
export function authFault(mode: FidelityMode, status: 401 | 403, detail: string, now: number): RawResponse {
  const [name, code, type] =
    status === 401
      ? (['AuthenticationFailed', '3200', 'AUTHENTICATION'] as const)
      : (['ApplicationAuthorizationFailed', '3100', 'AUTHORIZATION'] as const);
  const message = `message=${name}; errorCode=00${code}; statusCode=${status}`;
  const body =
    mode === 'document'
      ? { Fault: { Error: [{ Message: message, Detail: detail, code }], type }, time: intuitTime(now) }
      : { warnings: null, fault: { error: [{ message, detail, code, element: null }], type }, time: now };
  const headers: Record<string, string> =
    status === 401 ? { 'WWW-Authenticate': 'Bearer realm="Intuit", error="invalid_token"' } : {};
  return { status, body: JSON.stringify(body), contentType: 'application/json', headers };
}

/** 429 ThrottleExceeded (fault 3001): JSON in document mode, XML in real mode. */
export function throttleFault(mode: FidelityMode, now: number): RawResponse {
  const message = 'message=ThrottleExceeded; errorCode=003001; statusCode=429';
  if (mode === 'document') {
    const body = {
      Fault: { Error: [{ Message: message, Detail: 'The request limit was reached.', code: '3001' }], type: 'SERVICE' },
      time: intuitTime(now),
    };
    return { status: 429, body: JSON.stringify(body), contentType: 'application/json' };
  }
  const xml =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<IntuitResponse xmlns="http://schema.intuit.com/finance/v3" time="${intuitTime(now)}">` +
    `<Fault type="SERVICE"><Error code="3001"><Message>${message}</Message>` +
    '<Detail>The request limit was reached.  Try again later</Detail></Error></Fault></IntuitResponse>';
  return { status: 429, body: xml, contentType: 'application/xml' };
}
