/** The tree list: the head list over rootList, with children loaded when a node is expanded. */
import { ListRenderer } from '../list/ListRenderer';
import type { RendererProps } from '../types';

export function TreeRenderer(props: RendererProps): React.JSX.Element {
  return <ListRenderer {...props} tree />;
}
