// report.html's charts and tables, drawn from the run's summary.json inlined in the page (#summary)
// and what the harness judged beside it (#report-facts: the notes and the ladder's objectives).
// Every section appears only where its data exists; a missing figure
// reads "n/a". A figure of the wrong type is reported in #js-errors, never drawn as if it were right.
'use strict';
(function () {
  window.reportCommon.drawPage('report.html', draw);

  function draw() {
    const summary = JSON.parse(document.getElementById('summary').textContent);
    const facts = JSON.parse(document.getElementById('report-facts').textContent);
    const main = document.getElementById('report');
    const noise = {}; // target -> why it is within the noise of direct (Analysis's rule, in the summary)
    (Array.isArray(summary.targets) ? summary.targets : []).forEach(t => {
      const why = t && t.relative_to_direct ? t.relative_to_direct.within_noise_of_direct : null;
      if (typeof why === 'string') {
        noise[t.name] = why;
      }
    });
    const SUMMARY_PERCENTILES = [['p50', 0.5], ['p90', 0.9], ['p99', 0.99], ['p99_9', 0.999], ['p99_99', 0.9999]];
    const charts = [];

    // ---- small helpers ----

    /** A number, or null where the figure is absent; a figure of another type is reported. */
    function num(value, what) {
      if (value === null || value === undefined) {
        return null;
      }
      if (typeof value === 'number' && isFinite(value)) {
        return value;
      }
      if (value === 'n/a') {
        return null;
      }
      console.warn('summary figure ' + what + ': expected a number, found ' + JSON.stringify(value));
      return null;
    }

    function at(object, path) {
      return path.reduce((o, key) => (o !== null && typeof o === 'object' ? o[key] : undefined), object);
    }

    const { el, fmt } = window.reportCommon;
    /** One colour per gateway on every chart that tells gateways apart (common.js). */
    const colourOf = window.reportCommon.gatewayColour;

    /** A note's Markdown (bold, code) as HTML, the text escaped first. */
    function inlineMarkdown(text) {
      const span = document.createElement('span');
      span.textContent = String(text);
      span.innerHTML = span.innerHTML.replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>').replace(/`([^`]+)`/g, '<code>$1</code>');
      return span;
    }

    function section(title, caption) {
      main.append(el('h2', {}, [title]));
      if (caption) {
        main.append(el('p', { class: 'caption' }, [caption]));
      }
    }

    function caption(text) {
      main.append(el('p', { class: 'caption' }, [text]));
    }

    /** A chart in its own div; drawn as SVG without animation, so the page is complete as soon as the script ends. */
    function chart(id, option, cssClass) {
      const c = window.reportCommon.chart(main, charts, id, option, cssClass);
      const bottom = option.grid && option.grid.bottom;
      if (typeof bottom === 'number' && bottom > 40) { // rotated target names below: the plot keeps its height above them
        c.getDom().style.height = ((cssClass === 'short' ? 320 : 420) + bottom - 40) + 'px';
        c.resize();
      }
      return c;
    }

    /** Many targets: no value labels on the bars (they would overlap) and no charts side by side. */
    function many(names) {
      return names.length > 12;
    }

    /** A plain table; a cell is text, a Node, or {text, value, figure, cls} for a figure the report test reads. */
    function table(id, headers, rows) {
      const t = el('table', { id: id });
      t.append(el('thead', {}, [el('tr', {}, headers.map(h => el('th', {}, [h])))]));
      const body = el('tbody');
      rows.forEach(r => {
        const tr = el('tr', r.attributes || {});
        r.cells.forEach(c => {
          if (c instanceof Node) {
            tr.append(el('td', {}, [c]));
          } else if (c !== null && typeof c === 'object') {
            tr.append(el('td', { class: c.text === 'n/a' ? 'na' : (c.cls || 'num'), 'data-figure': c.figure,
              'data-value': c.value === null || c.value === undefined ? null : String(c.value) }, [c.text]));
          } else {
            tr.append(el('td', {}, [c === null || c === undefined ? 'n/a' : String(c)]));
          }
        });
        body.append(tr);
      });
      t.append(body);
      main.append(t);
      return t;
    }

    function categoryAxis(names) {
      return { type: 'category', data: names, axisLabel: { interval: 0, rotate: names.length > 7 ? 40 : 0 } };
    }

    function gridFor(names) {
      const longest = Math.max(0, ...names.map(n => n.length));
      return { left: 70, right: 30, top: 50, bottom: names.length > 7 ? 30 + Math.round(longest * 4.5) : 40, containLabel: false };
    }

    const targets = summary.targets;
    if (!Array.isArray(targets)) {
      throw new Error('summary.targets is not a list (' + JSON.stringify(targets) + '): the summary is broken');
    }
    const measured = targets.filter(t => !t.failure && Array.isArray(t.rounds) && t.rounds.length > 0);

    // ---- sections ----

    function header() {
      const runId = summary.run_id || 'n/a';
      document.title = 'Gateway benchmark run ' + runId;
      main.append(el('h1', {}, ['Gateway benchmark run ' + runId]));
      const machine = summary.machine || {};
      const load = summary.load || {};
      const loadText = load.model === 'closed' ? 'closed model, ' + load.users + ' users'
        : load.model ? 'open model, ' + load.rate_rps + ' req/s' : 'n/a';
      caption('Commit ' + (summary.git_commit || 'n/a') + ', ' + (machine.cpus || 'n/a') + ' CPUs (' + (machine.cpu_model || 'n/a') + '), '
        + (machine.os || 'n/a') + '. Load: ' + loadText + ', ' + (summary.rounds || 'n/a') + ' round(s). Placement: '
        + (at(summary, ['placement', 'summary']) || 'n/a') + '. Beside this file: summary.md (the headline as text), details.md '
        + '(every table as text) and summary.json (the data).');
      if (summary.origin) { // --origin: the user's service, not Tomcat (RunSummary.origin says the same in summary.md)
        const o = summary.origin;
        caption('Origin: your service at ' + o.url + ', running before the run (neither started, stopped nor sampled by it), asked for '
          + o.page + ' by every request; direct is that service called without a gateway. Every answer had to be status 200 and '
          + (o.marker ? 'contain "' + o.marker + '".' : 'the page\'s exact length.'));
      }
    }

    /**
     * The tables made in Java to be drawn as they are (report.Table: CostTables of a run at equal rates), each figure
     * with its value for the report test; this page formats none of them.
     */
    function tables() {
      (facts.tables || []).forEach(t => {
        section(t.title, t.caption.replace(/\*([^*]+)\*/g, '$1'));
        table(t.id, t.headers, t.rows.map(r => ({
          attributes: { 'data-target': r[0].text },
          cells: r.map((c, i) => (i === 0 ? c.text
            : c.value === null || c.value === undefined ? { text: c.text, cls: 'num' }
              : { text: c.text, value: c.value, figure: t.headers[i] }))
        })));
      });
    }

    /**
     * The verdict (VerdictTable, in Java: which rows, their order, their words): one row per gateway, ranked by
     * throughput relative to direct; in a run at equal rates, titled as the 2019 study's view, after the equal rates'
     * tables. Each figure keeps its value for the report test.
     */
    function verdict() {
      const v = facts.verdict;
      if (!v || !Array.isArray(v.rows)) {
        return;
      }
      section(v.title || 'Verdict', v.caption.replace(/\*([^*]+)\*/g, '$1'));
      const cell = (c, figure) => (c && c.value !== null && c.value !== undefined ? { text: c.text, value: c.value, figure: figure }
        : { text: c ? c.text : 'n/a', cls: 'num' });
      table('verdict', v.headers, v.rows.map(r => ({
        attributes: { 'data-target': r.target },
        cells: [r.target, cell(r.throughput, 'throughput'), cell(r.by_wrk, 'by_wrk'), cell(r.cpu, 'cpu'),
          ...(r.added ? [cell(r.added, 'added')] : []), ...(r.max_rate ? [cell(r.max_rate, 'max_rate')] : []),
          ...(r.hostile ? [cell(r.hostile, 'hostile')] : []),
          r.caveat === '-' ? '-' : el('span', { class: 'noise-mark' }, [r.caveat])]
      })));
    }

    /** A target's paired interval of throughput relative to direct: the 95% interval where there is one, else min-max. */
    function interval(t) {
      const paired = at(t, ['spread', 'throughput_relative_to_direct']);
      if (!paired || t.name === 'direct') {
        return null;
      }
      const ci = num(paired.ci95_low, t.name + ' ci95_low') !== null && num(paired.ci95_high, t.name + ' ci95_high') !== null;
      const low = num(ci ? paired.ci95_low : paired.min, t.name + ' interval low');
      const high = num(ci ? paired.ci95_high : paired.max, t.name + ' interval high');
      return low === null || high === null ? null : { low: low, high: high, kind: ci ? '95% interval' : 'lowest-highest round' };
    }

    /** The ladder rates the headline shows microseconds at, where Vegeta sent the ladder (MicrosecondTables, in Java). */
    const microRates = Array.isArray(facts.microsecond_rates) ? facts.microsecond_rates : [];
    const micros = microRates.length > 0;

    /** Error bars [index, low, high] on a category axis, as a custom series. */
    function errorBars(data) {
      return {
        type: 'custom', name: 'interval', z: 10, data: data, encode: { x: 0, y: [1, 2] },
        renderItem: (params, api) => {
          const low = api.coord([api.value(0), api.value(1)]);
          const high = api.coord([api.value(0), api.value(2)]);
          const half = api.size([1, 0])[0] * 0.12;
          const style = { stroke: '#24292f', lineWidth: 1.5 };
          return {
            type: 'group', children: [
              { type: 'line', shape: { x1: low[0], y1: low[1], x2: high[0], y2: high[1] }, style: style },
              { type: 'line', shape: { x1: low[0] - half, y1: low[1], x2: low[0] + half, y2: low[1] }, style: style },
              { type: 'line', shape: { x1: high[0] - half, y1: high[1], x2: high[0] + half, y2: high[1] }, style: style }]
          };
        }
      };
    }

    function headline() {
      const rows = measured.filter(t => t.relative_to_direct);
      if (rows.length === 0) {
        return;
      }
      const names = rows.map(t => t.name);
      const throughput = rows.map(t => {
        const v = num(at(t, ['relative_to_direct', 'throughput']), t.name + ' relative_to_direct.throughput');
        return v === null ? null : v * 100;
      });
      const intervals = rows.map(interval);
      const kinds = [...new Set(intervals.filter(i => i).map(i => i.kind))];
      section('Throughput relative to direct',
        'Each target\'s throughput as % of direct\'s from the same run (median of the per-round ratios, paired round by round). '
        + (kinds.length === 0 ? 'No interval: the run has one round.'
          : 'Error bars: ' + (kinds.length === 1 ? 'the ' + kinds[0] + ' of the paired ratio'
            : 'the 95% interval of the paired ratio where the summary has one, else its lowest and highest round') + '.')
        + ' Each gateway in its colour; amber, marked "≈ direct": within the noise of direct (the difference is not established).');
      chart('headline-throughput', {
        tooltip: {
          trigger: 'axis', axisPointer: { type: 'shadow' }, formatter: params => {
            const i = names.indexOf(params[0].name); // the interval series holds only the targets that have one
            const iv = intervals[i];
            return names[i] + ': ' + fmt(throughput[i], 1, '% of direct')
              + (iv ? '<br>' + iv.kind + ': ' + fmt(iv.low * 100, 1) + '-' + fmt(iv.high * 100, 1) + '%' : '')
              + (noise[names[i]] ? '<br>within the noise of direct: ' + noise[names[i]] : '');
          }
        },
        grid: gridFor(names),
        xAxis: categoryAxis(names),
        yAxis: { type: 'value', name: '% of direct', axisLabel: { formatter: '{value}%' } },
        series: [{
          type: 'bar', name: 'throughput',
          data: throughput.map((v, i) => ({ value: v, itemStyle: { color: noise[names[i]] ? '#d4a72c' : colourOf(names[i]) } })),
          label: { show: true, position: 'insideBottom', color: '#fff', formatter: p => (noise[names[p.dataIndex]] ? '≈ direct' : '') },
          markLine: { silent: true, symbol: 'none', data: [{ yAxis: 100 }], label: { formatter: 'direct', position: 'insideEndTop' },
            lineStyle: { color: '#57606a' } }
        }, errorBars(intervals.map((iv, i) => (iv ? [i, iv.low * 100, iv.high * 100] : null)).filter(d => d))]
      });

      // With microseconds at equal rates (Vegeta's ladder), the closed load's whole-millisecond multiples leave the headline.
      const latency = micros ? [] : [['p99', 'P99'], ['p99_9', 'P99.9'], ['max', 'max']];
      const multiples = rows.map(t => latency.map(([key]) => num(at(t, ['relative_to_direct', 'latency', key]),
        t.name + ' relative_to_direct.latency.' + key)));
      if (!micros) {
        caption('Latency as a multiple of direct\'s (medians over rounds; Gatling records whole milliseconds, so a '
        + 'multiple of a 0 ms figure is n/a and has no bar).');
      chart('headline-latency', {
        tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: v => fmt(v === undefined ? null : v, 2, 'x') },
        legend: { top: 0 },
        grid: gridFor(names),
        xAxis: categoryAxis(names),
        yAxis: { type: 'value', name: 'x direct' },
        series: latency.map(([, label], k) => ({
          type: 'bar', name: label, data: multiples.map(m => m[k]),
          markLine: k > 0 ? undefined : { silent: true, symbol: 'none', data: [{ yAxis: 1 }], label: { formatter: 'direct', position: 'insideEndTop' } }
        }))
        }, 'short');
      }

      /** wrk's rate over Gatling's where the cross-check found Gatling the limit (its valid checks that did), else null. */
      const wrkLimit = t => {
        const limited = (Array.isArray(t.wrk_cross_check) ? t.wrk_cross_check : [])
          .filter(c => c && c.valid !== false && c.injector_limited === true).map(c => num(c.wrk_over_gatling, t.name + ' wrk_over_gatling'));
        return limited.length === 0 ? null : Math.max(...limited);
      };
      /** A figure over rounds (a range) as its median with the 95% interval of its geometric mean, where it has one. */
      const withInterval = (range, what) => {
        const median = num(range.median, what);
        return median === null ? 'n/a' : fmt(median, 0) + (range.ci95_low === undefined ? ''
          : ' (' + fmt(num(range.ci95_low, what), 0) + '-' + fmt(num(range.ci95_high, what), 0) + ')');
      };
      const cpuCells = t => (t.gateway_cpu ? [
        { text: withInterval(t.gateway_cpu.ms_per_1000_requests, t.name + ' gateway_cpu'), value: t.gateway_cpu.ms_per_1000_requests.median,
          figure: 'gateway_cpu.ms_per_1000_requests' },
        { text: withInterval(t.gateway_cpu.requests_per_core_second, t.name + ' gateway_cpu'), value: t.gateway_cpu.requests_per_core_second.median,
          figure: 'gateway_cpu.requests_per_core_second' }] : ['-', '-']);
      /** Rounds whose closed load never reached a steady rate within the warm-up: part of what was measured was warming up. */
      const warmCell = t => (typeof t.not_warm_rounds !== 'number' ? 'n/a' : t.not_warm_rounds === 0 ? 'warm'
        : { text: 'not warm: ' + t.not_warm_rounds + '/' + (Array.isArray(t.rounds) ? t.rounds.length : '?') + ' rounds', value: t.not_warm_rounds,
          figure: 'not_warm_rounds', cls: 'noise-mark' });
      table('headline-table', ['target', 'throughput, % of direct', 'interval', 'within the noise of direct', 'injector-limited (wrk / Gatling)',
        'warm-up (steady within it)', 'gateway CPU ms / 1,000 req (95% interval)', 'req/s per gateway core (95% interval)', ...latency.map(([, label]) => label + ' x'), 'errors'],
        targets.map(t => {
          const i = rows.indexOf(t);
          if (i < 0) {
            return { attributes: { 'data-target': t.name }, cells: [t.name, 'not measured: ' + (t.failure || 'no direct baseline'), '', '', '',
              '', '', '', ...latency.map(() => ''), ''] };
          }
          const iv = intervals[i];
          const tp = num(at(t, ['relative_to_direct', 'throughput']), t.name + ' throughput');
          return {
            attributes: { 'data-target': t.name, class: noise[t.name] ? 'noise' : null },
            cells: [t.name,
              { text: fmt(throughput[i], 1, '%'), value: tp, figure: 'throughput' },
              { text: iv ? fmt(iv.low * 100, 1) + '-' + fmt(iv.high * 100, 1) + '% (' + iv.kind + ')' : 'n/a', cls: 'num' },
              noise[t.name] ? el('span', { class: 'noise-mark' }, ['yes: ' + noise[t.name]]) : (iv ? 'no' : 'n/a'),
              wrkLimit(t) === null ? (Array.isArray(t.wrk_cross_check) ? 'no' : 'n/a')
                : { text: 'yes: wrk ' + fmt(wrkLimit(t), 2, 'x'), value: wrkLimit(t), figure: 'wrk_over_gatling', cls: 'noise-mark' },
              warmCell(t),
              ...cpuCells(t),
              ...latency.map(([key], k) => ({ text: fmt(multiples[i][k], 2, 'x'), value: multiples[i][k], figure: key })),
              { text: String(t.errors === undefined ? 'n/a' : t.errors), value: t.errors, figure: 'errors' }]
          };
        }));
    }

    /**
     * Latency at equal offered rates, to the microsecond (Vegeta's ladder): per headline rate, what each target adds over
     * direct at P50 with its 95% interval over rounds, and every target's percentiles in a table.
     */
    function microseconds() {
      if (!micros) {
        return;
      }
      section('Latency at equal offered rates, in microseconds',
        'Every target offered the same fixed rates by Vegeta, each request timed from its intended send to its complete response. '
        + 'Added over direct: the mean over rounds of the target\'s figure less direct\'s in the same round'
        + (measured.some(t => Array.isArray(t.fixed_rate) && t.fixed_rate.some(l => at(l, ['added_over_direct_us', 'measured_from']) === 'actual send'))
          ? ', each request timed from the instant Vegeta sent it (its own lateness differs from one target\'s level to another\'s)' : '')
        + ', error bars its 95% interval '
        + '(Student\'s t over rounds); only rounds in which both levels were measured as planned count (the table names those left out).');
      const level = (t, rate) => (Array.isArray(t.fixed_rate) ? t.fixed_rate.find(l => l.rate_rps === rate) : undefined);
      const others = measured.filter(t => t.name !== 'direct' && Array.isArray(t.fixed_rate));
      const names = others.map(t => t.name);
      microRates.forEach(rate => {
        const added = others.map(t => at(level(t, rate), ['added_over_direct_us', 'p50']));
        const means = added.map((a, i) => num(at(a, ['mean']), names[i] + ' added_over_direct_us.p50.mean at ' + rate));
        caption('At ' + rate + ' req/s: microseconds added over direct at P50.');
        chart('us-added-' + rate, {
          tooltip: {
            trigger: 'axis', axisPointer: { type: 'shadow' }, formatter: params => {
              const i = names.indexOf(params[0].name);
              const a = added[i];
              return names[i] + ': ' + fmt(means[i], 0, ' us')
                + (a && typeof a.ci95_low === 'number' ? '<br>95% interval: ' + fmt(a.ci95_low, 0) + ' to ' + fmt(a.ci95_high, 0) + ' us' : '');
            }
          },
          grid: gridFor(names),
          xAxis: categoryAxis(names),
          yAxis: { type: 'value', name: 'us over direct' },
          series: [{ type: 'bar', name: 'added at P50', data: means },
            errorBars(added.map((a, i) => (a && typeof a.ci95_low === 'number' ? [i, a.ci95_low, a.ci95_high] : null)).filter(d => d))]
        }, 'short');
      });
      const keys = [['p50', 'P50'], ['p90', 'P90'], ['p99', 'P99'], ['p99_9', 'P99.9'], ['max', 'max']];
      const withInterval = a => (a ? fmt(a.mean, 0, '') + (typeof a.ci95_low === 'number' ? ' (' + fmt(a.ci95_low, 0) + ' to '
        + fmt(a.ci95_high, 0) + ')' : '') : '');
      const of = (n, reached, leftOut) => n + ' of ' + reached + (leftOut.length ? ' (' + leftOut.join('; ') + ')' : '');
      // the rounds the percentiles count, and the added figures' where direct's level left out more (as summary.md says it)
      const counted = (l, added) => {
        const us = l.latency_us_over_rounds;
        if (!us) {
          return added ? of(added.rounds_counted, l.rounds_reached, added.rounds_left_out) : l.rounds_reached + ' reached';
        }
        const own = of(us.rounds_counted, l.rounds_reached, us.rounds_left_out);
        if (!added || added.rounds_counted === us.rounds_counted) {
          return own;
        }
        const direct = added.rounds_left_out.filter(w => !w.includes('the target'));
        return own + '; added: ' + added.rounds_counted + (direct.length ? ' (' + direct.join('; ') + ')' : '');
      };
      const rows = [];
      measured.filter(t => Array.isArray(t.fixed_rate)).forEach(t => microRates.forEach(rate => {
        const l = level(t, rate);
        const added = l ? l.added_over_direct_us : undefined;
        rows.push({
          attributes: { 'data-target': t.name, 'data-rate': String(rate) },
          cells: [t.name, String(rate),
            ...keys.map(([key]) => {
              if (l && l.latency_us_over_rounds) { // the rounds measured as planned: median, and its interval
                const v = l.latency_us_over_rounds[key];
                const median = v ? num(v.median, t.name + ' fixed_rate ' + rate + ' latency_us_over_rounds.' + key + '.median') : null;
                return {
                  text: median === null ? '-' : fmt(median, 0, '') + (typeof v.ci95_low === 'number'
                    ? ' (' + fmt(v.ci95_low, 0, '') + '-' + fmt(v.ci95_high, 0, '') + ')' : ''),
                  value: median, figure: 'us.' + key
                };
              }
              const ms = l ? num(at(l, ['latency_ms', key]), t.name + ' fixed_rate ' + rate + ' latency_ms.' + key) : null;
              return { text: ms === null ? 'n/a' : fmt(ms * 1000, 0), value: ms === null ? null : Math.round(ms * 1000), figure: 'us.' + key };
            }),
            { text: added ? withInterval(added.p50) : '', value: added && added.p50 ? added.p50.mean : null, figure: 'added_us.p50' },
            { text: added ? withInterval(added.p99) : '', value: added && added.p99 ? added.p99.mean : null, figure: 'added_us.p99' },
            l ? counted(l, added) : 'not reached']
        });
      }));
      table('us-table', ['target', 'rate req/s', ...keys.map(([, label]) => label + ' us'), 'added at P50 us', 'added at P99 us', 'rounds counted'], rows);
    }

    function absolute() {
      const rows = measured.filter(t => t.latency_ms);
      if (rows.length === 0) {
        return;
      }
      const keys = [['mean', 'mean'], ['p50', 'P50'], ['p90', 'P90'], ['p99', 'P99'], ['p99_9', 'P99.9'], ['p99_99', 'P99.99'], ['max', 'max']];
      section('Absolute figures', 'Requests summed over rounds; throughput and each latency (ms, Gatling\'s whole milliseconds) '
        + 'the median over rounds, under the closed load.');
      table('absolute', ['target', 'requests (all rounds)', 'req/s', ...keys.map(([, label]) => label + ' ms')], rows.map(t => ({
        attributes: { 'data-target': t.name },
        cells: [t.name,
          { text: fmt(num(t.requests, t.name + ' requests'), 0), value: t.requests, figure: 'requests' },
          { text: fmt(num(t.throughput_rps, t.name + ' throughput_rps'), 0), value: t.throughput_rps, figure: 'throughput_rps' },
          ...keys.map(([key]) => {
            const v = num(t.latency_ms[key], t.name + ' latency_ms.' + key);
            return { text: fmt(v, v !== null && v !== Math.round(v) ? 1 : 0), value: v, figure: 'latency_ms.' + key };
          })]
      })));
    }

    /** The round whose throughput is the median (the lower of the middle two): the one whose spectrum is drawn. */
    function medianRound(t) {
      const rounds = t.rounds.filter(r => num(r.throughput_rps, t.name + ' round throughput_rps') !== null);
      if (rounds.length === 0) {
        return null;
      }
      const sorted = rounds.slice().sort((a, b) => a.throughput_rps - b.throughput_rps);
      return sorted[Math.floor((sorted.length - 1) / 2)];
    }

    /** 1/(1-p) on the axis as the percentile it stands for: 10 is 90%, 1000 is 99.9%. */
    function percentileLabel(x) {
      if (x <= 1) {
        return '0%';
      }
      const digits = Math.max(0, Math.round(Math.log10(x)) - 2);
      return (100 * (1 - 1 / x)).toFixed(digits) + '%';
    }

    function spectrum() {
      const rows = measured.filter(t => t.latency_ms);
      if (rows.length === 0) {
        return;
      }
      const fromSummary = [];
      const seriesOf = t => {
        const round = medianRound(t);
        const points = round && Array.isArray(round.latency_spectrum_ms) ? round.latency_spectrum_ms : [];
        let data = points.map(p => [num(p[0], t.name + ' spectrum fraction'), num(p[1], t.name + ' spectrum ms')])
          .filter(p => p[0] !== null && p[1] !== null && p[0] < 1).map(p => [1 / (1 - p[0]), p[1]]);
        if (data.length === 0) {
          fromSummary.push(t.name);
          data = SUMMARY_PERCENTILES.map(([key, p]) => [1 / (1 - p), num(t.latency_ms[key], t.name + ' latency_ms.' + key)])
            .filter(p => p[1] !== null);
        }
        return t.name === 'direct'
          ? { type: 'line', name: t.name, data: data, showSymbol: fromSummary.includes(t.name), symbolSize: 5, itemStyle: { color: '#57606a' },
            lineStyle: { type: 'dashed' } }
          : { type: 'line', name: t.name, data: data, showSymbol: fromSummary.includes(t.name), symbolSize: 5 };
      };
      // Many targets (a JVM profile or scenario run): one chart per gateway, direct in each, instead of 40 lines on one
      const groups = byGateway(rows, true);
      const series = groups.map(([g, members]) => [g, members.map(seriesOf)]);
      section('Latency spectrum',
        'Latency (ms) at each percentile, the percentile on a log scale of 1/(1-p) so the tail is spread out. '
        + (fromSummary.length === rows.length
          ? 'From the summary\'s percentiles only (P50, P90, P99, P99.9, P99.99, medians over rounds): this run\'s summary has no per-round spectrum.'
          : 'Each target\'s round of median throughput, every row of its HdrHistogram distribution'
            + (fromSummary.length ? '; from the summary\'s percentiles only for ' + fromSummary.join(', ') : '') + '.')
        + ' The maximum is in the tables above. Click a name in the legend to hide or show its line.'
        + (groups.length > 1 ? ' One chart per gateway, each with direct (dashed) for reference.' : ''));
      series.forEach(([g, lines]) => {
        if (g) {
          main.append(el('h3', {}, [g]));
        }
        chart(g ? 'latency-spectrum-' + g : 'latency-spectrum', {
          tooltip: { trigger: 'item', formatter: p => p.seriesName + ': ' + p.value[1] + ' ms at ' + percentileLabel(p.value[0]) },
          legend: { top: 0, type: 'scroll' },
          grid: { left: 70, right: 40, top: g ? 80 : 60, bottom: 50 },
          xAxis: { type: 'log', logBase: 10, min: 1, max: 'dataMax', name: 'percentile', nameLocation: 'middle', nameGap: 28,
            axisLabel: { formatter: percentileLabel } },
          yAxis: { type: 'value', name: 'ms' },
          series: lines
        });
      });
    }

    function ladder() {
      const rates = at(summary, ['ladder', 'rates_rps']);
      const rows = measured.filter(t => Array.isArray(t.fixed_rate) && t.fixed_rate.length > 0);
      if (!Array.isArray(rates) || rows.length === 0) {
        return;
      }
      const objectives = facts.objectives || [];
      section('Fixed-rate ladder',
        'P99 and max latency at each offered rate (open model), medians over the rounds that measured the target at that rate '
        + '(a round overloaded or sent late by the injector is left out). A hollow symbol: the target was overloaded, or the '
        + 'injector late, at that level in some round; a gap: no round measured it. Dashed lines: the '
        + 'objectives\' bounds; a pin: the target\'s maximum sustainable rate under that objective (median over rounds).');
      [['p99', 'P99'], ['max', 'max']].forEach(([key, label]) => {
        const bounded = objectives.filter(o => o.percentile === key);
        const series = rows.map(t => {
          const data = t.fixed_rate.map(level => {
            const rate = num(level.rate_rps, t.name + ' rate_rps');
            const reached = num(level.rounds_reached, t.name + ' rounds_reached') || 0;
            const overloaded = num(level.rounds_overloaded, t.name + ' rounds_overloaded') || 0;
            const late = num(level.rounds_injector_limited, t.name + ' rounds_injector_limited') || 0;
            const v = reached > 0 ? num(at(level, ['latency_ms', key]), t.name + ' fixed_rate latency_ms.' + key) : null;
            return {
              value: [rate, v], reached: reached, overloaded: overloaded, late: late,
              symbol: overloaded + late > 0 ? 'emptyCircle' : 'circle', symbolSize: overloaded + late > 0 ? 11 : 6
            };
          });
          const pins = bounded.map(o => {
            const rate = num(at(t, ['max_sustainable', o.name, 'rate_rps']), t.name + ' max_sustainable');
            const point = data.find(d => d.value[0] === rate && d.value[1] !== null);
            return point ? { coord: point.value, name: o.name, value: rate } : null;
          }).filter(p => p);
          return {
            type: 'line', name: t.name, data: data, connectNulls: false, showAllSymbol: true,
            // unlabelled: targets often share a rate, and their labels would pile up; the tooltip and the table below give it
            markPoint: pins.length ? { symbol: 'pin', symbolSize: 26, label: { show: false }, data: pins } : undefined,
            markLine: bounded.length && t === rows[0] ? {
              silent: true, symbol: 'none', lineStyle: { type: 'dashed', color: '#cf222e' },
              data: bounded.map(o => ({ yAxis: o.bound_ms, label: { formatter: o.name + ': ' + o.bound_ms + ' ms', position: 'insideEndTop' } }))
            } : undefined
          };
        });
        chart('ladder-' + key.replace('_', ''), {
          title: { text: label + ' latency vs offered rate', left: 'center', textStyle: { fontSize: 13 } },
          tooltip: {
            trigger: 'item', formatter: p => {
              if (p.componentType === 'markPoint') {
                return p.seriesName + ': maximum sustainable rate under ' + p.name + ', ' + p.value + ' req/s (median over rounds)';
              }
              if (p.componentType !== 'series') {
                return p.name + (p.value !== undefined ? ': ' + p.value : '');
              }
              const d = p.data;
              return p.seriesName + ' at ' + d.value[0] + ' req/s: ' + label + ' ' + fmt(d.value[1], 1, ' ms')
                + '<br>reached in ' + d.reached + ' round(s)' + (d.overloaded > 0 ? ', <b>overloaded</b> in ' + d.overloaded : '')
                + (d.late > 0 ? ', <b>injector-limited</b> in ' + d.late + ' (left out)' : '');
            }
          },
          legend: { top: 24, type: 'scroll' },
          grid: { left: 70, right: 40, top: 70, bottom: 50 },
          xAxis: { type: 'value', name: 'offered req/s', nameLocation: 'middle', nameGap: 28, min: 'dataMin', max: 'dataMax' },
          yAxis: { type: 'value', name: label + ' ms' },
          series: series
        });
      });
      if (objectives.length === 0) {
        return;
      }
      caption('Maximum sustainable rate: per round, the highest level at which the objective held there and at every level '
        + 'below; here the median over rounds (the lower of the middle two) with the lowest and highest round, and per round the '
        + 'first level that failed and why. A level the injector could not deliver is neither a pass nor a failure: a round stopped '
        + 'there (injector-limited) is left out of the median, and where every round was, the rate reads "at least". '
        + objectives.map(o => o.name + ': ' + o.description).join('; ') + '.');
      const found = [];
      rows.forEach(t => objectives.forEach(o => {
        const f = at(t, ['max_sustainable', o.name]);
        if (f) {
          found.push({ target: t, objective: o, found: f });
        }
      }));
      table('max-sustainable', ['target', 'objective', 'req/s', 'lowest-highest round', 'verdict (where the objective has a minimum rate)',
        'direct\'s ceiling (at or above it: a lower bound)', 'first failed level, per round'],
        found.map(({ target, objective, found: f }) => {
          const rate = num(f.rate_rps, target.name + ' max_sustainable.' + objective.name);
          // no level held in the median round: what failed first, never a rate of 0 (MaxSustainable.rateText)
          const first = rate === 0 && !f.at_least && Array.isArray(f.rounds)
            ? f.rounds.find(r => r.rate_rps === 0 && r.next_level_rps !== null && r.next_level_rps !== undefined)
            : undefined;
          const rateCell = first ? { text: 'below ' + String(first.next_level_rps) + ' req/s (its first level failed: '
            + first.next_level_because + ')', value: rate, figure: 'rate_rps' }
            : { text: (f.at_least ? 'at least ' : '') + fmt(rate, 0), value: rate, figure: 'rate_rps' };
          const perRound = Array.isArray(f.rounds) ? f.rounds.map(r => (r.next_level_rps === null || r.next_level_rps === undefined
            ? 'none' : r.next_level_rps + ': ' + r.next_level_because)).join('; ') : 'n/a';
          const limited = !f.injector_limited_rounds ? '' : f.at_least ? ' (every round injector-limited)'
            : ' (' + f.injector_limited_rounds + ' of ' + f.rounds.length + ' rounds injector-limited, left out)';
          return {
            attributes: { 'data-target': target.name, 'data-objective': objective.name },
            cells: [target.name, objective.name, rateCell,
              { text: (f.min_rps === 0 ? 'none' : fmt(num(f.min_rps, 'min_rps'), 0)) + '-'
                + fmt(num(f.max_rps, 'max_rps'), 0) + limited, cls: 'num' },
              f.verdict === undefined ? 'n/a' : (f.verdict ? 'yes' : 'no'),
              f.direct_ceiling_rps === undefined ? '' : { text: (rate > f.direct_ceiling_rps ? 'above it: ' : 'at it: ')
                + fmt(num(f.direct_ceiling_rps, 'direct_ceiling_rps'), 0), value: f.direct_ceiling_rps, figure: 'direct_ceiling_rps', cls: 'noise-mark' },
              perRound]
          };
        }));
    }

    /**
     * Targets in groups to chart: all in one, or with many (a JVM profile, scenario or workers run) one group per gateway,
     * small multiples instead of 40 bars on one axis; {@code withDirect} puts direct first in each group.
     */
    function byGateway(rows, withDirect) {
      const gatewayOf = window.reportCommon.gatewayOf;
      const direct = withDirect ? rows.filter(t => t.name === 'direct') : [];
      const others = rows.filter(t => t.name !== 'direct');
      return many(rows.map(t => t.name))
        ? [...new Set(others.map(gatewayOf))].map(g => [g, direct.concat(others.filter(t => gatewayOf(t) === g))])
        : [['', withDirect ? rows : others]];
    }

    /** A target's name on a chart of its gateway's alone: its variant (scg@jdk25: jdk25, nginx-w2: w2); direct as it is. */
    function variantOf(gateway, name) {
      return gateway && name.startsWith(gateway) && name.length > gateway.length ? name.slice(gateway.length).replace(/^[@:-]/, '') : name;
    }

    /**
     * Bars of one figure per target, each in its gateway's colour; a target without the figure has none. On a chart of one
     * gateway's ({@code gateway}), each bar is named by its variant.
     */
    function bars(id, label, gateway, rows, valueOf, digits) {
      const names = rows.map(t => variantOf(gateway, t.name));
      return chart(id, {
        title: { text: label, left: 'center', textStyle: { fontSize: 13 } },
        tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: v => fmt(v === undefined ? null : v, 1) },
        grid: gridFor(names), xAxis: categoryAxis(names), yAxis: { type: 'value' },
        series: [{ type: 'bar', name: label, data: rows.map(t => ({ value: valueOf(t), itemStyle: { color: colourOf(t.name) } })),
          label: { show: !many(names), position: 'top', formatter: p => fmt(p.value, digits) } }]
      }, 'short');
    }

    function resources() {
      const cpuOf = t => num(at(t, ['resources', 'gateway', 'cpu_ms_per_1000_requests']), t.name + ' gateway cpu_ms_per_1000_requests');
      const memoryOf = t => {
        const g = at(t, ['resources', 'gateway']) || {};
        return num(g.peak_pss_mb !== undefined ? g.peak_pss_mb : g.peak_rss_mb, t.name + ' gateway peak memory');
      };
      const groups = byGateway(measured, false);
      if (measured.some(t => cpuOf(t) !== null || memoryOf(t) !== null)) {
        section('What the gateway costs',
          'The gateway\'s CPU time per 1,000 successful requests and its peak memory (PSS) over the measured window, '
          + 'medians over rounds (memory: the largest), each gateway in its colour'
          + (groups.length > 1 ? ', one pair of charts per gateway, each bar one of its variants.' : '; direct has no gateway.'));
        groups.forEach(([g, rows]) => {
          if (g) {
            main.append(el('h3', {}, [g]));
          }
          const div = el('div', { class: many(rows.map(t => t.name)) ? '' : 'side-by-side' });
          main.append(div);
          [['resources-cpu', 'CPU ms per 1,000 requests', cpuOf], ['resources-memory', 'peak memory, MB', memoryOf]].forEach(([id, label, valueOf]) => {
            if (rows.some(t => valueOf(t) !== null)) {
              const c = bars(g ? id + '-' + g : id, label, g, rows, valueOf, 0);
              div.append(c.getDom());
              c.resize();
            }
          });
        });
      }
      const coresOf = t => num(at(t, ['resources', 'injector', 'cores']), t.name + ' injector cores');
      const lagOf = t => num(at(t, ['probe_us', 'under_load', 'send_lag_us', 'p99']), t.name + ' probe send lag');
      if (measured.some(t => coresOf(t) !== null || lagOf(t) !== null)) {
        const injectorGroups = byGateway(measured, true);
        section('The injector',
          'Cores the injector (Gatling) kept busy, and the microsecond probe\'s send lag under load (P99, µs: how late it '
          + 'sent against its own schedule). A busy injector or a late probe measures itself as well as the target.'
          + (injectorGroups.length > 1 ? ' One chart per gateway, direct first in each.' : ''));
        injectorGroups.forEach(([g, rows]) => {
          if (g) {
            main.append(el('h3', {}, [g]));
          }
          const names = rows.map(t => variantOf(g, t.name));
          chart(g ? 'injector-' + g : 'injector', {
            tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
            legend: { top: 0 },
            grid: Object.assign(gridFor(names), { right: 70 }), xAxis: categoryAxis(names),
            yAxis: [{ type: 'value', name: 'cores' }, { type: 'value', name: 'send lag P99 µs', splitLine: { show: false } }],
            series: [{ type: 'bar', name: 'injector cores', data: rows.map(coresOf) },
              { type: 'line', name: 'probe send lag P99 µs', yAxisIndex: 1, data: rows.map(lagOf), symbolSize: 8 }]
          }, 'short');
        });
      }
    }

    function probes() {
      const rows = measured.filter(t => t.probe_added_us_over_direct && t.name !== 'direct');
      if (rows.length === 0) {
        return;
      }
      const names = rows.map(t => t.name);
      const kinds = [['unloaded', 'alone'], ['under_load', 'under load']];
      const series = [];
      kinds.forEach(([kind, label]) => ['p50', 'p90', 'p99'].forEach(p => {
        series.push({ type: 'bar', name: label + ' ' + p.toUpperCase(),
          data: rows.map(t => num(at(t, ['probe_added_us_over_direct', kind, p]), t.name + ' probe added ' + kind + '.' + p)) });
      }));
      section('What a gateway adds to one request, in microseconds',
        'The single-request probe\'s percentile minus direct\'s: alone (after the load, the target warm and idle) and under load '
        + '(50 req/s beside Gatling\'s measured window). Gatling\'s whole milliseconds cannot show these.');
      chart('probe-added', {
        tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: v => fmt(v === undefined ? null : v, 0, ' µs') },
        legend: { top: 0 },
        grid: gridFor(names), xAxis: categoryAxis(names), yAxis: { type: 'value', name: 'µs added' },
        series: series
      });
    }


    /**
     * A gateway's variants (JVM profiles, scenarios) as a forest plot: each measured one's throughput relative to the reference
     * (the median of its per-round ratios) with its interval (Bonferroni over the gateway's variants), in the analysis's order,
     * and a line at the reference. {@code label}: the rows' key naming each variant.
     */
    function forest(id, gateway, rows, label, reference, colourFor) {
      const shown = rows.filter(r => !r.failure && num(r.throughput_relative, gateway + ' ' + r[label] + ' throughput_relative') !== null);
      if (shown.length === 0) {
        return;
      }
      const profiles = shown.map(r => r[label]);
      const medians = shown.map((r, i) => [r.throughput_relative, i]);
      const intervals = shown.map((r, i) => {
        const spread = r.throughput_relative_spread || {};
        const low = num(spread.ci_low, r.profile + ' ci_low');
        const high = num(spread.ci_high, r.profile + ' ci_high');
        return low === null || high === null ? null : [i, low, high];
      }).filter(d => d);
      const colour = i => (colourFor ? colourFor(profiles[i]) : colourOf(gateway));
      // a log axis, ratios either side of 1 alike; with few rounds an interval can run from 0.001 to 1000: the axis stops at
      // 1/4 and 4 and such a bar runs to the edge without its cap there
      const values = medians.map(m => m[0]).concat(...intervals.map(d => [d[1], d[2]])).filter(v => v > 0);
      const axisMin = Math.max(0.25, Math.min(...values) * 0.95);
      const axisMax = Math.min(4, Math.max(...values) * 1.05);
      const c = chart(id, {
        tooltip: { trigger: 'item', formatter: p => profiles[p.seriesName === 'interval' ? p.data[0] : p.data[1]] + ': '
          + (p.seriesName === 'interval' ? fmt(p.data[1], 3) + '-' + fmt(p.data[2], 3) : fmt(p.data[0], 3)) + ' of the reference' },
        grid: { left: 20 + Math.round(Math.max(...profiles.map(n => n.length)) * 7), right: 40, top: 30, bottom: 40 },
        yAxis: { type: 'category', data: profiles, inverse: true, axisLabel: { interval: 0 } },
        xAxis: { type: 'log', logBase: 2, min: axisMin, max: axisMax, name: 'x ' + reference + ' (log scale)',
          nameLocation: 'middle', nameGap: 25, axisLabel: { formatter: v => fmt(v, v < 1 ? 2 : 1) } },
        series: [{
          type: 'scatter', name: 'throughput relative', data: medians, symbolSize: 9, itemStyle: { color: p => colour(p.dataIndex) }, z: 11,
          markLine: { silent: true, symbol: 'none', data: [{ xAxis: 1 }], label: { formatter: 'reference' }, lineStyle: { color: '#57606a' } }
        }, {
          type: 'custom', name: 'interval', z: 10, data: intervals, encode: { y: 0, x: [1, 2] },
          renderItem: (params, api) => {
            const lowCut = api.value(1) < axisMin;
            const highCut = api.value(2) > axisMax;
            const low = api.coord([lowCut ? axisMin : api.value(1), api.value(0)]);
            const high = api.coord([highCut ? axisMax : api.value(2), api.value(0)]);
            const half = api.size([0, 1])[1] * 0.2;
            const style = { stroke: colour(api.value(0)), lineWidth: 1.5 };
            const children = [{ type: 'line', shape: { x1: low[0], y1: low[1], x2: high[0], y2: high[1] }, style: style }];
            if (!lowCut) {
              children.push({ type: 'line', shape: { x1: low[0], y1: low[1] - half, x2: low[0], y2: low[1] + half }, style: style });
            }
            if (!highCut) {
              children.push({ type: 'line', shape: { x1: high[0], y1: high[1] - half, x2: high[0], y2: high[1] + half }, style: style });
            }
            return { type: 'group', children: children };
          }
        }]
      });
      c.getDom().style.height = (80 + 26 * profiles.length) + 'px';
      c.resize();
    }

    /**
     * A run with scenarios: what each scenario costs each gateway against the same gateway's plain run (the analysis's
     * cost_vs_plain), as one grid of gateways by scenarios, then per gateway a forest plot of the same ratios.
     */
    function scenarios() {
      const cost = at(summary, ['scenarios', 'cost_vs_plain']);
      if (!cost || typeof cost !== 'object') {
        return;
      }
      section('Scenarios: what each costs each gateway',
        'Each cell: throughput under the scenario relative to the same gateway\'s under plain (median of the per-round ratios, both '
        + 'run in the same round; for a response size, the share of direct\'s throughput kept for that file over the share for the book '
        + 'page), then CPU per request relative to plain\'s. ▼ less, ▲ more: established (the interval, Bonferroni over the '
        + 'gateway\'s scenarios, leaves 1); ≈ within the noise. Every scenario\'s own table, with P99 at each rate: summary.md.');
      const unavailable = Array.isArray(at(summary, ['scenarios', 'not_available'])) ? summary.scenarios.not_available : [];
      const names = [...new Set(Object.values(cost).flatMap(rows => rows.map(r => r.scenario)))];
      const mark = (verdict, less, more) => (verdict === 'within the noise' ? ' ≈' : verdict === less ? ' ▼' : verdict === more ? ' ▲' : '');
      table('scenario-grid', ['gateway', ...names], Object.entries(cost).map(([gateway, rows]) => ({
        attributes: { 'data-gateway': gateway },
        cells: [el('span', { style: 'color: ' + colourOf(gateway) + '; font-weight: 600' }, [gateway]), ...names.map(n => {
          const r = rows.find(x => x.scenario === n);
          if (!r) {
            const why = unavailable.find(u => u.scenario === n && String(u.target).split(':')[0] === gateway);
            return { text: why ? 'not available' : 'n/a', cls: 'na' };
          }
          if (r.failure) {
            return { text: 'not measured', cls: 'na' };
          }
          const tp = num(r.throughput_relative, gateway + ' ' + n + ' throughput_relative');
          const cpu = num(r.cpu_per_request_relative, gateway + ' ' + n + ' cpu_per_request_relative');
          return { text: fmt(tp === null ? null : tp * 100, 1, '%') + mark(r.verdict, 'less throughput', 'more throughput')
            + ' · CPU ' + fmt(cpu, 2, 'x') + mark(r.cpu_verdict, 'less CPU per request', 'more CPU per request'),
            value: tp, figure: 'throughput_relative', cls: 'num' };
        })]
      })));
      Object.entries(cost).forEach(([gateway, rows]) => {
        main.append(el('h3', {}, [gateway + ': throughput under each scenario relative to plain']));
        forest('scenario-forest-' + gateway, gateway, rows, 'scenario', 'plain');
      });
    }

    /**
     * A workers sweep: each gateway's throughput with more workers (processes, threads or event loops) relative to the same
     * gateway with the fewest (the analysis's workers_sweep), one forest plot over the gateways, each in its colour.
     */
    function workers() {
      const byGateway = at(summary, ['workers_sweep', 'by_gateway']);
      if (!byGateway || typeof byGateway !== 'object') {
        return;
      }
      const counts = at(summary, ['workers_sweep', 'counts']) || [];
      section('Workers: what more of them gain',
        'Each gateway\'s throughput with ' + counts.slice(1).join(', ') + ' workers relative to the same gateway with ' + counts[0]
        + ' (median of the per-round ratios, both run in the same round), with its interval (Bonferroni over the gateway\'s counts), '
        + 'on a log scale; the table per gateway, with the gain per worker and P99 at each rate: summary.md.');
      const rows = Object.entries(byGateway).flatMap(([gateway, list]) => list.filter(r => r.verdict !== 'reference')
        .map(r => Object.assign({}, r, { label: gateway + ', ' + r.workers + ' workers' })));
      forest('workers-forest', 'workers', rows, 'label', counts[0] + ' worker' + (counts[0] === 1 ? '' : 's'), label => colourOf(label.split(',')[0]));
    }

    function jvmProfiles() {
      const byGateway = at(summary, ['jvm_profiles', 'by_gateway']);
      if (!byGateway || typeof byGateway !== 'object') {
        return;
      }
      section('JVM profiles',
        'Per gateway, each profile ranked by throughput relative to the reference profile "' + at(summary, ['jvm_profiles', 'reference'])
        + '" (median of the per-round ratios, with its interval: Student\'s t on that profile\'s own rounds, '
        + 'and all of its intervals together at 95%, Bonferroni); highlighted: within the noise (the interval holds 1). Each gateway\'s '
        + 'profiles are drawn first as a forest plot: the median as a point, the interval as a bar (one that runs past 1/4 or 4 drawn to the '
        + 'edge without its cap), the reference as the line at 1, on a log scale.');
      Object.entries(byGateway).forEach(([gateway, rows]) => {
        main.append(el('h3', {}, [gateway]));
        forest('jvm-forest-' + gateway, gateway, rows, 'profile', at(summary, ['jvm_profiles', 'reference']));
        table('jvm-profiles-' + gateway, ['profile', 'req/s', 'vs reference', 'interval', 'verdict', 'P99 ms', 'CPU ms / 1000 req',
          'peak MB', 'GC pauses', 'pause max ms', 'alloc KB / req', 'first answer ms', 'steady after s'],
        rows.map(r => {
          if (r.failure) {
            return { cells: [r.profile, 'not measured: ' + r.failure, '', '', '', '', '', '', '', '', '', '', ''] };
          }
          const spread = r.throughput_relative_spread || {};
          const figure = (key, digits, scale) => {
            const v = num(r[key], gateway + ' ' + r.profile + ' ' + key);
            return { text: fmt(v === null ? null : v * (scale || 1), digits), value: v, figure: key };
          };
          const low = num(spread.ci_low, r.profile + ' ci_low');
          const high = num(spread.ci_high, r.profile + ' ci_high');
          return {
            attributes: { class: r.verdict === 'within the noise' ? 'noise-row' : null },
            cells: [r.profile, figure('throughput_rps', 0), figure('throughput_relative', 3),
              { text: low === null || high === null ? 'n/a' : low.toFixed(3) + '-' + high.toFixed(3) }, r.verdict || 'n/a',
              figure('p99_ms', 1), figure('gateway_cpu_ms_per_1000_requests', 1), figure('gateway_peak_pss_mb', 0),
              figure('gc_pauses', 0), figure('gc_pause_max_ms', 2), figure('allocated_bytes_per_request', 1, 1 / 1024),
              figure('first_answer_ms', 0), figure('steady_after_s', 0)]
          };
        }));
      });
      const unavailable = at(summary, ['jvm_profiles', 'not_available']);
      if (Array.isArray(unavailable) && unavailable.length) {
        main.append(el('ul', { class: 'notes' }, unavailable.map(u => el('li', {}, [u.gateway + ' under ' + u.profile + ': ' + u.reason]))));
      }
    }

    function notesAndWarnings() {
      const notes = Array.isArray(facts.notes) ? facts.notes : [];
      const warnings = notes.filter(n => String(n).startsWith('**'));
      if (summary.reanalysed) {
        warnings.unshift('**Re-analysed** from a summary of format `' + summary.reanalysed.from_format + '`. Not redone: '
          + summary.reanalysed.not_redone + '.');
      }
      if (warnings.length) {
        section('Warnings');
        main.append(el('ul', { class: 'warnings', id: 'warnings' }, warnings.map(n => el('li', {}, [inlineMarkdown(n)]))));
      }
      const plain = notes.filter(n => !String(n).startsWith('**'));
      if (plain.length) {
        section('Notes');
        main.append(el('ul', { class: 'notes', id: 'notes' }, plain.map(n => el('li', {}, [inlineMarkdown(n)]))));
      }
    }

    function keyValueTable(id, title, object) {
      if (!object || typeof object !== 'object') {
        return;
      }
      section(title);
      table(id, ['', ''], Object.entries(object).map(([k, v]) => ({
        cells: [k, v !== null && typeof v === 'object' ? Object.entries(v).map(([a, b]) => a + ': ' + b).join('; ') : v]
      })));
    }

    function runTables() {
      const placement = summary.placement || {};
      const roles = ['injector', 'gateway', 'backend'].filter(r => placement[r] && typeof placement[r] === 'object');
      if (roles.length) {
        section('Placement', placement.summary + (placement.split ? '. CPU split: ' + placement.split : ''));
        table('placement', ['role', 'runs', 'address', 'CPUs', 'memory', 'network namespace'], roles.map(r => {
          const h = placement[r];
          return { cells: [r, h.runs + (h.workers ? ' (workers: ' + h.workers + ')' : ''), h.address, h.cpus, h.memory, h.namespace || '-'] };
        }));
      }
      keyValueTable('components', 'Components and versions', summary.components);
      keyValueTable('jvm-flags', 'JVM flags', summary.jvm_flags);
      const machine = summary.machine || {};
      keyValueTable('run', 'Run', {
        'run id': summary.run_id, started: summary.started, finished: summary.finished, commit: summary.git_commit,
        machine: [machine.cpus + ' CPUs', machine.cpu_model, machine.memory_bytes ? (machine.memory_bytes / 2 ** 30).toFixed(1) + ' GiB' : null,
          machine.os, machine.kernel ? 'kernel ' + machine.kernel : null, machine.hostname].filter(x => x).join(', '),
        load: summary.load, rounds: summary.rounds, 'JVM profile': summary.jvm_profile, format: summary.format
      });
    }

    // ---- draw ----

    document.getElementById('loading').remove();
    window.reportCommon.drawSections([header, tables, verdict, headline, microseconds, absolute, spectrum, ladder,
      resources, probes, scenarios, workers, jvmProfiles, notesAndWarnings, runTables], charts, 'report');
  }
})();
