import { describe, expect, it } from 'vitest';
import { compileTemplate, TemplateError, templateParams } from '../../runtime/model/report/template.js';

describe('report SQL templates', () => {
  it('binds a parameter instead of writing it into the SQL', () => {
    const out = compileTemplate('select * from rpt.biz_customer where level = ${level}', {
      level: "H' or '1'='1",
    });
    expect(out).toEqual({ sql: 'select * from rpt.biz_customer where level = $1', values: ["H' or '1'='1"] });
  });

  it('expands several values into an IN list of bound values', () => {
    const out = compileTemplate('select 1 where code in (${codes})', { codes: ['A', 'B', 'C'] });
    expect(out).toEqual({ sql: 'select 1 where code in ($1, $2, $3)', values: ['A', 'B', 'C'] });
  });

  it('drops an optional clause whose parameter is empty and keeps it otherwise', () => {
    const sql = 'select * from t where 1 = 1 [[ and dept = ${dept} ]] [[ and name like ${name} ]]';
    expect(compileTemplate(sql, { dept: 'D1' })).toEqual({
      sql: 'select * from t where 1 = 1  and dept = $1  ',
      values: ['D1'],
    });
    expect(compileTemplate(sql, {}).values).toEqual([]);
  });

  it('turns a parameter inside quotes into a concatenation with the bound value', () => {
    const out = compileTemplate("select * from t where name like '%${name}%'", {
      name: "x'; drop table t; --",
    });
    expect(out.sql).toBe("select * from t where name like ('%' || $1::text || '%')");
    expect(out.values).toEqual(["x'; drop table t; --"]);
  });

  it('writes a column filter as =, IN, BETWEEN or true', () => {
    const sql = 'select * from t where {{dept:t.dept_id}} and {{day:t.day}}';
    expect(compileTemplate(sql, {}).sql).toBe('select * from t where true and true');
    expect(compileTemplate(sql, { dept: 'D1', day: { begin: '2026-01-01', end: '2026-01-31' } })).toEqual({
      sql: 'select * from t where t.dept_id = $1 and t.day between $2 and $3',
      values: ['D1', '2026-01-01', '2026-01-31'],
    });
    expect(compileTemplate(sql, { dept: ['D1', 'D2'], day: { end: '2026-02-01' } }).sql).toBe(
      'select * from t where t.dept_id in ($1, $2) and t.day <= $3',
    );
  });

  it('leaves comments and quoted ${ } in comments alone, and keeps doubled quotes', () => {
    const out = compileTemplate("select 'it''s' -- ${not}\nfrom t /* ${nor} */ where a = ${a}", { a: '1' });
    expect(out).toEqual({ sql: "select 'it''s' -- ${not}\nfrom t /* ${nor} */ where a = $1", values: ['1'] });
  });

  it('lists the parameters in order of first use, with the column of a filter', () => {
    expect(
      templateParams(
        "select * from t where a = ${a} [[ and b = ${b} ]] and {{c:t.c}} and d like '%${d}%' and e = ${a}",
      ),
    ).toEqual([{ name: 'a' }, { name: 'b' }, { name: 'c', column: 't.c' }, { name: 'd' }]);
  });

  it.each([
    ['select ${a', '参数未闭合：${ 缺少 }'],
    ["select 'abc", 'SQL中的引号未闭合'],
    ['select 1 [[ and a = ${a}', '可选条件未闭合：[[ 缺少 ]]'],
    ['select 1 [[ [[ ]] ]]', '可选条件不能嵌套'],
    ['select 1 ]]', '多余的 ]]'],
    ['select ${1a}', '参数名不正确：1a（只能是字母、数字和下划线，以字母开头）'],
    ['select {{a:t.x; drop}}', '字段过滤应写作 {{参数名:表别名.字段名}}：a:t.x; drop'],
  ])('refuses %s', (template, message) => {
    expect(() => compileTemplate(template, { a: '1' })).toThrow(new TemplateError(message));
  });

  it('refuses several values of a parameter written inside quotes', () => {
    expect(() => compileTemplate("select '${a}'", { a: ['1', '2'] })).toThrow(
      '参数a有多个值，不能写在引号内',
    );
  });
});
