/**
 * The studio's page: hand-written HTML, CSS and JavaScript in one string, so it works offline, needs no
 * frontend build and ships inside the compiled package. It reads `/state.json`, listens on `/events` and
 * redraws what changed without reloading.
 */

const STYLE = `
:root {
  --ink: #1d2430; --muted: #6b7685; --line: #dde2ea; --bad: #b42318; --warn: #9a6700; --ok: #17784a; --bg: #f5f7fa;
}
* { box-sizing: border-box; }
body {
  margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", "Noto Sans", sans-serif;
  color: var(--ink); background: var(--bg);
}
header {
  display: flex; flex-wrap: wrap; gap: 18px; align-items: center; padding: 10px 18px;
  background: #fff; border-bottom: 1px solid var(--line); position: sticky; top: 0; z-index: 2;
}
header h1 { font-size: 16px; margin: 0; }
.pill { padding: 2px 9px; border-radius: 10px; background: #e8edf3; font-size: 12px; }
.pill.ok { background: #dcf3e6; color: var(--ok); }
.pill.bad { background: #fde4e1; color: var(--bad); }
.fact b { font-size: 15px; }
#rowbar { display: none; gap: 4px; align-items: center; }
#rowbar.on { display: flex; }
#rowbar button, .tabs button {
  border: 1px solid var(--line); background: #fff; border-radius: 6px; padding: 3px 9px; cursor: pointer; font: inherit;
}
#rowbar input { width: 64px; font: inherit; padding: 2px 6px; }
main { display: grid; grid-template-columns: minmax(0, 3fr) minmax(320px, 2fr); gap: 18px; padding: 18px; }
section h2 { font-size: 13px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); margin: 0 0 8px; }
#problems { list-style: none; margin: 0 0 16px; padding: 0; }
#problems li {
  background: #fff; border: 1px solid var(--line); border-left: 4px solid var(--bad); border-radius: 6px;
  padding: 7px 10px; margin-bottom: 6px; cursor: pointer;
}
#problems li.warning { border-left-color: var(--warn); }
#problems .where { font-family: ui-monospace, Menlo, Consolas, monospace; color: var(--bad); margin-right: 6px; }
#problems li.warning .where { color: var(--warn); }
#problems pre {
  margin: 6px 0 0; background: #1d2430; color: #e6edf3; padding: 6px 8px; border-radius: 4px;
  overflow-x: auto; font-size: 12px;
}
#problems pre .here { background: #5a2a2a; display: block; }
#errorbanner {
  display: none; background: #fde4e1; color: var(--bad); border-radius: 6px; padding: 8px 12px; margin-bottom: 12px;
}
#errorbanner.on { display: block; }
#storyboard {
  display: grid; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); gap: 12px; transition: opacity .2s;
}
#storyboard.stale { opacity: .45; filter: grayscale(1); }
.scene { background: #fff; border: 1px solid var(--line); border-radius: 8px; overflow: hidden; }
.scene img { display: block; width: 100%; height: auto; background: #e8edf3; }
.scene .frame { position: relative; }
.scene .outline {
  position: absolute; box-sizing: border-box; border: 3px solid #d0021b; pointer-events: none;
}
.scene .caption {
  display: flex; justify-content: space-between; padding: 5px 9px; font-size: 12px; color: var(--muted);
}
.tabs { display: flex; gap: 4px; margin-bottom: 8px; }
.tabs button.on { background: var(--ink); color: #fff; border-color: var(--ink); }
#payload {
  background: #fff; border: 1px solid var(--line); border-radius: 6px; padding: 10px;
  font: 12px/1.4 ui-monospace, Menlo, Consolas, monospace; white-space: pre-wrap; word-break: break-word;
  max-height: 70vh; overflow: auto; margin: 0;
}
#payload.stale { opacity: .5; }
#tabnotes { list-style: none; padding: 0; margin: 0 0 8px; font-size: 12px; }
#tabnotes li { padding: 4px 8px; border-radius: 4px; background: #fff6db; margin-bottom: 4px; }
#tabnotes li.error { background: #fde4e1; }
#propspanel { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 10px 12px; margin-bottom: 14px; }
#propspanel[hidden] { display: none; }
#propspanel .bar { display: flex; gap: 10px; align-items: center; margin-top: 8px; font-size: 12px; color: var(--muted); }
#propspanel button {
  border: 1px solid var(--line); background: #fff; border-radius: 6px; padding: 2px 8px; cursor: pointer; font: inherit;
}
#propspanel button.primary { background: var(--ink); color: #fff; border-color: var(--ink); }
#propspanel button:disabled { opacity: .5; cursor: default; }
.field { display: grid; grid-template-columns: 140px minmax(0, 1fr); gap: 2px 8px; align-items: center; margin: 5px 0; }
.field > label { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 12px; overflow-wrap: anywhere; }
.field .control { display: flex; gap: 6px; align-items: center; }
.field input[type=text], .field input[type=url], .field select { flex: 1; min-width: 0; font: inherit; padding: 2px 6px; }
.field input[type=color] { width: 36px; height: 26px; padding: 0 2px; }
.field.bad input, .field.bad select { border: 1px solid var(--bad); background: #fff5f4; }
.fielderror { grid-column: 2; color: var(--bad); font-size: 12px; }
.fielderror:empty { display: none; }
fieldset.group { border: 1px solid var(--line); border-radius: 6px; margin: 6px 0; padding: 4px 8px; }
fieldset.group legend { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 12px; }
.item { border-left: 3px solid var(--line); padding-left: 8px; margin: 6px 0; }
.item .moves { display: flex; gap: 4px; margin-bottom: 2px; }
#rowlist { margin-top: 8px; font-size: 12px; }
#rowlist ul { list-style: none; padding: 0; margin: 4px 0 0; max-height: 30vh; overflow: auto; }
#rowlist li { padding: 3px 0; border-top: 1px solid var(--line); }
#rowlist li span { color: var(--bad); margin-left: 6px; }
table.slots { border-collapse: collapse; background: #fff; width: 100%; }
table.slots td, table.slots th {
  border: 1px solid var(--line); padding: 4px 8px; text-align: left;
  font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 12px;
}
`;

