// report.html's and compare.html's first script: every error and console warning of the page is shown in
// #js-errors, where a reader sees it and the browser tests read it.
(function () {
  var box = document.getElementById('js-errors');
  function collect(kind, parts) {
    var text = Array.prototype.map.call(parts, function (p) {
      return p instanceof Error ? (p.stack || String(p)) : typeof p === 'object' ? safeJson(p) : String(p);
    }).join(' ');
    box.textContent += kind + ': ' + text + '\n';
  }
  function safeJson(o) {
    try { return JSON.stringify(o); } catch (e) { return String(o); }
  }
  window.reportErrors = { collect: collect, count: function () { return box.textContent.length; } };
  window.onerror = function (message, source, line, column, error) {
    collect('error', [error || message, '(' + source + ':' + line + ':' + column + ')']);
  };
  window.addEventListener('unhandledrejection', function (event) { collect('unhandled rejection', [event.reason]); });
  ['error', 'warn'].forEach(function (level) {
    var original = console[level];
    console[level] = function () {
      collect('console.' + level, arguments);
      return original.apply(console, arguments);
    };
  });
})();
