import { ENTITY_LABEL } from '../../lib/domain/entities';
import type { DuplicateGroupView } from '../../lib/domain/find';
import { recordKey } from '../../lib/domain/record-key';
import { formatDate, formatDateTime, formatMoney } from '../../lib/popup/format';

type Member = DuplicateGroupView['members'][number];

/** Why the kept one is kept, in the bookkeeper's words. */
const KEPT_WORDS: Record<string, string> = {
  reconciled: 'Kept: reconciled',
  linked: 'Kept: linked',
  deposited: 'Kept: deposited',
  earliestCreated: 'Kept: earliest created',
};
const PROTECTION_WORDS: Record<string, string> = {
  reconciled: 'reconciled',
  unverifiable: 'cannot be verified',
  linked: 'linked',
  deposited: 'deposited',
};
const SOURCE_WORDS: Record<string, string> = { bankFeed: 'Bank feed', import: 'Import', app: 'An app' };

/** "bankFeed: TxnSource …" as the background sends it → "Bank feed (TxnSource …)". */
export function sourceText(source: string | undefined): string {
  if (!source) return '';
  const at = source.indexOf(':');
  const kind = at < 0 ? source : source.slice(0, at);
  const evidence = at < 0 ? '' : source.slice(at + 1).trim();
  const words = SOURCE_WORDS[kind] ?? kind;
  return evidence ? `${words} (${evidence})` : words;
}

const money = (m: Member) => (m.amount !== undefined ? formatMoney(m.amount, m.currency) : '');
const date = (m: Member) => (m.date ? formatDate(m.date) : '');

/** The box's name: "Select Invoice 1001 · Amy · $12.00 · Nov 3, 2024". */
export function memberLabel(m: Member): string {
  return `Select ${ENTITY_LABEL[m.entity]} ${m.number ?? `(Id ${m.id})`} · ${m.name ?? ''} · ${money(m)} · ${date(m)}`;
}

function roleText(m: Member, keptBecause: string): string {
  if (m.role === 'kept') return KEPT_WORDS[keptBecause] ?? `Kept: ${keptBecause}`;
  if (m.role === 'protected')
    return `Not proposed: ${m.protections.map((p) => PROTECTION_WORDS[p] ?? p).join(', ') || 'protected'}`;
  return 'Proposed';
}

/** The one header of the duplicates' table (./DuplicatesTool.tsx), above every group. */
export function DuplicatesHead() {
  return (
    <>
      <colgroup>
        <col class="find-col-check" />
        <col class="find-dup-date" />
        <col class="find-dup-number" />
        <col class="find-dup-name" />
        <col class="find-dup-amount" />
        <col class="find-dup-memo" />
        <col class="find-dup-created" />
        <col class="find-dup-source" />
        <col class="find-dup-status" />
      </colgroup>
      <thead>
        <tr>
          <th scope="col" class="find-check">
            <span class="sr-only">Select</span>
          </th>
          <th scope="col">Date</th>
          <th scope="col">No.</th>
          <th scope="col">Name</th>
          <th scope="col" class="find-amount">
            Amount
          </th>
          <th scope="col">Memo</th>
          <th scope="col">Created</th>
          <th scope="col">Source</th>
          <th scope="col">Status</th>
        </tr>
      </thead>
    </>
  );
}

/** Every group's proposed members, as "Entity:Id" keys: what "Select all proposed" ticks. */
export function proposedKeys(groups: readonly DuplicateGroupView[]): string[] {
  return groups.flatMap((g) => g.members.filter((m) => m.role === 'proposed').map((m) => recordKey(m.entity, m.id)));
}

/**
 * One group of likely duplicates, its members side by side under the table's one header: a row
 * naming the group, then its members; a box only on the proposed ones.
 */
export function DuplicateGroup(props: {
  group: DuplicateGroupView;
  index: number;
  ticked: ReadonlySet<string>;
  onToggle: (key: string, on: boolean) => void;
}) {
  const { group, index, ticked, onToggle } = props;
  const kept = group.members.find((m) => m.role === 'kept');
  return (
    <tbody class="find-dup-group">
      <tr class="find-dup-title">
        <th scope="rowgroup" colSpan={9}>
          {`Group ${index + 1}: ${ENTITY_LABEL[group.entity]}${kept ? ` · ${money(kept)}` : ''}`}
        </th>
      </tr>
      {group.members.map((m) => {
        const key = recordKey(m.entity, m.id);
        const created = m.createdAt ? Date.parse(m.createdAt) : Number.NaN;
        return (
          <tr key={key} class={m.role === 'proposed' ? undefined : `find-${m.role}`}>
            <td class="find-check">
              {m.role === 'proposed' && (
                <input
                  type="checkbox"
                  aria-label={memberLabel(m)}
                  checked={ticked.has(key)}
                  onChange={(e) => onToggle(key, e.currentTarget.checked)}
                />
              )}
            </td>
            <td>{date(m)}</td>
            <td>{m.number ?? ''}</td>
            <td title={m.name}>{m.name ?? ''}</td>
            <td class="find-amount">{money(m)}</td>
            <td title={m.memo}>{m.memo ?? ''}</td>
            <td>{Number.isNaN(created) ? '' : formatDateTime(created)}</td>
            <td class="find-wrap">{sourceText(m.source)}</td>
            <td class="find-wrap">{roleText(m, group.keptBecause)}</td>
          </tr>
        );
      })}
    </tbody>
  );
}