const SCRIPT = `
'use strict';
var state = null;
var tab = 'v3A';
var row = 1;
var loading = null;
var $ = function (id) { return document.getElementById(id); };
function el(tag, cls, text) {
  var e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}
function banner(text) { $('errorbanner').textContent = text; $('errorbanner').className = 'on'; }
function where(p) { return p.file + (p.line ? ':' + p.line + (p.column ? ':' + p.column : '') : ''); }
function seconds(s) { return s === null || s === undefined ? '–' : (Math.round(s * 10) / 10) + ' s'; }

function load() {
  var url = '/state.json?row=' + row;
  var request = fetch(url, { cache: 'no-store' }).then(function (r) { return r.json(); }).then(function (s) {
    if (s.error) { banner(s.error); return; }
    state = s; render();
  }).catch(function (e) {
    banner('The studio is not answering (' + e.message + '); is vsynth studio still running?');
  });
  loading = request;
  return request;
}

function render() {
  var s = state;
  document.title = s.file + ' · vsynth studio';
  $('file').textContent = s.file;
  $('version').textContent = 'version ' + s.version;
  var status = $('status');
  status.textContent = s.ok ? 'compiled' : 'does not compile';
  status.className = 'pill ' + (s.ok ? 'ok' : 'bad');
  $('total').textContent = seconds(s.totalSeconds);
  $('cubes').textContent = s.cubes === null ? '–' : String(s.cubes);
  $('scenecount').textContent = String(s.scenes.length);
  if (!s.ok && s.shownVersion !== null) {
    banner('The last save does not compile: the storyboard and payloads below are from version ' +
      s.shownVersion + '.');
  } else if (!s.ok) banner('Nothing compiled yet: fix the problems below and save.');
  else $('errorbanner').className = '';
  if (s.rows !== null) {
    $('rowbar').className = 'on';
    $('row').value = String(s.row === null ? row : s.row);
    $('rowcount').textContent = 'of ' + s.rows;
  }
  renderProblems(s.problems);
  renderPanel(s);
  renderStoryboard(s);
  renderTab();
}

function renderProblems(problems) {
  var list = $('problems');
  list.textContent = '';
  $('problemcount').textContent = problems.length ? '(' + problems.length + ')' : '';
  problems.forEach(function (p) {
    var li = el('li', 'problem ' + p.severity);
    li.dataset.file = p.file;
    if (p.line) li.dataset.line = String(p.line);
    li.appendChild(el('span', 'where', where(p)));
    li.appendChild(el('span', 'message', p.message));
    li.addEventListener('click', function () { showSource(li, p); });
    list.appendChild(li);
  });
  if (!problems.length) list.appendChild(el('li', 'none', 'No problems.')).style.borderLeftColor = '#17784a';
}

function showSource(li, p) {
  var open = li.querySelector('pre');
  if (open) { open.remove(); return; }
  if (!p.line) return;
  var url = '/source?file=' + encodeURIComponent(p.file) + '&line=' + p.line;
  fetch(url).then(function (r) { return r.json(); }).then(function (src) {
    var pre = el('pre', 'source');
    if (src.error) { pre.textContent = src.error; }
    else src.lines.forEach(function (l) {
      var text = String(l.number).padStart(4, ' ') + '  ' + l.text + '\\n';
      pre.appendChild(el('span', l.number === p.line ? 'here' : '', text));
    });
    li.appendChild(pre);
  });
}

function renderStoryboard(s) {
  var board = $('storyboard');
  board.className = s.ok ? '' : 'stale';
  var cards = board.children;
  s.scenes.forEach(function (scene, i) {
    var card = cards[i];
    if (!card) {
      card = el('figure', 'scene');
      card.style.margin = '0';
      var frame = el('div', 'frame');
      frame.appendChild(el('img'));
      card.appendChild(frame);
      var cap = el('figcaption', 'caption');
      cap.appendChild(el('span'));
      cap.appendChild(el('span'));
      card.appendChild(cap);
      board.appendChild(card);
    }
    var img = card.querySelector('img');
    if (s.canvas) img.style.aspectRatio = s.canvas.width + ' / ' + s.canvas.height;
    // Keep the old picture until the new one has loaded: no flicker while scenes are drawn.
    if (img.getAttribute('src') !== scene.image) {
      var next = new Image();
      next.onload = function () { img.src = scene.image; };
      next.src = scene.image;
      if (!img.getAttribute('src')) img.src = scene.image;
    }
    img.alt = 'Scene ' + (scene.index + 1);
    outlineClips(card.querySelector('.frame'), scene.index, s);
    var spans = card.querySelectorAll('figcaption span');
    spans[0].textContent = 'Scene ' + (scene.index + 1);
    spans[1].textContent = seconds(scene.durationSeconds);
  });
  while (cards.length > s.scenes.length) board.removeChild(board.lastChild);
}

// A layout problem's clip, outlined where it sits on its scene (its box in canvas pixels, as percentages).
function outlineClips(frame, index, s) {
  frame.querySelectorAll('.outline').forEach(function (o) { frame.removeChild(o); });
  if (!s.canvas) return;
  s.problems.forEach(function (p) {
    if (!p.clip || p.clip.scene !== index) return;
    var box = el('div', 'outline');
    box.style.left = (100 * p.clip.left / s.canvas.width) + '%';
    box.style.top = (100 * p.clip.top / s.canvas.height) + '%';
    box.style.width = (100 * p.clip.width / s.canvas.width) + '%';
    box.style.height = (100 * p.clip.height / s.canvas.height) + '%';
    box.title = p.message;
    frame.appendChild(box);
  });
}

function renderTab() {
  var s = state;
  document.querySelectorAll('.tabs button').forEach(function (b) { b.className = b.dataset.tab === tab ? 'on' : ''; });
  var notes = $('tabnotes');
  notes.textContent = '';
  var out = $('payload');
  out.className = s.ok ? '' : 'stale';
  if (tab === 'slots') {
    out.textContent = '';
    var names = Object.keys(s.slots);
    if (!names.length) {
      out.textContent = 'No slots: give <Text tag="title" slot="name">, <Avatar slot="name"> to name modify keys.';
      return;
    }
    var table = el('table', 'slots');
    var head = el('tr');
    head.appendChild(el('th', '', 'slot'));
    head.appendChild(el('th', '', 'modify key'));
    table.appendChild(head);
    names.forEach(function (n) {
      var tr = el('tr');
      tr.appendChild(el('td', '', n));
      tr.appendChild(el('td', '', s.slots[n]));
      table.appendChild(tr);
    });
    out.appendChild(table);
    return;
  }
  var target = s.targets[tab];
  target.problems.forEach(function (p) { notes.appendChild(el('li', 'error', where(p) + '  ' + p.message)); });
  target.warnings.forEach(function (p) {
    notes.appendChild(el('li', 'warning', (tab === 'legacy' ? 'lost: ' : '') + where(p) + '  ' + p.message));
  });
  var payload = s.payloads[tab];
  var none = tab === 'legacy' ? 'No legacy payload.' : 'This target does not compile (see above).';
  out.textContent = payload === null ? none : JSON.stringify(payload, null, 2);
}

// The props panel: fields generated from the props JSON Schema; an edit is sent to the server, which
// checks it with the video's schema and rebuilds, and answers the problems, shown at their fields.
var panel = { key: null, props: null, timer: null, sending: null };
var NUMBER = /^[+-]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][+-]?\\d+)?$/;
function clone(v) { return v === undefined ? undefined : JSON.parse(JSON.stringify(v)); }
function nodeOf(schema) {
  if (!schema.anyOf) return schema;
  var first = schema.anyOf.filter(function (a) { return a.type !== 'null'; })[0] || {};
  var out = {};
  Object.keys(first).forEach(function (k) { out[k] = first[k]; });
  if (schema.default !== undefined) out.default = schema.default;
  if (schema.description) out.description = schema.description;
  return out;
}
function getAt(path) {
  var v = panel.props;
  for (var i = 0; i < path.length; i++) { if (v === null || typeof v !== 'object') return undefined; v = v[path[i]]; }
  return v;
}
function setAt(path, value) {
  var v = panel.props;
  for (var i = 0; i < path.length - 1; i++) {
    if (v[path[i]] === null || typeof v[path[i]] !== 'object') v[path[i]] = typeof path[i + 1] === 'number' ? [] : {};
    v = v[path[i]];
  }
  var last = path[path.length - 1];
  if (value === undefined) delete v[last]; else v[last] = value;
}
function fieldId(path) { return 'prop-' + path.join('-'); }
function sample(schema) {
  schema = nodeOf(schema);
  if (schema.default !== undefined) return clone(schema.default);
  if (schema.enum) return schema.enum[0];
  if (schema.type === 'object') {
    var out = {};
    Object.keys(schema.properties || {}).forEach(function (k) {
      var v = sample(schema.properties[k]);
      if (v !== undefined) out[k] = v;
    });
    return out;
  }
  if (schema.type === 'array') return [];
  if (schema.type === 'boolean') return false;
  if (schema.type === 'number' || schema.type === 'integer') return 0;
  if (schema.type === 'string') return '';
  return undefined;
}
function toHex(text) {
  var t = String(text || '').trim(), m;
  if ((m = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(t))) return ('#' + m[1] + m[1] + m[2] + m[2] + m[3] + m[3]).toLowerCase();
  if ((m = /^#([0-9a-f]{6})(?:[0-9a-f]{2})?$/i.exec(t))) return ('#' + m[1]).toLowerCase();
  if ((m = /^rgb\\(\\s*(\\d+)\\s*,\\s*(\\d+)\\s*,\\s*(\\d+)\\s*\\)$/i.exec(t))) {
    var hex = '#';
    for (var i = 1; i <= 3; i++) { var n = Number(m[i]); if (n > 255) return null; hex += (n < 16 ? '0' : '') + n.toString(16); }
    return hex;
  }
  return null;
}

/** One field of the panel for the prop at path; ensure() creates its parents in the props before a set. */
function field(raw, path, label, required, ensure, fallback) {
  var schema = nodeOf(raw);
  var value = getAt(path);
  var shown = value !== undefined ? value : fallback !== undefined ? fallback : schema.default;
  var set = function (v) { ensure(); setAt(path, v); changed(); };
  if (schema.type === 'array') return arrayField(schema, path, label, ensure, shown);
  if (schema.type === 'object' && schema.properties) {
    var group = el('fieldset', 'group');
    group.id = fieldId(path);
    group.appendChild(el('legend', '', label));
    var ensureObject = function () { ensure(); if (getAt(path) === undefined) setAt(path, clone(shown) || {}); };
    Object.keys(schema.properties).forEach(function (k) {
      var inner = (schema.required || []).indexOf(k) >= 0;
      group.appendChild(field(schema.properties[k], path.concat([k]), k, inner, ensureObject, (shown || {})[k]));
    });
    group.appendChild(errorSpan(path));
    return group;
  }
  var wrap = el('div', 'field');
  var id = fieldId(path);
  var lab = el('label', '', label + (required && schema.default === undefined ? ' *' : ''));
  lab.htmlFor = id;
  if (schema.description) lab.title = schema.description;
  wrap.appendChild(lab);
  var control = el('div', 'control');
  var input;
  if (schema.type === 'boolean') {
    input = el('input');
    input.type = 'checkbox';
    input.checked = shown === true;
    input.addEventListener('change', function () { set(input.checked); });
  } else if (schema.enum) {
    input = el('select');
    var offset = 0;
    // An empty choice for an optional prop, or a required one not given yet (the schema names it).
    var unset = shown === undefined || shown === null;
    if ((!required && schema.default === undefined) || unset) {
      input.appendChild(el('option', '', required ? '(choose)' : '(none)')).value = '';
      offset = 1;
    }
    schema.enum.forEach(function (option) { input.appendChild(el('option', '', String(option))).value = String(option); });
    input.value = shown === undefined || shown === null ? '' : String(shown);
    input.addEventListener('change', function () {
      set(input.selectedIndex < offset ? undefined : schema.enum[input.selectedIndex - offset]);
    });
  } else if (schema.type === 'number' || schema.type === 'integer') {
    // A text box, not type=number: what was typed reaches the schema, which names what is wrong with it.
    input = el('input');
    input.type = 'text';
    input.inputMode = schema.type === 'integer' ? 'numeric' : 'decimal';
    input.value = shown === undefined || shown === null ? '' : String(shown);
    input.addEventListener('input', function () {
      var t = input.value.trim();
      set(t === '' ? undefined : NUMBER.test(t) ? Number(t) : input.value);
    });
  } else {
    input = el('input');
    input.type = schema.format === 'uri' ? 'url' : 'text';
    input.value = shown === undefined || shown === null ? '' : String(shown);
    if (schema.format === 'color') {
      var picker = el('input');
      picker.type = 'color';
      picker.id = id + '-picker';
      picker.setAttribute('aria-label', label + ' (picker)');
      picker.value = toHex(input.value) || '#000000';
      picker.addEventListener('input', function () { input.value = picker.value; set(picker.value); });
      input.addEventListener('input', function () { var hex = toHex(input.value); if (hex) picker.value = hex; });
    }
    input.addEventListener('input', function () { set(input.value); });
  }
  input.id = id;
  control.appendChild(input);
  if (picker) control.appendChild(picker);
  wrap.appendChild(control);
  var error = errorSpan(path);
  input.setAttribute('aria-describedby', error.id);
  wrap.appendChild(error);
  return wrap;
}
function errorSpan(path) {
  var span = el('span', 'fielderror');
  span.id = fieldId(path) + '-error';
  span.setAttribute('role', 'status');
  return span;
}
function arrayField(schema, path, label, ensure, shown) {
  var group = el('fieldset', 'group');
  group.id = fieldId(path);
  group.appendChild(el('legend', '', label));
  var items = Array.isArray(shown) ? shown : [];
  var ensureArray = function () { ensure(); if (!Array.isArray(getAt(path))) setAt(path, clone(items)); };
  var edit = function (change) { ensureArray(); change(getAt(path)); buildFields(); changed(); };
  var itemSchema = schema.items || {};
  items.forEach(function (item, i) {
    var box = el('div', 'item');
    var moves = el('div', 'moves');
    var button = function (text, name, action, disabled) {
      var b = moves.appendChild(el('button', '', text));
      b.type = 'button';
      b.setAttribute('aria-label', name + ' ' + label + ' item ' + (i + 1));
      b.disabled = disabled;
      b.addEventListener('click', function () { edit(action); });
    };
    button('↑', 'Move up', function (list) { list.splice(i - 1, 0, list.splice(i, 1)[0]); }, i === 0);
    button('↓', 'Move down', function (list) { list.splice(i + 1, 0, list.splice(i, 1)[0]); }, i === items.length - 1);
    button('✕', 'Remove', function (list) { list.splice(i, 1); }, false);
    box.appendChild(moves);
    box.appendChild(field(itemSchema, path.concat([i]), label + ' ' + (i + 1), true, ensureArray, item));
    group.appendChild(box);
  });
  var add = group.appendChild(el('button', '', '+ add'));
  add.type = 'button';
  add.setAttribute('aria-label', 'Add ' + label + ' item');
  add.addEventListener('click', function () { edit(function (list) { list.push(sample(itemSchema)); }); });
  group.appendChild(errorSpan(path));
  return group;
}

function buildFields() {
  var form = $('propfields');
  var focused = document.activeElement && document.activeElement.id;
  form.textContent = '';
  var schema = state.panel.schema;
  var props = schema.properties || {};
  Object.keys(props).forEach(function (name) {
    var required = (schema.required || []).indexOf(name) >= 0;
    form.appendChild(field(props[name], [name], name, required, function () {}, undefined));
  });
  if (focused && $(focused)) $(focused).focus();
  showFieldProblems(state.problems);
}
function showFieldProblems(problems) {
  document.querySelectorAll('#propfields .fielderror').forEach(function (e) { e.textContent = ''; });
  document.querySelectorAll('#propfields .bad').forEach(function (e) { e.classList.remove('bad'); });
  document.querySelectorAll('#propfields [aria-invalid]').forEach(function (e) { e.removeAttribute('aria-invalid'); });
  problems.forEach(function (p) {
    if (!p.prop) return;
    // At the field, or at the nearest group that exists (a missing item's array).
    for (var n = p.prop.length; n >= 1; n--) {
      var error = $(fieldId(p.prop.slice(0, n)) + '-error');
      if (!error) continue;
      error.textContent = (error.textContent ? error.textContent + '; ' : '') + p.message;
      var input = $(fieldId(p.prop.slice(0, n)));
      if (input) {
        input.setAttribute('aria-invalid', 'true');
        if (input.parentNode && input.parentNode.parentNode && input.tagName !== 'FIELDSET') {
          input.parentNode.parentNode.classList.add('bad');
        }
      }
      return;
    }
  });
}
function changed() {
  clearTimeout(panel.timer);
  panel.timer = setTimeout(sendProps, 250);
  $('savestatus').textContent = 'Unsaved changes';
  $('savestatus').className = '';
}
function sendProps() {
  panel.timer = null;
  var body = JSON.stringify({ row: row, props: panel.props });
  var request = fetch('/props', { method: 'POST', headers: { 'content-type': 'application/json' }, body: body });
  panel.sending = request.then(function (r) { return r.json(); }).then(function (s) {
    panel.sending = null;
    if (s.error) { banner(s.error); return; }
    state = s; render();
  }).catch(function (e) {
    panel.sending = null;
    banner('The studio did not take the props (' + e.message + '); is vsynth studio still running?');
  });
}
function saveProps() {
  var send = function () {
    return fetch('/props/save', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
      .then(function (r) { return r.json(); });
  };
  // Let a pending edit reach the server first: Save writes what the server holds.
  if (panel.timer !== null) { clearTimeout(panel.timer); sendProps(); }
  Promise.resolve(panel.sending).then(send).then(function (answer) {
    $('savestatus').textContent = answer.error ? answer.error : 'Saved to ' + answer.saved;
    $('savestatus').className = answer.error ? 'bad' : 'saved';
  });
}
function renderPanel(s) {
  var box = $('propspanel');
  if (!s.panel) { box.hidden = true; return; }
  box.hidden = false;
  var p = s.panel;
  var key = JSON.stringify(p.schema) + '|' + s.row;
  var idle = panel.timer === null && panel.sending === null;
  // New fields for a new schema or row, or props changed on disk; never under the user's typing.
  if (key !== panel.key || (idle && !p.edited && JSON.stringify(p.props) !== JSON.stringify(panel.props))) {
    panel.key = key;
    panel.props = clone(p.props) || {};
    buildFields();
  } else showFieldProblems(s.problems);
  $('save').hidden = p.saveTo === null;
  $('save').disabled = false;
  $('saveto').textContent = p.saveTo === null
    ? 'The rows live in the data file: changes here preview the row.'
    : 'Save writes ' + p.saveTo;
  if (idle && !p.edited && $('savestatus').className !== 'saved') $('savestatus').textContent = '';
  renderRowList(p.rowProblems);
}
function renderRowList(rowProblems) {
  var box = $('rowlist');
  box.textContent = '';
  if (!rowProblems) return;
  box.appendChild(el('div', '', rowProblems.length
    ? rowProblems.length + ' row(s) the schema refuses; open one:'
    : 'Every row reads as the schema says.'));
  var list = box.appendChild(el('ul'));
  rowProblems.forEach(function (r) {
    var li = list.appendChild(el('li'));
    var open = li.appendChild(el('button', '', 'row ' + r.row));
    open.type = 'button';
    open.addEventListener('click', function () { go(r.row); });
    li.appendChild(el('span', '', r.problems.join('; ')));
  });
}

function go(n) {
  if (!(n >= 1)) return;
  if (state && state.rows !== null && n > state.rows) n = state.rows;
  row = n; load();
}

document.querySelectorAll('.tabs button').forEach(function (b) {
  b.addEventListener('click', function () { tab = b.dataset.tab; if (state) renderTab(); });
});
$('first').addEventListener('click', function () { go(1); });
$('prev').addEventListener('click', function () { go(row - 1); });
$('next').addEventListener('click', function () { go(row + 1); });
$('row').addEventListener('change', function () { go(Number($('row').value)); });
$('save').addEventListener('click', saveProps);

var events = new EventSource('/events');
events.onmessage = function (m) { var v = JSON.parse(m.data).version; if (!state || v !== state.version) load(); };
events.onerror = function () { banner('Lost the connection to vsynth studio; retrying…'); };
events.onopen = function () { if (state) load(); };
load();
`;

