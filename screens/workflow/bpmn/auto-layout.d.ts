/** bpmn-auto-layout ships no types: the one function this app calls. */
declare module 'bpmn-auto-layout' {
  export function layoutProcess(xml: string): Promise<string>;
}
