/**
 * Documents and templates have the same shape (docs/modules/documents.md): a head row with its
 * current file, one record per uploaded version, rights per position and classification. What
 * differs between the two is named here once.
 */
export type PowerType = '1' | '2';

export interface FileKind {
  /** The declared entity of the head rows. */
  entity: 'document' | 'template';
  title: string;
  table: 'biz_document' | 'biz_template';
  recordEntity: 'documentRecord' | 'templateRecord';
  recordTable: 'biz_document_record' | 'biz_template_record';
  /** The record's column naming its head row (and the field in camelCase). */
  recordKey: 'document_id' | 'template_id';
  recordField: 'documentId' | 'templateId';
  /** biz_document_power.power_type: 1 documents, 2 templates. */
  powerType: PowerType;
  basePath: '/sys/document' | '/sys/template';
  recordBasePath: '/sys/documentRecord' | '/sys/templateRecord';
}

export const DOCUMENT: FileKind = {
  entity: 'document',
  title: '文档',
  table: 'biz_document',
  recordEntity: 'documentRecord',
  recordTable: 'biz_document_record',
  recordKey: 'document_id',
  recordField: 'documentId',
  powerType: '1',
  basePath: '/sys/document',
  recordBasePath: '/sys/documentRecord',
};

export const TEMPLATE: FileKind = {
  entity: 'template',
  title: '模板',
  table: 'biz_template',
  recordEntity: 'templateRecord',
  recordTable: 'biz_template_record',
  recordKey: 'template_id',
  recordField: 'templateId',
  powerType: '2',
  basePath: '/sys/template',
  recordBasePath: '/sys/templateRecord',
};

export const KINDS: readonly FileKind[] = [DOCUMENT, TEMPLATE];

export const DocumentMessages = {
  noView: (title: string) => `您没有查看该${title}的权限`,
  noDownload: (title: string) => `您没有下载该${title}的权限`,
  noEdit: (title: string) => `您没有编辑该${title}分类的权限`,
  noClassify: '请选择分类',
  badClassify: '分类不存在',
  fileGone: '文件不存在或已失效，请重新上传',
  noFile: '请上传文件',
  nameTaken: '分类名称已存在',
  codeTaken: '分类编码已存在',
  nameFree: '该值可用！',
  badPost: '职务不存在',
  saved: '授权成功！',
  uploaded: '上传成功！',
  created: '已由模板生成文档！',
  notFound: '未找到对应数据',
} as const;
