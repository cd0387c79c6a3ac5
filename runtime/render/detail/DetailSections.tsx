/**
 * The one-to-one children of a record's detail (docs/modules/one-to-many.md): each child's row as
 * a titled description list below the parent's, with the child's own field rules and dictionary
 * texts; 暂无 when the record has none yet.
 */
import { Descriptions, Empty } from 'antd';
import { useMemo } from 'react';
import type { EntityModel, FieldModel } from '../../model/declaration/model';
import { useChildModels } from '../children/useChildModels';
import type { Row } from '../data/adapter';
import { useDictTexts } from '../data/dict-texts';
import { savedSection } from '../form/form-sections';
import { detailColumns, detailFields } from './detail-items';
import { DetailValue } from './DetailValue';

export interface DetailSectionsProps {
  model: EntityModel;
  record: Row;
  hidden: (field: FieldModel) => boolean;
}

export function DetailSections({ model, record, hidden }: DetailSectionsProps): React.JSX.Element | null {
  const decls = useMemo(
    () => (model.declaration.children ?? []).filter((c) => c.relation === 'oneToOne'),
    [model],
  );
  const loaded = useChildModels(decls);
  if (decls.length === 0 || !loaded || 'error' in loaded) return null;
  return (
    <>
      {loaded.children.map(({ decl, model: child }) => (
        <DetailSection
          key={decl.entity}
          title={decl.title ?? child.title}
          model={child}
          foreignKey={decl.foreignKey}
          row={savedSection(record, decl.entity)}
          hidden={hidden}
        />
      ))}
    </>
  );
}

function DetailSection(props: {
  title: string;
  model: EntityModel;
  foreignKey: string;
  row: Row | null;
  hidden: (field: FieldModel) => boolean;
}): React.JSX.Element {
  const { model, row, foreignKey, hidden } = props;
  const fields = useMemo(
    () => detailFields(model, hidden).filter((f) => f.name !== foreignKey),
    [model, hidden, foreignKey],
  );
  const records = useMemo(() => (row ? [row] : []), [row]);
  const [shown] = useDictTexts(fields, records);
  return (
    <div className="zj-detail-section" data-section={model.name} style={{ marginTop: 24 }}>
      <Descriptions
        title={props.title}
        bordered
        column={detailColumns(model)}
        items={
          shown
            ? fields.map((field) => ({
                key: field.name,
                label: field.title,
                children: <DetailValue field={field} row={shown} />,
              }))
            : []
        }
      />
      {!row && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无" />}
    </div>
  );
}
