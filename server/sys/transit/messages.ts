/** What the forwarder and the 转发目标 screen answer when they refuse. */
export const TransitMessages = {
  noUrl: '参数错误：url不能为空',
  badUrl: '转发地址格式不正确，须为 http:// 或 https:// 开头的完整地址',
  tooLong: '转发地址过长',
  userinfo: '转发地址不能包含用户名或密码',
  dotSegments: '转发地址的路径不能包含 .. 或编码的路径分隔符',
  notConfigured: '转发地址不在已启用的转发目标内',
  method: (method: string) => `该转发目标不允许${method}请求`,
  internal: '转发目标解析到本机或内网地址，该目标未允许内网地址',
  forbidden: '转发目标解析到不可转发的地址',
  unresolved: '无法解析转发目标的主机名',
  timeout: '转发请求超时',
  tooLarge: '转发目标的响应超过2MB',
  failed: '转发请求失败：无法连接转发目标',
  baseUrl: '基础地址须是 http:// 或 https:// 开头的地址，不含用户名密码、查询参数、# 与 ..',
  methods: '允许的请求方式只能是 GET、POST、PUT、DELETE',
} as const;
