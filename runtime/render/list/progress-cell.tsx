/**
 * `"widget": "progress"`: a percentage drawn as a bar with its figure, in list cells and details.
 * A plain bar rather than antd's Progress, so the first list's chunk stays small.
 */
import './progress-cell.css';

/** The value as a whole percentage in 0-100, or null when the row holds none. */
export function percentOf(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  if (!Number.isFinite(n)) return null;
  return Math.round(Math.min(100, Math.max(0, n)));
}

export function ProgressCell({ value }: { value: unknown }): React.JSX.Element | null {
  const percent = percentOf(value);
  if (percent === null) return null;
  return (
    <span className="zj-progress-cell" data-done={percent === 100 ? '1' : undefined} title={`${percent}%`}>
      <span className="zj-progress-cell__track">
        <span className="zj-progress-cell__bar" style={{ width: `${percent}%` }} />
      </span>
      <span className="zj-progress-cell__text">{percent}%</span>
    </span>
  );
}
