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
      card.appendChild(el('img'));
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
    var spans = card.querySelectorAll('figcaption span');
    spans[0].textContent = 'Scene ' + (scene.index + 1);
    spans[1].textContent = seconds(scene.durationSeconds);
  });
  while (cards.length > s.scenes.length) board.removeChild(board.lastChild);
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
