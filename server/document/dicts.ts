/**
 * The documents module's dictionary (schemas/document/document-power.json), seeded with a new
 * database next to the declared screens' ones; migration 0021 writes the same values out for a
 * database seeded earlier.
 */
export const DOCUMENT_DICTS: { code: string; name: string; items: [string, string][] }[] = [
  {
    code: 'document_power_type',
    name: '文档授权对象',
    items: [
      ['1', '文档'],
      ['2', '模板'],
    ],
  },
];
