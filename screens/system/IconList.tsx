/**
 * 图标: every @ant-design/icons icon, searchable by name (or a Chinese word such as 用户, 设置) and
 * by style; a click copies the icon's name, which is what a menu's 菜单图标 and any `icon` field
 * store. The icon set is its own chunk, loaded by this screen.
 */
import { Card, Typography } from 'antd';
import type { ScreenProps } from '../../src/router/components';
import { feedback } from '../../src/feedback';
import { IconGrid } from '../../runtime/render/widgets/IconGrid';

/** Copies text; a page not served over HTTPS has no clipboard API, so a selected text area does it. */
export async function copyText(text: string): Promise<boolean> {
  if (navigator.clipboard && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // fall through to the text area
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } finally {
    area.remove();
  }
}

export default function IconList(_props: ScreenProps): React.JSX.Element {
  return (
    <Card variant="borderless">
      <Typography.Paragraph type="secondary">
        点击图标复制其名称（如 UserOutlined），可填入菜单图标或表单中的图标字段。
      </Typography.Paragraph>
      <IconGrid
        pickHint="点击复制"
        height="calc(100vh - 300px)"
        onPick={(name) => {
          void copyText(name).then((copied) =>
            copied
              ? feedback().message.success(`已复制：${name}`)
              : feedback().message.warning(`复制失败，请手动复制：${name}`),
          );
        }}
      />
    </Card>
  );
}
