/**
 * 按职务授权 (docs/modules/documents.md "Rights"): for one position and for documents or templates,
 * the classification tree with 查看 / 下载 / 编辑 checkboxes per node. A node shows what it gets: its
 * own grant (单独授权) or, greyed, what it inherits from above (继承); clicking a checkbox gives the
 * node its own grant, 恢复继承 takes it away. 保存 replaces the position's grants in one call
 * (POST /sys/position/authorization or autTemplate); the server enforces the same inheritance.
 */
import { Button, Checkbox, Empty, Select, Space, Tabs, Tag, Tree, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useRuntime, type PanelProps } from '../../runtime/render';
import {
  allKeys,
  depths,
  effectivePowers,
  toggle,
  type Power,
  type Right,
  type TreeNode,
} from './power-tree-model';

interface Post {
  id: string;
  name: string;
}
type PowerType = 'document' | 'template';

const URLS: Record<PowerType, { tree: string; byPost: string; save: string }> = {
  document: {
    tree: '/sys/position/getDocumentPowerTree',
    byPost: '/sys/position/getDocumentPowerByPostId',
    save: '/sys/position/authorization',
  },
  template: {
    tree: '/sys/position/getTemplatePowerTree',
    byPost: '/sys/position/getTemplatePowerByPostId',
    save: '/sys/position/autTemplate',
  },
};
const RIGHTS: [Right, string][] = [
  ['view', '查看'],
  ['download', '下载'],
  ['edit', '编辑'],
];

export default function PowerTree({ close }: PanelProps): React.JSX.Element {
  const { http, feedback } = useRuntime();
  const [posts, setPosts] = useState<Post[]>([]);
  const [postId, setPostId] = useState<string>();
  const [type, setType] = useState<PowerType>('document');
  const [tree, setTree] = useState<TreeNode[]>([]);
  const [own, setOwn] = useState<Map<string, Power>>(new Map());
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    void http.get<Post[]>('/sys/position/getPostList').then((a) => a.success && setPosts(a.result ?? []));
  }, [http]);
  useEffect(() => {
    void http.get<TreeNode[]>(URLS[type].tree).then((a) => a.success && setTree(a.result ?? []));
  }, [http, type]);
  useEffect(() => {
    if (!postId) return;
    void http
      .get<(Power & { classifyId: string })[]>(URLS[type].byPost, { postId })
      .then((a) => setOwn(new Map((a.result ?? []).map(({ classifyId, ...p }) => [classifyId, p]))));
  }, [http, type, postId]);

  const effective = useMemo(() => effectivePowers(tree, own), [tree, own]);
  const depthOf = useMemo(() => depths(tree), [tree]);
  const change = (key: string, next: Power | null) =>
    setOwn((prev) => {
      const copy = new Map(prev);
      if (next) copy.set(key, next);
      else copy.delete(key);
      return copy;
    });

  const save = async () => {
    if (!postId) return;
    setSaving(true);
    const powers = [...own].map(([classifyId, p]) => ({ classifyId, ...p }));
    const answer = await http.post(URLS[type].save, { postId, powers });
    setSaving(false);
    feedback.message(answer.success ? 'success' : 'warning', answer.message);
  };

  const title = (node: TreeNode) => {
    const power = effective.get(node.key)!;
    const mine = own.has(node.key);
    return (
      <Space size={12} className="zj-power-node" data-key={node.key}>
        {/* antd indents each level by 24px: the name column shrinks by as much, so checkboxes line up. */}
        <span
          style={{ width: Math.max(80, 200 - 24 * (depthOf.get(node.key) ?? 0)), display: 'inline-block' }}
        >
          {node.title}
        </span>
        {RIGHTS.map(([right, label]) => (
          <Checkbox
            key={right}
            checked={power[right]}
            className={mine ? undefined : 'zj-power-node--inherited'}
            style={mine ? undefined : { opacity: 0.55 }}
            onChange={(e) => change(node.key, toggle(power, right, e.target.checked))}
          >
            {label}
          </Checkbox>
        ))}
        {mine ? (
          <>
            <Tag color="blue">单独授权</Tag>
            <Button type="link" size="small" onClick={() => change(node.key, null)}>
              恢复继承
            </Button>
          </>
        ) : (
          power.view && <Tag>继承</Tag>
        )}
      </Space>
    );
  };

  return (
    <div className="zj-power-tree">
      <Space style={{ marginBottom: 12 }} wrap>
        <span>职务</span>
        <Select
          style={{ width: 220 }}
          placeholder="请选择职务"
          value={postId}
          onChange={setPostId}
          options={posts.map((p) => ({ value: p.id, label: p.name }))}
        />
        <Button type="primary" disabled={!postId} loading={saving} onClick={() => void save()}>
          保存
        </Button>
        <Button onClick={close}>关闭</Button>
      </Space>
      <Tabs
        activeKey={type}
        onChange={(key) => setType(key as PowerType)}
        items={[
          { key: 'document', label: '文档' },
          { key: 'template', label: '模板' },
        ]}
      />
      <Typography.Paragraph type="secondary">
        分类的授权自动适用于其下级分类（显示“继承”），除非下级分类单独授权；下载与编辑均含查看。
      </Typography.Paragraph>
      {!postId ? (
        <Empty description="请先选择职务" />
      ) : (
        <Tree<TreeNode>
          blockNode
          selectable={false}
          treeData={tree}
          expandedKeys={allKeys(tree)}
          titleRender={title}
        />
      )}
    </div>
  );
}
