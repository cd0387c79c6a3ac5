/**
 * Searching the icon catalogue (the 图标 screen and the icon picker; the side menu does not need it):
 * by name, or by a Chinese word for the icons people look for most.
 */
import { themeOf, type IconTheme } from './icon-catalog';

/** Chinese search words for the icons people look for most (a name match works for all). */
const CHINESE: Readonly<Record<string, string>> = {
  用户: 'User',
  人员: 'Team',
  团队: 'Team',
  设置: 'Setting',
  首页: 'Home',
  主页: 'Home',
  文件: 'File',
  文档: 'File',
  文件夹: 'Folder',
  搜索: 'Search',
  查询: 'Search',
  删除: 'Delete',
  编辑: 'Edit',
  添加: 'Plus',
  新增: 'Plus',
  消息: 'Message',
  通知: 'Notification',
  铃铛: 'Bell',
  邮件: 'Mail',
  电话: 'Phone',
  日历: 'Calendar',
  时间: 'Clock',
  图表: 'Chart',
  统计: 'Chart',
  锁: 'Lock',
  安全: 'Safety',
  云: 'Cloud',
  数据库: 'Database',
  应用: 'Appstore',
  菜单: 'Menu',
  标签: 'Tag',
  星: 'Star',
  收藏: 'Star',
  车: 'Car',
  银行: 'Bank',
  钱: 'Money',
  购物: 'Shopping',
  工具: 'Tool',
  链接: 'Link',
  图片: 'Picture',
  地图: 'Environment',
  位置: 'Environment',
  审批: 'Audit',
  项目: 'Project',
  部门: 'Apartment',
  组织: 'Apartment',
  监控: 'Monitor',
  仪表盘: 'Dashboard',
  上传: 'Upload',
  下载: 'Download',
  打印: 'Printer',
  警告: 'Warning',
  问题: 'Question',
  信息: 'Info',
  成功: 'Check',
  关闭: 'Close',
};

/** The names of one theme that match a search (name text, or a Chinese word above), in order. */
export function searchIcons(names: readonly string[], query: string, theme: IconTheme): string[] {
  const words = query.trim();
  const needles = words === '' ? [] : [words.toLowerCase()];
  for (const [word, part] of Object.entries(CHINESE))
    if (words !== '' && (word.includes(words) || words.includes(word))) needles.push(part.toLowerCase());
  return names.filter((name) => {
    if (themeOf(name) !== theme) return false;
    if (needles.length === 0) return true;
    const lower = name.toLowerCase();
    return needles.some((needle) => lower.includes(needle));
  });
}
