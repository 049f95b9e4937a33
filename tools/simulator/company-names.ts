/**
 * Company names for seeded companies (CompanyInfo.CompanyName): the kind of small businesses a
 * bookkeeper keeps books for, so the popup, the demo and screenshots read like the real thing.
 * Invented names. A company's default name follows from its realmId; two companies of one simulator
 * never share one while the list lasts (the popup tells companies apart by name).
 */
export const COMPANY_NAMES: readonly string[] = [
  'Maple Street Bakery LLC',
  'Harbor Point Dental Group',
  'Greenfield Landscaping & Snow Removal',
  'Blue Ridge Plumbing Co.',
  'Summit Peak Consulting, Inc.',
  'Riverside Veterinary Clinic',
  'Cedar & Pine Interiors',
  'Northgate Auto Repair',
  'Lakeside Yoga Studio',
  'Copperline Electrical Services',
  'Sunrise Family Pharmacy',
  'Oak Hollow Farm Supply',
  'Brightwater Cleaning Services',
  'Redwood Roofing & Gutters',
  'Silver Spoon Catering',
  'Old Mill Hardware',
];

/** The name of a company seeded without one: from its realmId, skipping names already in use. */
export function pickCompanyName(realmId: string, inUse: readonly string[]): string {
  let hash = 0;
  for (const char of realmId) hash = (hash * 31 + char.charCodeAt(0)) % 1_000_003;
  for (let i = 0; i < COMPANY_NAMES.length; i++) {
    const name = COMPANY_NAMES[(hash + i) % COMPANY_NAMES.length] as string;
    if (!inUse.includes(name)) return name;
  }
  // More companies than names: number the repeats so they still differ.
  const base = COMPANY_NAMES[hash % COMPANY_NAMES.length] as string;
  let n = 2;
  while (inUse.includes(`${base} ${n}`)) n += 1;
  return `${base} ${n}`;
}
