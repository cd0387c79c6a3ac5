/**
 * Demo rows of the documents module (docs/modules/documents.md): a classification tree, 30
 * documents with 1-3 versions each over the last five months, four templates, and position rights
 * for the seeded positions. Deterministic, so every new database looks the same; the files the
 * records name are made by server/document/demo-files.ts and written at start.
 */
import { createHash } from 'node:crypto';
import { seedId } from './ids.js';
import { USERS } from './organisation.js';
import type { DeclaredSeed, DemoRow } from './declared/insert.js';
import { demoPdf, demoPng, demoText } from '../../document/demo-files.js';

const orgOf = (username: string) => USERS.find((u) => u.username === username)?.orgCodes[0] ?? 'A01';
export const classifyId = (code: string) => seedId(`documentClassify:${code}`);

/** [code, name, parent code] in tree order. */
const CLASSIFIES: [string, string, string | null][] = [
  ['ZD', '制度文件', null],
  ['ZD-XZ', '行政制度', 'ZD'],
  ['ZD-RS', '人事制度', 'ZD'],
  ['XM', '项目文档', null],
  ['XM-XQ', '需求', 'XM'],
  ['XM-SJ', '设计', 'XM'],
  ['XM-YS', '验收', 'XM'],
  ['HY', '会议纪要', null],
  ['HT', '合同', null],
];

/** [classification, name, stage, ext, owner, versions] */
const DOCUMENTS: [string, string, string | null, 'pdf' | 'txt' | 'png', string, number][] = [
  ['ZD-XZ', '接待管理制度', null, 'pdf', 'lina', 3],
  ['ZD-XZ', '公务用车管理办法', null, 'pdf', 'lina', 2],
  ['ZD-XZ', '办公用品领用规定', null, 'txt', 'xuming', 1],
  ['ZD-XZ', '会议室使用规范', null, 'txt', 'xuming', 2],
  ['ZD-RS', '考勤与休假管理办法', null, 'pdf', 'wangfang', 2],
  ['ZD-RS', '新员工入职指引', null, 'pdf', 'sunli', 1],
  ['ZD-RS', '绩效考核实施细则', null, 'pdf', 'wangfang', 3],
  ['ZD', '信息安全管理规定', null, 'pdf', 'liuyang', 1],
  ['XM-XQ', '智慧展厅需求规格说明书', '需求', 'pdf', 'chenjing', 3],
  ['XM-XQ', '接待预约小程序需求清单', '需求', 'txt', 'yangqiang', 2],
  ['XM-XQ', '导览屏功能需求', '需求', 'pdf', 'chenjing', 1],
  ['XM-SJ', '智慧展厅总体设计方案', '设计', 'pdf', 'zhaolei', 3],
  ['XM-SJ', '接待系统数据库设计', '设计', 'txt', 'huangmin', 2],
  ['XM-SJ', '展厅平面布置图', '设计', 'png', 'zhoujie', 2],
  ['XM-SJ', '导览屏界面原型', '设计', 'png', 'wuxia', 1],
  ['XM-SJ', '网络拓扑图', '设计', 'png', 'gaopeng', 1],
  ['XM-YS', '智慧展厅验收报告', '验收', 'pdf', 'chenjing', 2],
  ['XM-YS', '导览屏验收测试记录', '验收', 'txt', 'zhaolei', 1],
  ['XM-YS', '会议系统改造验收单', '验收', 'pdf', 'yangqiang', 1],
  ['XM', '项目周报汇总', null, 'txt', 'chenjing', 3],
  ['HY', '部门周例会纪要', null, 'txt', 'zhangwei', 3],
  ['HY', '接待流程优化专题会纪要', null, 'pdf', 'lina', 1],
  ['HY', '季度绩效评审会纪要', null, 'txt', 'wangfang', 2],
  ['HY', '数据安全专题会纪要', null, 'txt', 'liuyang', 1],
  ['HY', '年度预算专题会纪要', null, 'pdf', 'zhangwei', 1],
  ['HT', '展厅设备采购合同', null, 'pdf', 'majun', 2],
  ['HT', '物业服务合同', null, 'pdf', 'zhuting', 1],
  ['HT', '车辆租赁合同', null, 'pdf', 'majun', 1],
  ['HT', '软件运维服务合同', null, 'pdf', 'zhuting', 2],
  ['HT', '会务服务框架协议', null, 'txt', 'hexue', 1],
];

/** [classification, name, ext, versions] */
const TEMPLATES: [string, string, 'pdf' | 'txt', number][] = [
  ['HT', '采购合同模板', 'pdf', 2],
  ['HY', '会议纪要模板', 'txt', 1],
  ['XM-XQ', '需求规格说明书模板', 'pdf', 2],
  ['ZD', '制度文件模板', 'txt', 1],
];

/**
 * Rights per position code: [power type, classification codes, rights]. Rights are inherited down
 * the tree (server/document/rights.ts), so a parent's grant covers its children; '' is a node's own
 * grant of nothing, which stops the parent's from reaching it.
 */
const POWERS: [string, '1' | '2', string[], string][] = [
  ['general_manager', '1', ['ZD', 'XM', 'HY', 'HT'], 'vde'],
  ['dept_manager', '1', ['ZD', 'HY'], 'vde'],
  ['dept_manager', '1', ['XM'], 'vd'],
  ['dept_manager', '1', ['HT'], 'v'],
  ['project_manager', '1', ['XM'], 'vde'],
  ['project_manager', '1', ['ZD', 'HY'], 'vd'],
  ['engineer', '1', ['XM'], 'vd'],
  ['engineer', '1', ['XM-YS', 'ZD-RS'], ''],
  ['engineer', '1', ['ZD'], 'v'],
  ['clerk', '1', ['ZD'], 'vd'],
  ['clerk', '1', ['HY'], 'v'],
  ['clerk', '1', ['HT'], 'vde'],
  ['receptionist', '1', ['ZD'], 'v'],
  ['receptionist', '1', ['ZD-RS'], ''],
  ['general_manager', '2', ['ZD', 'XM', 'HY', 'HT'], 'vde'],
  ['dept_manager', '2', ['ZD', 'XM', 'HY', 'HT'], 'vde'],
  ['project_manager', '2', ['XM', 'HY'], 'vd'],
  ['clerk', '2', ['ZD', 'HT', 'HY'], 'vd'],
];

