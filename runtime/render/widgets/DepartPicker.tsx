/**
 * 选择部门: a searchable, checkable department tree in a modal (500 wide by default). The value is
 * the chosen ids joined by commas (`widgetOptions.multi` allows several); names come from the tree,
 * or from the field's dictionary while the tree has not loaded.
 */
import { Input, Modal, Tree } from 'antd';
import { useMemo, useState } from 'react';
import type { WidgetProps } from '../types';
import { departIndex, firstLevelKeys, matchDeparts, parentsOf } from './depart-tree';
import { useDepartTree, type DepartNode } from './picker-api';
import { PickerInput } from './PickerInput';
import { isMulti, optionNumber, splitValues, valueTexts } from './picker-value';

export const DEPART_PICKER_WIDTH = 500;

/** One empty tree while it loads (a new [] per render would look like a new tree each time). */
const NO_DEPARTS: DepartNode[] = [];

export function DepartPickerWidget(props: WidgetProps): React.JSX.Element {
  const { field } = props;
  const multi = isMulti(field);
  const [open, setOpen] = useState(false);
  const tree = useDepartTree();
  const index = useMemo(() => departIndex(tree ?? NO_DEPARTS), [tree]);
  const values = splitValues(props.value);
  const names = new Map([...index].map(([id, node]) => [id, node.departName]));
  const texts = valueTexts(values, names, props.options);

  return (
    <>
      <PickerInput
        id={props.id}
        texts={texts}
        placeholder={props.placeholder ?? field.placeholder ?? '请点击选择部门'}
        disabled={props.disabled}
        onOpen={() => setOpen(true)}
        onClear={() => props.onChange?.('')}
      />
      {open && (
        <DepartModal
          tree={tree ?? NO_DEPARTS}
          index={index}
          multi={multi}
          initial={values}
          width={optionNumber(field, 'modalWidth') ?? DEPART_PICKER_WIDTH}
          onCancel={() => setOpen(false)}
          onOk={(ids) => {
            setOpen(false);
            props.onChange?.(ids.join(','));
          }}
        />
      )}
    </>
  );
}

interface DepartModalProps {
  tree: DepartNode[];
  index: ReadonlyMap<string, DepartNode>;
  multi: boolean;
  initial: string[];
  width: number;
  onOk(ids: string[]): void;
  onCancel(): void;
}

/** Mounted only while open, so the checked keys start from the value each time it opens. */
function DepartModal(props: DepartModalProps): React.JSX.Element {
  const [checked, setChecked] = useState<string[]>(props.initial);
  const [matches, setMatches] = useState<ReadonlySet<string>>(new Set());
  const [expanded, setExpanded] = useState<string[]>(() => firstLevelKeys(props.tree));
  // Opened before the tree arrived (a slow first load): open its first level once it is there.
  const [shownTree, setShownTree] = useState(props.tree);
  if (shownTree !== props.tree) {
    setShownTree(props.tree);
    if (shownTree.length === 0) setExpanded(firstLevelKeys(props.tree));
  }

  const search = (word: string) => {
    const found = matchDeparts(props.tree, word);
    setMatches(new Set(found));
    if (found.length > 0) setExpanded([...new Set([...expanded, ...parentsOf(found, props.index)])]);
  };

  return (
    <Modal
      open
      title="选择部门"
      width={props.width}
      okText="确定"
      cancelText="关闭"
      onOk={() => props.onOk(checked)}
      onCancel={props.onCancel}
      destroyOnHidden
      className="zj-depart-picker"
    >
      <Input.Search
        placeholder="请输入部门名称按回车进行搜索"
        allowClear
        onSearch={search}
        style={{ marginBottom: 8 }}
      />
      <Tree<DepartNode>
        checkable
        checkStrictly
        treeData={props.tree}
        expandedKeys={expanded}
        onExpand={(keys) => setExpanded(keys.map(String))}
        checkedKeys={checked}
        onCheck={(keys, info) => {
          const all = (Array.isArray(keys) ? keys : keys.checked).map(String);
          const key = String(info.node.key);
          // Single mode keeps only the node just checked.
          setChecked(props.multi ? all : info.checked ? [key] : []);
        }}
        titleRender={(node) =>
          matches.has(node.id) ? <span style={{ color: '#f50' }}>{node.departName}</span> : node.departName
        }
        style={{ maxHeight: 420, overflow: 'auto' }}
      />
    </Modal>
  );
}
