/** The static API docs page and its script (plain DOM, no dependencies, no inline script). */

export const VIEWER_HTML = `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<title>智慧接待平台 API 文档</title>
<style>
body{font:14px/1.5 system-ui,sans-serif;margin:24px;color:#222}
h1{font-size:20px} h2{font-size:16px;margin:24px 0 8px;border-bottom:1px solid #ddd}
.op{margin:8px 0;padding:8px;border:1px solid #e5e5e5;border-radius:4px}
.m{display:inline-block;min-width:56px;font-weight:bold} .acc{color:#888;margin-left:8px}
table{border-collapse:collapse;margin-top:6px} td,th{border:1px solid #eee;padding:2px 6px;text-align:left;font-size:12px}
#token{width:360px}
</style>
</head>
<body>
<h1>智慧接待平台 API 文档</h1>
<p>令牌（已登录时自动读取）：<input id="token" placeholder="X-Access-Token"> <button id="load">加载</button>
<a href="docs/openapi.json">openapi.json</a></p>
<div id="out">加载中…</div>
<script src="docs/viewer.js"></script>
</body>
</html>
`;

export const VIEWER_SCRIPT = `'use strict';
(function () {
  var out = document.getElementById('out');
  var input = document.getElementById('token');
  function el(tag, text, cls) {
    var e = document.createElement(tag);
    if (text !== undefined) e.textContent = String(text);
    if (cls) e.className = cls;
    return e;
  }
  function storedToken() {
    try {
      var raw = localStorage.getItem('Access-Token');
      var parsed = raw ? JSON.parse(raw) : null;
      return parsed && typeof parsed.value === 'string' ? parsed.value : '';
    } catch (e) { return ''; }
  }
  function fields(schema, doc) {
    if (schema && schema.$ref) schema = doc.components.schemas[schema.$ref.split('/').pop()];
    var table = el('table');
    var head = el('tr');
    ['字段', '名称', '类型', '规则', '提示'].forEach(function (h) { head.appendChild(el('th', h)); });
    table.appendChild(head);
    Object.keys((schema && schema.properties) || {}).forEach(function (name) {
      var p = schema.properties[name];
      var rules = ['minLength', 'maxLength', 'minimum', 'maximum', 'pattern', 'format', 'x-dict', 'x-unique', 'x-required', 'x-field-permission', 'readOnly']
        .filter(function (k) { return p[k] !== undefined; })
        .map(function (k) { return k + '=' + p[k]; }).join(' ');
      var msgs = p['x-messages'] ? Object.values(p['x-messages']).join('；') : '';
      var tr = el('tr');
      [name, p.title || '', [].concat(p.type || p.enum || '').join('|'), rules, msgs].forEach(function (v) { tr.appendChild(el('td', v)); });
      table.appendChild(tr);
    });
    return table;
  }
  function render(doc) {
    out.textContent = '';
    var groups = {};
    Object.keys(doc.paths).forEach(function (path) {
      Object.keys(doc.paths[path]).forEach(function (method) {
        var op = doc.paths[path][method];
        var tag = (op.tags && op.tags[0]) || '其他接口';
        (groups[tag] = groups[tag] || []).push({ path: path, method: method, op: op });
      });
    });
    Object.keys(groups).forEach(function (tag) {
      out.appendChild(el('h2', tag));
      groups[tag].forEach(function (item) {
        var box = el('div', undefined, 'op');
        box.appendChild(el('span', item.method.toUpperCase(), 'm'));
        box.appendChild(el('code', item.path));
        box.appendChild(el('span', item.op['x-access'], 'acc'));
        box.appendChild(el('div', item.op.summary || ''));
        var body = item.op.requestBody && item.op.requestBody.content['application/json'];
        if (body) box.appendChild(fields(body.schema, doc));
        (item.op.parameters || []).forEach(function (p) {
          box.appendChild(el('div', '· ' + p.name + (p.required ? '（必填）' : '') + '：' + (p.description || '')));
        });
        out.appendChild(box);
      });
    });
  }
  function load() {
    out.textContent = '加载中…';
    fetch('docs/openapi.json', { headers: { 'X-Access-Token': input.value } })
      .then(function (r) { return r.json(); })
      .then(function (doc) {
        if (!doc.paths) { out.textContent = doc.message || '加载失败，请先登录'; return; }
        render(doc);
      })
      .catch(function () { out.textContent = '加载失败'; });
  }
  input.value = storedToken();
  document.getElementById('load').addEventListener('click', load);
  load();
})();
`;
