/**
 * Issue 20 §5: the simulator keeps its own service names (tools/simulator/service-names.ts, written
 * from shared/spec/service-facts.md and deletion-interface.md) and imports nothing from lib/. This is
 * the one place both are compared: a wrong product table no longer passes because the fake mirrors
 * it; it fails here, each difference named. A difference the spec justifies on the product's side is
 * declared in ACCEPTED with its reason (and must still occur, so the list cannot go stale).
 */
import { describe, expect, it } from 'vitest';
import * as productIds from '../../lib/domain/entities';
import * as productWeb from '../../lib/domain/web-app';
import * as productApi from '../../lib/qbo/entities';
import { slugFor } from '../../tools/simulator/pages/view-rows';
import { reportName } from '../../tools/simulator/report';
import * as sim from '../../tools/simulator/service-names';

/** Differences the product makes on purpose, each with why the simulator does not follow. */
const ACCEPTED: Readonly<Record<string, string>> = {
  'slug billpaymentcc: product BillPayment, simulator none':
    'a bill paid by card opens at /app/billpaymentcc (hand-written real markup, tests/collect/real-markup.test.ts); ' +
    "the spec's slug table does not list it, so the simulator's pages never write it",
};

const show = (v: unknown) => (v === undefined ? 'none' : String(v));
const union = (a: Iterable<string>, b: Iterable<string>) => [...new Set([...a, ...b])].sort();

/** `what: product X, simulator Y` for every probe whose answers differ. */
function differ<T>(
  what: string,
  probes: Iterable<T>,
  product: (p: T) => unknown,
  simulator: (p: T) => unknown,
  label: (p: T) => string = String,
) {
  return [...probes].flatMap((p) => {
    const [a, b] = [product(p), simulator(p)];
    return a === b ? [] : [`${what} ${label(p)}: product ${show(a)}, simulator ${show(b)}`];
  });
}

const inSet = (set: ReadonlySet<string>) => (e: string) => (set.has(e) ? 'yes' : 'no');

/** Entities both sides know: the per-entity tables are compared on these (the entity list on all). */
const shared = sim.ENTITIES.filter((e) => productIds.isEntity(e));

/** Strings that are not entities, keys or slugs, or nearly are, or live on Object.prototype. */
const STRAY = ['', 'invoice', 'INVOICE', 'Transaction', 'CreditCardPayment', '__proto__', 'constructor', 'toString'];

/** Record shapes that pick a display name or slug per record (service-facts "Envelopes and casing"). */
const VARIANTS: readonly { entity: sim.Entity; json: Record<string, unknown> }[] = [
  ...sim.ENTITIES.map((entity) => ({ entity, json: {} })),
  ...['Cash', 'Check', 'CreditCard'].map((PaymentType) => ({ entity: 'Purchase' as const, json: { PaymentType } })),
  { entity: 'Purchase', json: { PaymentType: 'CreditCard', Credit: true } },
  ...['Check', 'CreditCard'].map((PayType) => ({ entity: 'BillPayment' as const, json: { PayType } })),
];
type Variant = (typeof VARIANTS)[number];
const variantName = (v: Variant) => `${v.entity}${JSON.stringify(v.json)}`;
const itsEntity = (v: Variant) => v.entity;

function allDifferences(): string[] {
  const jsonKeys = union(
    shared.map(sim.jsonKey),
    shared.map((e) => productApi.jsonKey(e)),
  );
  const slugs = union(Object.keys(sim.SLUG_TO_ENTITY), Object.keys(productWeb.SLUG_TO_ENTITY));
  const ids = ['0', '1', '42', '007', '00', '-1', '1.5', '1e3', ' 1', '1 ', 'a1', '', '9'.repeat(20), '9'.repeat(21)];
  return [
    ...differ('entity', union(sim.ENTITIES, productIds.ENTITIES), productIds.isEntity, sim.isEntity),
    ...differ('isEntity', STRAY, productIds.isEntity, sim.isEntity),
    ...differ('json key of', shared, productApi.jsonKey, sim.jsonKey),
    ...differ('entity of json key', [...jsonKeys, ...STRAY], productApi.entityFromJsonKey, sim.entityFromJsonKey),
    ...differ('resource path of', shared, productApi.resourcePath, sim.resourcePath),
    ...differ('depositable', shared, inSet(productApi.DEPOSITABLE), inSet(sim.DEPOSITABLE)),
    ...differ(
      'generic delete excluded',
      shared,
      inSet(productApi.GENERIC_DELETE_EXCLUDED),
      inSet(sim.GENERIC_DELETE_EXCLUDED),
    ),
    ...differ('slug', [...slugs, ...STRAY], productWeb.entityFromSlug, sim.entityFromSlug),
    ...differ('valid id', ids, productIds.isValidId, sim.isValidId),
    // What the simulator writes must read back as the same entity in the product.
    ...differ('page link of', VARIANTS, (v) => productWeb.entityFromSlug(slugFor(v)), itsEntity, variantName),
    ...differ(
      'report name of',
      VARIANTS,
      (v) => productApi.entityFromReportName(reportName(v.entity, v.json)),
      itsEntity,
      variantName,
    ),
  ];
}

describe("the simulator's service names agree with the product's", () => {
  it('every table: no difference beyond the accepted ones, each named', () => {
    expect(allDifferences().filter((d) => !Object.hasOwn(ACCEPTED, d))).toEqual([]);
  });

  it('every accepted difference still occurs (else remove it from ACCEPTED)', () => {
    const found = new Set(allDifferences());
    expect(Object.keys(ACCEPTED).filter((d) => !found.has(d))).toEqual([]);
  });

  it('a difference is named by table, key and both values', () => {
    const wrong = new Set<string>(['Payment']);
    expect(differ('depositable', shared, inSet(wrong), inSet(sim.DEPOSITABLE))).toEqual([
      'depositable SalesReceipt: product no, simulator yes',
    ]);
    expect(differ('slug', ['__proto__', 'check'], () => 'Bill', sim.entityFromSlug)).toEqual([
      'slug __proto__: product Bill, simulator none',
      'slug check: product Bill, simulator Purchase',
    ]);
  });
});
