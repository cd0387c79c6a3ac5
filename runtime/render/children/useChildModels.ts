/**
 * The models of a declaration's children, loaded once for a screen (the inner-table rows, the ERP
 * tabs and the form's tables all use the same ones). A child the bundle does not have is a
 * declaration designed in the app: its model comes from the server, like a designed screen's.
 */
import { useEffect, useState } from 'react';
import type { EntityModel } from '../../model/declaration/model';
import type { ChildDecl } from '../../model/declaration/types';
import { useRuntime } from '../context';
import { loadScreenModel } from '../declarations';
import { declarationFileOf } from '../inner-table/child-scope';

export interface LoadedChild {
  decl: ChildDecl;
  model: EntityModel;
}

export type ChildModels = { children: LoadedChild[] } | { error: string } | null;

export function useChildModels(children: readonly ChildDecl[]): ChildModels {
  const { http } = useRuntime();
  const [state, setState] = useState<ChildModels>(null);
  useEffect(() => {
    let live = true;
    Promise.all(
      children.map(async (decl) => {
        const model = await loadScreenModel(declarationFileOf(decl.entity), http);
        if (model.name !== decl.entity) throw new Error(`no declaration named "${decl.entity}"`);
        return { decl, model };
      }),
    ).then(
      (loaded) => live && setState({ children: loaded }),
      (error: unknown) => live && setState({ error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [children, http]);
  return state;
}
