/**
 * Stands in for antd's Tree inside antd Table's column filter dropdown (vite.config.ts aliases it
 * there, and only there). That Tree renders only for `filterMode: 'tree'` column filters, which no
 * screen uses — lists filter through their query form and the advanced query — yet importing it
 * costs every list ~17 KiB gzip (rc-tree, its styles and icons). A screen that ever needs tree-mode
 * column filters should drop the alias instead of working around this.
 */
export default function TableTreeFilterUnavailable(): null {
  return null;
}
