import { ENTITY_LABEL } from '../../lib/domain/entities';
import type { FoundRecord } from '../../lib/domain/find';
import { recordKey } from '../../lib/domain/record-key';
import type { ImportedLine, ImportModel, ResolvedImport } from '../../lib/popup/find-import';
import { formatCount, formatDate, formatDateTime, formatMoney } from '../../lib/popup/format';

/** Lines listed per group: the counts stay exact, a 50,000-line file does not put 50,000 items in the page. */
const LISTED = 500;

/** A line as the file showed it. */
export function lineText(line: ImportedLine): string {
  const s = line.shown;
  const parts = [s.date, s.type, s.number, s.name, s.amount, s.memo].filter((p) => !!p && p.trim() !== '');
  return `Row ${line.row}: ${parts.join(' · ')}`;
}

/** A record the line may be: enough to tell two candidates apart. */
export function candidateText(c: FoundRecord): string {
  const created = c.createdAt ? Date.parse(c.createdAt) : Number.NaN;
  return [
    `${ENTITY_LABEL[c.entity]} ${c.number ?? `(Id ${c.id})`}`,
    c.name,
    c.amount !== undefined ? formatMoney(c.amount, c.currency) : undefined,
    c.date ? formatDate(c.date) : undefined,
    Number.isNaN(created) ? undefined : `created ${formatDateTime(created)}`,
    c.memo,
  ]
    .filter(Boolean)
    .join(' · ');
}

function More({ count }: { count: number }) {
  return count > LISTED ? <p class="hint">{`And ${formatCount(count - LISTED)} more.`}</p> : null;
}

/** Matched, can't tell (pick one or leave it out), not found; then the one "Add to selection". */
export function ImportResult({ list, result }: { list: ImportModel; result: ResolvedImport }) {
  const picks = list.picks.value;
  const adding = result.matched.length + result.cantTell.filter((l) => picks.has(l.line.rowKey)).length;
  return (
    <div class="find-import-result">
      <details class="find-group">
        <summary>{`Matched (${formatCount(result.matched.length)})`}</summary>
        <ul>
          {result.matched.slice(0, LISTED).map(({ line, record }) => (
            <li key={line.rowKey}>{`${lineText(line)} → ${candidateText(record)}`}</li>
          ))}
        </ul>
        <More count={result.matched.length} />
      </details>
      <section class="find-group" aria-labelledby="find-cant-tell">
        <h3 id="find-cant-tell">{`Can't tell (${formatCount(result.cantTell.length)})`}</h3>
        {result.cantTell.length > 0 && (
          <p class="hint">Several transactions agree with each of these lines. Pick one, or leave the line out.</p>
        )}
        {result.cantTell.slice(0, LISTED).map(({ line, candidates }) => (
          <fieldset key={line.rowKey} class="find-pick">
            <legend>{lineText(line)}</legend>
            <span class="check">
              <input
                id={`${line.rowKey}-none`}
                type="radio"
                name={`pick-${line.rowKey}`}
                checked={!picks.has(line.rowKey)}
                onChange={() => list.pick(line.rowKey, undefined)}
              />
              <label for={`${line.rowKey}-none`}>Leave this line out</label>
            </span>
            {candidates.map((c, i) => (
              <span class="check" key={recordKey(c.entity, c.id)}>
                <input
                  id={`${line.rowKey}-${i}`}
                  type="radio"
                  name={`pick-${line.rowKey}`}
                  checked={picks.get(line.rowKey) === i}
                  onChange={() => list.pick(line.rowKey, i)}
                />
                <label for={`${line.rowKey}-${i}`}>{candidateText(c)}</label>
              </span>
            ))}
          </fieldset>
        ))}
        <More count={result.cantTell.length} />
      </section>
      <details class="find-group">
        <summary>{`Not found (${formatCount(result.notFound.length)})`}</summary>
        <ul>
          {result.notFound.slice(0, LISTED).map((line) => (
            <li key={line.rowKey}>{lineText(line)}</li>
          ))}
        </ul>
        <More count={result.notFound.length} />
      </details>
      {result.unreadable.length > 0 && (
        <details class="find-group">
          <summary>{`Could not be read (${formatCount(result.unreadable.length)})`}</summary>
          <ul>
            {result.unreadable.slice(0, LISTED).map((line) => (
              <li key={line.rowKey}>{lineText(line)}</li>
            ))}
          </ul>
          <More count={result.unreadable.length} />
        </details>
      )}
      <div class="find-actions">
        <span class="find-ticked">{`${formatCount(adding)} to add`}</span>
        <button type="button" disabled={adding === 0} onClick={() => void list.add()}>
          Add to selection
        </button>
      </div>
    </div>
  );
}
