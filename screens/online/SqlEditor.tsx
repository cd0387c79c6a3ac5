/**
 * The report designer's SQL editor: CodeMirror 6 with PostgreSQL highlighting, line numbers and
 * the usual editing keys (tab size 2, spec 000 section 9). It loads with the designer only.
 */
import { sql, PostgreSQL } from '@codemirror/lang-sql';
import { EditorView, basicSetup } from 'codemirror';
import { EditorState } from '@codemirror/state';
import { indentUnit } from '@codemirror/language';
import { useEffect, useRef } from 'react';

export interface SqlEditorProps {
  value: string;
  onChange(value: string): void;
  /** The report data set's tables, offered as completions. */
  tables?: readonly string[];
  height?: number;
}

export default function SqlEditor({
  value,
  onChange,
  tables = [],
  height = 240,
}: SqlEditorProps): React.JSX.Element {
  const box = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latest = useRef(onChange);
  latest.current = onChange;

  useEffect(() => {
    if (!box.current) return;
    const editor = new EditorView({
      parent: box.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          basicSetup,
          sql({
            dialect: PostgreSQL,
            schema: Object.fromEntries(tables.map((t) => [t, []])),
            upperCaseKeywords: false,
          }),
          indentUnit.of('  '),
          EditorState.tabSize.of(2),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) latest.current(update.state.doc.toString());
          }),
          EditorView.theme({
            '&': { height: `${height}px`, fontSize: '13px' },
            '.cm-scroller': { overflow: 'auto' },
          }),
        ],
      }),
    });
    view.current = editor;
    return () => editor.destroy();
    // The editor is made once; later values arrive through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value)
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
  }, [value]);

  return <div ref={box} className="zj-sql-editor" style={{ border: '1px solid #d9d9d9', borderRadius: 6 }} />;
}
