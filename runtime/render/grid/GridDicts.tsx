/**
 * Dictionary options of the grid's choice columns, loaded the way forms load them (useDictItems:
 * the login's cache, else getDictItems once per code, shared by the page). One feeder per code,
 * since a hook cannot run in a loop; each reports its items to the grid.
 */
import { useEffect } from 'react';
import type { GridOption } from '../../model/grid/columns';
import { useDictItems } from '../data/hooks';

function DictFeed({ code, onItems }: { code: string; onItems(code: string, items: GridOption[]): void }) {
  const items = useDictItems(code);
  useEffect(() => {
    if (items.length > 0)
      onItems(
        code,
        items.map((i) => ({ value: String(i.value), text: String(i.text ?? i.title ?? i.label ?? i.value) })),
      );
  }, [code, items, onItems]);
  return null;
}

export function GridDicts(props: {
  codes: readonly string[];
  onItems(code: string, items: GridOption[]): void;
}) {
  return (
    <>
      {props.codes.map((code) => (
        <DictFeed key={code} code={code} onItems={props.onItems} />
      ))}
    </>
  );
}
