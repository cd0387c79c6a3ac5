/**
 * 从数据库表导入: a table no declaration owns becomes a new, unsaved declaration that adopts it
 * (server/online/table-import.ts reads its columns); the designer opens it and the admin saves it.
 * Columns the language cannot hold are listed, and left in the table untouched.
 */
import { Alert, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useRuntime } from '../../../runtime/render';
import { printDraft, type DeclarationDraft } from './field-edit';

interface Imported {
  declaration: DeclarationDraft;
  skipped: string[];
}

export default function ImportFromTable({ onImport }: { onImport(text: string): void }): React.JSX.Element {
  const { http, feedback } = useRuntime();
  const [tables, setTables] = useState<{ name: string; comment: string | null }[]>([]);
  const [skipped, setSkipped] = useState<string[]>([]);
  useEffect(() => {
    void http
      .get<{ name: string; comment: string | null }[]>('/online/cgform/table/list')
      .then((res) => setTables(res.result ?? []));
  }, [http]);
  const pick = async (table: string) => {
    const res = await http.get<Imported>('/online/cgform/table/declaration', { table });
    if (!res.success || !res.result) return feedback.message('error', res.message);
    setSkipped(res.result.skipped);
    onImport(printDraft(res.result.declaration));
  };
  return (
    <>
      <Select
        aria-label="从数据库表导入"
        showSearch
        placeholder="从数据库表导入（只列出没有表单使用的表）"
        options={tables.map((t) => ({
          value: t.name,
          label: t.comment ? `${t.name}（${t.comment}）` : t.name,
        }))}
        onChange={(table: string) => void pick(table)}
        style={{ width: 360, marginLeft: 8 }}
      />
      {skipped.length > 0 && (
        <Alert
          style={{ marginTop: 8 }}
          type="warning"
          showIcon
          title={`未导入的列（保留在表中）：${skipped.join('；')}`}
        />
      )}
    </>
  );
}