export const STUDIO_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>vsynth studio</title>
<style>${STYLE}</style>
</head>
<body>
<header>
  <h1>vsynth studio · <span id="file"></span></h1>
  <span id="version" class="pill"></span>
  <span id="status" class="pill"></span>
  <span class="fact">scenes <b id="scenecount">–</b></span>
  <span class="fact">about <b id="total">–</b></span>
  <span class="fact">cubes <b id="cubes">–</b></span>
  <span id="rowbar">row
    <button id="first" title="first row">⏮</button><button id="prev" title="previous row">◀</button>
    <input id="row" type="number" min="1" value="1"><button id="next" title="next row">▶</button>
    <span id="rowcount"></span>
  </span>
</header>
<main>
  <section>
    <div id="errorbanner"></div>
    <h2>Problems <span id="problemcount"></span></h2>
    <ul id="problems"></ul>
    <h2>Storyboard</h2>
    <div id="storyboard"></div>
  </section>
  <section>
    <form id="propspanel" hidden onsubmit="return false">
      <h2>Props</h2>
      <div id="propfields"></div>
      <div class="bar"><button id="save" type="button" class="primary">Save</button>
        <span id="saveto"></span> <span id="savestatus" role="status"></span></div>
      <div id="rowlist"></div>
    </form>
    <div class="tabs">
      <button data-tab="v3A">v3 A</button><button data-tab="v3B">v3 B</button>
      <button data-tab="legacy">legacy</button><button data-tab="slots">slots</button>
    </div>
    <ul id="tabnotes"></ul>
    <pre id="payload"></pre>
  </section>
</main>
<script>${SCRIPT}</script>
</body>
</html>
`;
