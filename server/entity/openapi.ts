/**
 * The OpenAPI 3.1 document: every declared entity's routes with their fields, types, rules (and
 * the Chinese message of each rule, as x-messages), dictionaries and permissions, then every other
 * registered route with its method, path and access from the route table. Generated from the same
 * models the routes are built from, so it cannot drift from them.
 */
import type { EntityModel, FieldModel } from '../../runtime/model/declaration/model.js';
import { propertySchema } from '../../runtime/model/declaration/record-schema.js';
import { describeAccess, type RouteEntry } from '../http/access.js';
import { readPermissionOf } from './graph.js';

type Json = Record<string, unknown>;
type Operation = Json & { 'x-access': string };

const RESULT = {
  type: 'object',
  description: 'Result envelope: {success, message, code, result, timestamp}',
  properties: {
    success: { type: 'boolean' },
    message: { type: 'string' },
    code: { type: 'integer' },
    result: {},
    timestamp: { type: 'integer' },
  },
};

function fieldSchema(field: FieldModel): Json {
  const prop = propertySchema(field);
  const out: Json = { title: field.title };
  if (prop.type) out.type = prop.type;
  if (prop.enum) out.enum = prop.enum;
  for (const key of ['minLength', 'maxLength', 'minimum', 'maximum'] as const)
    if (prop[key] !== undefined) out[key] = prop[key];
  if (prop.zjPattern) out.pattern = prop.zjPattern.source;
  if (prop.zjDate) out.format = prop.zjDate === 'datetime' ? 'YYYY-MM-DD HH:mm:ss' : prop.zjDate;
  if (field.dict) out['x-dict'] = field.dict;
  if (field.unique) out['x-unique'] = true;
  if (prop.zjRequired) out['x-required'] = true;
  if (field.permission) out['x-field-permission'] = field.permission;
  if (!field.writable) out.readOnly = true;
  if (Object.keys(prop.zjMessages).length > 0) out['x-messages'] = prop.zjMessages;
  return out;
}

function recordComponent(model: EntityModel): Json {
  const properties: Json = {};
  for (const field of model.fields) if (field.readable) properties[field.name] = fieldSchema(field);
  const required = model.declared.filter((f) => f.writable && f.required === true && f.default === undefined);
  return { type: 'object', title: model.title, properties, required: required.map((f) => f.name) };
}

const accessOf = (perm: string | null) => (perm ? `perm:${perm}` : 'authenticated');
const param = (name: string, description: string, required = false, schema: Json = { type: 'string' }) => ({
  name,
  in: 'query',
  required,
  description,
  schema,
});

function listParams(model: EntityModel): Json[] {
  const out = [
    param('pageNo', '页码', false, { type: 'integer', default: 1 }),
    param('pageSize', `每页条数 (${model.pageSizes.join('/')})`, false, { type: 'integer', default: 10 }),
    param('column', '排序字段（仅可排序字段）'),
    param('order', 'asc | desc'),
    param('superQueryParams', '高级查询条件（URL编码的JSON数组）'),
    param('superQueryMatchType', 'and | or'),
  ];
  for (const f of model.fields.filter((x) => x.filterable))
    out.push(
      param(
        f.name,
        `${f.title}：支持 *v*、v*、*v、!v、逗号列表、>= <= 前缀${f.query?.mode === 'range' ? `，以及 ${f.name}_begin / ${f.name}_end` : ''}`,
      ),
    );
  return out;
}

