/**
 * The editor's state, headless: the seven field states and the text box, kept in step both ways.
 * A mode change rewrites the text; typed text is parsed back into modes, or keeps the modes and
 * shows the parser's message. Day and week exclude each other: choosing one sets the other to '?'.
 */
import {
  defaultState,
  formatCron,
  parseCron,
  validateCron,
  type CronFieldKey,
  type CronState,
  type FieldState,
} from '../../../model/cron';

export interface EditorState {
  fields: CronState;
  text: string;
  error: string | null;
}

export function initialEditor(value: string, thisYear: number): EditorState {
  const text = value.trim();
  if (text === '') {
    const fields = defaultState(thisYear);
    return { fields, text: formatCron(fields), error: null };
  }
  const parsed = parseCron(text, thisYear);
  if (!parsed.ok) return { fields: defaultState(thisYear), text, error: parsed.message };
  return { fields: parsed.value, text, error: validateCron(text) };
}

/** A field's new state; the other of day / week follows. */
export function withField(editor: EditorState, key: CronFieldKey, field: FieldState): EditorState {
  const fields: CronState = { ...editor.fields, [key]: field };
  const other: CronFieldKey | null = key === 'day' ? 'week' : key === 'week' ? 'day' : null;
  if (other) {
    if (field.mode !== 'none') fields[other] = { ...fields[other], mode: 'none' };
    else if (fields[other].mode === 'none') fields[other] = { ...fields[other], mode: 'every' };
  }
  const text = formatCron(fields);
  return { fields, text, error: validateCron(text) };
}

/** Typed text: parsed into modes when it reads, else the message. */
export function withText(editor: EditorState, text: string, thisYear: number): EditorState {
  const parsed = parseCron(text, thisYear);
  if (!parsed.ok) return { ...editor, text, error: parsed.message };
  return { fields: parsed.value, text, error: validateCron(text) };
}
