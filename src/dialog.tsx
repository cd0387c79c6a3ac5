import { Modal, type ModalFuncProps } from 'antd';
import './antd-static';
import type { DialogKind } from './feedback';

export function showDialog(kind: DialogKind, props: ModalFuncProps): void {
  Modal[kind](props);
}
