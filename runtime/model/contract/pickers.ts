/**
 * What the system endpoints behind the form pickers answer (department tree and search, users by
 * department, roles, regions), shared by the server that writes them and the widgets that read them.
 */

/** A department of GET /sys/sysDepart/queryTreeList (and of the department search). */
export interface DepartNode {
  key: string;
  id: string;
  value: string;
  title: string;
  departName: string;
  orgCode: string;
  parentId: string;
  isLeaf: boolean;
  children?: DepartNode[];
}

/**
 * A user of GET /sys/user/queryUserComponentData: what a picker shows of a person (account, name,
 * main department); never contact data or work numbers.
 */
export interface PickerUser {
  id: string;
  username: string;
  realname: string;
  orgCode: string | null;
  orgCodeTxt: string | null;
}

/** A role of GET /sys/role/queryall. */
export interface PickerRole {
  id: string;
  roleName: string;
  roleCode: string;
  description: string | null;
}

/** GET /sys/area/pcaa: { '86': {provinceCode: name}, provinceCode: {cityCode: name}, ... } */
export type Pcaa = Record<string, Record<string, string>>;
