/**
 * Page-side entry for the collector figure (bundled to an IIFE, injected with page.addScriptTag into a
 * page that has already been laid out). `__benchFirstPass()` starts the content script's collector as
 * entrypoints/content.ts does (the document is loaded, so `startCollector` scans at once) and times
 * that synchronous call: the first scan, our boxes on a register's rows, the outbox's first message
 * queued. The send answers nothing (no background here); what it would do next is not timed. Then it
 * times the page's re-layout that our boxes cause, for information.
 */
import { OWN_CHECKBOX_LABEL } from '../../../lib/collect/checkbox';
import { startCollector } from '../../../lib/collect/collector';

export interface FirstPass {
  ms: number;
  /** Style + layout forced right after the pass (the page re-lays out what the pass changed). */
  relayoutMs: number;
  linkedRows: number;
  ownBoxes: number;
  /** Rows known by what they show that the pass read (the bank feed's ticked rows). */
  shownRows: number;
}

function firstPass(): FirstPass {
  const controller = new AbortController();
  const start = performance.now();
  const collector = startCollector({
    document,
    location: () => location.href,
    now: () => Date.now(),
    send: async () => undefined,
    signal: controller.signal,
    onLocationChange: () => undefined,
  });
  const ms = performance.now() - start;
  const before = performance.now();
  void document.body.offsetHeight;
  const relayoutMs = performance.now() - before;
  controller.abort();
  return {
    ms,
    relayoutMs,
    linkedRows: collector.lastScan()?.rows.length ?? 0,
    ownBoxes: document.querySelectorAll(`input[aria-label="${OWN_CHECKBOX_LABEL}"]`).length,
    shownRows: collector.lastScan()?.shownRows.length ?? 0,
  };
}

(globalThis as { __benchFirstPass?: typeof firstPass }).__benchFirstPass = firstPass;
