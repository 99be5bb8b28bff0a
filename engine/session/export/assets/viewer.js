(function () {
  'use strict';
  // pigo's export viewer. The page is complete without this script; it
  // adds branch switching in the session tree, tree filters and search,
  // local times, deep links (?leafId=...&targetId=...) and the thinking /
  // tool output toggles. It reads the page's data-* attributes and only
  // ever sets classes, attributes and textContent.

  var tree = document.getElementById('tree');
  var messages = document.getElementById('messages');
  var rows = Array.prototype.slice.call(tree.querySelectorAll('.tree-node'));
  var parentOf = {};
  rows.forEach(function (r) { parentOf[r.getAttribute('data-id')] = r.getAttribute('data-parent') || ''; });

  Array.prototype.forEach.call(document.querySelectorAll('.js-only'), function (el) { el.hidden = false; });

  function pathTo(leaf) {
    var ids = [], seen = {}, id = leaf;
    while (id && !seen[id] && Object.prototype.hasOwnProperty.call(parentOf, id)) {
      seen[id] = true;
      ids.unshift(id);
      id = parentOf[id];
    }
    return ids;
  }

  function entryEl(id) {
    var el = document.getElementById('entry-' + id);
    return el && el.parentNode === messages ? el : null;
  }

  // show displays the branch root → leaf and scrolls to target.
  function show(leaf, target, scroll) {
    var path = pathTo(leaf);
    if (path.length === 0) return;
    var on = {};
    path.forEach(function (id) { on[id] = true; });
    Array.prototype.forEach.call(messages.children, function (el) {
      var id = el.getAttribute('data-id');
      el.classList.toggle('on-path', !!on[id]);
      el.classList.toggle('off-path', !on[id]);
    });
    path.forEach(function (id) {
      var el = entryEl(id);
      if (el) messages.appendChild(el);
    });
    rows.forEach(function (r) {
      var id = r.getAttribute('data-id');
      r.classList.toggle('in-path', !!on[id]);
      r.classList.toggle('t-leaf', id === leaf);
      r.classList.toggle('active', id === target);
      r.querySelector('.tree-marker').textContent = on[id] ? '\u2022' : ' ';
    });
    var info = document.getElementById('branch-info');
    if (info) info.textContent = path.length + ' of ' + rows.length + ' entries, leaf ' + leaf;
    if (scroll) {
      var t = document.getElementById('entry-' + target);
      if (t) {
        t.scrollIntoView({ block: 'center' });
        var box = t.classList.contains('entry') ? t : t.closest('.entry');
        if (box) {
          box.classList.add('highlight');
          setTimeout(function () { box.classList.remove('highlight'); }, 2000);
        }
      }
    }
  }

  rows.forEach(function (r) {
    r.addEventListener('click', function (ev) {
      if (window.getSelection && String(window.getSelection())) return;
      ev.preventDefault();
      show(r.getAttribute('data-newest'), r.getAttribute('data-id'), true);
    });
  });

  // Filters and search.
  Array.prototype.forEach.call(document.querySelectorAll('.filter-btn'), function (btn) {
    btn.addEventListener('click', function () {
      Array.prototype.forEach.call(document.querySelectorAll('.filter-btn'), function (b) { b.classList.remove('active'); });
      btn.classList.add('active');
      tree.className = 'tree filter-' + btn.getAttribute('data-filter');
    });
  });
  var search = document.getElementById('tree-search');
  if (search) {
    search.addEventListener('input', function () {
      var tokens = search.value.toLowerCase().split(/\s+/).filter(Boolean);
      rows.forEach(function (r) {
        var text = r.querySelector('.tree-content').textContent.toLowerCase();
        r.classList.toggle('search-miss', !tokens.every(function (t) { return text.indexOf(t) >= 0; }));
      });
    });
  }

  // Toggles.
  function toggle(cls) { document.body.classList.toggle(cls); }
  Array.prototype.forEach.call(document.querySelectorAll('[data-action]'), function (btn) {
    btn.addEventListener('click', function () {
      toggle(btn.getAttribute('data-action') === 'toggle-thinking' ? 'hide-thinking' : 'hide-tools');
    });
  });
  document.addEventListener('keydown', function (ev) {
    if (ev.target && (ev.target.tagName === 'INPUT' || ev.target.tagName === 'TEXTAREA')) return;
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (ev.key === 't' || ev.key === 'T') toggle('hide-thinking');
    if (ev.key === 'o' || ev.key === 'O') toggle('hide-tools');
  });

  // Local times.
  Array.prototype.forEach.call(document.querySelectorAll('time[data-local]'), function (t) {
    var d = new Date(t.getAttribute('datetime'));
    if (isNaN(d.getTime())) return;
    t.textContent = t.getAttribute('data-local') === 'date'
      ? d.toLocaleString()
      : d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  });

  // Deep links, as pi's viewer: ?leafId=<entry>&targetId=<entry>.
  var params = new URLSearchParams(window.location.search);
  var leaf = params.get('leafId'), target = params.get('targetId');
  if (leaf && Object.prototype.hasOwnProperty.call(parentOf, leaf)) {
    show(leaf, target || leaf, true);
  } else if (target && Object.prototype.hasOwnProperty.call(parentOf, target)) {
    var row = rows.filter(function (r) { return r.getAttribute('data-id') === target; })[0];
    show(row.getAttribute('data-newest'), target, true);
  }
})();
