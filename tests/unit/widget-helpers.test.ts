import { describe, expect, it } from 'vitest';
import { queryWidget } from '../../runtime/render/widgets/widget-type.js';
import { indentAt } from '../../runtime/render/widgets/CodeWidget.js';
import {
  departIndex,
  firstLevelKeys,
  matchDeparts,
  parentsOf,
} from '../../runtime/render/widgets/depart-tree.js';
import type { DepartNode, Pcaa } from '../../runtime/render/widgets/picker-api.js';
import { valueTexts } from '../../runtime/render/widgets/picker-value.js';
import { popupConfig, popupValues, selectionProblem } from '../../runtime/render/widgets/popup-config.js';
import {
  regionOptions,
  regionPath,
  regionText,
  regionType,
} from '../../runtime/render/widgets/region-options.js';
import { pageOf } from '../../runtime/render/widgets/role-position-widgets.js';
import { SLIDER_IDLE, sliderStep } from '../../runtime/render/widgets/slider-verify.js';
import { filterTree, parseCondition, treeValues } from '../../runtime/render/widgets/tree-condition.js';
import {
  isImageType,
  keepLast,
  movePath,
  splitPaths,
  staticUrl,
} from '../../runtime/render/widgets/upload-list.js';

function node(id: string, name: string, parentId = '', children?: DepartNode[]): DepartNode {
  return {
    key: id,
    id,
    value: id,
    title: name,
    departName: name,
    orgCode: id,
    parentId,
    isLeaf: !children,
    children,
  };
}

const TREE = [
  node('a', '智慧接待中心', '', [
    node('b', '项目管理部', 'a', [node('c', '项目一组', 'b'), node('d', '项目二组', 'b')]),
    node('e', '技术部', 'a', [node('f', '研发组', 'e')]),
  ]),
];

describe('department picker', () => {
  it('opens the first level and finds matches with their parents', () => {
    expect(firstLevelKeys(TREE)).toEqual(['a']);
    const found = matchDeparts(TREE, '项目');
    expect(found).toEqual(['b', 'c', 'd']);
    expect(parentsOf(['f'], departIndex(TREE)).sort()).toEqual(['a', 'e']);
    expect(matchDeparts(TREE, '  ')).toEqual([]);
  });

  it('names chosen values from the picker, then the dictionary, then the value itself', () => {
    const known = new Map([['a', '甲']]);
    const dict = [{ value: 'b', text: '乙' }];
    expect(valueTexts(['a', 'b', 'z'], known, dict)).toEqual(['甲', '乙', 'z']);
  });
});

describe('region picker', () => {
  const pcaa: Pcaa = {
    '86': { '110000': '北京市', '710000': '台湾省' },
    '110000': { '110100': '北京市' },
    '110100': { '110108': '海淀区' },
  };

  it('accepts cascader (default) or select, else Bad type value', () => {
    expect(regionType(undefined)).toBe('cascader');
    expect(regionType('select')).toBe('select');
    expect(regionType('tree')).toBeNull();
    expect(regionType(3)).toBeNull();
  });

  it('builds options under 86 and finds the path of a stored code', () => {
    expect(regionOptions(pcaa)).toEqual([
      {
        value: '110000',
        label: '北京市',
        children: [{ value: '110100', label: '北京市', children: [{ value: '110108', label: '海淀区' }] }],
      },
      { value: '710000', label: '台湾省' },
    ]);
    expect(regionPath(pcaa, '110108')).toEqual(['110000', '110100', '110108']);
    expect(regionText(pcaa, '110108')).toBe('北京市/北京市/海淀区');
    expect(regionText(pcaa, '999999')).toBe('999999');
  });
});

describe('uploads', () => {
  it('needs an image type for images', () => {
    expect(isImageType('image/png')).toBe(true);
    expect(isImageType('text/html')).toBe(false);
    expect(isImageType(undefined)).toBe(false);
  });

  it('keeps the last N files', () => {
    expect(keepLast(['a', 'b', 'c'], 2)).toEqual(['b', 'c']);
    expect(keepLast(['a', 'b'], 0)).toEqual(['a', 'b']);
    expect(splitPaths('a, b,,')).toEqual(['a', 'b']);
  });

  it('moves images, with the messages at both ends', () => {
    expect(movePath(['a', 'b', 'c'], 1, 'left')).toEqual({ ok: true, paths: ['b', 'a', 'c'] });
    expect(movePath(['a', 'b', 'c'], 1, 'right')).toEqual({ ok: true, paths: ['a', 'c', 'b'] });
    expect(movePath(['a', 'b'], 0, 'left')).toEqual({ ok: false, message: '未知的操作' });
    expect(movePath(['a', 'b'], 1, 'right')).toEqual({ ok: false, message: '已到最后~' });
  });

  it('joins stored paths to the static prefix and keeps URLs with a scheme', () => {
    expect(staticUrl('temp/a.png')).toBe('/api/sys/common/static/temp/a.png');
    expect(staticUrl('https://x.example/a.png')).toBe('https://x.example/a.png');
  });
});

