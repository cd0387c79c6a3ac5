/** The live tester of a field's 校验 (PatternField): pure, so the unit tests pin its verdicts. */
import { checkPattern, findFormat, isValidPattern } from '../../../runtime/model/validation/formats';

/** What the tester says about `sample` under `pattern`; `custom` is the field's own message. */
export function testPattern(pattern: string, sample: string, custom?: string): { ok: boolean; text: string } {
  if (!findFormat(pattern) && !isValidPattern(pattern)) return { ok: false, text: '不是有效的正则表达式' };
  if (sample === '') return { ok: true, text: '输入样例值即可测试' };
  const message = checkPattern(pattern, sample, custom || undefined);
  return message ? { ok: false, text: `不通过：${message}` } : { ok: true, text: '通过' };
}
