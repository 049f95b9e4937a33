import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { PopupModel } from '../../lib/popup/model';

type Tools = ComponentType<{ model: PopupModel }>;

/**
 * The full view's "Find" section, fetched on first render by a dynamic import(): the
 * tools, their model and the report parser stay out of the popup's first bundle (< 60 KB gz).
 */
export function FindMount({ model }: { model: PopupModel }) {
  const [tools, setTools] = useState<{ Tools: Tools } | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    import('./FindTools').then(
      (m) => live && setTools({ Tools: m.FindTools }),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);
  if (failed) {
    return (
      <section class="find" aria-label="Find">
        <p class="notice notice-error">The find tools could not be loaded. Reload this page.</p>
      </section>
    );
  }
  return tools ? <tools.Tools model={model} /> : null;
}
