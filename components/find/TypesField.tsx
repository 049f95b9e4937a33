import { ENTITIES, ENTITY_LABEL, type Entity } from '../../lib/domain/entities';
import type { AddNotice } from '../../lib/popup/find-model';

/**
 * The types to look in, as checkboxes with the bookkeeper's names; `prefix` keeps ids unique per
 * tool. With `all`, an "All types" box comes first: ticking it clears the types ticked, ticking a
 * type clears it (the search then looks only in the types ticked).
 */
export function TypesField({
  prefix,
  value,
  onChange,
  all,
}: {
  prefix: string;
  value: readonly Entity[];
  onChange: (types: Entity[], allTypes: boolean) => void;
  all?: boolean;
}) {
  const toggle = (entity: Entity, on: boolean) => {
    const types = ENTITIES.filter((e) => (e === entity ? on : value.includes(e)));
    onChange(types, false);
  };
  return (
    <fieldset class="find-types">
      <legend>Types</legend>
      {all !== undefined && (
        <span class="check find-all-types">
          <input
            id={`${prefix}-type-all`}
            type="checkbox"
            checked={all}
            onChange={(e) => onChange([], e.currentTarget.checked)}
          />
          <label for={`${prefix}-type-all`}>All types</label>
        </span>
      )}
      {ENTITIES.map((entity) => (
        <span class="check" key={entity}>
          <input
            id={`${prefix}-type-${entity}`}
            type="checkbox"
            checked={!all && value.includes(entity)}
            onChange={(e) => toggle(entity, e.currentTarget.checked)}
          />
          <label for={`${prefix}-type-${entity}`}>{ENTITY_LABEL[entity]}</label>
        </span>
      ))}
    </fieldset>
  );
}

/** Problems in words, or the answer to "Add to selection" (an alert when refused). */
export function FindProblems({ problems }: { problems: readonly string[] }) {
  if (problems.length === 0) return null;
  return (
    <div role="alert" class="notice notice-error">
      {problems.map((p) => (
        <p key={p}>{p}</p>
      ))}
    </div>
  );
}

export function AddedNotice({ notice }: { notice: AddNotice }) {
  return (
    <div role="status">
      {notice && <p class={notice.kind === 'added' ? 'notice notice-info' : 'notice notice-error'}>{notice.text}</p>}
    </div>
  );
}
