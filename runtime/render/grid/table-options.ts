/** Tabulator's table options for the grid: section 9 sizes, virtual rows, the edit trigger. */
import type { Options } from 'tabulator-tables';
import { GRID_RENDER_BUFFER_ROWS, GRID_ROW_HEIGHT, GridTexts } from '../../model/grid/constants';
import { ROW_KEY } from './cell-formatters';

export function tableOptions(maxHeight: number, alwaysEdit: boolean, movable: boolean): Options {
  return {
    index: ROW_KEY,
    // Stretch, not fill: with fill, a grid narrower than its box drew an empty, unlabelled band after
    // the last column, header and rows alike (issue 33, item 8); the last column takes that room now.
    layout: 'fitDataStretch',
    maxHeight,
    rowHeight: GRID_ROW_HEIGHT,
    renderVertical: 'virtual',
    renderVerticalBuffer: GRID_ROW_HEIGHT * GRID_RENDER_BUFFER_ROWS,
    // Always-edit cells look like their editors; focusing one (click or Tab) edits it at once.
    editTriggerEvent: alwaysEdit ? 'focus' : 'click',
    selectableRows: true,
    movableRows: movable,
    placeholder: GridTexts.empty,
  };
}
