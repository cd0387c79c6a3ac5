/**
 * A searchable user select for the 权限 tab and 修改成员: the user picker's list call
 * (queryUserComponentData), by name when the text is Chinese, else by account; value = usernames.
 */
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useRuntime } from '../../runtime/render';
import { fetchUsers } from '../../runtime/render/widgets/picker-api';
import { RightsText } from './text';

interface Option {
  value: string;
  label: string;
}

export interface UserSearchProps {
  value?: string | string[];
  onChange(value: string | string[]): void;
  multiple?: boolean;
  /** Names of the usernames already chosen (shown before any search). */
  known?: readonly Option[];
  className?: string;
}

export function UserSearch({ value, onChange, multiple, known = [], className }: UserSearchProps) {
  const { http } = useRuntime();
  const [word, setWord] = useState('');
  const [found, setFound] = useState<Option[]>([]);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      const byName = /[\u4e00-\u9fa5]/.test(word);
      void fetchUsers(http, { pageNo: 1, pageSize: 20, ...(byName ? {} : { username: word }) }).then(
        (page) => {
          if (!live) return;
          const rows = byName ? page.records.filter((u) => u.realname.includes(word)) : page.records;
          setFound(rows.map((u) => ({ value: u.username, label: `${u.realname}（${u.username}）` })));
        },
      );
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [http, word]);
  const options = [...known.filter((k) => !found.some((f) => f.value === k.value)), ...found];
  return (
    <Select
      className={className}
      mode={multiple ? 'multiple' : undefined}
      showSearch={{ filterOption: false, onSearch: setWord }}
      placeholder={RightsText.searchUser}
      value={value}
      onChange={onChange}
      options={options}
      style={{ minWidth: 240, width: multiple ? '100%' : undefined }}
    />
  );
}
