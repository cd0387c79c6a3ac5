/**
 * 高级查询构造器 (1000 wide): condition rows joined by and / or, the route's saved queries beside
 * them. 查询 applies the rows to the list, 重置 clears them and the query in effect, 保存查询条件 stores
 * them under a name (overwriting an existing name only after confirmation).
 */
import { PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { Button, Col, Empty, Input, Modal, Row as GridRow, Select, message } from 'antd';
import { useState } from 'react';
import type { FieldModel } from '../../model/declaration/model';
import { ConditionRows } from './ConditionRows';
import { SavedQueries } from './SavedQueries';
import {
  browserStorage,
  hasSavedQuery,
  readSavedQueries,
  removeSavedQuery,
  saveQuery,
  type SavedQuery,
} from './saved-queries';
import {
  entriesToRows,
  MATCH_OPTIONS,
  newRow,
  rowsToEntries,
  type MatchType,
  type SuperQuery,
  type SuperQueryRow,
} from './super-query';

export const QueryBuilderMessages = {
  title: '高级查询构造器',
  emptySearch: '不能查询空条件',
  emptySave: '空条件不能保存',
  emptyName: '保存名称不能为空',
  saved: '保存成功',
  overwrite: (name: string) => `"${name}" 已存在，是否覆盖？`,
} as const;

export const QUERY_BUILDER_WIDTH = 1000;

export interface QueryBuilderModalProps {
  fields: readonly FieldModel[];
  /** The key of the saved queries (the list's route). */
  route: string;
  value: SuperQuery | null;
  onApply(query: SuperQuery | null): void;
  onClose(): void;
}

export function QueryBuilderModal(props: QueryBuilderModalProps): React.JSX.Element {
  const { fields, route, value, onApply, onClose } = props;
  const storage = browserStorage();
  const [rows, setRows] = useState<SuperQueryRow[]>(() =>
    value ? entriesToRows(value.entries) : [newRow()],
  );
  const [matchType, setMatchType] = useState<MatchType>(value?.matchType ?? 'and');
  const [saved, setSaved] = useState<SavedQuery[]>(() => readSavedQueries(storage, route));
  const [picked, setPicked] = useState<string | null>(null);
  const [naming, setNaming] = useState<string | null>(null);
  const [messageApi, messageHolder] = message.useMessage();
  const [modal, modalHolder] = Modal.useModal();
  const fieldOf = (name: string) => fields.find((f) => f.name === name);

  const search = () => {
    const entries = rowsToEntries(rows, fieldOf);
    if (!entries) return void messageApi.warning(QueryBuilderMessages.emptySearch);
    onApply({ matchType, entries });
    onClose();
  };
  const reset = () => {
    setRows([newRow()]);
    setMatchType('and');
    setPicked(null);
    onApply(null);
  };
  const startSave = () => {
    if (!rowsToEntries(rows, fieldOf)) return void messageApi.warning(QueryBuilderMessages.emptySave);
    setNaming(picked ?? '');
  };
  const store = (title: string) => {
    const records = rowsToEntries(rows, fieldOf) ?? [];
    setSaved(saveQuery(storage, route, { title, matchType, records }));
    setPicked(title);
    setNaming(null);
    void messageApi.success(QueryBuilderMessages.saved);
  };
  const confirmName = () => {
    const title = (naming ?? '').trim();
    if (title === '') return void messageApi.warning(QueryBuilderMessages.emptyName);
    if (!hasSavedQuery(saved, title)) return store(title);
    void modal.confirm({
      title: '提示',
      content: QueryBuilderMessages.overwrite(title),
      okText: '确定',
      cancelText: '取消',
      onOk: () => store(title),
    });
  };

  return (
    <Modal
      open
      title={QueryBuilderMessages.title}
      width={QUERY_BUILDER_WIDTH}
      className="zj-super-query"
      onCancel={onClose}
      footer={
        <div style={{ display: 'flex', justifyContent: 'space-between' }}>
          <Button icon={<SaveOutlined />} onClick={startSave}>
            保存查询条件
          </Button>
          <span>
            <Button onClick={reset}>重置</Button>
            <Button style={{ marginLeft: 8 }} onClick={onClose}>
              关闭
            </Button>
            <Button type="primary" style={{ marginLeft: 8 }} onClick={search}>
              查询
            </Button>
          </span>
        </div>
      }
    >
      {messageHolder}
      {modalHolder}
      <GridRow gutter={16}>
        <Col span={18}>
          <div style={{ marginBottom: 16, display: 'flex', alignItems: 'center' }}>
            <span style={{ marginRight: 8 }}>过滤条件匹配：</span>
            <Select
              aria-label="过滤条件匹配"
              value={matchType}
              options={MATCH_OPTIONS.map((o) => ({ ...o }))}
              onChange={setMatchType}
              style={{ width: 280 }}
            />
          </div>
          {rows.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有任何查询条件">
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => setRows([newRow()])}>
                添加条件
              </Button>
            </Empty>
          ) : (
            <ConditionRows rows={rows} fields={fields} onChange={setRows} />
          )}
        </Col>
        <Col span={6}>
          <SavedQueries
            list={saved}
            current={picked}
            onPick={(q) => {
              setRows(entriesToRows(q.records));
              setMatchType(q.matchType);
              setPicked(q.title);
            }}
            onRemove={(title) => {
              setSaved(removeSavedQuery(storage, route, title));
              if (picked === title) setPicked(null);
            }}
          />
        </Col>
      </GridRow>
      <Modal
        open={naming !== null}
        title="请输入保存的名称"
        width={400}
        okText="确定"
        cancelText="取消"
        onOk={confirmName}
        onCancel={() => setNaming(null)}
        destroyOnHidden
      >
        <Input
          aria-label="保存名称"
          value={naming ?? ''}
          placeholder="请输入保存的名称"
          maxLength={50}
          onChange={(e) => setNaming(e.target.value)}
          onPressEnter={confirmName}
        />
      </Modal>
    </Modal>
  );
}
