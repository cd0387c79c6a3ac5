/**
 * The meeting module's dictionaries (schemas/meeting), seeded with a new database next to the
 * declared screens' ones; migration 0018 writes the same values out for a database seeded earlier.
 */
export const MEETING_DICTS: { code: string; name: string; items: [string, string][] }[] = [
  {
    code: 'meeting_type',
    name: '会议类型',
    items: [
      ['1', '例会'],
      ['2', '专题会'],
      ['3', '评审会'],
      ['4', '客户接待会'],
      ['5', '培训会'],
      ['9', '其他'],
    ],
  },
  {
    code: 'meeting_status',
    name: '会议状态',
    items: [
      ['0', '未开始'],
      ['1', '进行中'],
      ['2', '已结束'],
      ['3', '已取消'],
    ],
  },
  {
    code: 'meeting_follow_status',
    name: '会后跟进状态',
    items: [
      ['0', '待派发'],
      ['1', '已派发'],
    ],
  },
  {
    code: 'meeting_room_status',
    name: '会议室状态',
    items: [
      ['1', '可用'],
      ['0', '停用'],
    ],
  },
  {
    code: 'meeting_equipment',
    name: '会议室设备',
    items: [
      ['projector', '投影仪'],
      ['screen', 'LED大屏'],
      ['video', '视频会议终端'],
      ['audio', '扩声系统'],
      ['whiteboard', '电子白板'],
      ['phone', '会议电话'],
    ],
  },
];
