/**
 * A node of a declared tree's `loadTreeRoot` / `loadTreeChildren` answers (the tree and category
 * select widgets), shared by the server that writes it and the widget that reads it.
 */
export interface TreeSelectNode {
  key: string;
  title: string;
  value: string;
  code: string | null;
  parentId: string;
  isLeaf: boolean;
  children?: TreeSelectNode[];
}
