// report.html of a ./bench jmh run, drawn from its summary.json inlined in the page (#summary): the
// settings, then per benchmark class a chart of the time per operation (each figure with JMH's error
// and its baseline's time beside it) and a table with the bytes allocated per operation (-prof gc).
'use strict';
(function () {
  window.reportCommon.drawPage('report.html', draw);

  function draw() {
    const summary = JSON.parse(document.getElementById('summary').textContent);
    const main = document.getElementById('report');
    const { el, fmt } = window.reportCommon;
    const charts = [];
    const benchmarks = summary.benchmarks;
    if (!Array.isArray(benchmarks)) {
      throw new Error('summary.benchmarks is not a list (' + JSON.stringify(benchmarks) + '): the summary is broken');
    }

    /** A number, or null where it is absent; a figure of another type is reported, never drawn. */
    function num(value, what) {
      if (value === null || value === undefined) {
        return null;
      }
      if (typeof value === 'number' && isFinite(value)) {
        return value;
      }
      console.warn('summary figure ' + what + ': expected a number, found ' + JSON.stringify(value));
      return null;
    }

    function label(b) {
      const params = Object.entries(b.params || {}).map(([k, v]) => k + '=' + v).join(', ');
      return b.method + (params ? ' (' + params + ')' : '');
    }

    /** Three significant digits, as JMH's own table reads. */
    function sig(v) {
      return v === null ? 'n/a' : Math.abs(v) >= 1000 ? v.toFixed(0) : v.toPrecision(3);
    }

    function header() {
      const title = 'JMH microbenchmarks, run ' + (summary.run_id || 'n/a');
      document.title = title;
      main.append(el('h1', {}, [title]));
      main.append(el('p', { class: 'caption' }, ['What each benchmark isolates and its pitfalls: microbench/README.md. Lower is better. '
        + 'Each figure is drawn beside its baseline (the same class\'s baseline method with the same parameters): the difference is '
        + 'the part the benchmark is about. Beside this file: summary.md (the same tables as text), summary.json and jmh.json.']));
      const machine = summary.machine || {};
      const rows = Object.entries(summary.settings || {}).concat([
        ['commit', summary.git_commit], ['load average at start', summary.load_average_at_start],
        ['machine', [machine.cpu_model, machine.cpus ? machine.cpus + ' CPUs' : null, machine.os].filter(x => x).join(', ')],
        ['started', summary.started]]);
      const t = el('table', { id: 'settings' });
      t.append(el('tbody', {}, rows.map(([k, v]) => el('tr', {}, [el('th', {}, [k]), el('td', {}, [v === null || v === undefined ? 'n/a' : String(v)])]))));
      main.append(t);
    }

    function benchmarkClass(name, rows) {
      const short = name.substring(name.lastIndexOf('.') + 1);
      main.append(el('h2', {}, [short]));
      const units = [...new Set(rows.map(b => b.unit))];
      const labels = rows.map(label);
      const scores = rows.map(b => num(b.score, short + ' ' + label(b) + ' score'));
      const errors = rows.map(b => num(b.error, short + ' ' + label(b) + ' error'));
      const baselines = rows.map(b => num(b.baseline_score, short + ' ' + label(b) + ' baseline_score'));
      const wide = Math.max(...scores.filter(v => v !== null && v > 0)) / Math.min(...scores.filter(v => v !== null && v > 0)) > 50;
      main.append(el('p', { class: 'caption' }, ['Time per operation in ' + units.join(', ') + (wide ? ', on a log scale (the figures span '
        + 'more than a factor of 50)' : '') + '; the whisker is JMH\'s 99.9% error, the grey bar the baseline\'s time.']));
      const c = window.reportCommon.chart(main, charts, 'jmh-' + short, {
        tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: v => (typeof v === 'number' ? sig(v) + ' ' + units.join(', ') : 'n/a') },
        legend: { top: 0, data: ['baseline', 'time per op'] },
        grid: { left: 20 + 6.5 * Math.max(...labels.map(l => l.length)), right: 40, top: 30, bottom: 45 },
        yAxis: { type: 'category', data: labels, inverse: true, axisLabel: { interval: 0 } },
        xAxis: Object.assign(wide ? { type: 'log', logBase: 10 } : { type: 'value' }, { name: units.join(', '), nameLocation: 'middle', nameGap: 26 }),
        series: [
          { type: 'bar', name: 'baseline', data: baselines, itemStyle: { color: '#afb8c1' }, barGap: '10%' },
          { type: 'bar', name: 'time per op', data: scores, itemStyle: { color: '#0969da' } },
          {
            type: 'custom', name: 'error', z: 10,
            data: rows.map((b, i) => (scores[i] !== null && errors[i] !== null ? [i, Math.max(scores[i] - errors[i], scores[i] / 1e3), scores[i] + errors[i]] : null)).filter(d => d),
            encode: { y: 0, x: [1, 2] },
            renderItem: (params, api) => {
              const band = api.size([0, 1])[1];
              const low = api.coord([api.value(1), api.value(0)]);
              const high = api.coord([api.value(2), api.value(0)]);
              const y = low[1] + band * 0.2; // the 'time per op' bar sits in the lower half of the band
              const style = { stroke: '#24292f', lineWidth: 1.2 };
              return {
                type: 'group', children: [
                  { type: 'line', shape: { x1: low[0], y1: y, x2: high[0], y2: y }, style: style },
                  { type: 'line', shape: { x1: low[0], y1: y - 4, x2: low[0], y2: y + 4 }, style: style },
                  { type: 'line', shape: { x1: high[0], y1: y - 4, x2: high[0], y2: y + 4 }, style: style }]
              };
            }
          }]
      });
      c.getDom().style.height = (85 + 34 * rows.length) + 'px';
      c.resize();

      const t = el('table', { id: 'jmh-table-' + short });
      t.append(el('thead', {}, [el('tr', {}, ['benchmark', 'score', '± error', 'unit', 'allocated B/op', 'baseline', 'minus baseline']
        .map(h => el('th', {}, [h])))]));
      const body = el('tbody');
      rows.forEach((b, i) => {
        const alloc = num(b.allocated_bytes_per_op, short + ' ' + label(b) + ' allocated_bytes_per_op');
        const figure = (key, value, text) => el('td', { class: value === null ? 'na' : 'num', 'data-figure': key,
          'data-value': value === null ? null : String(value) }, [text]);
        body.append(el('tr', { 'data-benchmark': label(b) }, [
          el('td', {}, [labels[i]]),
          figure('score', scores[i], sig(scores[i])),
          figure('error', errors[i], sig(errors[i])),
          el('td', {}, [b.unit || 'n/a']),
          figure('allocated_bytes_per_op', alloc, alloc === null ? 'n/a (no -prof gc)' : fmt(alloc, 0)),
          el('td', {}, [b.baseline || '']),
          figure('minus_baseline', baselines[i] === null || scores[i] === null ? null : scores[i] - baselines[i],
            baselines[i] === null || scores[i] === null ? '' : sig(scores[i] - baselines[i]))]));
      });
      t.append(body);
      main.append(t);
    }

    /**
     * Every gateway's own benchmarks on one log scale, a duty per row and a bar per gateway that has it (JmhReport.duties, in
     * Java: which benchmark is whose duty). The time per operation, ns; each class's chart below gives its baseline and error.
     */
    function gateways() {
      const duties = JSON.parse(document.getElementById('duties').textContent);
      if (!Array.isArray(duties) || duties.length === 0) {
        return;
      }
      main.append(el('h2', {}, ['Each gateway\'s duties on one scale']));
      main.append(el('p', { class: 'caption' }, ['Time per operation in ns, on a log scale: the same duty in each gateway\'s own '
        + 'code (a benchmark class per gateway and duty), baselines left out (each class\'s own chart below has them, and the error).']));
      const names = [...new Set(duties.map(d => d.duty))];
      const gatewayNames = [...new Set(duties.map(d => d.gateway))];
      const c = window.reportCommon.chart(main, charts, 'jmh-gateways', {
        tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: v => (typeof v === 'number' ? sig(v) + ' ns' : 'n/a') },
        legend: { top: 0 },
        grid: { left: 20 + 6.5 * Math.max(...names.map(l => l.length)), right: 40, top: 30, bottom: 45 },
        yAxis: { type: 'category', data: names, inverse: true, axisLabel: { interval: 0 } },
        xAxis: { type: 'log', logBase: 10, name: 'ns per operation', nameLocation: 'middle', nameGap: 26 },
        series: gatewayNames.map(g => ({
          type: 'bar', name: g, itemStyle: { color: window.reportCommon.gatewayColour(g) },
          data: names.map(n => { const d = duties.find(x => x.duty === n && x.gateway === g); return d ? d.score_ns : null; })
        }))
      });
      c.getDom().style.height = (85 + 22 * gatewayNames.length * names.length) + 'px';
      c.resize();
    }

    function classes() {
      const byClass = new Map();
      benchmarks.forEach(b => {
        if (!byClass.has(b.class)) {
          byClass.set(b.class, []);
        }
        byClass.get(b.class).push(b);
      });
      byClass.forEach((rows, name) => benchmarkClass(name, rows));
    }

    document.getElementById('loading').remove();
    window.reportCommon.drawSections([header, gateways, classes], charts, 'jmh report');
  }
})();
