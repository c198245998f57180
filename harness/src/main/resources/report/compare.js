// compare.html's charts and table, drawn from the comparison inlined in the page (#comparison), which
// the harness computed (RunComparison): this script judges nothing, it shows the per-round values,
// each run's mean with its 95% interval, every difference with its 90% and family intervals on one scale against the
// margin, and the verdict.
'use strict';
(function () {
  window.reportCommon.drawPage('compare.html', draw);

  function draw() {
    const { el, chart } = window.reportCommon;
    const data = JSON.parse(document.getElementById('comparison').textContent);
    const main = document.getElementById('report');
    const charts = [];
    const [runA, runB] = data.runs;
    const COLORS = { A: '#0969da', B: '#d1242f' };

    /** As ./bench compare prints a figure: whole numbers from 100, else 3 significant digits. */
    function num(v) {
      return typeof v !== 'number' || !isFinite(v) ? 'n/a' : Math.abs(v) >= 100 ? v.toFixed(0) : v.toPrecision(3);
    }

    /** A difference as % of A's mean, or in the figure's units where that mean is 0 (as the Markdown table). */
    function relative(diff, base) {
      if (typeof diff !== 'number' || !isFinite(diff)) {
        return 'n/a';
      }
      const sign = diff >= 0 ? '+' : '';
      return base === 0 ? sign + diff.toPrecision(3) : sign + (diff / base * 100).toFixed(1) + '%';
    }

    /** The level of each row's ci_family in percent, to four digits (as ./bench compare prints it). */
    function familyLevel() {
      return String(Number((data.family_level * 100).toPrecision(4)));
    }

    function mean(values) {
      return values.reduce((s, v) => s + v, 0) / values.length;
    }

    function sample(values) {
      return num(mean(values)) + ' (' + values.map(num).join(', ') + ')';
    }

    function section(title, caption) {
      main.append(el('h2', {}, [title]));
      if (caption) {
        main.append(el('p', { class: 'caption' }, [caption]));
      }
    }

    function header() {
      document.title = 'Gateway benchmark runs compared: ' + runA.run_id + ' and ' + runB.run_id;
      main.append(el('h1', {}, ['Run ' + runA.run_id + ' (A) compared with ' + runB.run_id + ' (B)']));
      const line = el('p', { class: 'summary-line', id: 'summary-line' });
      ['EQUIVALENT', 'DIFFERENT', 'INCONCLUSIVE'].forEach(v => line.append(
        el('span', { class: 'verdict verdict-' + v, 'data-verdict': v, 'data-count': String(data.counts[v]) },
          [data.counts[v] + ' ' + v.toLowerCase()])));
      line.append('Exit status ' + data.exit_meaning + '. ' + data.reason);
      main.append(line);
      main.append(el('p', { class: 'caption' }, ['Per figure, Welch\'s t on the per-round values; equivalence margin ±'
        + (data.margin * 100).toFixed(0) + '% of A\'s mean' + (data.latency_resolution_ms >= 1
          ? ' (ladder latency: at least 1 ms, Gatling\'s resolution)' : ' (ladder latency in microseconds, by Vegeta)')
        + '. Equivalent: the 90% interval of B-A lies inside the margin, or, for a maximum rate, both runs\' median round found '
        + 'the same ladder level (the ladder\'s step is its resolution); different: the ' + familyLevel() + '% interval of B-A, '
        + 'which holds over all ' + data.rows.length + ' figures together at ' + (100 - data.alpha * 100) + '% (Bonferroni), '
        + 'excludes 0 and the estimate lies beyond the margin (the interval itself may reach inside it); inconclusive: neither '
        + '(detectable: the smallest true difference these rounds would call different with 80% power). Each verdict reads off '
        + 'the interval it names, both in the table.']));
      const runs = el('table', { id: 'runs' });
      runs.append(el('thead', {}, [el('tr', {}, ['run', 'id', 'started', 'commit', 'load', 'rounds'].map(h => el('th', {}, [h])))]));
      const body = el('tbody');
      data.runs.forEach(r => body.append(el('tr', { 'data-run': r.label }, [r.label, r.run_id, r.started, r.git_commit,
        r.load && typeof r.load === 'object' ? Object.entries(r.load).map(([k, v]) => k + ' ' + v).join(', ') : r.load, r.rounds]
        .map(c => el('td', {}, [c === null || c === undefined ? 'n/a' : String(c)])))));
      runs.append(body);
      main.append(runs);
    }

    /** Where the differences' plot cuts an interval: -100% (no figure compared here falls below 0) and +200%. */
    const CUT_LOW = -100;
    const CUT_HIGH = 200;
    const VERDICTS = ['EQUIVALENT', 'DIFFERENT', 'INCONCLUSIVE'];
    const VERDICT_COLOURS = { EQUIVALENT: '#1a7f37', DIFFERENT: '#cf222e', INCONCLUSIVE: '#6e7781' };

    /**
     * Every figure's difference on one scale, the one the verdicts read: per row of the table (its order), B-A as % of A's
     * mean, its 90% interval (thick), its family interval (thin), the margin (grey band), coloured by verdict. A row whose A
     * mean is 0 has no percentage and is left out, said under the chart.
     */
    function differences() {
      const shown = data.rows.map(r => ({ r: r, base: Math.abs(mean(r.a)) })).filter(x => x.base > 0);
      const left = data.rows.length - shown.length;
      if (shown.length === 0) {
        return;
      }
      section('Differences, B-A', 'One row per figure of a target, as in the table below: the point is B\'s mean less A\'s as % of '
        + 'A\'s mean; the thick bar its 90% interval (equivalent: it lies inside the grey band, the margin), the thin line its '
        + familyLevel() + '% interval (different: it excludes 0 and the point lies beyond the band); green equivalent, red '
        + 'different, grey inconclusive. Intervals are cut at ' + CUT_LOW + '% (no figure compared here falls below 0) and at +'
        + CUT_HIGH + '%; a cut end has no cap.' + (left > 0 ? ' ' + left + ' figure(s) whose A mean is 0 have no percentage and are '
        + 'not drawn here (the table has them).' : ''));
      const pct = (v, base) => (typeof v === 'number' && isFinite(v) ? Math.min(CUT_HIGH, Math.max(CUT_LOW, v / base * 100)) : NaN);
      const labels = shown.map(x => x.r.target + ' · ' + x.r.figure);
      // [row, difference, 90% low, 90% high, family low, family high, margin, verdict]: percentages of A's mean, cut
      const rows = shown.map((x, i) => [i, pct(x.r.difference, x.base), pct(x.r.ci90[0], x.base), pct(x.r.ci90[1], x.base),
        pct(x.r.ci_family[0], x.base), pct(x.r.ci_family[1], x.base), pct(x.r.margin_abs, x.base), VERDICTS.indexOf(x.r.verdict)]);
      const values = rows.flatMap(d => [d[1], d[2], d[3], d[4], d[5], d[6], -d[6]]).filter(v => isFinite(v));
      const axisMin = Math.floor(Math.min(0, ...values) * 1.05 - 1);
      const axisMax = Math.ceil(Math.max(0, ...values) * 1.05 + 1);
      const c = chart(main, charts, 'differences', {
        tooltip: { trigger: 'item', formatter: p => labels[p.data[0]] + ': ' + (isFinite(p.data[1]) ? p.data[1].toFixed(1) + '%' : 'n/a')
          + ', 90% interval ' + p.data[2].toFixed(1) + '% to ' + p.data[3].toFixed(1) + '%, margin ±' + p.data[6].toFixed(1) + '%, '
          + VERDICTS[p.data[7]].toLowerCase() },
        grid: { left: 20 + Math.round(Math.max(...labels.map(n => n.length)) * 6.5), right: 40, top: 20, bottom: 45 },
        yAxis: { type: 'category', data: labels, inverse: true, axisLabel: { interval: 0 } },
        xAxis: { type: 'value', min: axisMin, max: axisMax, name: 'B-A, % of A\'s mean', nameLocation: 'middle', nameGap: 28 },
        series: [{
          type: 'custom', name: 'B-A, % of A\'s mean', data: rows, encode: { y: 0, x: [1, 2, 3, 4, 5] },
          markLine: { silent: true, symbol: 'none', data: [{ xAxis: 0 }], label: { show: false }, lineStyle: { color: '#57606a' } },
          renderItem: (params, api) => {
            const row = api.value(0);
            const colour = VERDICT_COLOURS[VERDICTS[api.value(7)]];
            const band = api.size([0, 1])[1];
            const y = api.coord([0, row])[1];
            const x = v => api.coord([v, row])[0];
            const children = [];
            const margin = api.value(6);
            if (isFinite(margin)) {
              children.push({ type: 'rect', shape: { x: x(-margin), y: y - band * 0.4, width: x(margin) - x(-margin), height: band * 0.8 },
                style: { fill: '#8c959f', opacity: 0.25 } });
            }
            [[4, 5, 1.2, 0.25], [2, 3, 4, 0]].forEach(([lo, hi, width, cap]) => {
              const low = api.value(lo);
              const high = api.value(hi);
              if (!isFinite(low) || !isFinite(high)) {
                return;
              }
              const style = { stroke: colour, lineWidth: width };
              children.push({ type: 'line', shape: { x1: x(low), y1: y, x2: x(high), y2: y }, style: style });
              [[low, CUT_LOW], [high, CUT_HIGH]].forEach(([end, cut]) => {
                if (cap > 0 && end !== cut) {
                  children.push({ type: 'line', shape: { x1: x(end), y1: y - band * cap, x2: x(end), y2: y + band * cap }, style: style });
                }
              });
            });
            if (isFinite(api.value(1))) {
              children.push({ type: 'circle', shape: { cx: x(api.value(1)), cy: y, r: 4 }, style: { fill: colour } });
            }
            return { type: 'group', children: children };
          }
        }]
      });
      c.getDom().style.height = (70 + 24 * labels.length) + 'px';
      c.resize();
    }

    /** One chart per figure (the same figure of every target side by side): rounds as points, each run's mean and 95% interval as a bar. */
    function figureCharts() {
      section('Per figure', 'Each point is one round; the bar beside it is that run\'s mean with its 95% interval, cut at 0 '
        + '(no figure compared here is below it). A on the left in blue, B on the right in red; the grey band is the '
        + 'equivalence margin around A\'s mean, which B\'s must share for "equivalent"; the verdict under each target is RunComparison\'s.');
      // throughput first, as in report.html: direct, the first target, has no throughput row of its own
      const figures = [...new Set(data.rows.map(r => r.figure))].sort((x, y) => y.startsWith('throughput') - x.startsWith('throughput'));
      figures.forEach((figure, f) => {
        const rows = data.rows.filter(r => r.figure === figure);
        const names = rows.map(r => r.target);
        main.append(el('h3', {}, [figure]));
        // the margin around A's mean, [mean - margin, mean + margin] per target, cut at 0
        const series = [{ name: 'margin around A\'s mean', type: 'custom', clip: true, itemStyle: { color: '#8c959f' },
          data: rows.map((r, i) => [i, Math.max(0, r.a_mean_ci95[0] - r.margin_abs), r.a_mean_ci95[0] + r.margin_abs]),
          encode: { x: 0, y: [1, 2] },
          renderItem: (params, api) => {
            const low = api.coord([api.value(0) - 0.35, api.value(1)]);
            const high = api.coord([api.value(0) + 0.35, api.value(2)]);
            return { type: 'rect', shape: { x: low[0], y: high[1], width: high[0] - low[0], height: low[1] - high[1] },
              style: { fill: api.visual('color'), opacity: 0.2 } };
          } }];
        [['A', -0.15, 'a', 'a_mean_ci95'], ['B', 0.15, 'b', 'b_mean_ci95']].forEach(([label, offset, values, interval]) => {
          series.push({ name: label + ': rounds', type: 'scatter', symbolSize: 8, itemStyle: { color: COLORS[label], opacity: 0.6 },
            data: rows.flatMap((r, i) => r[values].map(v => [i + offset - 0.05, v])) });
          series.push({ name: label + ': mean, 95% interval', type: 'custom', clip: true, itemStyle: { color: COLORS[label] },
            // the interval cut at 0: a t interval of few rounds may reach below it, where no figure here can be
            data: rows.map((r, i) => [i + offset + 0.05, ...r[interval].map((v, k) => (v === null ? NaN : k > 0 ? Math.max(0, v) : v))]),
            encode: { x: 0, y: [1, 2, 3] }, // the axis spans the interval's ends too, so no bar is cut at the chart's edge
            renderItem: (params, api) => {
              const x = api.value(0);
              const m = api.coord([x, api.value(1)]);
              const color = api.visual('color');
              const children = [{ type: 'rect', shape: { x: m[0] - 6, y: m[1] - 1.5, width: 12, height: 3 }, style: { fill: color } }];
              if (isFinite(api.value(2)) && isFinite(api.value(3))) {
                const low = api.coord([x, api.value(2)]);
                const high = api.coord([x, api.value(3)]);
                children.push({ type: 'line', shape: { x1: low[0], y1: low[1], x2: high[0], y2: high[1] }, style: { stroke: color, lineWidth: 2 } });
              }
              return { type: 'group', children: children };
            } });
        });
        chart(main, charts, 'figure-' + f, {
          legend: { top: 0 },
          tooltip: { trigger: 'item' },
          grid: { left: 80, right: 30, top: 40, bottom: 50 },
          // a value axis with a tick per target at its index, so that A's and B's points sit either side of it
          xAxis: { type: 'value', min: -1, max: names.length, interval: 1, axisLine: { onZero: false }, splitLine: { show: false },
            axisLabel: { margin: 10, lineHeight: 16, formatter: v => (Number.isInteger(v) && names[v] !== undefined
              ? names[v] + '\n' + rows[v].verdict.toLowerCase() : '') } },
          yAxis: { type: 'value', scale: true, axisLine: { onZero: false } },
          series: series
        }, 'short');
      });
    }

    function rowTable() {
      section('Every figure', 'Run ' + runA.run_id + ' is A, ' + runB.run_id + ' is B; differences are B-A, as % of A\'s mean.');
      const t = el('table', { id: 'comparison-table' });
      t.append(el('thead', {}, [el('tr', {}, ['target', 'figure', 'A: mean (per round)', 'B: mean (per round)',
        'difference B-A (90% interval)', 'B-A, ' + familyLevel() + '% interval', 'margin ±', 'p', 'detectable',
        'rounds a side to show it equivalent, were the runs alike', 'verdict']
        .map(h => el('th', {}, [h])))]));
      const body = el('tbody');
      data.rows.forEach(r => {
        const base = Math.abs(mean(r.a));
        const cell = (figure, value, text) => el('td', { class: 'num', 'data-figure': figure, 'data-value': String(value) }, [text]);
        body.append(el('tr', { 'data-target': r.target, 'data-figure': r.figure }, [
          el('td', {}, [r.target]), el('td', {}, [r.figure]),
          el('td', { class: 'num', 'data-figure': 'a' }, [sample(r.a)]), el('td', { class: 'num', 'data-figure': 'b' }, [sample(r.b)]),
          cell('difference', r.difference, relative(r.difference, base) + ' (' + relative(r.ci90[0], base) + ' to '
            + relative(r.ci90[1], base) + ')'),
          cell('family-interval', r.ci_family[0], relative(r.ci_family[0], base) + ' to ' + relative(r.ci_family[1], base)),
          cell('margin', r.margin_abs, num(r.margin_abs)),
          cell('p', r.p, typeof r.p === 'number' ? r.p.toPrecision(2) : 'n/a'),
          cell('detectable', r.detectable, relative(r.detectable, base).replace('+', '±')),
          cell('rounds', r.rounds_for_equivalence, r.verdict !== 'INCONCLUSIVE' ? '-'
            : r.rounds_for_equivalence > data.most_rounds ? 'over ' + data.most_rounds : String(r.rounds_for_equivalence)),
          el('td', { class: 'verdict verdict-' + r.verdict, 'data-verdict': r.verdict }, [r.verdict.toLowerCase()])
        ]));
      });
      t.append(body);
      main.append(t);
    }

    document.getElementById('loading').remove();
    window.reportCommon.drawSections([header, differences, figureCharts, rowTable], charts, 'compare');
  }
})();
