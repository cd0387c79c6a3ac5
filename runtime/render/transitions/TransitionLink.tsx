/** One declared state change of a row: a link that asks the transition's confirmation first. */
import { Button, Popconfirm } from 'antd';
import type { TransitionModel } from '../../model/declaration/model';
import { confirmText } from './row-transitions';

export interface TransitionLinkProps {
  transition: TransitionModel;
  disabled: boolean;
  onConfirm(): Promise<void>;
}

export function TransitionLink({ transition, disabled, onConfirm }: TransitionLinkProps): React.JSX.Element {
  return (
    <Popconfirm title={confirmText(transition)} okText="确定" cancelText="取消" onConfirm={onConfirm}>
      <Button
        type="link"
        size="small"
        disabled={disabled}
        className={`zj-transition zj-transition--${transition.name}`}
      >
        {transition.title}
      </Button>
    </Popconfirm>
  );
}
