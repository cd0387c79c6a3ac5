import { describe, expect, it } from 'vitest';
import { isIconName, loadIconCatalog, themeOf } from '../../runtime/render/widgets/icon-catalog';
import { searchIcons } from '../../runtime/render/widgets/icon-search';
import { iconComponentName } from '../../src/layouts/icons';

describe('the icon catalogue', () => {
  it('holds every outlined, filled and two-tone icon of @ant-design/icons by name', async () => {
    const catalog = await loadIconCatalog();
    expect(catalog.names.length).toBeGreaterThan(800);
    for (const name of ['HomeOutlined', 'StarFilled', 'SmileTwoTone', 'RocketOutlined'])
      expect(catalog.get(name), name).toBeDefined();
    expect(catalog.names.every(isIconName)).toBe(true);
    // Helpers of the package are not icons.
    expect(catalog.get('createFromIconfontCN')).toBeUndefined();
    expect(catalog.get('IconProvider')).toBeUndefined();
  });

  it('searches one theme by name or by a Chinese word', async () => {
    const { names } = await loadIconCatalog();
    expect(searchIcons(names, 'rocket', 'Outlined')).toEqual(['RocketOutlined']);
    expect(searchIcons(names, 'ROCKET', 'Filled')).toEqual(['RocketFilled']);
    expect(searchIcons(names, '设置', 'Outlined')).toContain('SettingOutlined');
    expect(searchIcons(names, '用户', 'Outlined')).toContain('UserOutlined');
    expect(searchIcons(names, 'no-such-icon', 'Outlined')).toEqual([]);
    expect(searchIcons(names, '', 'TwoTone').every((n) => n.endsWith('TwoTone'))).toBe(true);
  });

  it('tells a theme and an icon-shaped name', () => {
    expect(themeOf('SmileTwoTone')).toBe('TwoTone');
    expect(themeOf('StarFilled')).toBe('Filled');
    expect(themeOf('HomeOutlined')).toBe('Outlined');
    expect(isIconName('home')).toBe(false);
    expect(isIconName('<script>Outlined')).toBe(false);
    // What the side menu looks up for a picked name is the name itself.
    expect(iconComponentName('RocketOutlined')).toBe('RocketOutlined');
  });
});
