/**
 * 从文件声明复制: file declarations are read-only in the designer; a new design may start as a copy
 * of one (copy-file.ts). The bundled declarations are the files, so no server call is needed.
 */
import { Select } from 'antd';
import { declarationNames, loadEntityModel } from '../../../runtime/render/declarations';
import { copyName, copyOfFile } from './copy-file';
import { printDraft, type DeclarationDraft } from './field-edit';

export default function CopyFromFile({ onCopy }: { onCopy(text: string): void }): React.JSX.Element {
  const names = declarationNames().sort();
  const pick = async (name: string) => {
    const model = await loadEntityModel(name);
    const file = model.declaration as unknown as DeclarationDraft;
    onCopy(printDraft(copyOfFile(file, copyName(name))));
  };
  return (
    <Select
      aria-label="从文件声明复制"
      showSearch
      placeholder="从文件声明复制（另存为副本）"
      options={names.map((n) => ({ value: n, label: n }))}
      onChange={(name: string) => void pick(name)}
      style={{ width: 320 }}
    />
  );
}
