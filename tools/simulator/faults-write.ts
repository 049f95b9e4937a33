/**
 * Faults of creates and voids, per fidelity mode. The document covers deletes only, so `document`
 * mode words these faults plainly, naming what is wrong; `real` mode uses the texts the service is
 * publicly seen to send (SDK issues, Intuit's pages), which often do not say which ref failed.
 *
 * | condition                              | document                          | real                                   |
 * | -------------------------------------- | --------------------------------- | -------------------------------------- |
 * | ref unknown                            | 6000 Business Validation Error    | 2500 Invalid Reference Id (element)    |
 * | ref inactive                           | 6000 Business Validation Error    | 2500 Invalid Reference Id ("made inactive") |
 * | ref deleted                            | 6000 Business Validation Error    | 610 Object Not Found ("made inactive") |
 * | LinkedTxn target missing               | 610 Object Not Found (names it)   | 610 Object Not Found ("has been deleted") |
 * | DocNumber in use                       | 6140 Duplicate Document Number Error (both)                                |
 * | void of a type that cannot be voided   | 400 2010                          | Purchase 400 2010; Bill 200 SystemFault; others 200 no-op |
 */
import type { FidelityMode } from './api';
import { type FaultObject, validationFault } from './faults';
import type { FoundRef } from './refs';
import type { Entity } from './service-names';

const INACTIVE =
  "Something you're trying to use has been made inactive. Check the fields with accounts, customers, items, vendors or employees.";
const DELETED =
  "Something you're trying to use has been deleted. Check the fields with accounts, customers, items, vendors or employees.";

function businessValidation(detail: string, element: string): FaultObject {
  return validationFault({
    Message: 'A business validation error has occurred while processing your request',
    Detail: `Business Validation Error: ${detail}`,
    code: '6000',
    element,
  });
}

const describe = (ref: FoundRef, name?: string) => `${ref.type} ${ref.id}${name ? ` (${name})` : ''} in ${ref.element}`;

export const writeFaults = {
  refMissing: (mode: FidelityMode, ref: FoundRef) =>
    mode === 'document'
      ? businessValidation(`${describe(ref)} does not exist.`, ref.element)
      : validationFault({
          Message: 'Invalid Reference Id',
          Detail: `Invalid Reference Id : ${ref.element}`,
          code: '2500',
          element: ref.element,
        }),
  refInactive: (mode: FidelityMode, ref: FoundRef, name: string) =>
    mode === 'document'
      ? businessValidation(`${describe(ref, name)} is inactive.`, ref.element)
      : validationFault({
          Message: 'Invalid Reference Id',
          Detail: `Invalid Reference Id : ${INACTIVE}`,
          code: '2500',
        }),
  refDeleted: (mode: FidelityMode, ref: FoundRef, name: string) =>
    mode === 'document'
      ? businessValidation(`${describe(ref, `${name} (deleted)`)} has been deleted.`, ref.element)
      : validationFault({ Message: 'Object Not Found', Detail: `Object Not Found : ${INACTIVE}`, code: '610' }),
  linkMissing: (mode: FidelityMode, txnType: string, txnId: string, element: string) =>
    validationFault({
      Message: 'Object Not Found',
      Detail:
        mode === 'document'
          ? `Object Not Found : the linked transaction ${txnType} ${txnId} (${element}) does not exist.`
          : `Object Not Found : ${DELETED}`,
      code: '610',
      ...(mode === 'document' ? { element } : {}),
    }),
  duplicateDocNumber: (docNumber: string, entity: Entity, id: string) =>
    validationFault({
      Message: 'Duplicate Document Number Error',
      Detail: `Duplicate Document Number Error : You must specify a different number. This number has already been used. DocNumber=${docNumber} is assigned to TxnType=${entity} with TxnId=${id}`,
      code: '6140',
    }),
  updateNotSupported: (detail: string) =>
    validationFault({ Message: 'Request has invalid or unsupported property', Detail: detail, code: '2010' }),
  voidNotSupported: (entity: Entity) =>
    validationFault({
      Message: 'Operation void is not supported',
      Detail: `Operation void is not supported for ${entity}. Only Invoice, Payment, SalesReceipt and BillPayment can be voided.`,
      code: '2010',
    }),
  /** real mode, Bill: the service answers HTTP 200 with this in the body. */
  voidSystemFault: (): FaultObject => ({
    type: 'SystemFault',
    Error: [
      {
        Message: 'An application error has occurred while processing your request',
        Detail: 'System Failure Error: An unexpected error occurred while accessing or saving your data.',
        code: '10000',
      },
    ],
  }),
};