function storedPath(key: string, ext: string, daysAgo: number): string {
  const hex = createHash('sha256').update(`document-demo:${key}`).digest('hex').slice(0, 16);
  return `doc/${Date.UTC(2026, 0, 1) - daysAgo * 1000}_${hex}.${ext}`;
}

function content(title: string, ext: string, version: string, seed: number): Buffer {
  if (ext === 'png') return demoPng(seed);
  if (ext === 'pdf')
    return demoPdf([
      `Document ${seed} - ${version}`,
      'Smart Reception Platform demo file.',
      `Version ${version}`,
    ]);
  return demoText(title, version, [
    '一、目的：规范相关工作流程，明确职责分工。',
    '二、适用范围：本单位各部门及全体员工。',
    '三、主要内容：按本文件执行，未尽事宜由综合办公室负责解释。',
  ]);
}

interface Built {
  seeds: DeclaredSeed[];
  files: Map<string, Buffer>;
}

function headsWithRecords(
  entity: 'document' | 'template',
  heads: {
    classify: string;
    name: string;
    stage: string | null;
    ext: string;
    owner: string;
    versions: number;
  }[],
  files: Map<string, Buffer>,
): [DemoRow[], DemoRow[]] {
  const headRows: DemoRow[] = [];
  const records: DemoRow[] = [];
  heads.forEach((h, i) => {
    const id = seedId(`${entity}:${h.name}`);
    const firstDay = 150 - ((i * 37) % 120);
    let last: { path: string; size: number; version: string; fileName: string } | null = null;
    for (let v = 1; v <= h.versions; v++) {
      const daysAgo = Math.max(1, firstDay - (v - 1) * (12 + (i % 5) * 6));
      const version = `V${v}`;
      const path = storedPath(`${entity}:${h.name}:${v}`, h.ext, daysAgo);
      const data = content(h.name, h.ext, version, i + v);
      files.set(path, data);
      const fileName = `${h.name}.${h.ext}`;
      last = { path, size: data.length, version, fileName };
      records.push({
        values: {
          [entity === 'document' ? 'documentId' : 'templateId']: id,
          version,
          fileName,
          fileSize: data.length,
          filePath: path,
          remark: v === 1 ? '首次上传' : `第${v}版修订`,
        },
        createBy: h.owner,
        orgCode: orgOf(h.owner),
        daysAgo,
      });
    }
    const values: DemoRow['values'] = {
      name: h.name,
      classifyId: classifyId(h.classify),
      version: last!.version,
      filePath: last!.path,
      fileName: last!.fileName,
      fileSize: last!.size,
      description: `${h.name}（演示数据）`,
    };
    if (entity === 'document') Object.assign(values, { owner: h.owner, link: h.stage, projectId: null });
    headRows.push({ id, values, createBy: h.owner, orgCode: orgOf(h.owner), daysAgo: firstDay });
  });
  return [headRows, records];
}

function build(): Built {
  const files = new Map<string, Buffer>();
  const classifies: DemoRow[] = CLASSIFIES.map(([code, name, parent], i) => ({
    id: classifyId(code),
    values: {
      name,
      code,
      parentId: parent ? classifyId(parent) : '0',
      orderNum: i + 1,
      departId: null,
      remark: null,
    },
    createBy: 'admin',
    orgCode: 'A01',
    daysAgo: 180,
  }));
  const [documents, documentRecords] = headsWithRecords(
    'document',
    DOCUMENTS.map(([classify, name, stage, ext, owner, versions]) => ({
      classify,
      name,
      stage,
      ext,
      owner,
      versions,
    })),
    files,
  );
  const [templates, templateRecords] = headsWithRecords(
    'template',
    TEMPLATES.map(([classify, name, ext, versions]) => ({
      classify,
      name,
      stage: null,
      ext,
      owner: 'lina',
      versions,
    })),
    files,
  );
  const powers: DemoRow[] = POWERS.flatMap(([post, type, codes, rights]) =>
    codes.map((code) => ({
      id: seedId(`documentPower:${post}:${type}:${code}`),
      values: {
        postId: seedId(`position:${post}`),
        powerType: type,
        classifyId: classifyId(code),
        canView: rights.includes('v') ? 'Y' : 'N',
        canDownload: rights.includes('d') ? 'Y' : 'N',
        canEdit: rights.includes('e') ? 'Y' : 'N',
      },
      createBy: 'admin',
      orgCode: 'A01',
      daysAgo: 170,
    })),
  );
  return {
    files,
    seeds: [
      { entity: 'documentClassify', rows: classifies },
      { entity: 'document', rows: documents },
      { entity: 'documentRecord', rows: documentRecords },
      { entity: 'template', rows: templates },
      { entity: 'templateRecord', rows: templateRecords },
      { entity: 'documentPower', rows: powers },
    ],
  };
}

let built: Built | null = null;
const once = (): Built => (built ??= build());

export function documentsDemo(): DeclaredSeed[] {
  return once().seeds;
}

/** The demo files by stored path (`doc/<name>`). */
export function documentDemoFiles(): ReadonlyMap<string, Buffer> {
  return once().files;
}