function entityPaths(model: EntityModel, ref: Json): Record<string, Record<string, Operation>> {
  // Reads as the routes answer them: a child reads with its parent's code (graph.ts).
  const read = readPermissionOf(model);
  const p = { ...model.permissions, list: read, queryById: model.declaration.permissions?.queryById ?? read };
  const tag = [model.title];
  const op = (summary: string, perm: string | null, extra: Json = {}): Operation => ({
    tags: tag,
    summary,
    'x-access': accessOf(perm),
    'x-permission': perm,
    responses: { 200: { description: 'Result', content: { 'application/json': { schema: RESULT } } } },
    ...extra,
  });
  const body = { requestBody: { required: true, content: { 'application/json': { schema: ref } } } };
  const id = { parameters: [param('id', '主键', true)] };
  const base = model.basePath;
  const paths: Record<string, Record<string, Operation>> = {
    [`${base}/list`]: { get: op('分页列表', p.list, { parameters: listParams(model) }) },
    [`${base}/queryById`]: { get: op('按id查询', p.queryById, id) },
    [`${base}/add`]: { post: op('添加', p.add, body) },
    [`${base}/edit`]: { put: op('编辑（也接受POST）', p.edit, body) },
    [`${base}/delete`]: { delete: op('删除', p.delete, id) },
    [`${base}/deleteBatch`]: {
      delete: op('批量删除', p.deleteBatch, { parameters: [param('ids', '逗号分隔的id，最多1000个', true)] }),
    },
    [`${base}/exportXls`]: {
      get: op('导出Excel（.xlsx）', p.exportXls, {
        parameters: [
          ...listParams(model),
          param('selections', '只导出这些id（逗号分隔）'),
          param('fileName', '文件名，默认“列表”'),
          param(
            'fields',
            'list（默认）：列表的列；all（全部字段）：导入可写的全部字段（不含只读、计算、密码及当前用户无权查看或修改的字段），一对多子表各一页（首列为主表行号），可原样导入',
            false,
            { type: 'string', enum: ['list', 'all'], default: 'list' },
          ),
          param('template', '1：导入模板，即全部字段导出的各页与表头，不含数据行', false, {
            type: 'string',
            enum: ['0', '1'],
            default: '0',
          }),
        ],
      }),
    },
    [`${base}/importExcel`]: {
      post: op('导入Excel：全部成功200；部分失败201并返回错误文件', p.importExcel, {
        requestBody: {
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                properties: {
                  'files[]': { type: 'array', items: { type: 'string', format: 'binary' } },
                  isSingleTableImport: { type: 'string' },
                  foreignKeys: { type: 'string', description: 'JSON对象：对每行设置的字段值' },
                  validateStatus: { type: 'string', description: '0：导入有效行；1：遇到错误行则全部不导入' },
                },
              },
            },
          },
        },
      }),
    },
  };
  // Built-ins the declaration disables are not served (list.disable).
  const disabled: [Parameters<EntityModel['offers']>[0], string][] = [
    ['add', 'add'],
    ['edit', 'edit'],
    ['delete', 'delete'],
    ['deleteBatch', 'deleteBatch'],
    ['exportXls', 'exportXls'],
    ['importExcel', 'importExcel'],
  ];
  for (const [action, route] of disabled) if (!model.offers(action)) delete paths[`${base}/${route}`];
  if (model.tree) {
    paths[`${base}/rootList`] = {
      get: op('树：根节点（hasQuery=true 时按条件搜索全部层级）', p.list, { parameters: listParams(model) }),
    };
    paths[`${base}/childList`] = {
      get: op('树：子节点', p.list, { parameters: [param('pid', '父节点id', true)] }),
    };
  }
  for (const t of model.transitions) {
    const method = t.method.toLowerCase();
    paths[`${base}/${t.path}`] = {
      ...paths[`${base}/${t.path}`],
      [method]: op(`${t.title}：${t.field} ${t.from.join('/')} → ${t.to}`, t.permission, id),
    };
  }
  return paths;
}

/** The document; `routes` are the registered routes with the API base already removed. */
export function buildOpenApi(
  models: readonly EntityModel[],
  routes: readonly RouteEntry[],
  apiBase: string,
): Json {
  const paths: Record<string, Record<string, Operation>> = {};
  const schemas: Json = {};
  for (const model of models) {
    if (model.external) {
      // Hand-written routes: the record is documented, the paths come from the route table below.
      schemas[model.name] = {
        ...recordComponent(model),
        'x-routes': 'external',
        description: `由手写路由提供：${model.basePath}`,
      };
      continue;
    }
    schemas[model.name] = recordComponent(model);
    Object.assign(paths, entityPaths(model, { $ref: `#/components/schemas/${model.name}` }));
  }
  for (const route of routes) {
    const method = route.method.toLowerCase();
    if (method === 'head' || method === 'options') continue;
    const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    if (paths[path]?.[method]) continue;
    paths[path] = {
      ...paths[path],
      [method]: {
        summary: `${route.method} ${path}`,
        'x-access': describeAccess(route.access),
        responses: { 200: { description: 'Result' } },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: '智慧接待平台 API',
      version: '1.0.0',
      description: '由声明与路由表生成。x-access：public / authenticated / perm:<权限编码>。',
    },
    servers: [{ url: apiBase || '/' }],
    components: {
      securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'X-Access-Token' } },
      schemas,
    },
    security: [{ token: [] }],
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
  };
}
