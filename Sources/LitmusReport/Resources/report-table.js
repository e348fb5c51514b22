// The HTML report's building blocks (Sources/LitmusReport/Resources/report-table.js), inlined into the
// page before report.js: an element builder that puts data in the DOM only as text and attributes, and a
// sortable, filterable table that draws one page of rows at a time.
'use strict';

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'class') node.className = value;
    else if (key === 'text') node.textContent = value;
    else if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// MARK: A sortable, filterable table that draws one page of rows at a time

// options: id, label, columns ({ title, num, descendingFirst, sort(row), cell(row) }), rows, pageSize,
// search(row) for the filter box, filters ({ label, all, values, value(row) }), sortColumn, descending,
// onSort(what, milliseconds).
function dataTable(options) {
  const { id, label, columns, rows, pageSize = 50, search, filters = [] } = options;
  let sortColumn = options.sortColumn ?? null, descending = !!options.descending, page = 0, query = '';
  const filterValues = filters.map(() => '');
  let view = rows;
  const texts = search ? rows.map((row) => search(row).toLowerCase()) : null;
  const tbody = el('tbody');
  const info = el('span', { class: 'muted', 'data-testid': id + '-info' });
  const previous = el('button', { type: 'button', onclick: () => { page--; draw(); } }, 'Previous');
  const next = el('button', { type: 'button', onclick: () => { page++; draw(); } }, 'Next');
  const headers = columns.map((column, index) =>
    el('th', { class: column.num ? 'num' : '', scope: 'col' },
      el('button', { type: 'button', onclick: () => sortBy(index) }, column.title)));
  const toolbar = el('div', { class: 'toolbar' });
  if (search) {
    toolbar.append(el('input', {
      type: 'search', placeholder: 'Filter ' + label, 'aria-label': 'Filter ' + label,
      oninput: (event) => { query = event.target.value.toLowerCase(); refresh(); },
    }));
  }
  filters.forEach((filter, index) => {
    toolbar.append(el('select', {
      'aria-label': filter.label, onchange: (event) => { filterValues[index] = event.target.value; refresh(); },
    }, el('option', { value: '' }, filter.all), filter.values.map((value) => el('option', { value }, value))));
  });
  toolbar.append(el('span', { class: 'pager' }, previous, ' ', next, ' '), info);

  function refresh() {
    const chosen = [];
    for (let index = 0; index < rows.length; index++) {
      if (query && !texts[index].includes(query)) continue;
      if (filters.some((filter, at) => filterValues[at] && filter.value(rows[index]) !== filterValues[at])) continue;
      chosen.push(rows[index]);
    }
    view = chosen;
    if (sortColumn !== null) sortView();
    page = 0;
    draw();
  }
  function sortView() {
    const column = columns[sortColumn];
    const keyed = view.map((row, index) => ({ key: column.sort(row), index, row }));
    const direction = descending ? -1 : 1;
    keyed.sort((a, b) => {
      const x = a.key, y = b.key;
      const xMissing = x === null || x === undefined || (typeof x === 'number' && isNaN(x));
      const yMissing = y === null || y === undefined || (typeof y === 'number' && isNaN(y));
      if (xMissing !== yMissing) return xMissing ? 1 : -1;
      if (!xMissing && x !== y) return (x < y ? -1 : 1) * direction;
      return a.index - b.index;
    });
    view = keyed.map((entry) => entry.row);
  }
  function sortBy(index) {
    const begin = performance.now();
    descending = sortColumn === index ? !descending : !!columns[index].descendingFirst;
    sortColumn = index;
    sortView();
    page = 0;
    draw();
    if (options.onSort) options.onSort(label + ' by ' + columns[index].title, performance.now() - begin);
  }
  function draw() {
    const pages = Math.max(1, Math.ceil(view.length / pageSize));
    page = Math.max(0, Math.min(page, pages - 1));
    const slice = view.slice(page * pageSize, (page + 1) * pageSize);
    tbody.replaceChildren(...slice.map((row, index) =>
      el('tr', { 'data-testid': id + '-row-' + index },
        columns.map((column) => el('td', { class: column.num ? 'num' : '' }, column.cell(row))))));
    headers.forEach((header, index) => {
      if (index === sortColumn) header.setAttribute('aria-sort', descending ? 'descending' : 'ascending');
      else header.removeAttribute('aria-sort');
    });
    const first = view.length === 0 ? 0 : page * pageSize + 1;
    info.textContent = view.length === 0 ? 'No ' + label : 'Rows ' + first + '–' + (first + slice.length - 1) + ' of ' + view.length;
    previous.disabled = page === 0;
    next.disabled = page >= pages - 1;
  }
  if (sortColumn !== null) sortView();
  draw();
  return el('div', {}, toolbar,
    el('table', { id, 'aria-label': label }, el('thead', {}, el('tr', {}, headers)), tbody));
}
