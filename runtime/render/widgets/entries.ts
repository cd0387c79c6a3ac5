/**
 * The picker, upload and editor widgets as registry entries. Each loads on first use; the editors
 * (rich text with DOMPurify, markdown with marked) are chunks of their own, so a form without them
 * never downloads them.
 */
import type { WidgetEntry } from '../types';

const region = () => import('./RegionPicker');
const upload = () => import('./UploadWidget');
const tree = () => import('./TreeSelectWidget');
const lists = () => import('./role-position-widgets');

export const pickerWidgets: readonly WidgetEntry[] = [
  { type: 'departPicker', load: () => import('./DepartPicker').then((m) => m.DepartPickerWidget) },
  { type: 'userPicker', load: () => import('./UserPicker').then((m) => m.UserPickerWidget) },
  { type: 'rolePicker', load: () => lists().then((m) => m.RolePickerWidget) },
  { type: 'positionPicker', load: () => lists().then((m) => m.PositionPickerWidget) },
  { type: 'listPicker', load: () => import('./SourceListPicker').then((m) => m.SourceListPickerWidget) },
  { type: 'popup', load: () => import('./PopupWidget').then((m) => m.PopupWidget) },
  { type: 'region', load: () => region().then((m) => m.RegionWidget) },
  { type: 'file', load: () => upload().then((m) => m.FileWidget) },
  { type: 'image', load: () => upload().then((m) => m.ImageWidget) },
  { type: 'treeSelect', load: () => tree().then((m) => m.TreeSelectWidget) },
  { type: 'categorySelect', load: () => tree().then((m) => m.TreeSelectWidget) },
  { type: 'richText', load: () => import('./RichTextWidget').then((m) => m.default) },
  { type: 'markdown', load: () => import('./MarkdownWidget').then((m) => m.default) },
  { type: 'code', load: () => import('./CodeWidget').then((m) => m.default) },
  { type: 'cron', load: () => import('./cron/CronWidget').then((m) => m.default) },
];
