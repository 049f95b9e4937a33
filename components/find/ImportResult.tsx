import { useMemo } from 'preact/hooks';
import { recordKey } from '../../lib/domain/record-key';
import type { ImportModel, ResolvedImport } from '../../lib/popup/find-import';
import { candidateText, importDateOrder, lineText, recordText } from '../../lib/popup/find-lines';
import { describeTxn, formatCount, txnUrl } from '../../lib/popup/format';

/** Lines listed per group: the counts stay exact, a 50,000-line file does not put 50,000 items in the page. */
const LISTED = 500;

function More({ count }: { count: number }) {
  return count > LISTED ? <p class="hint">{`And ${formatCount(count - LISTED)} more.`}</p> : null;
}

/**
 * Matched, can't tell (pick one or leave it out), not found; then the one "Add to selection".
 * Matched and not found start open: they are what the person checks before adding.
 */
export function ImportResult({ list, result }: { list: ImportModel; result: ResolvedImport }) {
  const environment = result.scope.environment;
  // One date format on the screen: a date that reads two ways is read in the file's order.
  const order = useMemo(() => importDateOrder(result), [result]);
  const picks = list.picks.value;
  const adding = result.matched.length + result.cantTell.filter((l) => picks.has(l.line.rowKey)).length;
  return (
    <div class="find-import-result">
      <details class="find-group" open>
        <summary>{`Matched (${formatCount(result.matched.length)})`}</summary>
        <ul>
          {result.matched.slice(0, LISTED).map(({ line, record }) => (
            <li key={line.rowKey}>{`${lineText(line, record, order)} → in QuickBooks: ${recordText(record)}`}</li>
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
            <legend>{lineText(line, candidates[0], order)}</legend>
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
                <a
                  class="find-open"
                  href={txnUrl(environment, c.entity, c.id)}
                  target="_blank"
                  rel="noreferrer"
                  aria-label={`Open ${describeTxn(c.entity, c.number, c.id)}${c.number ? ` (Id ${c.id})` : ''} in QuickBooks`}
                >
                  Open in QuickBooks
                </a>
              </span>
            ))}
          </fieldset>
        ))}
        <More count={result.cantTell.length} />
      </section>
      <details class="find-group" open>
        <summary>{`Not found (${formatCount(result.notFound.length)})`}</summary>
        <ul>
          {result.notFound.slice(0, LISTED).map((line) => (
            <li key={line.rowKey}>{lineText(line, undefined, order)}</li>
          ))}
        </ul>
        <More count={result.notFound.length} />
      </details>
      {result.unreadable.length > 0 && (
        <details class="find-group">
          <summary>{`Could not be read (${formatCount(result.unreadable.length)})`}</summary>
          <ul>
            {result.unreadable.slice(0, LISTED).map((line) => (
              <li key={line.rowKey}>{lineText(line, undefined, order)}</li>
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
