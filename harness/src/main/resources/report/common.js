// Helpers that report.html and compare.html share: building elements, formatting figures, drawing a
// chart (SVG, no animation, so the page is complete when its script ends) and saying whether it drew.
'use strict';
window.reportCommon = (function () {
  function el(tag, attributes, children) {
    const e = document.createElement(tag);
    Object.entries(attributes || {}).forEach(([k, v]) => {
      if (v !== null && v !== undefined) {
        e.setAttribute(k, v);
      }
    });
    (children || []).forEach(c => e.append(c instanceof Node ? c : document.createTextNode(String(c))));
    return e;
  }

  function fmt(value, digits, suffix) {
    return typeof value !== 'number' || !isFinite(value) ? 'n/a' : value.toFixed(digits) + (suffix || '');
  }

  /**
   * A chart in a new div appended to parent; the ECharts instance is added to charts, for resizing. What the instance
   * holds once drawn, each series' name and data, goes into the div's data-series attribute: what the browser tests
   * check against the figures (an empty chart still has axes and ticks to count).
   */
  function chart(parent, charts, id, option, cssClass) {
    const div = el('div', { class: 'chart' + (cssClass ? ' ' + cssClass : ''), id: id });
    parent.append(div);
    const c = echarts.init(div, null, { renderer: 'svg' });
    c.setOption(Object.assign({ animation: false }, option));
    charts.push(c);
    div.dataset.series = JSON.stringify((c.getOption().series || []).map(s => ({ name: s.name, data: s.data })));
    return c;
  }

  /** Draws the page; an error that stops it is shown and marks the page as not drawn. */
  function drawPage(what, draw) {
    try {
      draw();
    } catch (e) {
      console.error(what + ' could not be drawn:', e);
      document.body.dataset.renderStatus = 'error';
    }
  }

  /** Runs each section, reporting one that fails without stopping the others, then sets the render status. */
  function drawSections(sections, charts, what) {
    let failed = false;
    sections.forEach(draw => {
      try {
        draw();
      } catch (e) {
        failed = true;
        console.error(what + ' section ' + draw.name + ' failed:', e);
      }
    });
    window.addEventListener('resize', () => charts.forEach(c => c.resize()));
    document.body.dataset.renderStatus = failed || window.reportErrors.count() > 0 ? 'error' : 'ok';
  }

  /** One colour per gateway on every page; a variant (gw@profile, gw:scenario, gw-w2) takes its gateway's. */
  const GATEWAY_COLOURS = { direct: '#57606a', nginx: '#1a7f37', haproxy: '#0969da', 'netty-proxy': '#8250df', scg: '#bf3989', zuul2: '#bc4c00' };
  /** The gateway a target runs: its summary's gateway, else its name without a variant's suffix (gw@profile, gw:scenario, gw-w2). */
  function gatewayOf(target) {
    return String(target.gateway || String(target.name).split(/[@:]/)[0].replace(/-w\d+$/, ''));
  }

  function gatewayColour(name) {
    return GATEWAY_COLOURS[gatewayOf({ name: name })] || '#24292f';
  }

  return { el: el, fmt: fmt, chart: chart, drawPage: drawPage, drawSections: drawSections, gatewayOf: gatewayOf, gatewayColour: gatewayColour };
})();