describe('popup picker', () => {
  it('words configuration errors as the spec does', () => {
    expect(popupConfig(undefined)).toEqual({ ok: false, message: 'popup参数未正确配置!' });
    expect(popupConfig({ code: 'customer', orgFields: 'name' })).toEqual({
      ok: false,
      message: 'popup参数未正确配置!',
    });
    expect(popupConfig({ code: 'customer', orgFields: 'name,code', destFields: 'a' })).toEqual({
      ok: false,
      message: 'popup参数未正确配置,原始值和目标值数量不一致!',
    });
  });

  it('copies columns to destination fields and checks the selection', () => {
    const check = popupConfig({ code: 'customer', orgFields: 'name,code', destFields: 'a,b', multi: true });
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    const rows = [
      { id: '1', name: '甲', code: 'C1' },
      { id: '2', name: '乙', code: 'C2' },
    ];
    expect(popupValues(check.config, rows)).toEqual({ a: '甲,乙', b: 'C1,C2' });
    expect(selectionProblem(0, true)).toBe('请选择一条记录');
    expect(selectionProblem(2, false)).toBe('请选择一条记录');
    expect(selectionProblem(1, false)).toBeNull();
  });
});

describe('tree selects', () => {
  const message = '组件JTreeSelect-condition传值有误，需要一个json字符串!';

  it('needs the condition as a JSON object string', () => {
    expect(parseCondition(undefined)).toEqual({ ok: true, condition: null });
    expect(parseCondition('{"code":"B01"}')).toEqual({ ok: true, condition: { code: 'B01' } });
    expect(parseCondition('code=B01')).toEqual({ ok: false, message });
    expect(parseCondition('[1]')).toEqual({ ok: false, message });
    expect(parseCondition({ code: 'B01' })).toEqual({ ok: false, message });
  });

  it("treats '0' and empty as no selection", () => {
    expect(treeValues('0')).toEqual([]);
    expect(treeValues('')).toEqual([]);
    expect(treeValues('a,0,b')).toEqual(['a', 'b']);
  });

  it('keeps matching nodes and their parents', () => {
    const leaf = { key: 'c', title: '小型车', value: 'c', code: 'B0101', parentId: 'p', isLeaf: true };
    const other = { key: 'd', title: '船', value: 'd', code: 'B02', parentId: '0', isLeaf: true };
    const parent = {
      key: 'p',
      title: '车辆',
      value: 'p',
      code: 'B01',
      parentId: '0',
      isLeaf: false,
      children: [leaf],
    };
    expect(filterTree([parent, other], { code: 'B0101' })).toEqual([{ ...parent, children: [leaf] }]);
    expect(filterTree([parent, other], null)).toHaveLength(2);
  });
});

describe('query forms', () => {
  it('ask for uploads and editors as plain text', () => {
    for (const widget of ['file', 'image', 'richText', 'markdown', 'code'] as const) {
      const field = { name: 'f', title: 'F', type: 'text', widget } as Parameters<typeof queryWidget>[0];
      expect(queryWidget(field), widget).toBe('input');
    }
  });
});

describe('list pickers, code editor, slider', () => {
  it('pages and searches rows held in memory', () => {
    const rows = ['admin', 'manager', 'staff'].map((roleCode) => ({
      roleCode,
      roleName: roleCode.toUpperCase(),
    }));
    expect(pageOf(rows, { keyword: 'a', pageNo: 1, pageSize: 2 }, ['roleCode'])).toMatchObject({
      total: 3,
      pages: 2,
    });
    expect(pageOf(rows, { keyword: 'STA', pageNo: 1, pageSize: 10 }, ['roleName']).records).toEqual([
      rows[2],
    ]);
  });

  it('indents by two spaces at the caret', () => {
    expect(indentAt('ab', 1, 1)).toEqual({ text: 'a  b', caret: 3 });
    expect(indentAt('abc', 0, 2)).toEqual({ text: '  c', caret: 2 });
  });

  it('passes only when dragged to the end, and stays passed', () => {
    let s = sliderStep(SLIDER_IDLE, { type: 'down', x: 10 });
    s = sliderStep(s, { type: 'move', x: 100, max: 260 });
    expect(s).toMatchObject({ phase: 'dragging', offset: 90 });
    expect(sliderStep(s, { type: 'up', max: 260 })).toEqual(SLIDER_IDLE);
    s = sliderStep(s, { type: 'move', x: 400, max: 260 });
    s = sliderStep(s, { type: 'up', max: 260 });
    expect(s).toEqual({ phase: 'success', offset: 260 });
    expect(sliderStep(s, { type: 'down', x: 0 })).toBe(s);
  });
});
