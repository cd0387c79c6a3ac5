/**
 * The editable grid's constants (spec 000 sections 3, 4, 5 and 9) and its column types. Pure data,
 * shared by the browser grid and the server's save checks.
 */

/** Every column type the spec names for the editable grid. */
export const GRID_COLUMN_TYPES = [
  'input',
  'inputNumber',
  'checkbox',
  'select',
  'selectMultiple',
  'selectSearch',
  'departSelect',
  'userSelect',
  'date',
  'datetime',
  'inputPop',
  'upload',
  'file',
  'image',
  'popup',
  'radio',
  'slot',
  'hidden',
  'progress',
  'tags',
  'switch',
] as const;

export type GridColumnType = (typeof GRID_COLUMN_TYPES)[number];

export function isGridColumnType(value: unknown): value is GridColumnType {
  return typeof value === 'string' && (GRID_COLUMN_TYPES as readonly string[]).includes(value);
}

/** Section 9: row height, default max height, rows rendered beyond the scroll. */
export const GRID_ROW_HEIGHT = 61;
export const GRID_MAX_HEIGHT = 400;
export const GRID_RENDER_BUFFER_ROWS = 9;

/** Section 9 column widths: [width, minWidth]. A type not listed gets the default width. */
export const GRID_DEFAULT_WIDTH = 120;
export const GRID_TYPE_WIDTHS: Readonly<
  Partial<Record<GridColumnType, { width?: number; minWidth?: number }>>
> = {
  datetime: { width: 200, minWidth: 190 },
  userSelect: { width: 220 },
  departSelect: { width: 160 },
  date: { minWidth: 135 },
};
export const GRID_ROW_NUMBER_WIDTH = 60;
/** Checkbox, expand and drag columns: 40, or 60 when the statistics footer shows its labels there. */
export const GRID_TOOL_COLUMN_WIDTH = 40;
export const GRID_TOOL_COLUMN_WIDTH_WITH_FOOTER = 60;

/** Section 9 timings. */
export const GRID_BLUR_VALIDATE_MS = 100;
export const GRID_INSERT_THROTTLE_MS = 1500;
export const GRID_CLICK_THROTTLE_MS = 300;
/** Async search of a dictionary (GET /sys/dict/loadDict/{dict}): debounce and page size. */
export const GRID_SEARCH_DEBOUNCE_MS = 300;
export const GRID_SEARCH_PAGE_SIZE = 10;

/** Section 9 popups: the text-area popup 150 wide by 200 high, the file popup 520 by 200. */
export const GRID_INPUT_POP_SIZE = { width: 150, height: 200 } as const;
export const GRID_FILE_POP_SIZE = { width: 520, height: 200 } as const;
/** Section 9: file names show 5 characters plus an ellipsis. */
export const GRID_FILE_NAME_CHARS = 5;

/**
 * Popup sub-table (section 4): below the row when more than 350 px is free beneath the click, else
 * above; its anchor (the row) is looked for again 3 times, 100 ms apart, before 打开子表失败.
 */
export const GRID_SUBTABLE_MIN_SPACE = 350;
export const GRID_SUBTABLE_RETRIES = 3;
export const GRID_SUBTABLE_RETRY_MS = 100;

/** The default drag-sort key. */
export const GRID_SORT_KEY = 'orderNum';

/** Checkbox cells store these unless the column names its own pair (spec: switch defaults Y / N). */
export const GRID_CHECKED_VALUE = 'Y';
export const GRID_UNCHECKED_VALUE = 'N';

/**
 * Row ids inside one grid: `<caseId><id>` for a saved row, `<caseId><random><TEMP_ID_SUFFIX>` for a new
 * one. The spec says a case prefix and a temporary suffix are stripped on save but names neither; the
 * caseId is per grid instance, the suffix is ours.
 */
export const GRID_TEMP_ID_SUFFIX = '__new';

export const GridTexts = {
  sum: '合计',
  average: '平均',
  add: '新增',
  remove: '删除',
  clickTooFast: '你点击的太快了，请慢点点击!',
  empty: '暂无数据',
  upload: '上传',
  uploadFailed: '上传失败',
  pickFiles: '上传文件',
  ok: '确定',
  cancel: '取消',
  /** The tree's placeholder child while a node's children load (the spec names no text). */
  loading: '加载中...',
  expand: '展开',
  subTableFailed: '打开子表失败',
  close: '关闭',
  /** The unique rule's default message; ${title} is the column title. */
  unique: '${title}不能重复',
} as const;
