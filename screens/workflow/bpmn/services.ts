/**
 * The few bpmn-js / diagram-js services the flow screens call, typed narrowly (their own typings
 * answer `unknown` for services looked up by name).
 */
export interface Canvas {
  zoom(level: 'fit-viewport' | number, center?: 'auto'): number;
  addMarker(element: string, marker: string): void;
  removeMarker(element: string, marker: string): void;
}

export interface BusinessObject {
  id: string;
  name?: string;
  $type: string;
  assignee?: string;
  default?: BusinessObject | null;
  sourceRef?: BusinessObject;
  outgoing?: BusinessObject[];
  conditionExpression?: { body?: string; language?: string } | null;
  get(name: string): unknown;
}

export interface Shape {
  id: string;
  type: string;
  businessObject: BusinessObject;
  source?: Shape;
  outgoing?: Shape[];
  /** Set on a label: the element it names. */
  labelTarget?: Shape;
}

export interface Modeling {
  updateProperties(element: Shape, properties: Record<string, unknown>): void;
  updateLabel(element: Shape, text: string): void;
}

export interface ElementRegistry {
  get(id: string): Shape | undefined;
  filter(fn: (element: Shape) => boolean): Shape[];
}

export interface Moddle {
  create(type: string, properties: Record<string, unknown>): BusinessObject;
}

export interface Selection {
  select(element: Shape | null): void;
}
