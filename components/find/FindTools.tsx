import { useEffect, useMemo } from 'preact/hooks';
import { scopeKey } from '../../lib/domain/scope';
import { createImportModel } from '../../lib/popup/find-import';
import { createFindModel, type Tool } from '../../lib/popup/find-model';
import type { PopupModel } from '../../lib/popup/model';
import { DuplicatesTool } from './DuplicatesTool';
import { ImportTool } from './ImportTool';
import { SearchTool } from './SearchTool';
import './results-table.css';
import './find-tools.css';

const TOOLS: [Tool, string][] = [
  ['search', 'Find transactions'],
  ['import', 'Import a list'],
  ['duplicates', 'Find likely duplicates'],
];

/**
 * "Find in <company>": three ways to add to the same selection. Everything found is for
 * the company named here; a new company starts the tools afresh (nothing found in one is offered in
 * another).
 */
export function FindTools({ model }: { model: PopupModel }) {
  const c = model.connection.value;
  const connected = !!c?.realmId && c.hasToken && !c.needsReconnect;
  const company = connected && c.realmId ? scopeKey({ realmId: c.realmId, environment: c.environment }) : '';
  // Opened from the popup's "Find in <client>" (popup.html?view=full#find): the tools in view, focused.
  useEffect(() => {
    if (location.hash !== '#find') return;
    const heading = document.getElementById('find-heading');
    heading?.scrollIntoView({ block: 'start' });
    heading?.focus();
  }, []);
  return (
    <section id="find" class="find" aria-labelledby="find-heading">
      <h2 id="find-heading" tabIndex={-1}>
        {connected ? `Find in ${c.companyName ?? `company ${c.realmId}`}` : 'Find'}
      </h2>
      {connected ? <Tools key={company} model={model} /> : <p>Connect to QuickBooks first.</p>}
    </section>
  );
}

function Tools({ model }: { model: PopupModel }) {
  const find = useMemo(() => createFindModel(model.findApi), [model]);
  const list = useMemo(() => createImportModel(model.findApi), [model]);
  const open = find.tool.value;
  return (
    <>
      <div class="find-tools">
        {TOOLS.map(([tool, label]) => (
          <button
            key={tool}
            type="button"
            class={open === tool ? 'find-tool open' : 'find-tool'}
            aria-expanded={open === tool}
            aria-controls={open === tool ? `find-${tool}` : undefined}
            onClick={() => find.open(tool)}
          >
            {label}
          </button>
        ))}
      </div>
      {open === 'search' && <SearchTool id="find-search" find={find} />}
      {open === 'import' && <ImportTool id="find-import" list={list} />}
      {open === 'duplicates' && <DuplicatesTool id="find-duplicates" find={find} />}
    </>
  );
}
