/**
 * A deployed XML without a diagram (a model written by hand, or the shipped leave process of
 * version 1) gets one laid out automatically before bpmn-js shows it; an XML with a diagram is
 * shown as drawn. bpmn-auto-layout follows each node's `outgoing` references, which such files
 * often leave out (the flows' sourceRef / targetRef say it all), so they are added first.
 */
const BPMN = 'http://www.omg.org/spec/BPMN/20100524/MODEL';

function withFlowRefs(xml: string): string {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  if (doc.getElementsByTagName('parsererror').length > 0) return xml;
  const byId = new Map<string, Element>();
  for (const el of Array.from(doc.getElementsByTagNameNS(BPMN, '*'))) {
    const id = el.getAttribute('id');
    if (id) byId.set(id, el);
  }
  for (const flow of Array.from(doc.getElementsByTagNameNS(BPMN, 'sequenceFlow'))) {
    const id = flow.getAttribute('id') ?? '';
    for (const [attr, tag] of [
      ['sourceRef', 'outgoing'],
      ['targetRef', 'incoming'],
    ] as const) {
      const node = byId.get(flow.getAttribute(attr) ?? '');
      if (!node) continue;
      const known = Array.from(node.getElementsByTagNameNS(BPMN, tag)).some((r) => r.textContent === id);
      if (known) continue;
      const ref = doc.createElementNS(BPMN, `${node.prefix ? `${node.prefix}:` : ''}${tag}`);
      ref.textContent = id;
      node.insertBefore(ref, node.firstChild);
    }
  }
  return new XMLSerializer().serializeToString(doc);
}

export async function withDiagram(xml: string): Promise<string> {
  if (/<([\w-]+:)?BPMNDiagram[\s>]/.test(xml)) return xml;
  const { layoutProcess } = await import('bpmn-auto-layout');
  return layoutProcess(withFlowRefs(xml));
}
