import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { PopupModel } from '../lib/popup/model';

type Part = ComponentType<{ model: PopupModel }>;

/**
 * A part of the view that is rarely shown (rows not tied to one transaction, rows the page ticked),
 * fetched by a dynamic import() the first time it has something to show: the popup's first bundle
 * stays under its 60 KB budget (bench "bundle sizes"). `what` names it if it cannot be loaded.
 */
export function lazyWhen(load: () => Promise<Part>, shown: (model: PopupModel) => boolean, what: string) {
  return function LazyPart({ model }: { model: PopupModel }) {
    const show = shown(model);
    const [part, setPart] = useState<{ Part: Part } | undefined>(undefined);
    useEffect(() => {
      if (!show || part) return;
      let live = true;
      load().then(
        (Part) => live && setPart({ Part }),
        () => {
          if (live) model.actionError.value = `${what} could not be shown. Reload Safe Delete.`;
        },
      );
      return () => {
        live = false;
      };
    }, [show, part, model]);
    return show && part ? <part.Part model={model} /> : null;
  };
}
