/**
 * SAX parsing of the workbook's XML parts with saxes (what exceljs uses too). Element and attribute
 * names are taken without their namespace prefix: some producers write <x:row> for <row>.
 */
import { StringDecoder } from 'node:string_decoder';
import { SaxesParser, type SaxesTagPlain } from 'saxes';

export interface XmlHandlers {
  open?(name: string, attrs: Record<string, string>): void;
  close?(name: string): void;
  text?(text: string): void;
}

const local = (name: string) => name.slice(name.indexOf(':') + 1);

function attributesOf(tag: SaxesTagPlain): Record<string, string> {
  const { attributes } = tag;
  let prefixed = false;
  for (const name in attributes) if (name.includes(':')) prefixed = true;
  if (!prefixed) return attributes; // a sheet's cells: r, t, s (the hot path)
  const out: Record<string, string> = {};
  for (const name in attributes) out[local(name)] = attributes[name];
  return out;
}

/**
 * A parser fed chunk by chunk (UTF-8 sequences may be cut between chunks). Malformed XML throws
 * (saxes's default); a DOCTYPE cannot define entities, so nothing expands beyond the text itself.
 */
export class XmlStream {
  private parser = new SaxesParser();
  private decoder = new StringDecoder('utf8');

  constructor(handlers: XmlHandlers) {
    const { open, close, text } = handlers;
    if (open) this.parser.on('opentag', (tag) => open(local(tag.name), attributesOf(tag)));
    if (close) this.parser.on('closetag', (tag) => close(local(tag.name)));
    if (text) {
      this.parser.on('text', text);
      this.parser.on('cdata', text);
    }
  }

  write(chunk: Buffer): void {
    this.parser.write(this.decoder.write(chunk));
  }

  end(): void {
    this.parser.write(this.decoder.end());
    this.parser.close();
  }
}

export function parseXml(bytes: Buffer, handlers: XmlHandlers): void {
  const stream = new XmlStream(handlers);
  stream.write(bytes);
  stream.end();
}

/** OOXML escapes characters XML cannot carry as _xHHHH_ (a carriage return is _x000D_). */
export function unescapeOoxml(text: string): string {
  return text.includes('_x')
    ? text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    : text;
}
