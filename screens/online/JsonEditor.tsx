/**
 * The online form designer's JSON editor: CodeMirror 6 (line numbers, brackets, search, undo) with
 * a linter that marks where the text stops being JSON. Given a JSON Schema (the designer passes
 * `schemas/meta`), it also completes keys and values and marks the schema's problems inline
 * (json-schema-editor.ts). It loads with the designer only.
 */
import { EditorView, basicSetup } from 'codemirror';
import { EditorState } from '@codemirror/state';
import { indentUnit } from '@codemirror/language';
import { linter, lintGutter, type Diagnostic } from '@codemirror/lint';
import { useEffect, useRef } from 'react';
import type { JsonSchema } from './json-assist';
import { schemaDiagnostics, schemaLanguage, type ExtraCheck } from './json-schema-editor';

export interface JsonEditorProps {
  value: string;
  onChange?(value: string): void;
  readOnly?: boolean;
  height?: number;
  /** Completion and inline validation from this schema. */
  schema?: JsonSchema;
  /** Further problems of a value the schema accepts (the semantic rules), each at its JSON pointer. */
  check?: ExtraCheck;
  /** Where the cursor starts (scrolled into view), e.g. the field the designer's table was on. */
  cursor?: number | null;
  /** Told each time the cursor moves. */
  onCursor?(pos: number, text: string): void;
}

/** Where JSON.parse stopped, as one diagnostic (V8 says "... at position N"). */
export function jsonDiagnostics(text: string): Diagnostic[] {
  try {
    JSON.parse(text);
    return [];
  } catch (error) {
    const message = (error as Error).message;
    const at = /position (\d+)/.exec(message);
    const from = Math.min(at ? Number(at[1]) : text.length, text.length);
    return [
      { from, to: Math.min(from + 1, text.length), severity: 'error', message: `JSON 格式错误：${message}` },
    ];
  }
}

export default function JsonEditor({
  value,
  onChange,
  readOnly = false,
  height = 480,
  schema,
  check,
  cursor,
  onCursor,
}: JsonEditorProps) {
  const box = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latest = useRef(onChange);
  latest.current = onChange;
  const moved = useRef(onCursor);
  moved.current = onCursor;

  useEffect(() => {
    if (!box.current) return;
    const editor = new EditorView({
      parent: box.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          basicSetup,
          indentUnit.of('  '),
          EditorState.tabSize.of(2),
          EditorState.readOnly.of(readOnly),
          lintGutter(),
          schema ? schemaLanguage(schema) : [],
          linter(
            (v) => {
              const text = v.state.doc.toString();
              const syntax = jsonDiagnostics(text);
              return syntax.length > 0 || !schema ? syntax : schemaDiagnostics(schema, text, check);
            },
            { delay: 300 },
          ),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) latest.current?.(update.state.doc.toString());
            if (update.selectionSet)
              moved.current?.(update.state.selection.main.head, update.state.doc.toString());
          }),
          EditorView.theme({
            '&': { height: `${height}px`, fontSize: '13px' },
            '.cm-scroller': { overflow: 'auto', fontFamily: 'Menlo, Consolas, monospace' },
          }),
        ],
      }),
    });
    view.current = editor;
    if (typeof cursor === 'number' && cursor <= value.length)
      editor.dispatch({
        selection: { anchor: cursor },
        effects: EditorView.scrollIntoView(cursor, { y: 'center' }),
      });
    return () => editor.destroy();
    // The editor is made once; later values arrive through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value)
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
  }, [value]);

  return (
    <div
      ref={box}
      className="zj-json-editor"
      aria-label="表单声明JSON"
      style={{ border: '1px solid #d9d9d9', borderRadius: 6 }}
    />
  );
}
