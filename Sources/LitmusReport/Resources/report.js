// The HTML report's script (Sources/LitmusReport/Resources/report.js), inlined into the page.
// It renders the audit and mutation JSON embedded in the page, and nothing else: every text below comes
// from those reports or is a fixed caption. Data reaches the DOM only through textContent and attributes,
// never as HTML. Long tables show one page of rows at a time; a file's source is rendered when opened.
(function () {
  'use strict';
  const started = performance.now();
  const audit = JSON.parse(document.getElementById('audit-data').textContent);
  const mutation = JSON.parse(document.getElementById('mutation-data').textContent);
  const history = JSON.parse(document.getElementById('history-data').textContent);
  const main = document.getElementById('report');
  const timing = document.getElementById('timing');
  const panel = document.getElementById('mutant-panel');
  const WORDS = { F: 'Fast', I: 'Isolated', R: 'Repeatable', S: 'Self-validating', T: 'Thorough' };
  // Litmus counts a mutant that crashes the tests (RuntimeError) as detected, as `litmus mutate` does.
  const DETECTED = ['Killed', 'Timeout', 'RuntimeError'];
  const UNDETECTED = ['Survived', 'NoCoverage'];
  const STATUSES = ['Survived', 'NoCoverage', 'Killed', 'Timeout', 'RuntimeError', 'CompileError', 'Ignored', 'Pending'];
  const timings = {};

  // MARK: Helpers (el and dataTable are in report-table.js)

  function section(id, title, ...children) {
    document.getElementById('nav').append(el('a', { href: '#' + id }, title));
    return el('section', { id, 'aria-label': title }, el('h2', {}, title), ...children);
  }
  function plural(count, word) { return count + ' ' + word + (count === 1 ? '' : 's'); }
  // An audit's options as run; a report written by hand may leave them out, and the page says so.
  function runs() { return audit.options.runs === undefined ? 'every suite run' : 'all ' + plural(audit.options.runs, 'suite run'); }
  function ms(value) { return value >= 100 ? Math.round(value).toString() : value.toFixed(1); }
  function percent(value) { return value === null || value === undefined || isNaN(value) ? '–' : value.toFixed(1) + ' %'; }
  function bar(value, label) {
    const width = value === null || isNaN(value) ? 0 : Math.max(0, Math.min(100, value));
    return el('span', {}, el('span', { class: 'bar', 'aria-hidden': 'true' }, el('span', { style: 'width:' + width + '%' })), label);
  }
  // An SVG picture `width` by `height`, with its label for screen readers (and the tests), and a
  // function that adds an SVG element to it (or to one of its elements).
  function picture(width, height, label) {
    const ns = 'http://www.w3.org/2000/svg';
    const svg = document.createElementNS(ns, 'svg');
    svg.setAttribute('viewBox', '0 0 ' + width + ' ' + height);
    svg.setAttribute('width', '100%');
    svg.setAttribute('role', 'img');
    svg.setAttribute('aria-label', label);
    const add = (parent, tag, attrs, content) => {
      const node = document.createElementNS(ns, tag);
      for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
      if (content !== undefined) node.textContent = content;
      parent.append(node);
      return node;
    };
    return { svg, add };
  }
  function table(options) {
    return dataTable({ ...options, onSort: (what, millis) => showTiming('sorted ' + what, millis) });
  }
  function showTiming(name, millis) {
    timings[name] = Math.round(millis);
    timing.textContent = Object.entries(timings).map(([key, value]) => key + ' in ' + value + ' ms').join(' · ');
  }

  // MARK: Indexes over the reports

  const tests = audit ? audit.tests : [];
  const testsById = new Map(tests.map((test) => [test.id, test]));
  const testNames = new Map(tests.map((test) => [test.id, test.name]));
  if (mutation && mutation.testFiles) {
    for (const file of Object.values(mutation.testFiles)) {
      for (const test of file.tests || []) testNames.set(test.id, test.name);
    }
  }
  const nameOf = (id) => testNames.get(id) || id;
  const findingsByTest = new Map();
  for (const finding of audit ? audit.findings : []) {
    if (finding.test) findingsByTest.set(finding.test, (findingsByTest.get(finding.test) || 0) + 1);
  }

  function mutationScore(mutants) {
    let detected = 0, undetected = 0;
    for (const mutant of mutants) {
      if (DETECTED.includes(mutant.status)) detected++;
      else if (UNDETECTED.includes(mutant.status)) undetected++;
    }
    return detected + undetected === 0 ? NaN : (100 * detected) / (detected + undetected);
  }
  function countBy(mutants, status) { return mutants.filter((mutant) => mutant.status === status).length; }

  // One row per file of either report; a mutation report's path is matched to the audit's by suffix.
  const files = new Map();
  function fileEntry(path) {
    if (!files.has(path)) files.set(path, { path, coverage: null, mutationPath: null, source: null, mutants: [] });
    return files.get(path);
  }
  for (const coverage of audit && audit.coverage ? audit.coverage.files : []) fileEntry(coverage.file).coverage = coverage;
  const allMutants = [];
  if (mutation) {
    for (const [path, file] of Object.entries(mutation.files || {})) {
      const auditPath = [...files.keys()].find((known) => known === path || path.endsWith('/' + known) || known.endsWith('/' + path));
      const entry = fileEntry(auditPath || path);
      entry.mutationPath = path;
      entry.source = file.source;
      entry.mutants = file.mutants || [];
      for (const mutant of entry.mutants) allMutants.push({ mutant, file: entry });
    }
  }
  for (const entry of files.values()) {
    entry.score = mutationScore(entry.mutants);
    entry.survived = countBy(entry.mutants, 'Survived') + countBy(entry.mutants, 'NoCoverage');
    entry.killed = countBy(entry.mutants, 'Killed') + countBy(entry.mutants, 'Timeout');
  }

  function coveredLines(path) {
    const lines = new Set();
    for (const test of tests) {
      const ranges = test.coveredLines && test.coveredLines[path];
      if (!ranges) continue;
      for (const part of ranges.split(',')) {
        const [from, to] = part.split('-').map(Number);
        for (let line = from; line <= (to || from); line++) lines.add(line);
      }
    }
    return lines;
  }

  // MARK: Sections

  function header() {
    const parts = [];
    if (audit) {
      document.getElementById('title').textContent = 'Litmus report: ' + audit.package;
      parts.push(plural(tests.length, 'test'), 'seed ' + audit.seed,
        'audit ' + audit.wallSeconds.toFixed(0) + ' s (build ' + audit.buildSeconds.toFixed(0) + ' s)');
    }
    if (mutation) parts.push(plural(allMutants.length, 'mutant') + ' in ' + plural(Object.keys(mutation.files || {}).length, 'file'));
    if (history) {
      if (!audit && !mutation) document.getElementById('title').textContent = 'Litmus history: ' + history.file;
      parts.push('history of ' + plural(history.runsInFile, 'run') + ', verdicts over the last ' + plural(history.audits, 'audit'));
    }
    document.getElementById('subtitle').textContent = parts.join(' · ');
    document.title = document.getElementById('title').textContent;
  }

  function verdicts() {
    const cards = el('div', { class: 'cards' });
    for (const verdict of audit ? audit.verdicts : []) {
      const word = WORDS[verdict.letter] || verdict.letter;
      // A letter the run could not measure is neither passed nor failed: it says why, never a pass.
      const state = verdict.notMeasured ? 'not measured' : verdict.passed ? 'passed' : 'failed';
      const summary = verdict.notMeasured || verdict.summary;
      cards.append(el('div', {
        class: 'card ' + state.replace(' ', '-'), 'data-testid': 'verdict-' + verdict.letter,
        'aria-label': verdict.letter + ' ' + word + ': ' + state + ', ' + plural(verdict.findings, 'finding'),
      }, el('div', { class: 'letter' }, verdict.letter), el('div', { class: 'word' }, word),
      el('div', { class: 'state' }, state), el('p', { class: 'summary' }, summary)));
    }
    if (mutation) {
      const score = mutationScore(allMutants.map((entry) => entry.mutant));
      const survived = allMutants.filter((entry) => UNDETECTED.includes(entry.mutant.status)).length;
      cards.append(el('div', {
        class: 'card ' + (survived === 0 ? 'passed' : 'failed'), 'data-testid': 'mutation-score',
        'aria-label': 'Mutation score: ' + percent(score) + ', ' + plural(survived, 'mutant') + ' undetected',
      }, el('div', { class: 'letter' }, percent(score)), el('div', { class: 'word' }, 'Mutation score'),
      el('p', { class: 'summary' }, STATUSES.map((status) => [status, countBy(allMutants.map((e) => e.mutant), status)])
        .filter(([, count]) => count > 0).map(([status, count]) => count + ' ' + status).join(', '))));
    }
    const extra = [];
    if (audit && audit.unobservedSuite) {
      // The audit observed no test it could judge: its headline, and what the suite's own run printed.
      const suite = audit.unobservedSuite;
      extra.push(el('div', { class: 'unobserved', role: 'alert', 'data-testid': 'unobserved-suite' },
        el('p', {}, 'No test was observed: ' + suite.reason),
        el('p', { class: 'muted' }, 'The test binary, run once as swift test runs it, exited with status ' + suite.exitStatus + '.'),
        suite.failures.length ? el('ul', {}, suite.failures.map((line) => el('li', {}, line))) : el('pre', {}, suite.lastLines.join('\n'))));
    }
    if (audit && audit.unmetThresholds.length) {
      extra.push(el('p', {}, 'Thresholds not met:'), el('ul', { id: 'unmet' }, audit.unmetThresholds.map((line) => el('li', {}, line))));
    }
    if (audit && audit.failingTests.length) {
      extra.push(el('p', {}, 'Failing on every run and alone:'), el('ul', {}, audit.failingTests.map((id) => el('li', {}, nameOf(id)))));
    }
    if (audit && audit.timedOutRuns && audit.timedOutRuns.length) {
      extra.push(el('p', {}, 'Killed at the time limit (the report lacks what they would have run):'),
        el('ul', {}, audit.timedOutRuns.map((run) => el('li', {}, run.run + ': ' +
          plural(run.unfinished.length, 'unfinished test') + ', ' + run.notStarted.length + ' not started'))));
    }
    return section('verdicts', 'Verdicts', cards, extra);
  }

  function durations() {
    const budget = audit.options.budgetMilliseconds ?? Infinity;
    const known = budget !== Infinity;
    const sorted = tests.slice().sort((a, b) => b.medianMilliseconds - a.medianMilliseconds);
    const shown = sorted.slice(0, 30);
    const over = tests.filter((test) => test.medianMilliseconds > budget).length;
    const medians = tests.map((test) => test.medianMilliseconds).sort((a, b) => a - b);
    const quantile = (q) => (medians.length ? medians[Math.min(medians.length - 1, Math.floor(q * medians.length))] : 0);
    const width = 760, labelWidth = 290, rowHeight = 16, top = 18;
    const maximum = Math.max(known ? budget : 0, shown.length ? shown[0].medianMilliseconds : 0) * 1.05 || 1;
    const x = (value) => labelWidth + ((width - labelWidth - 60) * value) / maximum;
    const height = top + rowHeight * shown.length + 6;
    const { svg, add } = picture(width, height,
      'The ' + shown.length + ' slowest tests' + (known ? ' against the ' + budget + ' ms budget' : ''));
    shown.forEach((test, index) => {
      const y = top + index * rowHeight;
      const name = test.name.length > 46 ? test.name.slice(0, 45) + '…' : test.name;
      add(svg, 'text', { x: labelWidth - 6, y: y + 11, 'text-anchor': 'end' }, name);
      const rect = add(svg, 'rect', {
        x: labelWidth, y: y + 2, height: rowHeight - 4, width: Math.max(1, x(test.medianMilliseconds) - labelWidth),
        fill: test.medianMilliseconds > budget ? '#cf222e' : '#1a7f37',
      });
      add(rect, 'title', {}, test.name + ': ' + ms(test.medianMilliseconds) + ' ms');
      add(svg, 'text', { x: x(test.medianMilliseconds) + 4, y: y + 11 }, ms(test.medianMilliseconds) + ' ms');
    });
    if (known) {
      add(svg, 'line', { x1: x(budget), x2: x(budget), y1: 12, y2: height, stroke: '#9a6700', 'stroke-dasharray': '4 3' });
      add(svg, 'text', { x: x(budget), y: 10, 'text-anchor': 'middle' }, 'budget ' + budget + ' ms');
    }
    const summary = el('p', { 'data-testid': 'durations-summary' },
      (!known ? 'The report names no budget; ' : plural(over, 'test') + ' of ' + tests.length +
        ' over the ' + budget + ' ms budget (median of ' + runs() + '); ') + 'medians: 50th percentile ' + ms(quantile(0.5)) +
      ' ms, 95th ' + ms(quantile(0.95)) + ' ms, slowest ' + ms(medians.length ? medians[medians.length - 1] : 0) + ' ms.');
    return section('durations', 'Durations against the budget', summary, shown.length ? svg : el('p', { class: 'empty' }, 'No tests.'));
  }

  function flips() {
    const flaky = tests.filter((test) => test.flipRate > 0);
    const body = flaky.length === 0
      ? el('p', { class: 'empty' }, 'Every test had the same outcome in ' + runs() + ' (flip rate 0).')
      : table({
        id: 'flips-table', label: 'flaky tests', rows: flaky, sortColumn: 1, descending: true,
        columns: [
          { title: 'Test', sort: (t) => t.name, cell: (t) => t.name },
          { title: 'Flip rate', num: true, descendingFirst: true, sort: (t) => t.flipRate, cell: (t) => t.flipRate.toFixed(2) },
          { title: 'Suite runs', sort: (t) => t.suiteOutcomes.join(' '), cell: outcomes },
        ],
      });
    return section('flips', 'Flip rates', el('p', { class: 'muted' }, 'Changes of outcome between identical suite runs, divided by runs − 1.'), body);
  }

  function orderDependence() {
    const pairs = audit.findings.filter((finding) => finding.kind === 'failsOnlyWithOthers' || finding.kind === 'passesOnlyWithOthers');
    // The polluter is named in the finding's message (the JSON has no field of its own for it).
    const polluter = (message) => {
      const match = message.match(/fails after (.+?)(?:, which pollutes| in a random half)/) || message.match(/needs (.+?) to run first/);
      return match ? match[1] : 'not named (' + message + ')';
    };
    const seedOf = (message) => { const match = message.match(/\(seed (\d+)\)/); return match ? match[1] : String(audit.seed); };
    const body = pairs.length === 0
      ? el('p', { class: 'empty' }, 'No test behaved differently alone and among the others.')
      : table({
        id: 'order-table', label: 'order-dependent tests', rows: pairs, sortColumn: 0,
        columns: [
          { title: 'Victim', sort: (f) => nameOf(f.test), cell: (f) => nameOf(f.test || '') },
          { title: 'Polluter', sort: (f) => polluter(f.message), cell: (f) => polluter(f.message) },
          { title: 'How', sort: (f) => f.kind, cell: (f) => (f.kind === 'failsOnlyWithOthers' ? 'fails after it' : 'needs it first') },
          { title: 'Replay', sort: (f) => seedOf(f.message), cell: (f) => el('code', {}, 'litmus audit --replay ' + seedOf(f.message)) },
        ],
      });
    return section('order', 'Order dependence', body);
  }

  // The search for an order-dependent test's fix (--fixes): the verified patch beside its finding, or why none.
  function repairOf(finding) {
    const repair = finding.repair;
    if (!repair) return '';
    const cost = plural(repair.runs, 'run') + ', ' + plural(repair.builds, 'build') + ', ' + repair.seconds.toFixed(1) + ' s';
    return el('div', { class: 'repair' },
      el('p', { 'data-testid': 'repair' }, (repair.patch ? 'Verified patch: ' : 'No patch: ') + repair.summary + ' (' + cost + ')'),
      repair.patch ? el('pre', { class: 'code patch', 'data-testid': 'repair-patch' }, repair.patch) : '');
  }

  function findingsList() {
    const byLetter = ['F', 'I', 'R', 'S', 'T'].map((letter) => [letter, audit.findings.filter((finding) => finding.letter === letter)]);
    const body = audit.findings.length === 0
      ? el('p', { class: 'empty' }, 'No findings.')
      : byLetter.filter(([, found]) => found.length).map(([letter, found]) => el('div', {},
        el('h3', {}, letter + ' · ' + WORDS[letter] + ' (' + found.length + ')'),
        el('ul', {}, found.slice(0, 200).map((finding) => el('li', { class: 'finding' },
          el('strong', {}, finding.kind), finding.quarantined ? ' (quarantined)' : '', finding.hint ? ' (hint)' : '', finding.ignored ? ' (ignored: ' + finding.ignored + ')' : '', ' ', finding.file ? el('code', {}, finding.file + (finding.line ? ':' + finding.line : '')) : '',
          ': ', finding.message, el('div', { class: 'fix' }, 'Fix: ' + finding.fix), repairOf(finding)))),
        found.length > 200 ? el('p', { class: 'muted' }, (found.length - 200) + ' more in the JSON report.') : ''));
    return section('findings', 'Findings', body);
  }

  function outcomes(test) {
    return el('span', {}, test.suiteOutcomes.map((outcome, index) =>
      el('span', { class: 'outcome-' + outcome }, (index ? ' ' : '') + outcome)));
  }

  function testsTable() {
    return section('tests', 'Tests', table({
      id: 'tests-table', label: 'tests', rows: tests, pageSize: 50,
      search: (t) => t.name + ' ' + (t.file || '') + ' ' + t.library,
      filters: [{ label: 'Library', all: 'All libraries', values: ['XCTest', 'Swift Testing'], value: (t) => t.library }],
      columns: [
        { title: 'Test', sort: (t) => t.name, cell: (t) => el('span', {}, t.name, t.file ? el('div', { class: 'muted' }, t.file + ':' + t.line) : '') },
        { title: 'Library', sort: (t) => t.library, cell: (t) => t.library },
        { title: 'Median (ms)', num: true, descendingFirst: true, sort: (t) => t.medianMilliseconds, cell: (t) => ms(t.medianMilliseconds) },
        { title: 'Flip rate', num: true, descendingFirst: true, sort: (t) => t.flipRate, cell: (t) => t.flipRate.toFixed(2) },
        { title: 'Suite runs', sort: (t) => t.suiteOutcomes.join(' '), cell: outcomes },
        { title: 'Alone', sort: (t) => t.aloneOutcome, cell: (t) => el('span', { class: 'outcome-' + t.aloneOutcome }, t.aloneOutcome) },
        { title: 'Findings', num: true, descendingFirst: true, sort: (t) => findingsByTest.get(t.id) || 0, cell: (t) => findingsByTest.get(t.id) || 0 },
      ],
    }));
  }

  function filesTable() {
    const rows = [...files.values()];
    const linePercent = (f) => (f.coverage && f.coverage.lines ? (100 * f.coverage.coveredLines) / f.coverage.lines : NaN);
    const regionPercent = (f) => (f.coverage && f.coverage.regions ? (100 * f.coverage.coveredRegions) / f.coverage.regions : NaN);
    const columns = [
      { title: 'File', sort: (f) => f.path, cell: (f) => el('button', { type: 'button', class: 'linklike', 'aria-label': 'Open ' + f.path, onclick: () => openFile(f) }, f.path) },
    ];
    if (audit && audit.coverage) {
      columns.push(
        { title: 'Line coverage', num: true, sort: linePercent, cell: (f) => bar(linePercent(f), percent(linePercent(f))) },
        { title: 'Region coverage', num: true, sort: regionPercent, cell: (f) => percent(regionPercent(f)) });
    }
    if (mutation) {
      columns.push(
        { title: 'Mutation score', num: true, sort: (f) => f.score, cell: (f) => bar(f.score, percent(f.score)) },
        { title: 'Killed', num: true, descendingFirst: true, sort: (f) => f.killed, cell: (f) => f.killed },
        { title: 'Undetected', num: true, descendingFirst: true, sort: (f) => f.survived, cell: (f) => f.survived },
        { title: 'Mutants', num: true, descendingFirst: true, sort: (f) => f.mutants.length, cell: (f) => f.mutants.length });
    }
    const total = audit && audit.coverage
      ? el('p', {}, 'Line coverage ' + percent(audit.coverage.linePercent) + ', region coverage ' + percent(audit.coverage.regionPercent) + ' of the package\'s own sources.')
      : '';
    return section('files', 'Files', total,
      rows.length ? table({ id: 'files-table', label: 'files', rows, pageSize: 100, search: (f) => f.path, sortColumn: 0, columns })
        : el('p', { class: 'empty' }, 'No file in the reports.'),
      el('div', { id: 'file-view' }));
  }

  function mutantsTable() {
    if (!mutation) return '';
    return section('mutants', 'Mutants', table({
      id: 'mutants-table', label: 'mutants', rows: allMutants, pageSize: 50,
      search: (e) => e.file.path + ' ' + e.mutant.mutatorName + ' ' + e.mutant.status + ' ' + (e.mutant.replacement || ''),
      filters: [{ label: 'Status', all: 'All statuses', values: STATUSES, value: (e) => e.mutant.status }],
      columns: [
        { title: 'Mutant', sort: (e) => Number(e.mutant.id) || e.mutant.id, cell: (e) => el('button', { type: 'button', class: 'linklike', onclick: () => { openFile(e.file); showMutant(e.file, e.mutant); } }, 'Mutant ' + e.mutant.id) },
        { title: 'File', sort: (e) => e.file.path, cell: (e) => e.file.path + ':' + e.mutant.location.start.line },
        { title: 'Mutator', sort: (e) => e.mutant.mutatorName, cell: (e) => e.mutant.mutatorName },
        { title: 'Status', sort: (e) => STATUSES.indexOf(e.mutant.status), cell: (e) => el('span', { class: 'status-' + e.mutant.status }, e.mutant.status) },
        { title: 'Killed by', num: true, descendingFirst: true, sort: (e) => (e.mutant.killedBy || []).length, cell: (e) => (e.mutant.killedBy || []).length },
        { title: 'Covered by', num: true, descendingFirst: true, sort: (e) => (e.mutant.coveredBy || []).length, cell: (e) => (e.mutant.coveredBy || []).length },
      ],
    }));
  }

  // MARK: A file's source, covered lines and mutants (rendered when opened)

  function openFile(file) {
    const begin = performance.now();
    const view = document.getElementById('file-view');
    const covered = coveredLines(file.path);
    const heading = el('h3', { id: 'file-title' }, file.path);
    const close = el('button', { type: 'button', onclick: () => view.replaceChildren() }, 'Close file');
    const legend = el('p', { class: 'legend muted' },
      el('span', {}, plural(covered.size, 'line') + ' executed by some test (shaded)'),
      el('span', {}, plural(file.mutants.length, 'mutant') + ', score ' + percent(file.score)));
    if (file.source === null) {
      const ranges = [...covered].sort((a, b) => a - b);
      view.replaceChildren(heading, close, legend, el('p', { class: 'empty' },
        'The source of this file is in the mutation report only; lines executed: ' + (compress(ranges) || 'none') + '.'));
    } else {
      const byLine = new Map();
      for (const mutant of file.mutants) {
        const line = mutant.location.start.line;
        if (!byLine.has(line)) byLine.set(line, []);
        byLine.get(line).push(mutant);
      }
      const lines = file.source.split('\n');
      const code = el('div', { class: 'code', id: 'source', 'aria-label': 'Source of ' + file.path });
      lines.forEach((text, index) => {
        const number = index + 1;
        const row = el('div', { class: 'row' + (covered.has(number) ? ' covered' : '') }, el('span', { class: 'ln' }, number));
        const here = (byLine.get(number) || []).slice().sort((a, b) => a.location.start.column - b.location.start.column);
        let at = 0;
        for (const mutant of here) {
          const column = Math.max(0, Math.min(text.length, mutant.location.start.column - 1));
          if (column > at) row.append(el('span', {}, text.slice(at, column)));
          at = Math.max(at, column);
          row.append(el('button', {
            type: 'button', class: 'mutant s-' + mutant.status, title: mutant.mutatorName + ': ' + mutant.status,
            'aria-label': 'Mutant ' + mutant.id + ': ' + mutant.status, onclick: () => showMutant(file, mutant),
          }, mutant.id));
        }
        // Text in spans of its own, so that a row is not one text that swallows its mutants' buttons.
        if (at < text.length) row.append(el('span', {}, text.slice(at)));
        code.append(row);
      });
      view.replaceChildren(heading, close, legend, code);
    }
    view.scrollIntoView();
    showTiming('opened ' + file.path, performance.now() - begin);
  }

  function compress(sorted) {
    const parts = [];
    for (let index = 0; index < sorted.length; index++) {
      const from = sorted[index];
      while (index + 1 < sorted.length && sorted[index + 1] === sorted[index] + 1) index++;
      parts.push(from === sorted[index] ? String(from) : from + '-' + sorted[index]);
    }
    return parts.join(',');
  }

  function showMutant(file, mutant) {
    const lines = (file.source || '').split('\n');
    const { start, end } = mutant.location;
    const original = lines.slice(start.line - 1, end.line).join('\n');
    const before = (lines[start.line - 1] || '').slice(0, start.column - 1);
    const after = (lines[end.line - 1] || '').slice(end.column - 1);
    const mutated = before + (mutant.replacement ?? '') + after;
    const tests = (title, ids, testid) => el('div', {}, el('h4', {}, title + ' (' + (ids || []).length + ')'),
      (ids || []).length ? el('ul', { 'data-testid': testid }, ids.map((id) => el('li', {}, nameOf(id)))) : el('p', { class: 'empty' }, 'none'));
    panel.replaceChildren(
      el('button', { type: 'button', style: 'float:right', onclick: closeMutant }, 'Close mutant'),
      el('h3', { id: 'mutant-title' }, 'Mutant ' + mutant.id + ': ' + mutant.mutatorName),
      el('p', {}, el('span', { class: 'status-' + mutant.status, 'data-testid': 'mutant-status' }, mutant.status),
        el('span', {}, ' at ' + file.path + ':' + start.line + ':' + start.column)),
      mutant.statusReason && (mutant.status === 'Survived' || mutant.status === 'NoCoverage')
        ? el('div', { class: 'hint' }, el('h4', { id: 'mutant-hint-title' }, 'What would kill it'),
          el('p', { 'data-testid': 'mutant-hint' }, mutant.statusReason))
        : mutant.statusReason ? el('p', { class: 'muted' }, mutant.statusReason) : '',
      el('h4', {}, 'Original'), el('div', { class: 'code snippet original', id: 'mutant-original' }, original),
      el('h4', {}, 'Mutated'), el('div', { class: 'code snippet mutated', id: 'mutant-mutated' }, mutated),
      tests('Killed by', mutant.killedBy, 'mutant-killed-by'),
      tests('Covered by', mutant.coveredBy, 'mutant-covered-by'),
      el('p', { class: 'muted' }, [
        mutant.testsCompleted !== undefined ? plural(mutant.testsCompleted, 'test') + ' completed' : '',
        mutant.duration !== undefined ? mutant.duration + ' ms' : '',
      ].filter(Boolean).join(', ')));
    panel.setAttribute('aria-label', 'Mutant ' + mutant.id);
    panel.hidden = false;
  }
  // MARK: The history (litmus history --html, or an audit recorded in one)

  // One chart per figure over the history's runs: a line through the runs that measured it, a dot per run
  // with its date, commit and value as a tooltip, the axis from 0 (percentages to 100).
  const FIGURES = [
    { id: 'suite', title: 'Suite duration (sum of the tests\u2019 medians)', unit: 's', value: (p) => p.suiteSeconds },
    { id: 'coverage', title: 'Line coverage', unit: '%', value: (p) => p.linePercent },
    { id: 'mutation', title: 'Mutation score', unit: '%', value: (p) => p.mutationScore },
    { id: 'flaky', title: 'Flaky tests', unit: '', value: (p) => p.flakyTests },
    { id: 'quarantined', title: 'Quarantined tests', unit: '', value: (p) => p.quarantinedTests },
  ];
  function figureText(value, unit) {
    if (unit === '') return Number.isInteger(value) ? String(value) : value.toFixed(1);
    return value.toFixed(unit === 's' ? 2 : 1) + ' ' + unit;
  }
  function trendChart(figure, points) {
    const measured = points.map((point, index) => [index, point, figure.value(point)])
      .filter(([, , value]) => value !== null && value !== undefined);
    const heading = el('h3', {}, figure.title + (measured.length ? ': ' + figureText(measured[measured.length - 1][2], figure.unit) + ' at the last run' : ''));
    if (!measured.length) {
      return el('div', { class: 'chart', id: 'chart-' + figure.id, 'data-points': '0' }, heading,
        el('p', { class: 'empty' }, 'Not measured in these runs.'));
    }
    const width = 640, height = 150, left = 52, right = 12, top = 10, bottom = 26;
    const values = measured.map(([, , value]) => value);
    const low = Math.min(0, ...values);
    const high = Math.max(...values, low + (figure.unit === '%' ? 100 : 1));
    const x = (index) => left + ((width - left - right) * index) / Math.max(1, points.length - 1);
    const y = (value) => top + (height - top - bottom) * (1 - (value - low) / (high - low));
    const { svg, add } = picture(width, height, figure.title + ': ' + measured.length + ' of ' + plural(points.length, 'run') +
      ' measured, from ' + figureText(values[0], figure.unit) + ' to ' + figureText(values[values.length - 1], figure.unit));
    add(svg, 'line', { x1: left, x2: width - right, y1: y(low), y2: y(low), stroke: '#8c959f' });
    add(svg, 'line', { x1: left, x2: left, y1: top, y2: y(low), stroke: '#8c959f' });
    add(svg, 'text', { x: left - 6, y: y(high) + 4, 'text-anchor': 'end' }, figureText(high, figure.unit));
    add(svg, 'text', { x: left - 6, y: y(low) + 4, 'text-anchor': 'end' }, figureText(low, figure.unit));
    add(svg, 'polyline', {
      class: 'series', fill: 'none', stroke: '#0969da', 'stroke-width': 2,
      points: measured.map(([index, , value]) => x(index) + ',' + y(value)).join(' '),
    });
    for (const [index, point, value] of measured) {
      const dot = add(svg, 'circle', { class: 'point', cx: x(index), cy: y(value), r: 3, fill: '#0969da' });
      add(dot, 'title', {}, point.date.slice(0, 10) + ' ' + (point.commit ? point.commit.slice(0, 8) + ' ' : '') +
        point.kind + ': ' + figureText(value, figure.unit));
    }
    add(svg, 'text', { x: left, y: height - 6 }, points[0].date.slice(0, 10));
    add(svg, 'text', { x: width - right, y: height - 6, 'text-anchor': 'end' }, points[points.length - 1].date.slice(0, 10));
    return el('div', { class: 'chart', id: 'chart-' + figure.id, 'data-points': String(measured.length) }, heading, svg);
  }
  function trends() {
    const points = history.trend || [];
    const caption = el('p', { class: 'muted', 'data-testid': 'trends-summary' }, points.length
      ? plural(points.length, 'run') + ' of the history, oldest first, from ' + points[0].date.slice(0, 10) + ' to ' + points[points.length - 1].date.slice(0, 10) + '.'
      : 'The history holds no run yet.');
    return section('trends', 'Trends', caption, ...(points.length ? FIGURES.map((figure) => trendChart(figure, points)) : []));
  }
  function historyFlaky() {
    const flaky = history.tests.filter((test) => test.flips > 0);
    const rate = (test) => test.flipRate.toFixed(2) + ' (95%: ' + test.interval[0].toFixed(2) + '\u2013' + test.interval[1].toFixed(2) + ')';
    const body = flaky.length === 0
      ? el('p', { class: 'empty' }, 'No test changed outcome between identical runs on the same code in the last ' + plural(history.audits, 'audit') + '.')
      : table({
        id: 'history-flaky-table', label: 'flaky tests over the history', rows: flaky, sortColumn: 1, descending: true,
        columns: [
          { title: 'Test', sort: (t) => t.test, cell: (t) => t.test },
          { title: 'Flip rate (95% interval)', num: true, descendingFirst: true, sort: (t) => t.flipRate, cell: (t) => bar(100 * t.flipRate, rate(t)) },
          { title: 'Runs', num: true, sort: (t) => t.trials + 1, cell: (t) => t.trials + 1 },
          { title: 'First flip', sort: (t) => (t.firstFlip ? t.firstFlip.date : ''), cell: (t) => (t.firstFlip
            ? (t.firstFlip.commit ? t.firstFlip.commit.slice(0, 8) + ' ' : '') + t.firstFlip.date.slice(0, 10) + (t.newlyFlaky ? ' (newly flaky)' : '')
            : '') },
        ],
      });
    const parts = [el('p', { class: 'muted' }, 'Changes of outcome between consecutive identical runs (the whole suite, parallel, alone) on the same code.'), body];
    if (history.quarantineAdvice.length) {
      parts.push(el('h3', {}, 'Add to .litmus-quarantine'),
        el('ul', { class: 'advice', 'data-testid': 'quarantine-advice' },
          history.quarantineAdvice.map((advice) => el('li', {}, el('code', {}, advice.line)))));
    }
    if (history.releasable.length) {
      parts.push(el('p', { 'data-testid': 'releasable' }, 'Ready to release from .litmus-quarantine: ' + history.releasable.join(', ')));
    }
    return section('history-flaky', 'Flaky over the history', ...parts);
  }

  function closeMutant() { panel.hidden = true; panel.replaceChildren(); }
  document.addEventListener('keydown', (event) => { if (event.key === 'Escape' && !panel.hidden) closeMutant(); });

  // MARK: The page

  header();
  // A page of a history alone (litmus history --html) has no verdicts, files or mutants to show.
  const reports = audit || mutation || !history;
  const parts = reports ? [verdicts()] : [];
  if (audit) parts.push(durations(), flips(), orderDependence(), findingsList(), testsTable());
  if (reports) parts.push(filesTable(), mutantsTable());
  if (history) parts.push(trends(), historyFlaky());
  if (!audit && !mutation && !history) parts.push(el('p', { class: 'empty' }, 'The page holds no report.'));
  main.replaceChildren(...parts.filter(Boolean));
  showTiming('rendered', performance.now() - started);
})();
