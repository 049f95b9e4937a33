/**
 * Saved pages that are edge cases rather than layouts: hand-made markup (nested rows, two links in a
 * row, a checkbox outside its row, odd link parameters, the sandbox host) and the simulator's
 * hostile Sales page. Their selector counts, as for every saved page (layout.ts).
 */
import type { SavedPage } from './layout';

export const EDGE_CASE_PAGES: readonly SavedPage[] = [
  {
    file: 'sim-sales-hostile.html',
    url: 'https://app.qbo.intuit.com/app/sales?hostile=1',
    counts: {
      rows: { LINK: 35, ROW_ELEMENT: 36, DGRID_ROW: 0, ROW: 36, ROW_LIKE: 45 },
      boxes: { CHECKBOX: 36, NATIVE_CHECKBOX: 36, TICK_CONTROL: 36, LABEL: 0, TICKED: 0, SELECT_ALL_AREA: 1 },
      grid: { GRID: 1, HEADER_GROUP: 1, COLUMN_HEADER: 6, DATA_CELL: 210 },
      cells: { COLUMN_TITLE: 6, CELL: 210, FIRST_CELL: 216 },
      state: { COUNTER: 0, LIST_PART: 71, HIDDEN: 0, EDITOR: 0, BANK_TAB: 0 },
    },
  },
  {
    file: 'hand-nested-markup.html',
    url: 'https://app.qbo.intuit.com/app/customerdetail?nameId=1',
    counts: {
      rows: { LINK: 6, ROW_ELEMENT: 8, DGRID_ROW: 1, ROW: 8, ROW_LIKE: 8 },
      boxes: { CHECKBOX: 4, NATIVE_CHECKBOX: 2, TICK_CONTROL: 4, LABEL: 0, TICKED: 2, SELECT_ALL_AREA: 0 },
      grid: { GRID: 4, HEADER_GROUP: 0, COLUMN_HEADER: 0, DATA_CELL: 12 },
      cells: { COLUMN_TITLE: 0, CELL: 12, FIRST_CELL: 12 },
      state: { COUNTER: 0, LIST_PART: 14, HIDDEN: 0, EDITOR: 0, BANK_TAB: 0 },
    },
  },
  {
    file: 'hand-two-links.html',
    url: 'https://app.qbo.intuit.com/app/invoices',
    counts: {
      rows: { LINK: 7, ROW_ELEMENT: 4, DGRID_ROW: 0, ROW: 4, ROW_LIKE: 4 },
      boxes: { CHECKBOX: 4, NATIVE_CHECKBOX: 4, TICK_CONTROL: 4, LABEL: 0, TICKED: 1, SELECT_ALL_AREA: 0 },
      grid: { GRID: 1, HEADER_GROUP: 0, COLUMN_HEADER: 0, DATA_CELL: 12 },
      cells: { COLUMN_TITLE: 0, CELL: 12, FIRST_CELL: 12 },
      state: { COUNTER: 0, LIST_PART: 11, HIDDEN: 0, EDITOR: 0, BANK_TAB: 0 },
    },
  },
  {
    file: 'hand-checkbox-outside-row.html',
    url: 'https://app.qbo.intuit.com/app/bills',
    counts: {
      rows: { LINK: 3, ROW_ELEMENT: 4, DGRID_ROW: 0, ROW: 4, ROW_LIKE: 4 },
      boxes: { CHECKBOX: 3, NATIVE_CHECKBOX: 2, TICK_CONTROL: 4, LABEL: 1, TICKED: 3, SELECT_ALL_AREA: 1 },
      grid: { GRID: 1, HEADER_GROUP: 1, COLUMN_HEADER: 2, DATA_CELL: 5 },
      cells: { COLUMN_TITLE: 2, CELL: 5, FIRST_CELL: 7 },
      state: { COUNTER: 0, LIST_PART: 7, HIDDEN: 0, EDITOR: 0, BANK_TAB: 0 },
    },
  },
  {
    file: 'hand-ampersand-and-params.html',
    url: 'https://qbo.intuit.com/app/creditmemos',
    counts: {
      rows: { LINK: 5, ROW_ELEMENT: 6, DGRID_ROW: 0, ROW: 6, ROW_LIKE: 6 },
      boxes: { CHECKBOX: 6, NATIVE_CHECKBOX: 6, TICK_CONTROL: 6, LABEL: 0, TICKED: 1, SELECT_ALL_AREA: 0 },
      grid: { GRID: 1, HEADER_GROUP: 0, COLUMN_HEADER: 0, DATA_CELL: 12 },
      cells: { COLUMN_TITLE: 0, CELL: 12, FIRST_CELL: 12 },
      state: { COUNTER: 0, LIST_PART: 11, HIDDEN: 0, EDITOR: 0, BANK_TAB: 0 },
    },
  },
  {
    file: 'hand-sandbox-host.html',
    url: 'https://app.sandbox.qbo.intuit.com/app/expenses',
    counts: {
      rows: { LINK: 5, ROW_ELEMENT: 5, DGRID_ROW: 0, ROW: 5, ROW_LIKE: 5 },
      boxes: { CHECKBOX: 5, NATIVE_CHECKBOX: 0, TICK_CONTROL: 5, LABEL: 0, TICKED: 3, SELECT_ALL_AREA: 0 },
      grid: { GRID: 1, HEADER_GROUP: 0, COLUMN_HEADER: 0, DATA_CELL: 0 },
      cells: { COLUMN_TITLE: 0, CELL: 0, FIRST_CELL: 0 },
      state: { COUNTER: 0, LIST_PART: 10, HIDDEN: 0, EDITOR: 0, BANK_TAB: 0 },
    },
  },
];
