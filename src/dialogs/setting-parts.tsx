import { Tooltip } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { THEME_COLORS } from '../shell/prefs-model';

/** A titled block of the theme drawer. */
export function SettingSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="setting-section">
      <h3 className="setting-section__title">{title}</h3>
      {children}
    </section>
  );
}

interface PictureOption<T extends string> {
  value: T;
  label: string;
  /** Modifier of the miniature: which parts are dark, where the menu sits. */
  picture: string;
}

/** Miniature layouts to pick from (menu style, navigation mode); the chosen one carries a check. */
export function PictureChoice<T extends string>(props: {
  label: string;
  options: readonly PictureOption<T>[];
  value: T;
  onChange: (value: T) => void;
}): React.JSX.Element {
  return (
    <div className="setting-pictures" role="radiogroup" aria-label={props.label}>
      {props.options.map((option) => (
        <Tooltip key={option.value} title={option.label}>
          <button
            type="button"
            role="radio"
            aria-checked={option.value === props.value}
            aria-label={option.label}
            className={`setting-picture setting-picture--${option.picture}`}
            onClick={() => props.onChange(option.value)}
          >
            <span className="setting-picture__menu" />
            <span className="setting-picture__header" />
            {option.value === props.value && <CheckOutlined className="setting-picture__check" />}
          </button>
        </Tooltip>
      ))}
    </div>
  );
}

/** The eight theme colours as round swatches. */
export function ColorChoice({ value, onChange }: { value: string; onChange: (color: string) => void }) {
  return (
    <div className="setting-colors" role="radiogroup" aria-label="主题色">
      {THEME_COLORS.map(({ name, color }) => (
        <Tooltip key={color} title={name}>
          <button
            type="button"
            role="radio"
            aria-checked={color === value}
            aria-label={name}
            className="setting-color"
            style={{ background: color }}
            onClick={() => onChange(color)}
          >
            {color === value && <CheckOutlined />}
          </button>
        </Tooltip>
      ))}
    </div>
  );
}

/** One labelled control of the drawer's list; a disabled row explains why in a tooltip. */
export function SettingRow(props: { label: string; hint?: string; children: ReactNode }) {
  const row = (
    <div className="setting-row">
      <span className="setting-row__label">{props.label}</span>
      <span className="setting-row__control">{props.children}</span>
    </div>
  );
  return props.hint ? (
    <Tooltip title={props.hint} placement="left">
      {row}
    </Tooltip>
  ) : (
    row
  );
}
